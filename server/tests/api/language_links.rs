//! Language links and hosts as crawlers and visitors meet them, in two set-ups: every
//! language on one origin, and German on a domain of its own with a `.de` name that
//! only redirects. No internal link answers with a redirect; any host, path and
//! browser language reaches the right page in one hop; the choice of a flag works
//! without JavaScript and across domains.
use std::collections::BTreeSet;

use crate::helpers::{between, header, spawn_app_with, AppOptions, TestApp};

const MAIN: &str = "https://www.taxi.example";
const GERMAN: &str = "https://www.taxi-roermond.de";

async fn app_with(alternate_domains: &str) -> TestApp {
    let config = format!(
        "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n\
         [site]\nbase_url = \"{MAIN}\"\nalternate_domains = [{alternate_domains}]\n"
    );
    spawn_app_with(AppOptions { config_toml: Some(config), ..Default::default() }).await
}

async fn one_origin() -> TestApp {
    app_with("{ origin = \"https://taxi.example\" }").await
}

async fn german_domain() -> TestApp {
    app_with(&format!(
        "{{ origin = \"https://taxi.example\" }}, {{ origin = \"{GERMAN}\", languages = [\"de\"] }}, \
         {{ origin = \"https://taxiroermond.de\", home_language = \"de\" }}"
    ))
    .await
}

/// A GET of `url` (absolute, on one of the site's hosts) with these headers.
async fn fetch(app: &TestApp, url: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = if path.is_empty() { "/" } else { path };
    let mut all = vec![("Host", host)];
    all.extend_from_slice(headers);
    app.get_with(path, &all).await
}

/// `href`s of the page's links, made absolute against the page's own URL.
fn links(page_url: &str, html: &str) -> Vec<String> {
    let origin = &page_url[..page_url[8..].find('/').map_or(page_url.len(), |i| i + 8)];
    html.split("<a ")
        .skip(1)
        .filter_map(|tag| between(tag, "href=\"", "\""))
        .map(|href| href.replace("&amp;", "&"))
        .filter_map(|href| match href.as_bytes() {
            [b'/', b'/', ..] => None,
            [b'/', ..] => Some(format!("{origin}{href}")),
            _ if href.starts_with("https://") || href.starts_with("http://") => Some(href),
            _ => None,
        })
        .collect()
}

fn is_ours(url: &str) -> bool {
    [
        "https://www.taxi.example/",
        "https://www.taxi-roermond.de/",
        "https://taxi.example/",
        "https://taxiroermond.de/",
    ]
    .iter()
    .any(|origin| url.starts_with(origin) || format!("{url}/") == *origin)
}

/// Every page of the sitemaps of `origins`, then every internal link on them: all
/// answered 200. Returns how many links were checked.
async fn crawl(app: &TestApp, origins: &[&str]) -> usize {
    let mut pages = Vec::new();
    for origin in origins {
        let xml = fetch(app, &format!("{origin}/sitemap.xml"), &[]).await.text().await.unwrap();
        pages.extend(xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().unwrap().to_string()));
    }
    assert_eq!(pages.len(), 54, "every page once");
    let mut targets = BTreeSet::new();
    for page in &pages {
        let response = fetch(app, page, &[]).await;
        assert_eq!(response.status(), 200, "{page}");
        let html = response.text().await.unwrap();
        let internal: Vec<_> = links(page, &html).into_iter().filter(|url| is_ours(url)).collect();
        assert_eq!(internal.iter().filter(|url| url.contains("?lang=")).count(), 3, "{page}: three flags");
        targets.extend(internal);
    }
    for target in &targets {
        let status = fetch(app, target, &[]).await.status();
        assert_eq!(status, 200, "{target} is linked, and answers {status}");
    }
    targets.len()
}

#[actix_web::test]
async fn no_internal_link_answers_with_a_redirect_in_either_set_up() {
    let checked = crawl(&one_origin().await, &[MAIN]).await;
    let split = crawl(&german_domain().await, &[MAIN, GERMAN]).await;
    println!(
        "distinct internal links, all answered 200: {checked} on one origin, {split} with a German domain"
    );
    // Each page's version in each language, with the choice: 15 pages × 3 languages.
    assert!(checked >= 45 && split >= 45, "{checked}, {split}");
}

