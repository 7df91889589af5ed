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

#[actix_web::test]
async fn a_stored_post_is_answered_as_received_even_when_its_page_cannot_be_rendered() {
    let app = spawn_app_with(AppOptions {
        bundle: Some(THROWS),
        config_toml: Some("[limits]\nrate_limit_per_minute = 0\n[booking]\nmin_fill_seconds = 0\n".into()),
        ..Default::default()
    })
    .await;
    let when = crate::booking::in_two_days();
    let booking = format!(
        "name=Jan+de+Vries&email=jan%40example.nl&phone=0612345678&passengerAmount=2&departure=Markt+1%2C+Roermond\
         &destination=Venlo&dateTime={}&paymentMethod=cash",
        crate::helpers::form_encode(&when)
    );
    let page = app.post_raw("/reserveren", "application/x-www-form-urlencoded", booking).await;
    assert_eq!(page.status(), 200, "stored, so not an error to send again");
    let html = page.text().await.unwrap();
    assert!(html.contains("class=\"success-box\"") && html.contains("(referentie R-"), "{html}");
    assert!(html.contains("<html lang=\"nl\""), "{html}");

    let contact = "name=Jan&email=jan%40example.nl&subject=Vraag&message=Rijden+jullie+ook+naar+Keulen%3F";
    let page = app.post_raw("/contact", "application/x-www-form-urlencoded", contact).await;
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("class=\"success-box\""));

    let invalid = app.post_raw("/reserveren", "application/x-www-form-urlencoded", "name=Jan").await;
    assert_eq!(invalid.status(), 500, "nothing stored: the error page as for any page");
}

#[actix_web::test]
async fn one_client_looping_its_manage_page_gets_its_share_of_the_renders_not_the_queue() {
    let desk = crate::desk::desk_rendering_with("nl", "", Some(SLOW)).await;
    let reference = desk.book("de").await;
    let mail = desk.mails_of("customer-booking", 1).await.remove(0);
    let link = crate::manage_booking::manage_link(&mail);
    assert!(link.contains(&reference));
    let loops = (0..20).map(|_| {
        let (client, url) = (desk.app.client.clone(), format!("{}{link}", desk.app.address));
        actix_web::rt::spawn(async move { client.get(url).send().await.unwrap().status().as_u16() })
    });
    let mut statuses = Vec::new();
    for request in loops.collect::<Vec<_>>() {
        statuses.push(request.await.unwrap());
    }
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert!(refused >= 10, "beyond its share the client is refused at once: {statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 429), "{statuses:?}");
}
