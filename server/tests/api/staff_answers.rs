//! Staff answer a booking from their mail: booking over HTTP, the staff mail
//! read from a real SMTP server, its signed link opened and posted, and the
//! customer's answer mail (with its calendar update) read back from the sink.
use taxi_server::{
    bookings::{answer::Action, answer_links},
    secret::SecretKey,
};

pub(crate) use crate::desk::{desk, desk_with, Desk, Mail};
use std::time::Duration;

use crate::{
    booking::booking,
    desk::CUSTOMER,
    helpers::{header, spawn_app_with, AppOptions},
};

/// The calendar fields of an `.ics` that say which event and which version.
fn calendar(ics: &str, name: &str) -> String {
    ics.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no {name} in\n{ics}"))
        .to_string()
}

/// Books in `lang`, opens the staff mail's `action` button (checking the page
/// and that GET changes nothing), posts `fields`; returns the customer's
/// booking mail, the staff page answering the post, and the answer mail.
async fn answer_flow(
    lang: &str,
    staff_lang: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> (Mail, String, Mail) {
    let desk = desk(staff_lang).await;
    let reference = desk.book(lang).await;
    let booked =
        desk.mails(2).await.into_iter().find(|m| m.to == [CUSTOMER]).expect("the customer's booking mail");
    assert_eq!(booked.language, lang);
    assert_eq!(calendar(&booked.ics, "SEQUENCE"), "0");
    assert_eq!(calendar(&booked.ics, "STATUS"), "TENTATIVE");

    let path = desk.link(&reference, action).await;
    let page = desk.app.get(&path).await;
    assert_eq!(page.status(), 200, "{path}");
    assert_eq!(header(&page, "referrer-policy"), "no-referrer");
    let html = page.text().await.unwrap();
    assert!(html.contains(&format!("<html lang=\"{staff_lang}\"")), "the staff language");
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(
        html.contains(&reference)
            && html.contains("Jan de Vries")
            && html.contains("<form ")
            && html.contains("method=\"post\""),
        "{html}"
    );
    assert_eq!(desk.app.get(&path).await.status(), 200, "a GET can be repeated");
    desk.app.outbox_idle().await;
    assert_eq!(desk.sink.count(), 2, "a GET sends nothing");

    let answered = desk.post(&path, fields).await;
    assert_eq!(answered.status(), 200);
    let staff_page = answered.text().await.unwrap();
    let mail = desk
        .mails(3)
        .await
        .into_iter()
        .find(|m| m.message_id.contains(".customer-answer."))
        .expect("the customer's answer mail");
    assert_eq!(mail.to, [CUSTOMER]);
    assert_eq!(mail.language, lang, "the booking's language");
    assert!(mail.text.contains(&reference));
    assert_eq!(calendar(&mail.ics, "UID"), calendar(&booked.ics, "UID"), "the same calendar event");
    assert_eq!(calendar(&mail.ics, "SEQUENCE"), "1");
    (booked, staff_page, mail)
}

#[actix_web::test]
async fn a_confirmation_reaches_a_dutch_customer_with_the_note() {
    let (booked, staff_page, mail) =
        answer_flow("nl", "nl", "confirm", &[("note", "De chauffeur belt bij aankomst.")]).await;
    assert!(booked.flat.contains("binnen 30 minuten"), "the answer promise: {}", booked.flat);
    assert!(staff_page.contains("Verstuurd"), "the staff page in Dutch");
    assert!(mail.subject.contains("is bevestigd"), "{}", mail.subject);
    assert!(mail.flat.contains("De chauffeur belt bij aankomst."), "{}", mail.text);
    assert_eq!(calendar(&mail.ics, "STATUS"), "CONFIRMED");
}

#[actix_web::test]
async fn a_proposed_time_reaches_a_german_customer_with_a_link_to_accept_it() {
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(3)).unwrap();
    let at = format!("{day}T09:15");
    let (booked, staff_page, mail) =
        answer_flow("de", "en", "propose", &[("dateTime", &at), ("note", "")]).await;
    assert!(booked.flat.contains("innerhalb von 30 Minuten"), "{}", booked.flat);
    assert!(staff_page.contains("Sent: the customer gets your proposal"), "the staff page in English");
    assert!(
        mail.subject.contains("andere Zeit") || mail.subject.contains("anderen Zeit"),
        "{}",
        mail.subject
    );
    assert!(mail.text.contains("09:15"), "the proposed time: {}", mail.text);
    assert!(
        mail.text.contains("Neue Zeit ansehen und annehmen: https://www.taxiroermond.example/booking/"),
        "the manage page, to accept it: {}",
        mail.text
    );
    assert!(mail.flat.contains("+31 475 00 00 00"), "the phone number");
    assert_eq!(
        calendar(&mail.ics, "STATUS"),
        "CANCELLED",
        "the original time is off (see docs/staff-answers.md)"
    );
}