/// Where a visitor ends: the URL of the page for `host`, `path` and browser language,
/// with German on its own domain (`split`) or on the main origin.
fn expected(split: bool, host: &str, path: &str, browser: Option<&str>) -> String {
    let german = if split { GERMAN } else { MAIN };
    let home = |lang: &str| match lang {
        "de" => format!("{german}/de"),
        "en" => format!("{MAIN}/en"),
        _ => format!("{MAIN}/"),
    };
    let german_host = host == "www.taxi-roermond.de" || host == "taxiroermond.de";
    match path {
        "/" if split && german_host => home("de"),
        "/" => home(browser.unwrap_or("nl")),
        "/de" => home("de"),
        "/tarife" | "/Tarife" | "/tarife/" | "/de/preise" | "/DE/Preise" => format!("{german}/tarife"),
        "/de/taxi-roermond-flughafen-duesseldorf" => format!("{german}{path}"),
        "/Prices" | "/en/prices" => format!("{MAIN}/prices"),
        other => format!("{MAIN}{other}"),
    }
}

#[actix_web::test]
async fn any_host_path_and_browser_language_reach_the_page_in_one_hop() {
    let hosts =
        ["www.taxi.example", "www.taxi-roermond.de", "taxi.example", "taxiroermond.de", "other.example"];
    let paths = [
        "/",
        "/de",
        "/en",
        "/tarife",
        "/Tarife",
        "/tarife/",
        "/de/preise",
        "/DE/Preise",
        "/tarieven",
        "/Prices",
        "/en/prices",
        "/taxi-roermond-luchthaven-schiphol",
        "/de/taxi-roermond-flughafen-duesseldorf",
    ];
    for split in [true, false] {
        // One origin: the German names are just other hosts, redirected to the main one.
        let app = if split { german_domain().await } else { one_origin().await };
        let mut hops = [0; 2];
        for host in hosts {
            for path in paths {
                for browser in [None, Some("de"), Some("en"), Some("nl")] {
                    let accept = browser.map(|lang| format!("{lang};q=0.9,fr;q=0.5"));
                    let mut headers = vec![("Host", host)];
                    headers.extend(accept.as_deref().map(|value| ("Accept-Language", value)));
                    let first = app.get_with(path, &headers).await;
                    let case = format!("{host}{path} ({browser:?}, German domain: {split})");
                    let landed = if first.status().is_redirection() {
                        let location = header(&first, "location").to_string();
                        let location = match location.starts_with('/') {
                            true => format!("https://{host}{location}"),
                            false => location,
                        };
                        let again: Vec<_> =
                            accept.as_deref().map(|value| ("Accept-Language", value)).into_iter().collect();
                        let second = fetch(&app, &location, &again).await;
                        assert_eq!(second.status(), 200, "{case}: one hop to {location}, then the page");
                        hops[1] += 1;
                        location
                    } else {
                        assert_eq!(first.status(), 200, "{case}");
                        hops[0] += 1;
                        format!("https://{host}{path}")
                    };
                    assert_eq!(landed, expected(split, host, path, browser), "{case}");
                }
            }
        }
        println!(
            "German domain {split}: {} requests, {} answered where asked, {} after one redirect",
            hops[0] + hops[1],
            hops[0],
            hops[1]
        );
    }
}

