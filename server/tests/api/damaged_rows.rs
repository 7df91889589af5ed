//! A booking whose row cannot be read (invalid UTF-8, JSON that does not
//! parse, a value of the wrong type: damage on disk or by hand, which SQLite's
//! own checks do not see) costs that booking, not the site: the server starts,
//! the dispatchers' calendar and the reminder pass go on without it, the health
//! checks name it, and its own pages apologise. Tested for damage written by
//! another connection while the site runs, and with the site stopped (found at
//! start-up, where a damaged mail row is quarantined rather than stopping the start).
use serde_json::Value;
use taxi_server::{secret::SecretKey, staff_answers::calendar};

use crate::{
    booking::booking,
    manage_booking::manage_link,
    staff_answers::{desk, Desk},
};

/// Each kind of damage, as the SQL that does it to one booking's row.
const DAMAGES: [(&str, &str); 5] = [
    ("invalid UTF-8 in its JSON", "booking = CAST(x'7b22ff7d' AS TEXT)"),
    ("JSON that does not parse", "booking = '{\"reference\": broken'"),
    ("text in the sequence", "sequence = 'zwei'"),
    ("a blob in a text column", "calendar_uid = x'00ff'"),
    ("a number in a JSON column", "answer = 42"),
];

/// A booking by rider `i`, each with a mailbox of their own (a mailbox gets five confirmations a day).
async fn book_as(desk: &Desk, i: usize) -> String {
    let mut form = booking();
    form["name"] = format!("Rider {i}").into();
    form["email"] = format!("rider{i}@example.nl").into();
    let response = desk.app.post_json("/api/reservation/nl", &form).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    message[at..at + 8].to_string()
}

async fn details(desk: &Desk) -> Value {
    desk.app.get("/healthz/details").await.json().await.unwrap()
}

/// Two healthy bookings and one per kind of damage, every mail delivered; the
/// references (healthy first) and the pages of each: staff's confirm link and
/// the customer's manage link.
async fn bookings(desk: &Desk) -> (Vec<String>, Vec<(String, String)>) {
    let mut references = Vec::new();
    for i in 0..DAMAGES.len() + 2 {
        references.push(book_as(desk, i).await);
    }
    desk.app.outbox_idle().await;
    let mut pages = Vec::new();
    for (i, reference) in references.iter().enumerate() {
        let customer = desk.mails(references.len() * 2).await.into_iter().find(|m| {
            m.to == [format!("rider{i}@example.nl")] && m.message_id.contains(".customer-booking.")
        });
        pages.push((desk.link(reference, "confirm").await, manage_link(&customer.expect("its mail"))));
    }
    (references, pages)
}

/// Does each of [`DAMAGES`] to the booking at the same place in `references`.
fn damage(data: &std::path::Path, references: &[String]) {
    let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
    store.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    for ((what, set), reference) in DAMAGES.iter().zip(references) {
        let changed = store.execute(&format!("UPDATE bookings SET {set} WHERE reference = ?1"), [reference]);
        assert_eq!(changed.unwrap(), 1, "{what}");
    }
}

/// What the site does with the damaged bookings `damaged` beside the `healthy` ones.
async fn costs_those_bookings_only(desk: &Desk, healthy: &[String], damaged: &[String]) {
    let key = SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).unwrap());
    let response = desk.app.get(&calendar::path(&key, 1)).await;
    assert_eq!(response.status(), 200, "the calendar still answers");
    let ics = response.text().await.unwrap();
    for reference in healthy {
        assert!(ics.contains(reference), "{reference} is listed");
    }
    for (reference, (what, _)) in damaged.iter().zip(DAMAGES) {
        assert!(!ics.contains(reference), "{what}: left out");
    }
    desk.app.reminders.run(jiff::Timestamp::now()).await.expect("the reminder pass goes on");

    let health: Value = desk.app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "degraded", "{health}");
    let mut named: Vec<String> = damaged.to_vec();
    named.sort();
    assert_eq!(details(desk).await["store"]["damagedBookings"], serde_json::json!(named));
}

/// The pages of each damaged booking apologise (staff's in the staff language,
/// the customer's in the booking's), and take nothing; a healthy one's answer.
async fn their_pages_apologise(desk: &Desk, pages: &[(String, String)], healthy: usize) {
    for ((staff, customer), (what, _)) in pages[..DAMAGES.len()].iter().zip(DAMAGES) {
        let staff = desk.app.get(staff).await;
        assert_eq!(staff.status(), 500, "{what}");
        assert!(staff.text().await.unwrap().contains("<html lang=\"en\""), "{what}: the staff language");
        let page = desk.app.get(customer).await;
        assert_eq!(page.status(), 500, "{what}");
        assert_eq!(page.headers().get("cache-control").unwrap(), "no-store");
        assert!(page.text().await.unwrap().contains("<html lang=\"nl\""), "{what}: the booking's language");
        let posted = desk.post_raw(customer, &[("action", "cancel"), ("version", "0")]).await;
        assert_eq!(posted.status(), 500, "{what}: nothing taken from a booking that cannot be read");
    }
    let (staff, customer) = &pages[healthy];
    assert_eq!(desk.app.get(staff).await.status(), 200);
    assert_eq!(desk.app.get(customer).await.status(), 200);
}

#[actix_web::test]
async fn a_booking_damaged_while_the_site_runs_costs_that_booking_only() {
    let desk = desk("en").await;
    let (references, pages) = bookings(&desk).await;
    let (damaged, healthy) = references.split_at(DAMAGES.len());
    damage(&desk.app.data_dir, damaged);

    costs_those_bookings_only(&desk, healthy, damaged).await;
    their_pages_apologise(&desk, &pages, DAMAGES.len()).await;

    let desk = desk.restart_after(|_| {}).await;
    let mut named: Vec<String> = damaged.to_vec();
    named.sort();
    assert_eq!(
        details(&desk).await["store"]["damagedBookings"],
        serde_json::json!(named),
        "found by the read of every row at start"
    );
}

#[actix_web::test]
async fn a_booking_damaged_while_the_site_was_stopped_costs_that_booking_only() {
    let desk = desk("en").await;
    let (references, pages) = bookings(&desk).await;
    let (damaged, healthy) = references.split_at(DAMAGES.len());
    let desk = desk
        .restart_after(|data| {
            damage(data, damaged);
            // Two mails put back in the queue, each with a column that cannot be read.
            let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
            for set in ["recipient = CAST(x'6aff40' AS TEXT)", "created_at = 'gisteren'"] {
                let sql = format!(
                    "UPDATE mails SET state = 'queued', finished_at = NULL, {set}
                     WHERE id = (SELECT min(id) FROM mails WHERE state = 'delivered')"
                );
                assert_eq!(store.execute(&sql, []).unwrap(), 1);
            }
        })
        .await;
    let mut named: Vec<String> = damaged.to_vec();
    named.sort();
    assert_eq!(details(&desk).await["store"]["damagedBookings"], serde_json::json!(named), "found at start");
    let health: Value = desk.app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["delivery"]["quarantined"], 2, "the mail rows put aside at start: {health}");

    costs_those_bookings_only(&desk, healthy, damaged).await;
    their_pages_apologise(&desk, &pages, DAMAGES.len()).await;
}
