//! A data directory written by the release before the one store: its booking
//! store (`bookings.sqlite3`) and its file spool (`spool/queue`, `sending`,
//! `done`, `failed`, each mail a JSON file carrying the change it announced)
//! are taken over at the first start: every queued mail is sent once, nothing
//! is sent twice, a change the old release had not committed is recorded,
//! and the old spool is moved aside.
use std::{collections::BTreeMap, path::Path, time::Duration};

use serde_json::{json, Value};
use taxi_server::{
    bookings::model::Booking,
    mail::{nonce, OutgoingMail},
    types::Lang,
};

use crate::helpers::{booking_to, composer, mails_in, settings, start, wait_for, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);

/// The booking store as the earlier release left it, with `booking` requested.
fn old_store(data: &Path, booking: &Booking) {
    let old = rusqlite::Connection::open(data.join("bookings.sqlite3")).unwrap();
    old.execute_batch(
        "PRAGMA journal_mode = WAL;
         CREATE TABLE bookings (reference TEXT PRIMARY KEY, status TEXT NOT NULL, pickup_at INTEGER NOT NULL,
         created_at INTEGER NOT NULL, answered_at INTEGER, sequence INTEGER NOT NULL, calendar_uid TEXT NOT NULL,
         booking TEXT NOT NULL, answer TEXT, fingerprint INTEGER, customer_step TEXT, reminders TEXT);",
    )
    .unwrap();
    old.execute(
        "INSERT INTO bookings (reference, status, pickup_at, created_at, sequence, calendar_uid, booking)
         VALUES (?1, 'requested', 4070941200, ?2, 0, 'uid-a', ?3)",
        rusqlite::params![
            booking.reference.as_str(),
            booking.received_at.as_second(),
            serde_json::to_string(booking).unwrap()
        ],
    )
    .unwrap();
}

/// Writes `mail` as the earlier release's spool files in `dir`, one per recipient; returns their names.
fn spool_files(data: &Path, dir: &str, mail: &OutgoingMail, change: Option<Value>) -> Vec<String> {
    let dir = data.join("spool").join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let base = format!("{:013}-{}-{}", jiff::Timestamp::now().as_millisecond(), nonce(), mail.kind.code());
    mail.recipients
        .iter()
        .enumerate()
        .map(|(n, recipient)| {
            let id = if n == 0 { base.clone() } else { format!("{base}-{}", n + 1) };
            let mut entry = json!({
                "id": id, "kind": camel(mail.kind.code()), "reference": mail.reference, "messageId": mail.message_id,
                "envelopeFrom": mail.envelope_from, "recipients": [recipient],
                "createdAt": jiff::Timestamp::now(), "attempts": 2, "lastError": "421 try later",
                "raw": String::from_utf8_lossy(&mail.raw),
            });
            if let Some(change) = &change {
                entry["commitment"] = json!({ "keeper": "bookings", "change": change });
            }
            std::fs::write(dir.join(format!("{id}.json")), serde_json::to_vec(&entry).unwrap()).unwrap();
            id
        })
        .collect()
}

/// A booking received now for a ride to come: within its retention.
fn fresh(reference: &str, email: &str) -> Booking {
    Booking {
        received_at: jiff::Timestamp::now(),
        pickup_at: "2099-01-01T10:00".parse().unwrap(),
        ..booking_to(reference, email)
    }
}

/// `staff-booking` as the earlier release wrote it: `staffBooking`.
fn camel(code: &str) -> String {
    let mut parts = code.split('-');
    let first = parts.next().unwrap_or_default().to_string();
    parts.fold(first, |word, part| word + &part[..1].to_uppercase() + &part[1..])
}

fn booked(booking: &Booking) -> Value {
    json!({ "change": "booked", "booking": booking, "calendarUid": "uid", "fingerprint": null })
}

