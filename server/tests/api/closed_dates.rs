//! `[[booking.closed]]` through real HTTP: a pick-up or a return ride inside a
//! closure is refused under its date field with the company's own message in
//! the page's language, on the reservation form and on the manage page's
//! "another time".
use serde_json::{json, Value};

use crate::{booking::booking, manage_booking::manage_link, staff_answers::desk_with};

fn day(ahead: i64) -> jiff::civil::Date {
    jiff::Zoned::now().date().checked_add(jiff::Span::new().days(ahead)).unwrap()
}

const CLOSED_NL: &str = "Van 3 tot 5 dagen vanaf nu rijden wij niet.";
const CLOSED_EN: &str = "We do not drive from 3 to 5 days from now.";

#[actix_web::test]
async fn a_ride_inside_a_closure_is_refused_with_its_message_on_the_forms_and_the_manage_page() {
    let closed = format!(
        "[[booking.closed]]\nfrom = \"{}T00:00\"\nuntil = \"{}T00:00\"\n\
         message = {{ nl = \"{CLOSED_NL}\", de = \"Geschlossen.\", en = \"{CLOSED_EN}\" }}\n",
        day(3),
        day(5)
    );
    let desk = desk_with("en", &closed).await;
    let inside = format!("{}T10:00", day(4));
    let mut body = booking();
    body["dateTime"] = json!(inside);
    for (lang, message) in [("nl", CLOSED_NL), ("en", CLOSED_EN)] {
        let response = desk.app.post_json(&format!("/api/reservation/{lang}"), &body).await;
        assert_eq!(response.status(), 400, "{lang}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["errors"]["dateTime"], message, "{lang}: {answer}");
    }
    let mut round_trip = booking();
    round_trip["returnDateTime"] = json!(inside);
    let answer: Value = desk.app.post_json("/api/reservation/en", &round_trip).await.json().await.unwrap();
    assert_eq!(answer["errors"]["returnDateTime"], CLOSED_EN, "{answer}");
    assert!(answer["errors"].get("dateTime").is_none(), "the outward ride is open: {answer}");

    desk.book("en").await;
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let refused = desk.post(&link, &[("action", "ask"), ("dateTime", &inside)]).await;
    assert_eq!(refused.status(), 400);
    let html = refused.text().await.unwrap();
    assert!(html.contains("id=\"dateTime-error\"") && html.contains(CLOSED_EN), "{html}");
    let after = format!("{}T00:00", day(5));
    let moved = desk.post(&link, &[("action", "ask"), ("dateTime", &after)]).await;
    assert_eq!(moved.status(), 200, "until is open again");
}
