//! The four mails in three languages, decoded from the raw MIME message and
//! compared with `tests/golden/*.txt`. `UPDATE_GOLDEN=1` rewrites the files.
use std::path::Path;

use mail_parser::{MessageParser, MimeHeaders};
use taxi_server::{mail::message::OutgoingMail, types::Lang};

use crate::helpers::{booking, composer, contact, contact_mails};

/// Headers, text body and attachments of a mail, as a reader would see them.
pub fn describe(mail: &OutgoingMail) -> String {
    let msg = MessageParser::default().parse(&mail.raw).expect("parsable message");
    let mut out = String::new();
    let addresses = |a: Option<&mail_parser::Address>| -> String {
        a.map(|a| {
            a.iter()
                .map(|m| match m.name() {
                    Some(n) => format!("{n} <{}>", m.address().unwrap_or("")),
                    None => m.address().unwrap_or("").to_string(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
    };
    out.push_str(&format!("Subject: {}\n", msg.subject().unwrap_or("")));
    out.push_str(&format!("From: {}\n", addresses(msg.from())));
    out.push_str(&format!("To: {}\n", addresses(msg.to())));
    if msg.reply_to().is_some() {
        out.push_str(&format!("Reply-To: {}\n", addresses(msg.reply_to())));
    }
    out.push_str(&format!("Message-ID: <{}>\n", msg.message_id().unwrap_or("")));
    out.push_str(&format!("Date: {}\n", msg.date().map(|d| d.to_rfc3339()).unwrap_or_default()));
    for name in ["Content-Language", "Auto-Submitted"] {
        if let Some(v) = msg.header_raw(name) {
            out.push_str(&format!("{name}: {}\n", v.trim()));
        }
    }
    out.push_str(&format!("Envelope: {} -> {}\n", mail.envelope_from, mail.recipients.join(", ")));
    out.push('\n');
    out.push_str(&msg.body_text(0).expect("a text part"));
    for attachment in msg.attachments() {
        out.push_str(&format!(
            "\n----- attachment {} ({}) -----\n",
            attachment.attachment_name().unwrap_or("?"),
            attachment
                .content_type()
                .map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or("")))
                .unwrap_or_default()
        ));
        out.push_str(&String::from_utf8_lossy(attachment.contents()).replace("\r\n", "\n"));
    }
    out
}

/// The value of a `Label:   value` line of a plain-text mail.
fn field<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    text.lines().find_map(|l| l.strip_prefix(label)?.strip_prefix(':').map(str::trim))
}

pub(crate) fn check(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with UPDATE_GOLDEN=1", path.display()));
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from {} at line {}:\n  golden: {:?}\n  actual: {:?}\n(run with UPDATE_GOLDEN=1 to accept)\n--- actual ---\n{actual}",
            path.display(),
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first)
        );
    }
}

#[test]
fn booking_mails_in_three_languages() {
    for lang in Lang::ALL {
        let mails = composer(lang).booking(&booking(lang), "golden").unwrap();
        assert_eq!(mails.len(), 2);
        check(&format!("booking-staff-{lang}"), &describe(&mails[0]));
        check(&format!("booking-customer-{lang}"), &describe(&mails[1]));
    }
}

/// Staff's three answers, one per language: the customer's mail and its calendar update.
#[test]
fn answer_mails_in_three_languages() {
    use taxi_server::bookings::{
        answer::{Action, Answer, DeclineReason, Status},
        record::Record,
    };
    let answers = [
        (Lang::Nl, Action::Confirm, "De chauffeur belt bij aankomst.", None, None),
        (Lang::De, Action::Propose, "", Some("2025-11-24T16:00".parse().unwrap()), None),
        (Lang::En, Action::Decline, "", None, Some(DeclineReason::NoSuitableVehicle)),
    ];
    for (lang, action, note, proposed_pickup_at, reason) in answers {
        let record = Record {
            booking: booking(lang),
            status: Status::Requested,
            sequence: 0,
            calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
            answer: None,
            customer_step: None,
            reminders_sent: Vec::new(),
        };
        let answer = Answer {
            action,
            note: note.into(),
            proposed_pickup_at,
            reason,
            answered_at: "2025-11-20T09:40:00Z".parse().unwrap(),
        };
        let mail =
            composer(Lang::Nl).answer(&record, &answer, "golden").unwrap().expect("a mail to the customer");
        check(&format!("answer-{}-{lang}", action.code()), &describe(&mail));
    }
}

