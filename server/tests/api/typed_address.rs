//! A street typed before choosing a place, end to end: the customer's mail
//! names its town and says how to check and correct it, the manage page (behind
//! the signed link) shows it as typed, and once staff confirmed, the
//! confirmation and its calendar entry carry it in full.
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use serde_json::{json, Value};

use crate::{
    booking::booking,
    manage_booking::{ics_field, manage_link},
    staff_answers::desk,
};

/// The value of a `Label:   value` line of a plain-text mail.
fn field<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines().find_map(|l| l.strip_prefix(label)?.strip_prefix(':').map(str::trim)).unwrap_or("")
}

#[actix_web::test]
async fn a_typed_street_is_checked_on_the_manage_page_and_mailed_in_full_once_staff_confirmed() {
    let desk = desk("en").await;
    let typed = "Kerkstraat 5, Roermond";
    let mut body = booking();
    body["departurePlaceId"] = json!(format!("addr:g2748000:{}", URL_SAFE_NO_PAD.encode(typed)));
    body["departure"] = json!(typed);
    body["departureName"] = json!("Kerkstraat 5");
    body.as_object_mut().unwrap().remove("pickupStreet");
    let response = desk.app.post_json("/api/reservation/en", &body).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    let reference = &message[at..at + 8];

    let booked = desk.mails_of("customer-booking", 1).await.remove(0);
    assert_eq!(field(&booked.text, "From"), "The street you typed, in Roermond");
    assert!(!booked.text.contains("Kerkstraat") && !booked.ics.contains("Kerkstraat"), "{}", booked.text);
    assert!(booked.flat.contains("Reply to this e-mail with the right address"), "{}", booked.flat);
    assert_eq!(
        ics_field(&booked.ics, "LOCATION"),
        "Roermond\\, Limburg\\, Netherlands",
        "a place, not a sentence"
    );
    let page = desk.app.get(&manage_link(&booked)).await.text().await.unwrap();
    assert!(page.contains("Kerkstraat 5, Roermond (as you typed it)"), "{page}");

    let confirm = desk.link(reference, "confirm").await;
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    desk.app.outbox_idle().await;
    let confirmed = desk.answers_to_customer().remove(0);
    assert_eq!(field(&confirmed.text, "From"), "Kerkstraat 5, Roermond");
    assert_eq!(ics_field(&confirmed.ics, "LOCATION"), "Kerkstraat 5\\, Roermond");
    assert!(!confirmed.text.contains("you typed"), "{}", confirmed.text);
}
