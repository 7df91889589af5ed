use crate::helpers::{header, spawn_app, ROUTES};

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
}

#[actix_web::test]
async fn robots_points_to_the_sitemap() {
    let app = spawn_app().await;
    let text = app.get("/robots.txt").await.text().await.unwrap();
    assert!(text.contains("Sitemap: https://www.taxiroermond.example/sitemap.xml"));
    assert!(text.contains("User-agent: *"));
}