#[test]
fn customer_step_mails_in_three_languages() {
    use taxi_server::bookings::{
        answer::{Action, Answer, Status},
        customer_step::{Asked, CustomerAction, CustomerStep},
        record::Record,
    };
    let proposed: taxi_server::types::Pickup = "2025-11-24T16:00".parse().unwrap();
    // Every step in every language; staff read theirs in the booking's language here
    // (it is `mail.staff_language` in the settings: any of the three).
    let steps = CustomerAction::ALL.into_iter().flat_map(|action| Lang::ALL.map(|lang| (lang, action)));
    for (lang, action) in steps {
        let note = if action == CustomerAction::Accept { "" } else { "Flug gestrichen / flight cancelled" };
        // Both rides of the round trip moved: the mails and calendars name both new times.
        let asked = (action == CustomerAction::Ask).then(|| Asked {
            pickup: "2025-11-24T18:30".parse().unwrap(),
            back: Some("2025-11-29T10:15".parse().unwrap()),
        });
        let answer = Answer {
            action: Action::Propose,
            note: String::new(),
            proposed_pickup_at: Some(proposed),
            reason: None,
            answered_at: "2025-11-20T09:40:00Z".parse().unwrap(),
        };
        let record = Record {
            booking: booking(lang),
            status: Status::Rescheduled,
            sequence: 1,
            calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
            answer: Some(answer),
            customer_step: None,
            reminders_sent: Vec::new(),
        };
        let at = "2025-11-20T10:05:00Z".parse().unwrap();
        let step =
            CustomerStep::on(&record, action, note.into(), asked, at).expect("allowed when rescheduled");
        let mails = composer(lang).customer_step(&record, &step, "golden").unwrap();
        assert_eq!(mails.len(), 2, "staff and customer");
        check(&format!("step-{}-{lang}-staff", action.code()), &describe(&mails[0]));
        check(&format!("step-{}-{lang}-customer", action.code()), &describe(&mails[1]));
    }
}

#[test]
fn reminder_mails_in_three_languages() {
    use taxi_server::bookings::{answer::Status, record::Record, reminder::Reminder};
    // Every reminder in every language (staff ones in that staff language).
    let cases = Reminder::ALL.into_iter().flat_map(|reminder| Lang::ALL.map(|lang| (lang, reminder)));
    for (lang, reminder) in cases {
        let staff_lang = lang;
        let status =
            if reminder == Reminder::CustomerBeforeRide { Status::Confirmed } else { Status::Requested };
        let record = Record {
            booking: booking(lang),
            status,
            sequence: 1,
            calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
            answer: None,
            customer_step: None,
            reminders_sent: Vec::new(),
        };
        let at = "2025-11-23T18:00:00Z".parse().unwrap();
        let mails = composer(staff_lang).reminder(&record, reminder, "golden", at).unwrap();
        assert_eq!(mails.len(), 1);
        let who = if reminder.to_customer() { lang } else { staff_lang };
        check(&format!("reminder-{}-{who}", reminder.code()), &describe(&mails[0]));
    }
}

#[test]
fn contact_mails_in_three_languages() {
    for lang in Lang::ALL {
        let mails = contact_mails(lang).contact(&contact(lang), "golden").unwrap();
        assert_eq!(mails.len(), 2);
        check(&format!("contact-staff-{lang}"), &describe(&mails[0]));
        check(&format!("contact-ack-{lang}"), &describe(&mails[1]));
    }
}