#[actix_web::test]
async fn a_decline_reaches_an_english_customer_with_the_reason_and_the_phone() {
    let (booked, staff_page, mail) =
        answer_flow("en", "de", "decline", &[("reason", "fullyBooked"), ("note", "Sorry!")]).await;
    assert!(booked.flat.contains("within 30 minutes"), "{}", booked.flat);
    assert!(staff_page.contains("Gesendet"), "the staff page in German");
    assert!(mail.subject.contains("We cannot take your ride"), "{}", mail.subject);
    assert!(
        mail.flat.contains("fully booked")
            && mail.text.contains("Sorry!")
            && mail.flat.contains("+31 475 00 00 00"),
        "{}",
        mail.text
    );
    assert_eq!(calendar(&mail.ics, "STATUS"), "CANCELLED");
}

#[actix_web::test]
async fn tampered_expired_and_unknown_links_get_the_same_not_found_page() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let good = desk.link(&reference, "confirm").await;
    let (path, query) = good.split_once('?').unwrap();
    let sig = query.split('&').find_map(|p| p.strip_prefix("sig=")).unwrap();
    let expires = query.split('&').find_map(|p| p.strip_prefix("expires=")).unwrap();
    let later = (expires.parse::<i64>().unwrap() + 86_400).to_string();
    // A genuine signature for a moment already past: expired.
    let key = SecretKey::from_bytes(
        std::fs::read(desk.app.data_dir.join("secret.key")).expect("the generated key"),
    );
    let expired = answer_links::signed_path(
        &key,
        &reference,
        Action::Confirm,
        jiff::Timestamp::now() - Duration::from_secs(1),
    );
    let unknown = answer_links::signed_path(
        &key,
        "R-ZZZZZZ",
        Action::Confirm,
        jiff::Timestamp::now() + Duration::from_secs(3600),
    );
    let mut flipped = sig.to_string();
    flipped.replace_range(0..1, if sig.starts_with('A') { "B" } else { "A" });
    let refused = [
        format!("{path}?expires={expires}&sig={flipped}"),
        format!("{path}?expires={later}&sig={sig}"),
        format!("/staff/{reference}/decline?{query}"),
        format!("/staff/{}/confirm?{query}", reference.replace("R-", "R-X")),
        format!("{path}?expires={expires}"),
        path.to_string(),
        format!("{path}?expires=%ZZ&sig={sig}&sig={sig}"),
        expired,
        unknown,
    ];
    let mut bodies = Vec::new();
    for link in &refused {
        let response = desk.app.get(link).await;
        assert_eq!(response.status(), 404, "{link}");
        assert_eq!(header(&response, "referrer-policy"), "no-referrer");
        bodies.push(response.text().await.unwrap());
        let posted = desk.post(link, &[("note", "x")]).await;
        assert_eq!(posted.status(), 404, "POST {link}");
    }
    assert!(
        bodies.windows(2).all(|w| w[0] == w[1]),
        "one page for every refusal: no hint of which part was wrong"
    );
    assert!(bodies[0].contains("<html lang=\"nl\""), "the staff language");
    assert_eq!(desk.app.get(&good).await.status(), 200, "the genuine link still works");
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty(), "nothing was answered");
}