#[tokio::test]
async fn the_previous_releases_store_and_spool_are_taken_over_and_every_mail_goes_once() {
    let dir = TempDir::new("upgrade");
    let data = dir.path("var");
    std::fs::create_dir_all(&data).unwrap();
    let compose = composer(Lang::Nl);
    let mails = |b: &Booking| compose.booking(b, &nonce()).unwrap();
    let (a, b, c, d, e) = (
        fresh("OLD-A", "a@example.nl"),
        fresh("OLD-B", "b@example.nl"),
        fresh("OLD-C", "c@example.nl"),
        fresh("OLD-D", "d@example.nl"),
        fresh("OLD-E", "e@example.nl"),
    );
    old_store(&data, &a);
    // A: stored and queued. B: queued, its commit lost in a crash of the old release.
    let [a_staff, a_customer] = <[OutgoingMail; 2]>::try_from(mails(&a)).unwrap();
    spool_files(&data, "queue", &a_staff, Some(booked(&a)));
    spool_files(&data, "queue", &a_customer, Some(booked(&a)));
    for mail in mails(&b) {
        spool_files(&data, "queue", &mail, Some(booked(&b)));
    }
    // C's staff mail was in flight at the last stop; D's was too, but had been delivered.
    let c_staff = mails(&c).remove(0);
    spool_files(&data, "sending", &c_staff, None);
    let d_staff = mails(&d).remove(0);
    for name in spool_files(&data, "done", &d_staff, None) {
        std::fs::copy(data.join("spool/done").join(format!("{name}.json")), {
            std::fs::create_dir_all(data.join("spool/sending")).unwrap();
            data.join("spool/sending").join(format!("{name}.json"))
        })
        .unwrap();
    }
    // E's mail was given up; and a customer mail of an answer the store contradicts.
    spool_files(&data, "failed", &mails(&e).remove(0), None);
    let contradicted = json!({ "change": "answered", "reference": "OLD-A", "sequence": 7, "answer": {
        "action": "confirm", "note": "", "answeredAt": jiff::Timestamp::now() } });
    spool_files(&data, "queue", &mails(&a).remove(1), Some(contradicted));

    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let outbox = start(&settings(&data, Some(&sink.url()), ""));
    let taken = outbox.taken_over_at_start().expect("the spool was taken over");
    assert_eq!((taken.queued, taken.contradicted, taken.unreadable), (5, 1, 0), "{taken:?}");
    wait_for("delivery", LONG, || outbox.stats().depth == 0);
    for (reference, status) in [("OLD-A", "requested"), ("OLD-B", "requested"), ("OLD-C", "none")] {
        let record = outbox.record(reference).await.unwrap();
        assert_eq!(record.map_or("none".into(), |r| r.status.code().to_string()), status, "{reference}");
    }
    outbox.shutdown().await;

    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for m in sink.messages() {
        *seen.entry(m.message_id).or_default() += 1;
    }
    let expected: BTreeMap<String, usize> =
        [&a_staff, &a_customer, &c_staff].into_iter().map(|m| (m.message_id.clone(), 1)).collect();
    for (id, times) in &expected {
        assert_eq!(seen.get(id), Some(times), "{id} once: {seen:?}");
    }
    assert_eq!(seen.values().sum::<usize>(), 5, "A's two, B's two, C's one, nothing else: {seen:?}");
    assert!(!seen.contains_key(&d_staff.message_id), "delivered before the upgrade: not sent again");
    assert!(!data.join("spool").exists() && !data.join("bookings.sqlite3").exists());
    let aside = std::fs::read_dir(&data).unwrap().filter_map(Result::ok);
    assert_eq!(aside.filter(|e| e.file_name().to_string_lossy().starts_with("spool.taken-over-")).count(), 1);
    assert_eq!(mails_in(&data, "failed").len(), 1, "E's record kept");

    // The next start takes nothing over and sends nothing again.
    let again = start(&settings(&data, Some(&sink.url()), ""));
    assert!(again.taken_over_at_start().is_none());
    assert_eq!(again.stats().depth, 0);
    again.shutdown().await;
    assert_eq!(sink.count(), 5);

    // As after a crash between the commit and moving the folder aside: the
    // spool is there again, and taking it over once more adds nothing.
    let aside = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("spool.taken-over-"))
        .unwrap();
    std::fs::rename(&aside, data.join("spool")).unwrap();
    let retaken = start(&settings(&data, Some(&sink.url()), ""));
    assert_eq!(retaken.taken_over_at_start().map(|t| t.queued), Some(0), "nothing taken twice");
    assert_eq!(retaken.stats().depth, 0);
    retaken.shutdown().await;
    assert_eq!(sink.count(), 5, "nothing sent twice");
}