#[test]
fn staff_subject_has_date_time_route_price_and_what_changes_the_dispatch() {
    let plain = |lang| {
        let mut b = booking(lang);
        b.extras = Default::default();
        b
    };
    let mails = composer(Lang::Nl).booking(&plain(Lang::En), "x").unwrap();
    assert_eq!(mails[0].subject, "Rit 24-11 14:30 Roermond → Schiphol € 230,00");
    let mails = composer(Lang::De).booking(&plain(Lang::Nl), "x").unwrap();
    assert_eq!(mails[0].subject, "Fahrt 24.11. 14:30 Roermond → Schiphol 230,00 €");
    let mails = composer(Lang::En).booking(&plain(Lang::De), "x").unwrap();
    assert_eq!(mails[0].subject, "Ride 24/11 14:30 Roermond → Schiphol € 230.00");

    // Five passengers on a flight, booked two hours before the pick-up.
    let mut b = booking(Lang::Nl);
    b.passengers = 5;
    b.extras.large_vehicle = true;
    b.extras.flight_number = Some("KL1234".into());
    b.received_at = "2025-11-24T11:30:00Z".parse().unwrap();
    let mails = composer(Lang::En).booking(&b, "x").unwrap();
    assert_eq!(
        mails[0].subject,
        "URGENT · Ride 24/11 14:30 Roermond → Schiphol € 230.00 · large vehicle · remarks · flight KL1234 · with return"
    );
    let first_lines: Vec<&str> = mails[0].text.lines().skip(3).take(10).filter(|l| !l.is_empty()).collect();
    assert_eq!(
        first_lines[..3],
        [
            "! URGENT: pick-up within 3 hours of the request.",
            "! 5 passengers: send a larger vehicle (taxi van).",
            "! Remarks: Two suitcases and a child seat (age 3). Please ring twice.",
        ],
        "{}",
        mails[0].text
    );
    // Above the answer buttons.
    let confirm = mails[0].text.find("/confirm?").unwrap();
    assert!(mails[0].text.find("! URGENT").unwrap() < confirm);
}

#[test]
fn without_a_price_the_mails_say_so() {
    let mut b = booking(Lang::De);
    b.price = None;
    let mails = composer(Lang::Nl).booking(&b, "x").unwrap();
    assert_eq!(
        mails[0].subject,
        "Rit 24-11 14:30 Roermond → Schiphol Geen prijsindicatie · opmerkingen · met terugrit"
    );
    assert_eq!(field(&mails[0].text, "Prijsindicatie"), Some("Geen prijsindicatie"), "{}", mails[0].text);
    assert!(mails[1].text.contains("Keine Preisauskunft"), "{}", mails[1].text);
    assert!(!mails[1].text.contains("endgültige Preis"), "no price note without a price");
    // One hour in the calendar when the ride's duration is unknown.
    assert!(mails[0].ics.as_ref().unwrap().contains("DTEND;TZID=Europe/Amsterdam:20251124T153000"));
}

