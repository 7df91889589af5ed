use std::time::{Duration, Instant};

use crate::helpers::{between, header, spawn_app_with, AppOptions};

const THROWS: &str = "export function render() { throw new Error('bundle bug'); }";
const LOOPS: &str = "export function render() { for (;;) {} }";
const SLOW: &str = "export function render() { const end = Date.now() + 300; while (Date.now() < end) {} return '<p>slow</p>'; }";

#[actix_web::test]
async fn a_bundle_that_throws_gives_a_real_500_with_the_error_page() {
    let app = spawn_app_with(AppOptions { bundle: Some(THROWS), ..Default::default() }).await;
    for path in ["/", "/prices", "/reserveren"] {
        let response = app.get_with(path, &[("Cookie", "lang=nl")]).await;
        assert_eq!(response.status(), 500, "{path}");
        let html = response.text().await.unwrap();
        assert_eq!(between(&html, "<h1>", "</h1>"), Some("Er is iets mis gegaan!"));
        assert!(!html.contains("bundle bug"), "the cause is logged, not shown");
    }
    assert_eq!(app.get("/healthz").await.status(), 200, "server still up");
}

#[actix_web::test]
async fn a_render_that_loops_is_stopped_at_its_deadline() {
    let app = spawn_app_with(AppOptions {
        bundle: Some(LOOPS),
        config_toml: Some("[render]\nworkers = 1\ndeadline_ms = 100\n".into()),
        ..Default::default()
    })
    .await;
    for _ in 0..3 {
        let started = Instant::now();
        let response = app.get("/en").await;
        assert_eq!(response.status(), 500);
        assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
        let html = response.text().await.unwrap();
        assert_eq!(between(&html, "<h1>", "</h1>"), Some("Something went wrong!"));
    }
}

#[actix_web::test]
async fn a_full_render_queue_answers_503_with_retry_after() {
    let app = spawn_app_with(AppOptions {
        bundle: Some(SLOW),
        config_toml: Some("[render]\nworkers = 1\nqueue_capacity = 1\ndeadline_ms = 2000\n".into()),
        ..Default::default()
    })
    .await;
    let requests = (0..8).map(|i| {
        let client = app.client.clone();
        let url = format!("{}/{}", app.address, ["reserveren", "contact", "tarieven", "kontakt"][i % 4]);
        actix_web::rt::spawn(async move { client.get(url).send().await.unwrap() })
    });
    let mut unavailable = 0;
    for request in requests.collect::<Vec<_>>() {
        let response = request.await.unwrap();
        if response.status() == 503 {
            unavailable += 1;
            assert_eq!(header(&response, "retry-after"), "1");
            assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8", "503 is a page");
        } else {
            assert_eq!(response.status(), 200);
        }
    }
    assert!(unavailable > 0, "some requests must find the queue full");
}
