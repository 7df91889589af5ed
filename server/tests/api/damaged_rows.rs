//! A booking whose row cannot be read (its JSON damaged on disk or by hand,
//! which SQLite's own checks do not see) costs that booking, not the site:
//! the dispatchers' calendar and the reminder pass go on without it, and the
//! health checks name it, also when it is found at start-up.
use serde_json::Value;
use taxi_server::{secret::SecretKey, staff_answers::calendar};

use crate::{booking::booking, staff_answers::desk, staff_answers::Desk};

async fn book_as(desk: &Desk, name: &str) -> String {
    let mut form = booking();
    form["name"] = name.into();
    let response = desk.app.post_json("/api/reservation/nl", &form).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    message[at..at + 8].to_string()
}

async fn details(desk: &Desk) -> Value {
    desk.app.get("/healthz/details").await.json().await.unwrap()
}

#[actix_web::test]
async fn a_booking_that_cannot_be_read_costs_that_booking_not_the_calendar_or_the_reminders() {
    let desk = desk("nl").await;
    let key = SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).unwrap());
    let feed = calendar::path(&key, 1);
    let mut references = Vec::new();
    for name in ["Rider One", "Rider Two", "Rider Three"] {
        references.push(book_as(&desk, name).await);
    }
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    store.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    store
        .execute(
            "UPDATE bookings SET booking = '{\"reference\": broken' WHERE reference = ?1",
            [&references[1]],
        )
        .unwrap();

    let response = desk.app.get(&feed).await;
    assert_eq!(response.status(), 200, "the calendar still answers");
    let ics = response.text().await.unwrap();
    assert!(ics.contains(&references[0]) && ics.contains(&references[2]), "the others are listed");
    assert!(!ics.contains(&references[1]));
    desk.app.reminders.run(jiff::Timestamp::now()).await.expect("the reminder pass goes on");

    let health: Value = desk.app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "degraded", "{health}");
    assert_eq!(details(&desk).await["store"]["damagedBookings"], serde_json::json!([references[1]]));

    let desk = desk.restart_after(|_| {}).await;
    assert_eq!(
        details(&desk).await["store"]["damagedBookings"],
        serde_json::json!([references[1]]),
        "found by the read of every row at start"
    );
}

#[actix_web::test]
async fn the_pages_of_a_booking_that_cannot_be_read_apologise_in_its_languages() {
    let desk = desk("en").await;
    let reference = desk.book("de").await;
    let confirm = desk.link(&reference, "confirm").await;
    let manage = crate::manage_booking::manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    store.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let damage = "UPDATE bookings SET answer = '{\"action\": ' WHERE reference = ?1";
    assert_eq!(store.execute(damage, [&reference]).unwrap(), 1);

    let staff = desk.app.get(&confirm).await;
    assert_eq!(staff.status(), 500);
    assert!(staff.text().await.unwrap().contains("<html lang=\"en\""), "the staff language");
    let customer = desk.app.get(&manage).await;
    assert_eq!(customer.status(), 500);
    assert_eq!(customer.headers().get("cache-control").unwrap(), "no-store");
    assert!(customer.text().await.unwrap().contains("<html lang=\"de\""), "the booking's language");
    let posted = desk.post_raw(&manage, &[("action", "cancel"), ("version", "0")]).await;
    assert_eq!(posted.status(), 500, "nothing taken from a booking that cannot be read");
    let health: Value = desk.app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "degraded", "{health}");
}