#[test]
fn staff_links_call_whatsapp_and_route() {
    let mails = composer(Lang::Nl).booking(&booking(Lang::Nl), "x").unwrap();
    let html = String::from_utf8(mails[0].raw.clone()).unwrap();
    let msg = MessageParser::default().parse(html.as_bytes()).unwrap();
    // askama writes `&` as `&#38;`.
    let html = msg.body_html(0).unwrap().replace("&#38;", "&");
    assert!(html.contains(r#"href="tel:+31612345678""#), "{html}");
    assert!(html.contains(r#"href="https://wa.me/31612345678""#));
    assert!(html.contains(
        "https://www.google.com/maps/dir/?api=1&origin=Stationsplein%201%2C%206041%20GV%20Roermond%2C%20Nederland&destination=Evert%20van%20de%20Beekstraat%20202%2C%201118%20CP%20Schiphol%2C%20Nederland&destination_place_id=ChIJLRb94DThxUcRiPHO8YMV1cc&travelmode=driving"
    ), "the gazetteer id of the origin is left out, Google's id of the destination is passed: {html}");
    assert!(html.contains(r#"<html lang="nl">"#));

    let mut b = booking(Lang::Nl);
    // An older record kept the number as typed: it cannot be normalised as Dutch.
    b.phone = Some(serde_json::from_value(serde_json::json!("0151 2345678")).unwrap());
    let text = &composer(Lang::Nl).booking(&b, "x").unwrap()[0].text;
    assert!(
        text.contains("tel:01512345678") && !text.contains("wa.me"),
        "no WhatsApp link for a number that cannot be normalised: {text}"
    );
    b.phone = None;
    let text = &composer(Lang::Nl).booking(&b, "x").unwrap()[0].text;
    assert!(!text.contains("tel:"), "{text}");
    assert_eq!(field(text, "Telefoon"), Some("Niet opgegeven"));
}

#[test]
fn html_escapes_visitor_text() {
    let mut c = contact(Lang::En);
    c.name = "<script>alert(1)</script>".into();
    c.message = "<b>bold</b> & \"quoted\"".into();
    let mails = contact_mails(Lang::En).contact(&c, "x").unwrap();
    let msg = MessageParser::default().parse(&mails[0].raw).unwrap();
    let html = msg.body_html(0).unwrap();
    assert!(!html.contains("<script>") && !html.contains("<b>bold"), "{html}");
    assert!(html.contains("&#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34;"), "{html}");
    assert!(html.contains("Call &#60;script&#62;"), "{html}");
}

#[test]
fn a_night_request_for_an_early_ride_tells_both_sides() {
    // Received at 23:30 local time for 05:00: answers come from 06:00, within 30 minutes.
    let mut b = booking(Lang::En);
    b.received_at = "2025-11-23T22:30:00Z".parse().unwrap();
    b.pickup_at = "2025-11-24T05:00".parse().unwrap();
    let mails = composer(Lang::Nl).booking(&b, "x").unwrap();
    assert!(mails[0].subject.starts_with("SPOED · "), "{}", mails[0].subject);
    assert!(mails[0].text.contains("! SPOED: ophalen vóór 06:30"), "{}", mails[0].text);
    let customer = mails[1].text.replace('\n', " ");
    assert!(
        customer.contains("! Please note: your ride starts before the time by which we answer by e-mail at the latest (Monday 24 November 2025 at 06:30). Call us on"),
        "{customer}"
    );
    // A ride after the promised answer carries no such line.
    b.pickup_at = "2025-11-24T09:00".parse().unwrap();
    let mails = composer(Lang::Nl).booking(&b, "x").unwrap();
    assert!(!mails[0].subject.contains("SPOED"), "{}", mails[0].subject);
    assert!(!mails[1].text.contains("starts before"), "{}", mails[1].text);
}

#[test]
fn another_time_asked_at_night_for_early_next_morning_tells_both_sides() {
    use taxi_server::bookings::{
        answer::Status,
        customer_step::{Asked, CustomerAction, CustomerStep},
        record::Record,
    };
    // Booked days ahead for 14:30; at 23:30 local time the customer asks for 05:00 the next
    // morning: answers come from 06:00, within 30 minutes, after that ride.
    let record = |pickup: &str| {
        let mut booking = booking(Lang::En);
        booking.pickup_at = pickup.parse().unwrap();
        Record {
            booking,
            status: Status::Confirmed,
            sequence: 1,
            calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
            answer: None,
            customer_step: None,
            reminders_sent: Vec::new(),
        }
    };
    let at = "2025-11-20T22:30:00Z".parse().unwrap();
    let ask = |r: &Record, pickup: &str| {
        let asked = Asked { pickup: pickup.parse().unwrap(), back: None };
        let step = CustomerStep::on(r, CustomerAction::Ask, String::new(), Some(asked), at).expect("allowed");
        composer(Lang::Nl).customer_step(r, &step, "x").unwrap()
    };
    let r = record("2025-11-24T14:30");
    let mails = ask(&r, "2025-11-21T05:00");
    assert!(mails[0].subject.starts_with("SPOED · "), "{}", mails[0].subject);
    let customer = mails[1].text.replace('\n', " ");
    assert!(
        customer.contains("! Please note: your ride starts before the time by which we answer"),
        "{customer}"
    );
    // Asked for later that morning: no such line.
    let mails = ask(&r, "2025-11-21T09:00");
    assert!(!mails[0].subject.contains("SPOED"), "{}", mails[0].subject);
    assert!(!mails[1].text.contains("starts before"), "{}", mails[1].text);
}
