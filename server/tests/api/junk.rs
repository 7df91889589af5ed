//! Dispatchers can act (issue 41 item 4): the Junk button of the staff mail,
//! followed on the site, with a real SMTP server on loopback and clients
//! behind a trusted proxy (each its own address). A junk booking's queued
//! mails to its address are dropped, it gets no reminder, it leaves the
//! calendar and its personal data is gone; its network and its address are
//! refused at both forms, nobody else is; one tap takes the network's other
//! requests of the last hour; forged and stale posts change nothing.
use jiff::{SignedDuration, Timestamp};
use serde_json::{json, Value};
use taxi_server::{
    bookings::{answer::Action, answer_links},
    secret::SecretKey,
    staff_answers::calendar,
};

use crate::{
    booking::booking,
    desk::{desk_limited, desk_with_sink, Desk},
    helpers::{form_encode, header, TempDir},
};

/// Clients come through the proxy on loopback, each from the address it names.
pub(crate) const BEHIND_PROXY: &str = "rate_limit_per_minute = 0\ntrusted_proxies = [\"127.0.0.1\"]";
/// What a refused sender is told (English), and nothing more.
const REFUSED_EN: &str =
    "We cannot take this request through the website. Please call us on +31 475 00 00 00.";

pub(crate) fn key(desk: &Desk) -> SecretKey {
    SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).expect("the generated key"))
}

fn store(desk: &Desk) -> rusqlite::Connection {
    rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap()
}

/// A column of the booking's row as the store holds it.
pub(crate) fn column<T: rusqlite::types::FromSql>(desk: &Desk, reference: &str, name: &str) -> T {
    let sql = format!("SELECT {name} FROM bookings WHERE reference = ?1");
    store(desk).query_row(&sql, [reference], |row| row.get(0)).unwrap()
}

/// The signed link of `action` as the staff mail carries it (also while no mail could go).
pub(crate) fn staff_link(desk: &Desk, reference: &str, action: Action) -> String {
    let expires = pickup(desk, reference) + SignedDuration::from_hours(1);
    answer_links::signed_path(&key(desk), reference, action, expires)
}

fn pickup(desk: &Desk, reference: &str) -> Timestamp {
    Timestamp::from_second(column(desk, reference, "pickup_at")).unwrap()
}

/// The booking form posted by the client `from` with `email`, in `lang`.
pub(crate) async fn book(desk: &Desk, from: &str, email: &str, lang: &str) -> reqwest::Response {
    let mut ride = booking();
    ride["email"] = email.into();
    let url = format!("{}/api/reservation/{lang}", desk.app.address);
    desk.app.client.post(url).header("X-Forwarded-For", from).json(&ride).send().await.unwrap()
}

/// A booking taken from `from`: its reference.
pub(crate) async fn booked(desk: &Desk, from: &str, email: &str) -> String {
    let response = book(desk, from, email, "en").await;
    assert_eq!(response.status(), 200, "{email} from {from}");
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    message[at..at + 8].to_string()
}

/// The contact form posted by the client `from` with `email`, in `lang`.
async fn contact(desk: &Desk, from: &str, email: &str, lang: &str) -> reqwest::Response {
    let message = json!({"name": "Anna", "email": email, "subject": "Vraag", "message": "Rijden jullie ook 's nachts?"});
    let url = format!("{}/api/contact/{lang}", desk.app.address);
    desk.app.client.post(url).header("X-Forwarded-For", from).json(&message).send().await.unwrap()
}

/// The answer's status and its `errorMessage`.
async fn refusal(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or_default();
    (status, body["errorMessage"].as_str().unwrap_or("").to_string())
}

/// The dispatchers' calendar as subscribed.
pub(crate) async fn feed(desk: &Desk) -> String {
    let response = desk.app.get(&calendar::path(&key(desk), 1)).await;
    assert_eq!(response.status(), 200);
    response.text().await.unwrap()
}

