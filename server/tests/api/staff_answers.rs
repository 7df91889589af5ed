//! Staff answer a booking from their mail: booking over HTTP, the staff mail
//! read from a real SMTP server, its signed link opened and posted, and the
//! customer's answer mail (with its calendar update) read back from the sink.
use std::time::Duration;

use mail_parser::MessageParser;
use serde_json::Value;
use taxi_server::{
    booking::{answer::Action, answer_links},
    secret::SecretKey,
};

use crate::{
    booking::booking,
    helpers::{form_encode, header, spawn_app_with, AppOptions, TempDir, TestApp},
    smtp::{free_port, Received, Sink},
};

const CUSTOMER: &str = "jan@example.nl";

pub(crate) struct Desk {
    pub(crate) app: TestApp,
    pub(crate) sink: Sink,
    _sink_dir: TempDir,
}

/// A mail as read: recipients, Message-ID, headers, text part and calendar.
pub(crate) struct Mail {
    pub(crate) to: Vec<String>,
    pub(crate) message_id: String,
    pub(crate) subject: String,
    language: String,
    pub(crate) text: String,
    /// The text part with its line wrapping undone.
    pub(crate) flat: String,
    pub(crate) ics: String,
}

fn read(m: &Received) -> Mail {
    let msg = MessageParser::default().parse(&m.raw).expect("a parsable mail");
    let text = msg.body_text(0).unwrap_or_default().to_string();
    let ics = msg
        .attachments()
        .next()
        .map(|a| String::from_utf8_lossy(a.contents()).replace("\r\n ", ""))
        .unwrap_or_default();
    Mail {
        to: m.rcpt_to.clone(),
        message_id: m.message_id.clone(),
        subject: msg.subject().unwrap_or("").to_string(),
        language: msg.header_raw("Content-Language").unwrap_or("").trim().to_string(),
        flat: text.split_whitespace().collect::<Vec<_>>().join(" "),
        text,
        ics,
    }
}

pub(crate) async fn desk(staff_language: &str) -> Desk {
    desk_with(staff_language, "").await
}

/// A desk whose settings file also holds `more` (TOML sections).
pub(crate) async fn desk_with(staff_language: &str, more: &str) -> Desk {
    let sink_dir = TempDir::new();
    let sink = Sink::start(free_port(), &sink_dir.0, &[]);
    let url: &'static str = Box::leak(sink.url().into_boxed_str());
    let config = format!("[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[mail]\nstaff_language = \"{staff_language}\"\n{more}");
    let app = spawn_app_with(AppOptions {
        config_toml: Some(config),
        smtp_url: Some(url),
        ..AppOptions::default()
    })
    .await;
    Desk { app, sink, _sink_dir: sink_dir }
}

impl Desk {
    /// Stopped, `between` run on the data directory, and started again (same settings file).
    pub(crate) async fn restart_after(self, between: impl FnOnce(&std::path::Path)) -> Desk {
        Desk { app: self.app.restart_after(between).await, sink: self.sink, _sink_dir: self._sink_dir }
    }

    /// Books a ride in `lang`; returns its reference.
    pub(crate) async fn book(&self, lang: &str) -> String {
        let response = self.app.post_json(&format!("/api/reservation/{lang}"), &booking()).await;
        assert_eq!(response.status(), 200);
        let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
        let at = message.find("R-").expect("a reference in the confirmation");
        message[at..at + 8].to_string()
    }

    /// The sink's mails once it has at least `count`, waiting up to 10 s.
    pub(crate) async fn mails(&self, count: usize) -> Vec<Mail> {
        for _ in 0..100 {
            if self.sink.count() >= count {
                return self.sink.messages().iter().map(read).collect();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the SMTP sink has fewer than {count} mails");
    }

    /// Every mail the sink holds now.
    pub(crate) fn all_mails(&self) -> Vec<Mail> {
        self.sink.messages().iter().map(read).collect()
    }

    pub(crate) fn answers_to_customer(&self) -> Vec<Mail> {
        self.sink
            .messages()
            .iter()
            .map(read)
            .filter(|m| m.to == [CUSTOMER] && m.message_id.contains(".customer-answer."))
            .collect()
    }

    /// Path and query of the staff mail's button for `action`.
    pub(crate) async fn link(&self, reference: &str, action: &str) -> String {
        let mails = self.mails(2).await;
        let staff = mails
            .iter()
            .find(|m| m.to == ["planning@taxiroermond.example"] && m.text.contains(reference))
            .expect("the staff mail");
        let start = format!("https://www.taxiroermond.example/staff/{reference}/{action}?");
        let line = staff
            .text
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("no {action} link in\n{}", staff.text));
        line.trim_start_matches("https://www.taxiroermond.example").to_string()
    }

    pub(crate) async fn post(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={}", form_encode(v))).collect();
        self.app.post_raw(path, "application/x-www-form-urlencoded", body.join("&")).await
    }
}

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
    assert_eq!((a.status(), b.status()), (reqwest::StatusCode::OK, reqwest::StatusCode::OK));
    let (a, b) = (a.text().await.unwrap(), b.text().await.unwrap());
    let winners = [&a, &b].iter().filter(|page| page.contains("Sent:")).count();
    assert_eq!(winners, 1, "exactly one answer is taken");
    assert!(
        [&a, &b].iter().any(|page| page.contains("already been answered")),
        "the other sees what was answered"
    );
    desk.mails(3).await;
    let again = desk.post(&confirm, &[("note", "again")]).await;
    assert_eq!(again.status(), 200);
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
