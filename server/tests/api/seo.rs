use crate::helpers::{between, header, spawn_app, ROUTES};

#[actix_web::test]
async fn sitemap_lists_every_page_with_its_alternates() {
    let app = spawn_app().await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(header(&response, "content-type").starts_with("application/xml"));
    let xml = response.text().await.unwrap();
    assert_eq!(xml.matches("<url>").count(), 12);
    for (path, _, _) in ROUTES {
        assert!(xml.contains(&format!("<loc>https://www.taxiroermond.example{path}</loc>")), "{path}");
    }
    assert_eq!(xml.matches("hreflang=\"x-default\"").count(), 12);
    assert_eq!(xml.matches("<xhtml:link").count(), 48);
    assert!(xml.contains("hreflang=\"de\" href=\"https://www.taxiroermond.example/tarife\""));
    let lastmod = between(&xml, "<lastmod>", "</lastmod>").expect("lastmod");
    assert!(jiff::civil::Date::strptime("%Y-%m-%d", lastmod).is_ok(), "{lastmod}");
    assert_eq!(xml.matches("<lastmod>").count(), 12);
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
        let length = description.replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", "\"").chars().count();
        assert!((70..=160).contains(&length), "{path}: description of {length} characters: {description}");
        if let Some(other) = titles.insert(title.clone(), path.to_string()) {
            panic!("{path} and {other} share the title {title}");
        }
    }
    assert!(titles.len() >= 12, "{} pages", titles.len());
}
