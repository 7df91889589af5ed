//! The site as a real company runs it (`company.demo = false`): nothing of the demo
//! where visitors, crawlers or link previews look, titles that fit with the brand
//! once, one URL for the business, and a sitemap dated page by page.
use std::collections::{BTreeSet, HashMap};

use crate::helpers::{between, spawn_app, spawn_app_with, AppOptions, TestApp};

const MAIN: &str = "https://www.taxi.example";

fn own_share_image() -> String {
    format!("{}/tests/fixtures/own-share.png", env!("CARGO_MANIFEST_DIR"))
}

/// The company's own legal pages (`site.legal_dir`), which a site without the demo must have.
fn own_legal_pages() -> String {
    format!("{}/tests/fixtures/legal", env!("CARGO_MANIFEST_DIR"))
}

fn production_config(extra: &str) -> String {
    format!(
        "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[mail]\nmaildir_on_purpose = true\n[site]\nbase_url = \"{MAIN}\"\n\
         legal_dir = \"{}\"\n\
         alternate_domains = [{{ origin = \"https://www.taxi-roermond.de\", languages = [\"de\"] }}]\n\
         [company]\ndemo = false\nname = \"Taxi Roermond\"\nemail = \"rit@taxi.example\"\n\
         share_image_file = \"{}\"\n{extra}",
        own_legal_pages(),
        own_share_image()
    )
}

async fn production_app(extra: &str) -> TestApp {
    spawn_app_with(AppOptions { config_toml: Some(production_config(extra)), ..Default::default() }).await
}

/// GET of an absolute URL on one of the site's hosts.
async fn fetch(app: &TestApp, url: &str) -> reqwest::Response {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    app.get_with(if path.is_empty() { "/" } else { path }, &[("Host", host)]).await
}

/// Every page of the sitemaps of the main and the German origin.
async fn all_pages(app: &TestApp) -> Vec<String> {
    let mut pages = Vec::new();
    for origin in [MAIN, "https://www.taxi-roermond.de"] {
        let xml = fetch(app, &format!("{origin}/sitemap.xml")).await.text().await.unwrap();
        pages.extend(xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().unwrap().to_string()));
    }
    assert_eq!(pages.len(), 54);
    pages
}

fn attribute_values<'a>(html: &'a str, tag: &str, attribute: &str) -> Vec<&'a str> {
    html.split(tag).skip(1).filter_map(|rest| between(rest, &format!("{attribute}=\""), "\"")).collect()
}

#[actix_web::test]
async fn a_production_site_shows_nothing_of_the_demo_anywhere() {
    let app = production_app("").await;
    let own = std::fs::read(own_share_image()).unwrap();
    let mut images = BTreeSet::new();
    for page in all_pages(&app).await {
        let response = fetch(&app, &page).await;
        assert_eq!(response.status(), 200, "{page}");
        for (name, value) in response.headers() {
            let value = value.to_str().unwrap_or("").to_lowercase();
            assert!(!value.contains("demo"), "{page}: header {name}: {value}");
        }
        let html = response.text().await.unwrap();
        let lower = html.to_lowercase();
        assert!(
            !lower.contains("demo"),
            "{page}: `demo` at {:?}",
            &html[lower.find("demo").unwrap().saturating_sub(80)..][..160]
        );
        for alt in attribute_values(&html, "<img ", "alt") {
            assert!(!alt.to_lowercase().contains("demo") && !alt.is_empty(), "{page}: alt {alt}");
        }
        assert!(
            !html.contains("quality-mark") && !html.contains("custom-quality"),
            "{page}: no mark of its own, none shown"
        );
        let share = between(&html, "<meta property=\"og:image\" content=\"", "\"").unwrap().to_string();
        assert!(html.contains("<meta property=\"og:image:width\" content=\"1200\">"), "{page}");
        assert!(html.contains("<meta property=\"og:image:alt\" content=\"Taxi Roermond\">"), "{page}");
        images.insert(share);
        images.extend(attribute_values(&html, "<img ", "src").iter().map(|src| format!("{MAIN}{src}")));
    }
    // The pictures themselves: the company's share image, and no demo text in any other.
    for image in &images {
        let bytes = fetch(&app, image).await.bytes().await.unwrap();
        assert!(!String::from_utf8_lossy(&bytes).to_lowercase().contains("demo"), "{image}");
        if image.contains("/assets/custom-share.") {
            assert_eq!(bytes.as_ref(), own.as_slice(), "{image}: the configured picture");
        }
    }
    assert_eq!(
        images.iter().filter(|i| i.contains("/assets/custom-share.")).count(),
        2,
        "one per origin: {images:?}"
    );
}

