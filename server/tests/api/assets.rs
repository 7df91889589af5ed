use crate::helpers::{between, header, spawn_app};

#[actix_web::test]
async fn assets_have_hashed_names_long_caching_and_compression() {
    let app = spawn_app().await;
    let html = app.html("/reserveren").await;
    let css = between(&html, "<link rel=\"stylesheet\" href=\"", "\"").unwrap().to_string();
    let js = between(&html, "<script defer src=\"/assets/client-reservation-nl.", "\"").unwrap();
    let js = format!("/assets/client-reservation-nl.{js}");
    assert!(css.starts_with("/assets/styles.") && css.ends_with(".css"), "{css}");
    assert!(js.starts_with("/assets/client-reservation-nl.") && js.ends_with(".js"), "{js}");
    for url in [&css, &js] {
        let plain = app.get(url).await;
        assert_eq!(plain.status(), 200, "{url}");
        assert_eq!(header(&plain, "cache-control"), "public, max-age=31536000, immutable");
        let plain_len = plain.bytes().await.unwrap().len();
        let br = app.get_with(url, &[("Accept-Encoding", "br, gzip")]).await;
        assert_eq!(header(&br, "content-encoding"), "br", "{url}");
        let gz = app.get_with(url, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(header(&gz, "content-encoding"), "gzip", "{url}");
        let gz_len = gz.bytes().await.unwrap().len();
        assert!(gz_len < plain_len / 2, "{url}: gzip {gz_len} of {plain_len}");
        // ETag per encoding, 304 on If-None-Match, HEAD like GET.
        crate::conditional::check_revalidation(&app, url).await;
    }
    let favicon = app.get("/favicon.ico").await;
    assert_eq!(favicon.status(), 301);
    assert!(header(&favicon, "location").starts_with("/assets/favicon."));
}

#[actix_web::test]
async fn the_taxi_picture_can_be_replaced_by_config() {
    let dir = crate::helpers::TempDir::new();
    let picture = dir.0.join("taxi.jpg");
    std::fs::write(&picture, b"\xff\xd8\xff\xe0 not really a jpeg").unwrap();
    let app = crate::helpers::spawn_app_with(crate::helpers::AppOptions {
        config_toml: Some(format!("[company]\ntaxi_image_file = {:?}\n", picture.display().to_string())),
        ..Default::default()
    })
    .await;
    let html = app.html("/en").await;
    let src = between(&html, "<img class=\"hero-image\" src=\"", "\"").unwrap().to_string();
    assert!(src.starts_with("/assets/custom-taxi.") && src.ends_with(".jpg"), "{src}");
    let response = app.get(&src).await;
    assert_eq!(header(&response, "content-type"), "image/jpeg");
    assert_eq!(&response.bytes().await.unwrap()[..], b"\xff\xd8\xff\xe0 not really a jpeg");
}