#[actix_web::test]
async fn junk_drops_the_queued_customer_mails_stops_reminders_leaves_the_calendar_and_forgets_the_person() {
    // The mail server refuses everything for now: the booking's mails wait in the outbox.
    let mode = TempDir::new();
    let mode_file = mode.0.join("mode");
    std::fs::write(&mode_file, "421").unwrap();
    let desk = desk_with_sink(BEHIND_PROXY, "", &["--mode-file", &mode_file.display().to_string()]).await;
    let reference = booked(&desk, "198.51.100.7", "victim@example.org").await;
    assert!(feed(&desk).await.contains(&reference), "listed while requested");

    let path = staff_link(&desk, &reference, Action::Junk);
    let page = desk.app.get(&path).await;
    assert_eq!(page.status(), 200);
    assert_eq!(header(&page, "referrer-policy"), "no-referrer");
    let html = page.text().await.unwrap();
    assert!(html.contains(&format!("Mark request {reference} as junk")), "{html}");
    assert!(html.contains("Mark this request as junk") && html.contains("for 7 days"), "{html}");
    assert!(!html.contains("requests from this network"), "no other request of its network");
    let taken = desk.post_raw(&path, &[("version", "0"), ("scope", "one")]).await;
    assert_eq!(taken.status(), 303);
    // No reminder, whenever it would have been due.
    let pickup = pickup(&desk, &reference);
    for before in [119, 89, 30] {
        let at = pickup - SignedDuration::from_mins(before);
        assert_eq!(desk.app.reminders.run(at).await.unwrap(), 0, "{before} min before the pick-up");
    }
    let done = desk.app.get(header(&taken, "location")).await.text().await.unwrap();
    assert!(done.contains("Done: the request is marked as junk."), "{done}");
    assert!(!done.contains("Jan de Vries") && !done.contains("victim@"), "nothing personal left to show");

    // The mail server is back: staff's mail goes, the customer's never.
    std::fs::write(&mode_file, "").unwrap();
    desk.app.outbox_idle().await;
    let mails = desk.all_mails();
    assert!(mails.iter().any(|m| m.message_id.contains(".staff-booking.")), "staff still get theirs");
    let to_customer: Vec<_> = mails.iter().filter(|m| m.to.iter().any(|t| t.contains("victim"))).collect();
    assert!(
        to_customer.is_empty(),
        "mailed to the junk address: {:?}",
        to_customer.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );

    assert!(!mails.iter().any(|m| m.message_id.contains("-reminder.")), "no reminder to anyone");
    assert!(!feed(&desk).await.contains(&reference), "left the dispatchers' calendar");

    // The customer's page says only that it is no longer active.
    let manage = answer_links::manage_path(&key(&desk), &reference, pickup + SignedDuration::from_hours(1));
    let page = desk.app.get(&manage).await.text().await.unwrap();
    let main = &page[page.find("<h1").expect("a heading")..];
    assert!(main.contains("This booking is no longer active."), "{main}");
    for personal in ["Markt", "Schiphol", "Jan de Vries", "<form"] {
        assert!(!main.contains(personal), "{personal} on the manage page: {main}");
    }

    // The store keeps the reference, the times and the status; nothing about the person.
    assert_eq!(column::<String>(&desk, &reference, "status"), "junk");
    let kept: String = column(&desk, &reference, "booking");
    for personal in ["Jan de Vries", "victim", "612345678", "Markt", "Schiphol"] {
        assert!(!kept.contains(personal), "{personal} kept: {kept}");
    }
    let mail_rows: i64 = store(&desk)
        .query_row(
            "SELECT count(*) FROM mails WHERE reference = ?1 AND (recipient LIKE '%victim%'
             OR customer_phone IS NOT NULL
             OR (state <> 'queued' AND client_network IS NOT NULL)
             OR (id IN (SELECT mail_id FROM mail_bodies) AND state <> 'queued'))",
            [&reference],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(mail_rows, 0, "the mails' records forget the address, the phone, the client and the bodies");
}

#[actix_web::test]
async fn a_junk_booking_refuses_its_network_and_its_address_at_both_forms_and_nobody_else() {
    let desk = desk_limited("en", BEHIND_PROXY, "").await;
    let reference = booked(&desk, "198.51.100.7", "flood@example.org").await;
    let ipv6 = booked(&desk, "2001:db8:1:2::5", "flood6@example.org").await;
    desk.mails(4).await;
    for reference in [&reference, &ipv6] {
        // The staff mail carries the button.
        let path = desk.link(reference, "junk").await;
        let done = desk.post(&path, &[("scope", "one")]).await;
        assert_eq!(done.status(), 200);
        assert!(done.text().await.unwrap().contains("Done: the request is marked as junk."));
    }
    let refused = [
        ("198.51.100.7", "other@example.net", "the same network with another address"),
        ("2001:db8:1:2::99", "other6@example.net", "the same IPv6 network"),
        ("203.0.113.20", "Flood+2@Example.ORG", "the same mailbox from another network"),
    ];
    for (from, email, what) in refused {
        assert_eq!(
            refusal(book(&desk, from, email, "en").await).await,
            (403, REFUSED_EN.to_string()),
            "{what}"
        );
        let (status, message) = refusal(contact(&desk, from, email, "de").await).await;
        assert_eq!(status, 403, "a message: {what}");
        assert!(
            message.starts_with("Diese Anfrage können wir über die Website nicht annehmen."),
            "{message}"
        );
    }
    // Without JavaScript: the page, in its language, with the same words.
    let form = format!("name=Flood&email={}&subject=S&message=M", form_encode("new@example.net"));
    let page = desk
        .app
        .client
        .post(format!("{}/contact", desk.app.address))
        .header("X-Forwarded-For", "198.51.100.7")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 403);
    assert!(page.text().await.unwrap().contains("Wij kunnen deze aanvraag niet via de website aannemen."));

    // Anybody else books and writes as before, also after a restart (the refusals are stored).
    let desk = desk.restart_after(|_| {}).await;
    assert_eq!(book(&desk, "203.0.113.21", "anna@example.nl", "en").await.status(), 200);
    assert_eq!(book(&desk, "2001:db8:1:3::1", "bert@example.nl", "en").await.status(), 200, "the next /64");
    assert_eq!(contact(&desk, "203.0.113.21", "anna@example.nl", "nl").await.status(), 200);
    assert_eq!(
        refusal(book(&desk, "198.51.100.7", "x@example.net", "en").await).await.0,
        403,
        "still refused"
    );
    desk.app.outbox_idle().await;
    let to_flood = desk.all_mails().into_iter().filter(|m| m.to.iter().any(|t| t.contains("flood"))).count();
    assert_eq!(to_flood, 2, "only the two confirmations sent before the junk");
}
