//! The owner's review link (`company.review_url`): in every footer when set,
//! and on a booking's manage page only once the ride is past (both rides of a
//! round trip), asking "How was your ride?". Nothing is mailed.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{between, spawn_app, spawn_app_with, AppOptions},
    manage_booking::manage_link,
    staff_answers::desk_with,
};

const REVIEW: &str = "https://g.page/r/taxi-demo/review";

#[actix_web::test]
async fn a_review_link_shows_in_every_footer_only_when_set() {
    let without = spawn_app().await;
    let footer = without.html("/tarieven").await;
    assert!(!footer.contains("Laat een beoordeling achter"), "none set, none shown");
    let app = spawn_app_with(AppOptions {
        config_toml: Some(format!("[render]\nworkers = 1\n[company]\nreview_url = \"{REVIEW}\"\n")),
        ..Default::default()
    })
    .await;
    for (path, text) in [
        ("/tarieven", "Laat een beoordeling achter"),
        ("/tarife", "Bewertung abgeben"),
        ("/complaints", "Leave a review"),
    ] {
        let html = app.html(path).await;
        let footer = between(&html, "<footer", "</footer>").unwrap();
        assert!(
            footer.contains(&format!("<a href=\"{REVIEW}\" rel=\"noopener\">{text}</a>")),
            "{path}: {footer}"
        );
        let main = between(&html, "<main", "</main>").unwrap();
        assert!(!main.contains(REVIEW), "{path}: only the footer asks outside a manage page");
    }
}

#[actix_web::test]
async fn a_manage_page_asks_how_the_ride_was_only_once_both_rides_are_past() {
    let desk = desk_with("en", &format!("[company]\nreview_url = \"{REVIEW}\"\n")).await;
    let mut body = booking();
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(2)).unwrap();
    body["returnDateTime"] = json!(format!("{day}T20:00"));
    let response = desk.app.post_json("/api/reservation/en", &body).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let reference = message[message.find("R-").expect("a reference")..][..8].to_string();
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let move_to_2020 = |field: &str| {
        let sql = format!("UPDATE bookings SET booking = json_set(booking, '{field}', '2020-01-01T10:00:00') WHERE reference = ?1");
        assert_eq!(store.execute(&sql, [&reference]).unwrap(), 1);
    };
    let shown = |html: String| between(&html, "<main", "</main>").unwrap().to_string();

    let ahead = shown(desk.app.get(&link).await.text().await.unwrap());
    assert!(!ahead.contains("How was your ride?") && !ahead.contains(REVIEW), "before the ride: {ahead}");
    move_to_2020("$.pickupAt");
    let outward_past = shown(desk.app.get(&link).await.text().await.unwrap());
    assert!(outward_past.contains("The pick-up time has passed"), "{outward_past}");
    assert!(!outward_past.contains("How was your ride?"), "the return ride is still ahead: {outward_past}");
    move_to_2020("$.extras.returnTrip.pickupAt");
    let past = shown(desk.app.get(&link).await.text().await.unwrap());
    assert!(past.contains("<h2>How was your ride?</h2>"), "{past}");
    assert!(past.contains(&format!("href=\"{REVIEW}\" rel=\"noopener\">Leave a review</a>")), "{past}");
    desk.app.outbox_idle().await;
    assert!(desk.all_mails().iter().all(|m| !m.text.contains(REVIEW)), "nothing is mailed");
}
