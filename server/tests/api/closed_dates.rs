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

/// A closure from 3 to 5 days ahead (midnight to midnight), with its messages.
fn closed_from_3_to_5_days() -> String {
    format!(
        "[[booking.closed]]\nfrom = \"{}T00:00\"\nuntil = \"{}T00:00\"\n\
         message = {{ nl = \"{CLOSED_NL}\", de = \"Geschlossen.\", en = \"{CLOSED_EN}\" }}\n",
        day(3),
        day(5)
    )
}

#[actix_web::test]
async fn a_ride_inside_a_closure_is_refused_with_its_message_on_the_forms_and_the_manage_page() {
    let desk = desk_with("en", &closed_from_3_to_5_days()).await;
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

/// What the form asks while the visitor picks the times (before Send): the same refusals, by
/// field, from the same rules.
#[actix_web::test]
async fn the_times_check_says_before_send_what_send_would_refuse() {
    let desk = desk_with("en", &closed_from_3_to_5_days()).await;
    let errors = |pickup: String, back: Option<String>, lang: &'static str| {
        let app = &desk.app;
        async move {
            let query = back.map(|at| format!("&returnDateTime={at}")).unwrap_or_default();
            let response = app.get(&format!("/api/pickup-note/{pickup}?lang={lang}{query}")).await;
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()["errors"].clone()
        }
    };
    let (open, inside, open_after) =
        (format!("{}T10:00", day(2)), format!("{}T10:00", day(4)), format!("{}T00:00", day(5)));
    assert_eq!(errors(open.clone(), None, "en").await, json!({}));
    assert_eq!(errors(inside.clone(), None, "nl").await, json!({ "dateTime": CLOSED_NL }));
    assert_eq!(
        errors(open.clone(), Some(inside.clone()), "en").await,
        json!({ "returnDateTime": CLOSED_EN })
    );
    assert_eq!(errors(open.clone(), Some(open_after), "en").await, json!({}), "until is open again");
    let before = format!("{}T09:00", day(2));
    let refused = errors(open, Some(before), "en").await;
    assert_eq!(refused.as_object().map(|o| o.len()), Some(1), "{refused}");
    assert!(
        refused["returnDateTime"].as_str().is_some_and(|m| !m.is_empty()),
        "a return before the outward ride: {refused}"
    );
    let past = format!("{}T10:00", day(-1));
    assert!(errors(past, None, "en").await["dateTime"].is_string(), "a time in the past");
}

/// The form pages say when the company is closed next and when requests are answered (the
/// mail's promise, from the same settings); a closure that has ended is not named.
#[actix_web::test]
async fn the_form_pages_name_the_next_closure_and_the_answer_hours() {
    let entry = |from: i64, until: i64, message: &str| {
        format!(
            "[[booking.closed]]\nfrom = \"{}T00:00\"\nuntil = \"{}T00:00\"\n\
             message = {{ nl = \"{message}\", de = \"{message}\", en = \"{message}\" }}\n",
            day(from),
            day(until)
        )
    };
    let config =
        [entry(-5, -3, "Over and done."), entry(3, 5, CLOSED_EN), entry(20, 22, "Later still.")].concat();
    let desk = desk_with("en", &config).await;
    let page = |path: &'static str| {
        let app = &desk.app;
        async move { app.get(path).await.text().await.unwrap() }
    };
    let answers = "Between 06:00 and 23:00 we answer within 30 minutes.";
    for path in ["/reservation", "/contact-us"] {
        let html = page(path).await;
        assert!(html.contains("Closed from ") && html.contains(CLOSED_EN), "{path}: the next closure");
        assert!(html.contains(answers), "{path}: the answer hours");
        assert!(
            !html.contains("Over and done.") && !html.contains("Later still."),
            "{path}: only the next one"
        );
    }
    let dutch = page("/reserveren").await;
    assert!(dutch.contains("Gesloten van ") && dutch.contains("krijgt u binnen 30 minuten antwoord"), "nl");
    let prices = page("/prices").await;
    assert!(!prices.contains(CLOSED_EN) && !prices.contains(answers), "not on other pages");
}