#[actix_web::test]
async fn the_demo_marks_its_example_quality_mark_and_a_company_shows_its_own_by_name() {
    let demo = spawn_app().await.html("/tarieven").await;
    assert!(
        demo.contains("alt=\"Voorbeeld van een keurmerk (demo)\""),
        "the demo's mark says it is an example"
    );
    let mark = std::env::temp_dir().join(format!("taxi-mark-{}.svg", std::process::id()));
    std::fs::write(&mark, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 96 48\"/>").unwrap();
    let extra =
        format!("quality_mark_file = \"{}\"\nquality_mark_name = \"Keurmerk Taxivervoer\"\n", mark.display());
    let html = production_app(&extra).await.html("/tarieven").await;
    let footer = between(&html, "<footer", "</footer>").unwrap();
    assert!(
        footer.contains("alt=\"Keurmerk Taxivervoer\"") && footer.contains("/assets/custom-quality-mark."),
        "{footer}"
    );
}

#[test]
fn without_a_share_image_of_its_own_or_with_a_wrong_one_a_production_site_does_not_start() {
    let dir = std::env::temp_dir().join(format!("taxi-production-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let square = dir.join("square.png");
    // PNG signature and header of an 800×800 picture: all the check reads.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend(
        800u32.to_be_bytes().into_iter().chain(800u32.to_be_bytes()).chain([8, 6, 0, 0, 0, 0, 0, 0, 0]),
    );
    std::fs::write(&square, png).unwrap();
    for (share_image, expected) in [
        ("".to_string(), "scripts/share-image.mjs"),
        (square.display().to_string(), "800×800"),
        (format!("{}/config/default.toml", env!("CARGO_MANIFEST_DIR")), "not an image"),
    ] {
        let config = dir.join("taxi.toml");
        std::fs::write(&config, format!("[company]\ndemo = false\nshare_image_file = \"{share_image}\"\n"))
            .unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_taxi-server"))
            .env("TAXI_CONFIG", &config)
            .env("TAXI_DATA_DIR", dir.join("var"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("company.share_image_file") && stderr.contains(expected), "{stderr}");
    }
}

#[actix_web::test]
async fn titles_fit_are_unique_and_name_the_brand_once() {
    for (app, brand) in
        [(spawn_app().await, "Taxi Roermond Demo"), (production_app("").await, "Taxi Roermond")]
    {
        let xml = app.get("/sitemap.xml").await.text().await.unwrap();
        let mut seen = HashMap::new();
        let mut pages = 0;
        for loc in xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().unwrap()) {
            let html = fetch(&app, loc).await.text().await.unwrap();
            let title = between(&html, "<title>", "</title>").unwrap().replace("&amp;", "&");
            let length = title.chars().count();
            assert!(length <= 60, "{loc}: {length} characters: {title}");
            assert!(title.matches("Taxi Roermond").count() <= 1, "{loc}: brand twice: {title}");
            if let Some(other) = seen.insert(title.clone(), loc.to_string()) {
                panic!("{loc} and {other}: {title}");
            }
            pages += 1;
        }
        assert!(pages >= 30, "{pages}");
        let home = app.html("/").await;
        assert!(
            between(&home, "<title>", "</title>").unwrap().contains(brand),
            "the home page names the company"
        );
    }
}

#[actix_web::test]
async fn the_business_has_one_url_and_each_route_page_its_breadcrumbs() {
    let app = production_app("").await;
    let mut urls = BTreeSet::new();
    let mut trails = 0;
    for page in all_pages(&app).await {
        let html = fetch(&app, &page).await.text().await.unwrap();
        let nodes: Vec<serde_json::Value> = html
            .split("<script type=\"application/ld+json\">")
            .skip(1)
            .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap())
            .collect();
        let business = nodes.iter().find(|n| n["@type"] == "LocalBusiness").unwrap();
        urls.insert(business["url"].as_str().unwrap().to_string());
        if let Some(trail) = nodes.iter().find(|n| n["@type"] == "BreadcrumbList") {
            let items = trail["itemListElement"].as_array().unwrap();
            assert_eq!(items.len(), 3, "{page}");
            assert_eq!(items[2]["item"], page.as_str(), "the trail ends on the page itself");
            assert!(html.contains("<nav class=\"breadcrumbs\""), "{page}: the trail is visible too");
            trails += 1;
        }
    }
    assert_eq!(urls, BTreeSet::from([format!("{MAIN}/")]), "the Dutch home, also x-default");
    assert_eq!(trails, 33, "every route page");
}
