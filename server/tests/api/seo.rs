use crate::helpers::{between, header, spawn_app, spawn_app_with, AppOptions, ROUTES};

#[actix_web::test]
async fn sitemap_lists_every_page_with_its_alternates() {
    let app = spawn_app().await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(header(&response, "content-type").starts_with("application/xml"));
    let xml = response.text().await.unwrap();
    // 4 pages and 11 fixed-price routes, in 3 languages.
    assert_eq!(xml.matches("<url>").count(), 45);
    for (path, _, _) in ROUTES {
        assert!(xml.contains(&format!("<loc>https://www.taxiroermond.example{path}</loc>")), "{path}");
    }
    assert_eq!(xml.matches("hreflang=\"x-default\"").count(), 45);
    assert_eq!(xml.matches("<xhtml:link").count(), 180);
    assert!(xml.contains("hreflang=\"de\" href=\"https://www.taxiroermond.example/tarife\""));
    let lastmod = between(&xml, "<lastmod>", "</lastmod>").expect("lastmod");
    assert!(jiff::civil::Date::strptime("%Y-%m-%d", lastmod).is_ok(), "{lastmod}");
    assert_eq!(xml.matches("<lastmod>").count(), 45);
}

#[actix_web::test]
async fn robots_points_to_the_sitemap() {
    let app = spawn_app().await;
    let text = app.get("/robots.txt").await.text().await.unwrap();
    assert!(text.contains("Sitemap: https://www.taxiroermond.example/sitemap.xml"));
    assert!(text.contains("User-agent: *"));
}

/// Every page in the sitemap, so pages added later are held to the same rule.
#[actix_web::test]
async fn titles_are_unique_and_descriptions_fit_in_search_results() {
    let app = spawn_app().await;
    let xml = app.get("/sitemap.xml").await.text().await.unwrap();
    let mut titles = std::collections::HashMap::new();
    for loc in xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().unwrap()) {
        let path = loc.strip_prefix("https://www.taxiroermond.example").expect("main origin");
        let html = app.html(path).await;
        let title = between(&html, "<title>", "</title>").unwrap().to_string();
        let description = between(&html, "<meta name=\"description\" content=\"", "\"").unwrap();
        let length =
            description.replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", "\"").chars().count();
        assert!((70..=160).contains(&length), "{path}: description of {length} characters: {description}");
        if let Some(other) = titles.insert(title.clone(), path.to_string()) {
            panic!("{path} and {other} share the title {title}");
        }
    }
    assert!(titles.len() >= 12, "{} pages", titles.len());
}

#[actix_web::test]
async fn landing_pages_tell_the_configured_price_with_substance_and_a_route_box() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n[[tariff.destinations]]\nid = \"x\"\nkind = \"city\"\nname = { nl = \"Venlo\", de = \"Venlo\", en = \"Venlo\" }\nprice_cents = 4321\nlat = 51.37\nlon = 6.17\nradius_km = 3.0\n".into()),
        ..Default::default()
    })
    .await;
    for (path, price, action) in [
        ("/taxi-roermond-venlo", "€ 43,21", "/reserveren"),
        ("/de/taxi-roermond-venlo", "43,21 €", "/reservieren"),
        ("/en/taxi-roermond-to-venlo", "€ 43.21", "/reservation"),
    ] {
        let html = app.html(path).await;
        assert!(between(&html, "<title>", "</title>").unwrap().contains(price), "{path}: price in the title");
        let main = between(&html, "<main", "</main>").unwrap();
        let text: String = main
            .split('<')
            .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
            .collect::<Vec<_>>()
            .join(" ");
        let words = text.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count();
        assert!(words >= 300, "{path}: {words} words");
        assert!(main.contains(price), "{path}: price shown");
        assert!(
            main.contains(&format!("action=\"{action}#price\"")) && main.contains("method=\"get\""),
            "{path}: route box, opening the reservation page at the price"
        );
        assert!(
            main.contains("name=\"from\"") && main.contains("type=\"hidden\" name=\"to\" value=\"Venlo\""),
            "{path}: route box fields"
        );
    }
    let response = app.get("/taxi-roermond-venlo/?utm=1").await;
    assert_eq!(
        (response.status().as_u16(), header(&response, "location")),
        (301, "/taxi-roermond-venlo?utm=1")
    );
    assert!(
        app.html("/tarieven").await.contains("href=\"/taxi-roermond-venlo\""),
        "linked from the prices page"
    );
    assert!(
        app.html("/en").await.contains("href=\"/en/taxi-roermond-to-venlo\""),
        "linked from the home page"
    );
}
