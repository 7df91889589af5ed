//! Limits on what one connection may cost: header size, slow clients, idle keep-alive.
use std::{
    io::{Read, Write},
    net::TcpStream,
    time::{Duration, Instant},
};

use serde_json::Value;

use crate::helpers::{header, spawn_app_with, AppOptions, TestApp};

async fn app_with_short_timeouts() -> TestApp {
    spawn_app_with(AppOptions {
        config_toml: Some(
            "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[http]\nheader_timeout_ms = 500\nbody_timeout_ms = 500\nkeep_alive_seconds = 1\n".into(),
        ),
        ..Default::default()
    })
    .await
}

/// Sends `bytes` on a new connection and reads until the server closes it:
/// everything it answered, and how long after sending it closed.
async fn send_and_wait_for_close(app: &TestApp, bytes: &'static [u8]) -> (String, Duration) {
    let address = app.address.trim_start_matches("http://").to_string();
    tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream.write_all(bytes).unwrap();
        let started = Instant::now();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        (String::from_utf8_lossy(&answer).into_owned(), started.elapsed())
    })
    .await
    .unwrap()
}

#[actix_web::test]
async fn oversized_headers_get_431_as_json_or_page() {
    let app = app_with_short_timeouts().await;
    let big = "x".repeat(20 * 1024);
    let api = app.get_with("/api/place-suggestions?input=venlo&lang=de", &[("X-Padding", &big)]).await;
    assert_eq!(api.status(), 431);
    let body: Value = api.json().await.unwrap();
    assert!(body["errorMessage"].as_str().unwrap().starts_with("Die Anfrage hat zu große Header"));
    let page = app.get_with("/tarieven", &[("Cookie", &format!("lang=nl; junk={big}"))]).await;
    assert_eq!(page.status(), 431);
    assert!(header(&page, "content-type").starts_with("text/html"));
    // Within the budget nothing changes.
    assert_eq!(app.get_with("/tarieven", &[("X-Padding", &"x".repeat(8 * 1024))]).await.status(), 200);
}

#[actix_web::test]
async fn a_client_that_never_finishes_its_headers_is_cut_off() {
    let app = app_with_short_timeouts().await;
    let (answer, elapsed) = send_and_wait_for_close(&app, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await;
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(elapsed < Duration::from_secs(3), "cut off after {elapsed:?}");
}

#[actix_web::test]
async fn a_client_that_trickles_its_body_gets_408_and_is_disconnected() {
    let app = app_with_short_timeouts().await;
    let request = b"POST /api/contact/en HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"name\":";
    let (answer, elapsed) = send_and_wait_for_close(&app, request).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("The request arrived too slowly"), "{answer}");
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
}

#[actix_web::test]
async fn idle_keep_alive_connections_are_closed() {
    let app = app_with_short_timeouts().await;
    let (answer, elapsed) = send_and_wait_for_close(&app, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        elapsed >= Duration::from_millis(900) && elapsed < Duration::from_secs(4),
        "closed after {elapsed:?}"
    );
}
