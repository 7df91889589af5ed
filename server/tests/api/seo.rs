use crate::helpers::{between, header, spawn_app, spawn_app_with, AppOptions, ROUTES};

#[actix_web::test]
async fn sitemap_lists_every_page_with_its_alternates() {
    let app = spawn_app().await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(header(&response, "content-type").starts_with("application/xml"));
    let xml = response.text().await.unwrap();
    // 7 pages (3 of them the legal pages) and 11 fixed-price routes, in 3 languages.
    assert_eq!(xml.matches("<url>").count(), 54);
    for (path, _, _) in ROUTES {
        assert!(xml.contains(&format!("<loc>https://www.taxiroermond.example{path}</loc>")), "{path}");
    }
    assert_eq!(xml.matches("hreflang=\"x-default\"").count(), 54);
    assert_eq!(xml.matches("<xhtml:link").count(), 216);
    assert!(xml.contains("hreflang=\"de\" href=\"https://www.taxiroermond.example/tarife\""));
    let lastmod = between(&xml, "<lastmod>", "</lastmod>").expect("lastmod");
    assert!(jiff::civil::Date::strptime("%Y-%m-%d", lastmod).is_ok(), "{lastmod}");
    assert_eq!(xml.matches("<lastmod>").count(), 54);
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

#[actix_web::test]
async fn sitemap_and_robots_carry_validators_and_each_page_its_own_date() {
    let app = spawn_app().await;
    for path in ["/sitemap.xml", "/robots.txt"] {
        let first = app.get(path).await;
        let etag = header(&first, "etag").to_string();
        assert!(etag.starts_with('"') && etag.len() > 2, "{path}: {etag}");
        assert_eq!(header(&first, "cache-control"), "no-cache", "{path}");
        let again = app.get_with(path, &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status(), 304, "{path}");
    }
    let dates = |xml: &str| -> std::collections::BTreeMap<String, String> {
        xml.split("<loc>")
            .skip(1)
            .map(|rest| {
                (
                    between(rest, "", "</loc>").unwrap().to_string(),
                    between(rest, "<lastmod>", "</lastmod>").unwrap().to_string(),
                )
            })
            .collect()
    };
    let first = dates(&app.get("/sitemap.xml").await.text().await.unwrap());
    let today = first.values().next().unwrap().clone();
    assert!(first.values().all(|date| *date == today), "all new today");
    // As if the pages had been dated long ago; then the start rate changes, shown on the prices pages only.
    let file = app.data_dir.join("page-dates.json");
    let stored = std::fs::read_to_string(&file).expect("dates kept in the data directory");
    std::fs::write(&file, stored.replace(&today, "2020-01-01")).unwrap();
    let config = app.data_dir.parent().unwrap().join("test.toml");
    let settings = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{settings}[tariff]\nstart_rate_cents = 399\n")).unwrap();
    let app = app.restart().await;
    let after = dates(&app.get("/sitemap.xml").await.text().await.unwrap());
    let changed: Vec<_> =
        after.iter().filter(|(_, date)| **date == today).map(|(loc, _)| loc.as_str()).collect();
    let origin = "https://www.taxiroermond.example";
    assert_eq!(
        changed,
        [format!("{origin}/prices"), format!("{origin}/tarieven"), format!("{origin}/tarife")],
        "only the pages showing the rate"
    );
    assert_eq!(after.values().filter(|date| *date == "2020-01-01").count(), 51);
}

/// The route pages read as pages of their own: enough words, and most of each page's
/// wording found on no other route page of its language (the rest is the shared
/// part on price, surcharges and booking).
#[actix_web::test]
async fn each_route_page_is_mostly_its_own_text() {
    let app = spawn_app().await;
    let xml = app.get("/sitemap.xml").await.text().await.unwrap();
    let routes: Vec<_> = xml
        .split("<loc>")
        .skip(1)
        .map(|rest| between(rest, "https://www.taxiroermond.example", "</loc>").unwrap().to_string())
        .filter(|path| path.contains("taxi-roermond-"))
        .collect();
    assert_eq!(routes.len(), 33);
    let mut pages = Vec::new();
    for path in &routes {
        let html = app.html(path).await;
        let main = between(&html, "<main", "</main>").unwrap();
        let text = main
            .split('<')
            .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
            .collect::<Vec<_>>()
            .join(" ")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
            .replace("&quot;", "\"");
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| !w.is_empty())
            .collect();
        let grams: std::collections::HashSet<String> = words.windows(5).map(|w| w.join(" ")).collect();
        let lang = if path.starts_with("/de/") {
            "de"
        } else if path.starts_with("/en/") {
            "en"
        } else {
            "nl"
        };
        pages.push((path.clone(), lang, words.len(), grams));
    }
    let mut report = Vec::new();
    for (path, lang, words, grams) in &pages {
        let others: std::collections::HashSet<&String> =
            pages.iter().filter(|(p, l, ..)| l == lang && p != path).flat_map(|(.., g)| g).collect();
        let own = grams.iter().filter(|g| !others.contains(g)).count() as f64 / grams.len() as f64;
        assert!(*words >= 350, "{path}: {words} words in <main>");
        assert!(own >= 0.5, "{path}: only {:.0} % of its 5-grams are its own", own * 100.0);
        report.push((own, *words, path.clone()));
    }
    report.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let (low, high) = (&report[0], &report[report.len() - 1]);
    println!(
        "route pages: own 5-grams {:.0}–{:.0} % ({} / {}), words in <main> {}–{}",
        low.0 * 100.0,
        high.0 * 100.0,
        low.2,
        high.2,
        report.iter().map(|r| r.1).min().unwrap(),
        report.iter().map(|r| r.1).max().unwrap()
    );
}
