//! A round trip on the manage page: the outward ride, the return ride or both
//! move; an outward time after the return ride, or a return before the
//! outward ride, is refused with a message under the field (and staff cannot
//! propose one); the calendar files of every mail follow both rides.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    manage_booking::{manage_link, of_kind},
    staff_answers::{desk, Desk},
};

/// The day of the ride: two days ahead, as `booking()` books it (14:30).
fn day(ahead: i64) -> jiff::civil::Date {
    jiff::Zoned::now().date().checked_add(jiff::Span::new().days(ahead)).unwrap()
}

/// Books `booking()` in `lang` with a return ride at 20:00 the same day; the reference.
async fn book_round_trip(desk: &Desk, lang: &str) -> String {
    let mut body = booking();
    body["returnDateTime"] = json!(format!("{}T20:00", day(2)));
    let response = desk.app.post_json(&format!("/api/reservation/{lang}"), &body).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    message[at..at + 8].to_string()
}

/// Each event of a calendar file as (UID, DTSTART line value).
fn events(ics: &str) -> Vec<(String, String)> {
    let (mut uid, mut events) = (String::new(), Vec::new());
    for line in ics.lines() {
        if let Some(value) = line.strip_prefix("UID:") {
            uid = value.to_string();
        }
        if let Some(value) = line.strip_prefix("DTSTART;TZID=Europe/Amsterdam:") {
            events.push((uid.clone(), value.to_string()));
        }
    }
    events
}

fn compact(day: jiff::civil::Date, time: &str) -> String {
    format!("{}T{time}00", day.to_string().replace('-', ""))
}

/// The stored outward and return times.
async fn stored(desk: &Desk, reference: &str) -> (String, String) {
    let record = desk.app.bookings.record(reference).await.unwrap().unwrap();
    let back = record.booking.extras.return_trip.unwrap().pickup_at;
    (record.booking.pickup_at.field_value(), back.field_value())
}

#[actix_web::test]
async fn the_return_ride_moves_alone_or_with_the_outward_one_and_the_calendar_files_follow() {
    let desk = desk("en").await;
    let reference = book_round_trip(&desk, "nl").await;
    let link = desk.answered(&reference, "confirm", &[("note", "")]).await;
    let html = desk.app.get(&link).await.text().await.unwrap();
    let (today, next) = (day(2), day(3));
    assert!(html.contains("Terugrit: nieuwe datum en tijd"), "{html}");
    assert!(html.contains(&format!("value=\"{today}T20:00\"")), "the return ride's time: {html}");

    // The return ride alone, to the next morning: the outward time stays, unchecked by the lead time.
    let fields = [
        ("action", "ask"),
        ("dateTime", &format!("{today}T14:30")),
        ("returnDateTime", &format!("{next}T09:00")),
    ];
    let asked = desk.post(&link, &fields).await;
    assert_eq!(asked.status(), 200);
    let done = asked.text().await.unwrap();
    assert!(done.contains("Gelukt: wij hebben uw verzoek") && done.contains("(terugrit "), "{done}");
    assert_eq!(stored(&desk, &reference).await, (format!("{today}T14:30"), format!("{next}T09:00")));
    let staff = desk.mails_of("staff-step", 1).await.remove(0);
    assert!(staff.flat.contains("(return ride "), "both rides named: {}", staff.flat);
    // The subject names the ride that moved, not the unchanged outward time (issue 55).
    let back_time = format!("{:02}/{:02} 09:00", next.day(), next.month());
    assert!(staff.subject.contains("Return ride") && staff.subject.contains(&back_time), "{}", staff.subject);
    assert!(!staff.subject.contains("14:30"), "{}", staff.subject);
    let customer = desk.mails_of("customer-step", 1).await.remove(0);
    for mail in [&staff, &customer] {
        let starts = events(&mail.ics);
        assert_eq!(starts.len(), 2, "{}", mail.ics);
        assert_eq!(starts[0].1, compact(today, "1430"), "the outward ride stays");
        assert!(starts[1].0.starts_with("return."), "{starts:?}");
        assert_eq!(starts[1].1, compact(next, "0900"), "the return ride moved: {}", mail.ics);
    }

    // Both at once, from the next page (a request again, answered by staff first).
    let confirm = desk.link(&reference, "confirm").await;
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    let fields = [
        ("action", "ask"),
        ("dateTime", &format!("{next}T07:15")),
        ("returnDateTime", &format!("{next}T19:45")),
    ];
    assert_eq!(desk.post(&link, &fields).await.status(), 200);
    assert_eq!(stored(&desk, &reference).await, (format!("{next}T07:15"), format!("{next}T19:45")));
    let steps = desk.mails_of("customer-step", 2).await;
    let last = steps.iter().find(|m| events(&m.ics)[0].1 == compact(next, "0715")).expect("the second step");
    assert_eq!(events(&last.ics)[1].1, compact(next, "1945"));
}

#[actix_web::test]
async fn an_outward_ride_after_the_return_or_a_return_before_the_outward_is_refused_with_a_message() {
    let desk = desk("en").await;
    let reference = book_round_trip(&desk, "nl").await;
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let today = day(2);
    let at = |time: &str| format!("{today}T{time}");

    let ask = |outward: &str, back: Option<&str>| {
        let mut fields = vec![("action", "ask".to_string()), ("dateTime", at(outward))];
        fields.extend(back.map(|back| ("returnDateTime", at(back))));
        fields
    };
    let post = |fields: Vec<(&'static str, String)>| {
        let desk = &desk;
        let link = link.clone();
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            desk.post(&link, &fields).await
        }
    };

    // The case: 21:00 outward with the return ride still at 20:00.
    let late = post(ask("21:00", Some("20:00"))).await;
    assert_eq!(late.status(), 400);
    let html = late.text().await.unwrap();
    assert!(html.contains("id=\"dateTime-error\"") && html.contains("Uw terugrit is op"), "{html}");
    assert!(html.contains("20:00"), "the return ride's time named: {html}");
    // … also from a page of before, which posts no return time.
    assert_eq!(post(ask("21:00", None)).await.status(), 400);
    // The return ride before (or at) the outward ride: said under the return time.
    for back in ["12:00", "14:30"] {
        let html = post(ask("14:30", Some(back))).await.text().await.unwrap();
        assert!(
            html.contains("id=\"returnDateTime-error\"")
                && html.contains("Kies voor de terugrit een tijd na de heenrit"),
            "{back}: {html}"
        );
    }
    // Staff cannot propose an outward time after the return ride either.
    let propose = desk.link(&reference, "propose").await;
    let proposed = desk.post(&propose, &[("dateTime", &at("20:30")), ("note", "")]).await;
    assert_eq!(proposed.status(), 400);
    assert!(proposed.text().await.unwrap().contains("The return ride is on"), "staff are told why");

    desk.app.outbox_idle().await;
    let mails = desk.all_mails();
    assert!(of_kind(&mails, "staff-step").is_empty() && of_kind(&mails, "customer-answer").is_empty());
    assert_eq!(stored(&desk, &reference).await, (at("14:30"), at("20:00")), "nothing moved");
}
