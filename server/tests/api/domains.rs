//! Alternate domains, hosts and the one-URL-per-language graph (hreflang, sitemap).
use std::collections::BTreeSet;

use crate::helpers::{between, header, spawn_app, spawn_app_with, AppOptions, TestApp};

const MAIN: &str = "https://www.taxi.example";
const GERMAN: &str = "https://www.taxi-roermond.de";

async fn two_domain_app(unknown_hosts: &str) -> TestApp {
    let config = format!(
        "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[site]\nbase_url = \"{MAIN}\"\nunknown_hosts = \"{unknown_hosts}\"\n\
         alternate_domains = [{{ origin = \"https://taxi.example\" }}, {{ origin = \"{GERMAN}\", languages = [\"de\"] }}]\n"
    );
    spawn_app_with(AppOptions { config_toml: Some(config), ..Default::default() }).await
}

async fn get_on(app: &TestApp, host: &str, path: &str) -> reqwest::Response {
    app.get_with(path, &[("Host", host)]).await
}

/// `(hreflang, href)` of every alternate link in a page.
fn alternates(html: &str) -> BTreeSet<(String, String)> {
    html.split("<link rel=\"alternate\" hreflang=\"")
        .skip(1)
        .map(|rest| {
            let lang = rest.split('"').next().unwrap().to_string();
            (lang, between(rest, "href=\"", "\"").unwrap().to_string())
        })
        .collect()
}

#[actix_web::test]
async fn a_language_domain_holds_its_pages_and_every_page_lists_one_url_per_language() {
    let app = two_domain_app("redirect").await;
    let response = get_on(&app, "www.taxi-roermond.de", "/tarife").await;
    assert_eq!(response.status(), 200);
    let html = response.text().await.unwrap();
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{GERMAN}/tarife\">")));
    let expected: BTreeSet<_> = [
        ("nl", format!("{MAIN}/tarieven")),
        ("de", format!("{GERMAN}/tarife")),
        ("en", format!("{MAIN}/prices")),
        ("x-default", format!("{MAIN}/tarieven")),
    ]
    .into_iter()
    .map(|(l, u)| (l.to_string(), u))
    .collect();
    assert_eq!(alternates(&html), expected);
    // The same set on the other language versions: the graph is reciprocal.
    let en = get_on(&app, "www.taxi.example", "/prices").await.text().await.unwrap();
    assert_eq!(alternates(&en), expected);
    assert!(en.contains(&format!("<link rel=\"canonical\" href=\"{MAIN}/prices\">")));
    assert_eq!(html.matches("rel=\"alternate\"").count(), 4);
}

#[actix_web::test]
async fn wrong_hosts_redirect_in_one_hop_with_path_and_query() {
    let app = two_domain_app("redirect").await;
    for (host, path, location) in [
        ("www.taxi.example", "/tarife?utm_source=x", format!("{GERMAN}/tarife?utm_source=x")),
        ("taxi.example", "/tarieven?a=1&b=2", format!("{MAIN}/tarieven?a=1&b=2")),
        ("taxi.example", "/de/preise/?utm=1", format!("{GERMAN}/tarife?utm=1")),
        ("taxi.example", "/assets/x.css", format!("{MAIN}/assets/x.css")),
        ("www.taxi-roermond.de", "/", format!("{GERMAN}/de")),
        ("www.taxi-roermond.de", "/prices", format!("{MAIN}/prices")),
        ("www.taxi-roermond.de", "/en/prices/", format!("{MAIN}/prices")),
        ("WWW.TAXI.EXAMPLE.", "/de", format!("{GERMAN}/de")),
        ("someone-elses.example", "/kontakt?x=%20y", format!("{GERMAN}/kontakt?x=%20y")),
        ("someone-elses.example", "/nowhere", format!("{MAIN}/nowhere")),
    ] {
        let response = get_on(&app, host, path).await;
        assert_eq!(response.status(), 301, "{host}{path}");
        assert_eq!(header(&response, "location"), location, "{host}{path}");
    }
    // Where the page lives, it is served; probes and local hosts are never redirected.
    for (host, path) in [
        ("www.taxi.example", "/prices"),
        ("www.taxi-roermond.de", "/de"),
        ("someone-elses.example", "/healthz"),
        ("localhost:8080", "/tarife"),
    ] {
        assert_eq!(get_on(&app, host, path).await.status(), 200, "{host}{path}");
    }
    let served = two_domain_app("serve").await;
    assert_eq!(get_on(&served, "someone-elses.example", "/prices").await.status(), 200);
}