#[actix_web::test]
async fn a_flag_carries_the_choice_across_domains_and_the_dutch_home_is_reachable_by_anyone() {
    let app = german_domain().await;
    // The German pages link each language's version on its own origin, with the choice.
    let german = fetch(&app, &format!("{GERMAN}/tarife"), &[]).await.text().await.unwrap();
    let flags: Vec<_> =
        links(&format!("{GERMAN}/tarife"), &german).into_iter().filter(|l| l.contains("lang=")).collect();
    assert_eq!(
        flags,
        [
            format!("{MAIN}/tarieven?lang=nl"),
            format!("{GERMAN}/tarife?lang=de"),
            format!("{MAIN}/prices?lang=en")
        ]
    );
    let home = fetch(&app, &format!("{GERMAN}/de"), &[]).await.text().await.unwrap();
    assert!(home.contains(&format!("href=\"{MAIN}/?lang=nl\"")), "the Dutch flag of the German home");

    // A German browser following it gets the Dutch home, not sent back, and keeps it.
    let german_browser = ("Accept-Language", "de-DE,de;q=0.9");
    let chosen = fetch(&app, &format!("{MAIN}/?lang=nl"), &[german_browser]).await;
    assert_eq!(chosen.status(), 200);
    let cookie = header(&chosen, "set-cookie").to_string();
    assert!(cookie.starts_with("lang=nl;") && cookie.contains("Max-Age=31536000"), "{cookie}");
    assert!(header(&chosen, "cache-control").contains("private"), "a stored choice is not shared by caches");
    assert!(chosen.text().await.unwrap().contains("<html lang=\"nl\">"));
    let back = fetch(&app, &format!("{MAIN}/"), &[german_browser, ("Cookie", "lang=nl")]).await;
    assert_eq!(back.status(), 200, "the stored choice beats the browser");
    // Without the choice, the German browser still goes straight to the German domain.
    let plain = fetch(&app, &format!("{MAIN}/"), &[german_browser]).await;
    assert_eq!(
        (plain.status().as_u16(), header(&plain, "location")),
        (302, "https://www.taxi-roermond.de/de")
    );

    // Any page stores the choice its flag made; a query naming another language stores nothing.
    let english = fetch(&app, &format!("{MAIN}/prices?lang=en"), &[german_browser]).await;
    assert_eq!(english.status(), 200);
    assert!(header(&english, "set-cookie").starts_with("lang=en;"));
    let german = fetch(&app, &format!("{GERMAN}/tarife?lang=de"), &[]).await;
    assert!(header(&german, "set-cookie").starts_with("lang=de;"));
    let mismatch = fetch(&app, &format!("{MAIN}/prices?lang=nl"), &[]).await;
    assert_eq!((mismatch.status().as_u16(), header(&mismatch, "set-cookie")), (200, ""));
    let plain_page = fetch(&app, &format!("{MAIN}/prices"), &[]).await;
    assert_eq!(header(&plain_page, "set-cookie"), "", "no choice, nothing stored");
    // `/?lang=en`: the English home, remembered.
    let english_home = fetch(&app, &format!("{MAIN}/?lang=en"), &[]).await;
    assert_eq!((english_home.status().as_u16(), header(&english_home, "location")), (302, "/en?lang=en"));
    assert!(header(&english_home, "set-cookie").starts_with("lang=en;"));
    // The clean URL stays the canonical one.
    let html = fetch(&app, &format!("{MAIN}/prices?lang=en"), &[]).await.text().await.unwrap();
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{MAIN}/prices\">")));
}

#[actix_web::test]
async fn upper_and_mixed_case_paths_go_to_the_lower_case_page() {
    let app = one_origin().await;
    for (path, location) in [
        ("/Tarife", "/tarife"),
        ("/T%61rife", "/tarife"),
        ("/%54ARIFE/", "/tarife"),
        ("/TARIEVEN/?utm_source=x", "/tarieven?utm_source=x"),
        ("/De/Preise", "/tarife"),
        ("/EN", "/en"),
        ("/En/Taxi-English", "/en"),
        ("/Taxi-Roermond-Luchthaven-Schiphol", "/taxi-roermond-luchthaven-schiphol"),
        ("/en/Taxi-Roermond-To-Schiphol-Airport", "/en/taxi-roermond-to-schiphol-airport"),
    ] {
        let response = app.get_with(path, &[("Host", "www.taxi.example")]).await;
        assert_eq!((response.status().as_u16(), header(&response, "location")), (301, location), "{path}");
    }
    for path in ["/Booking/ABC123", "/ASSETS/x.js", "/Nowhere"] {
        assert_eq!(app.get(path).await.status(), 404, "{path}: not a page in any case");
    }
    let response = app.post_raw("/Tarife", "text/plain", "x").await;
    assert_eq!(response.status(), 404, "reads only");
    // Split domains: straight to the page's own origin, in one hop.
    let app = german_domain().await;
    let response = app.get_with("/Tarife", &[("Host", "www.taxi.example")]).await;
    assert_eq!(
        (response.status().as_u16(), header(&response, "location")),
        (301, "https://www.taxi-roermond.de/tarife")
    );
}