#[actix_web::test]
async fn two_staff_at_once_or_a_second_tap_send_exactly_one_answer() {
    let desk = desk("en").await;
    let reference = desk.book("nl").await;
    let confirm = desk.link(&reference, "confirm").await;
    let decline = desk.link(&reference, "decline").await;
    let (a, b) = tokio::join!(
        desk.post(&confirm, &[("note", "")]),
        desk.post(&decline, &[("reason", "outsideArea"), ("note", "")])
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "one taken, one told it lost");
    let (a, b) = (a.text().await.unwrap(), b.text().await.unwrap());
    let winners = [&a, &b].iter().filter(|page| page.contains("Sent:")).count();
    assert_eq!(winners, 1, "exactly one answer is taken");
    assert!(
        [&a, &b].iter().any(|page| page.contains("Your answer was not sent: the booking changed")
            && page.contains("already been answered")),
        "the other sees that it lost and what was answered"
    );
    desk.mails(3).await;
    let again = desk.post(&confirm, &[("note", "again")]).await;
    assert_eq!(again.status(), 409);
    assert!(again.text().await.unwrap().contains("already been answered"), "a second tap");
    let shown = desk.app.get(&decline).await.text().await.unwrap();
    assert!(
        shown.contains("already been answered") && !shown.contains("<form"),
        "the page shows the answer, not the form"
    );
    desk.app.outbox_idle().await;
    assert_eq!(desk.answers_to_customer().len(), 1, "exactly one customer mail");
    assert_eq!(desk.sink.count(), 3);
}

#[actix_web::test]
async fn an_answer_after_a_restart_still_reaches_the_customer() {
    let mut desk = desk("nl").await;
    let reference = desk.book("de").await;
    let confirm = desk.link(&reference, "confirm").await;
    desk.app = desk.app.restart().await;
    assert_eq!(desk.app.get(&confirm).await.status(), 200, "the link survives the restart");
    let answered = desk.post(&confirm, &[("note", "Bis morgen")]).await;
    assert_eq!(answered.status(), 200);
    desk.mails(3).await;
    let answers = desk.answers_to_customer();
    assert_eq!(answers.len(), 1);
    assert!(
        answers[0].subject.contains("bestätigt") && answers[0].flat.contains("Bis morgen"),
        "{}",
        answers[0].text
    );
}

#[actix_web::test]
async fn a_bad_answer_is_shown_again_with_its_errors_and_sends_nothing() {
    let desk = desk("en").await;
    let reference = desk.book("en").await;
    let propose = desk.link(&reference, "propose").await;
    let past = desk.post(&propose, &[("dateTime", "2020-01-01T10:00"), ("note", "kept text")]).await;
    assert_eq!(past.status(), 400);
    let html = past.text().await.unwrap();
    assert!(html.contains("at least 30 minutes from now"), "validated like the booking form");
    assert!(html.contains("kept text") && html.contains("2020-01-01T10:00"), "the answers are kept");
    let decline = desk.link(&reference, "decline").await;
    let html = desk.post(&decline, &[("reason", "other"), ("note", "")]).await.text().await.unwrap();
    assert!(html.contains("Type the reason for the customer."), "{html}");
    let wrong_type = desk.app.post_json(&decline, &serde_json::json!({"reason": "fullyBooked"})).await;
    assert_eq!(wrong_type.status(), 415);
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty());
}

#[actix_web::test]
async fn the_form_opened_cookie_is_still_recognised_after_a_restart() {
    let config =
        "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[booking]\nmin_fill_seconds = 3600\n";
    let app = spawn_app_with(AppOptions { config_toml: Some(config.into()), ..AppOptions::default() }).await;
    let page = app.get("/reservation").await;
    let cookie = header(&page, "set-cookie").split(';').next().unwrap().to_string();
    let app = app.restart().await;
    let post = |cookie: &str| {
        app.client
            .post(format!("{}/api/reservation/en", app.address))
            .header("Cookie", cookie.to_string())
            .json(&booking())
            .send()
    };
    // Sent within the (long) minimum fill time: refused only if the cookie is recognised as genuine.
    assert_eq!(post(&cookie).await.unwrap().status(), 400, "the key survived the restart");
    let forged = format!("{}x", cookie.trim_end_matches('='));
    assert_eq!(post(&forged).await.unwrap().status(), 200, "an altered cookie tells nothing");
}