#[actix_web::test]
async fn each_domain_sitemap_lists_its_own_urls_with_every_alternate() {
    let app = two_domain_app("redirect").await;
    let main = get_on(&app, "www.taxi.example", "/sitemap.xml").await.text().await.unwrap();
    let german = get_on(&app, "www.taxi-roermond.de", "/sitemap.xml").await.text().await.unwrap();
    let locs = |xml: &str| {
        xml.split("<loc>").skip(1).map(|r| r.split("</loc>").next().unwrap().to_string()).collect::<Vec<_>>()
    };
    let (main_locs, german_locs) = (locs(&main), locs(&german));
    assert!(
        main_locs.iter().all(|l| l.starts_with(MAIN)) && german_locs.iter().all(|l| l.starts_with(GERMAN))
    );
    assert!(
        german_locs.contains(&format!("{GERMAN}/tarife")) && main_locs.contains(&format!("{MAIN}/prices"))
    );
    assert_eq!(
        main.matches("<url>").count() + german.matches("<url>").count(),
        main.matches("hreflang=\"de\"").count() + german.matches("hreflang=\"de\"").count()
    );
    assert_eq!(
        main.matches("<url>").count(),
        2 * german.matches("<url>").count(),
        "nl and en on the main domain, de on its own"
    );
    assert!(main.contains(&format!("hreflang=\"de\" href=\"{GERMAN}/tarife\"")));
    let robots = get_on(&app, "www.taxi-roermond.de", "/robots.txt").await.text().await.unwrap();
    assert!(robots.contains(&format!("Sitemap: {GERMAN}/sitemap.xml")), "{robots}");
}

#[actix_web::test]
async fn the_demo_domains_go_with_the_demo_origin() {
    let demo = spawn_app().await.html("/prices").await;
    assert_eq!(alternates(&demo).len(), 4, "one URL per language on the demo too");
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n[site]\nbase_url = \"https://www.real-taxi.nl\"\n".into()),
        ..Default::default()
    })
    .await;
    let html = app.html("/prices").await;
    for demo in [
        "https://www.taxi-roermond.example",
        "https://taxiroermond.example",
        "https://www.taxiroermond.example",
    ] {
        assert!(!html.contains(demo), "{demo} left");
    }
    assert!(alternates(&html).iter().all(|(_, url)| url.starts_with("https://www.real-taxi.nl/")));
}

#[actix_web::test]
async fn on_one_origin_the_main_host_is_served_and_moved_paths_still_redirect() {
    // The default site: every language on base_url, so its exact `Host` skips the look-up.
    let app = spawn_app().await;
    for host in ["www.taxiroermond.example", "WWW.TaxiRoermond.Example.", "www.taxiroermond.example:443"] {
        for path in ["/", "/tarieven", "/tarife", "/prices"] {
            assert_eq!(get_on(&app, host, path).await.status(), 200, "{host}{path}");
        }
        // A moved path is still redirected, in one hop, by its route.
        let moved = get_on(&app, host, "/de/preise/?utm=1").await;
        assert_eq!(moved.status(), 301, "{host}");
        assert_eq!(header(&moved, "location"), "/tarife?utm=1", "{host}");
    }
    let elsewhere = get_on(&app, "taxiroermond.example", "/tarieven").await;
    assert_eq!(elsewhere.status(), 301);
    assert_eq!(header(&elsewhere, "location"), "https://www.taxiroermond.example/tarieven");
}
