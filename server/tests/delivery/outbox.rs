//! The outbox in one process: Maildir by default, SMTP to a real server on
//! loopback, an outage, a restart over a full queue, retention.
use std::{
    collections::BTreeSet,
    time::{Duration, Instant},
};

use mail_parser::MessageParser;
use taxi_server::types::Lang;

use crate::helpers::{
    booking, contact, count_files, delivered_ids, free_port, mail_rows, mails_in, settings, start,
    stored_reference, submit_contact, wait_for, Received, Sink, TempDir,
};

const LONG: Duration = Duration::from_secs(30);

#[tokio::test]
async fn without_smtp_mail_goes_to_a_maildir() {
    let dir = TempDir::new("maildir");
    let outbox = start(&settings(&dir.path("var"), None, ""));
    assert!(outbox.transport_description().starts_with("Maildir "), "{}", outbox.transport_description());
    outbox.submit_booking(&booking(Lang::Nl)).await.unwrap();
    submit_contact(&outbox, &contact(Lang::De)).await.unwrap();
    wait_for("delivery", LONG, || outbox.stats().depth == 0);
    let new = dir.path("var/maildir/new");
    assert_eq!(count_files(&new), 4);
    assert_eq!(count_files(&dir.path("var/maildir/cur")), 0);
    for file in std::fs::read_dir(&new).unwrap() {
        let raw = std::fs::read(file.unwrap().path()).unwrap();
        assert!(!raw.contains(&b'\r'), "Maildir files use LF");
        let msg = MessageParser::default().parse(&raw).unwrap();
        assert!(msg.subject().is_some() && msg.body_text(0).is_some());
    }
    let stats = outbox.stats();
    assert_eq!(
        (
            stats.depth,
            stats.delivered_since_start,
            stats.delivered_retained,
            stats.oldest_undelivered_age_secs
        ),
        (0, 4, 4, None)
    );
    outbox.shutdown().await;
}

#[tokio::test]
async fn smtp_delivery_to_staff_and_customer() {
    let dir = TempDir::new("smtp");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let outbox = start(&settings(
        &dir.path("var"),
        Some(&sink.url()),
        "[mail]\nstaff_recipients = [\"planning@example.nl\", \"Chauffeur <chauffeur@example.nl>\"]\n",
    ));
    assert_eq!(
        outbox.transport_description(),
        format!(
            "SMTP 127.0.0.1:{}, no TLS, timeouts 15000 ms per command, 600000 ms for the answer to a message",
            sink.port
        )
    );
    outbox.submit_booking(&booking(Lang::En)).await.unwrap();
    wait_for("delivery", LONG, || outbox.stats().depth == 0);
    let received = sink.messages();
    assert_eq!(received.len(), 3);
    // One envelope per staff address, the same message (and Message-ID) in each.
    let staff: Vec<&Received> = received.iter().filter(|m| m.rcpt_to != vec!["zoe@example.nl"]).collect();
    let mut staff_rcpts: Vec<&str> = staff.iter().map(|m| m.rcpt_to[0].as_str()).collect();
    staff_rcpts.sort();
    assert_eq!(staff_rcpts, vec!["chauffeur@example.nl", "planning@example.nl"]);
    assert!(staff.iter().all(|m| m.rcpt_to.len() == 1 && m.message_id == staff[0].message_id));
    let customer = received.iter().find(|m| m.rcpt_to == vec!["zoe@example.nl"]).expect("customer mail");
    let msg = MessageParser::default().parse(&customer.raw).unwrap();
    assert_eq!(msg.subject().unwrap(), "Your booking request R7K3Q9 has been received");
    let calendar = msg.attachments().next().expect("the .ics");
    assert!(String::from_utf8_lossy(calendar.contents())
        .contains("DTSTART;TZID=Europe/Amsterdam:20251124T143000"));
    let got: BTreeSet<String> = received.iter().map(|m| m.message_id.clone()).collect();
    let stored: BTreeSet<String> = delivered_ids(&dir.path("var")).into_iter().collect();
    assert_eq!(got, stored, "the Message-IDs stored are the ones sent");
    assert!(mail_rows(&dir.path("var")).iter().all(|m| !m.has_body), "a delivered mail's body is not kept");
    outbox.shutdown().await;
}

#[tokio::test]
async fn smtp_down_at_first_and_up_later() {
    let dir = TempDir::new("outage");
    let port = free_port();
    let outbox = start(&settings(&dir.path("var"), Some(&format!("smtp://127.0.0.1:{port}")), ""));
    for lang in Lang::ALL {
        // Three bookings: the booking store takes each reference once.
        let mut b = booking(lang);
        b.reference = stored_reference(&format!("R7K3Q9-{}", lang.code()));
        outbox.submit_booking(&b).await.unwrap();
    }
    wait_for("failed attempts", LONG, || outbox.stats().failed_attempts_since_start >= 3);
    let stats = outbox.stats();
    assert_eq!(stats.depth, 6, "{stats:?}");
    assert!(stats.oldest_undelivered_age_secs.is_some());
    assert!(stats.last_error.is_some());
    assert_eq!(stats.delivered_since_start, 0);
    assert_eq!(mails_in(&dir.path("var"), "queued").len(), 6);

    let sink = Sink::start(port, &dir.path("sink"), &[]);
    let up = Instant::now();
    wait_for("delivery after recovery", LONG, || outbox.stats().depth == 0);
    eprintln!("delay from SMTP recovery to the last of 6 mails: {:?}", up.elapsed());
    let ids: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = ids.iter().collect();
    assert_eq!((ids.len(), unique.len()), (6, 6), "each mail exactly once");
    assert_eq!(outbox.stats().oldest_undelivered_age_secs, None);
    outbox.shutdown().await;
}

#[tokio::test]
async fn a_new_outbox_delivers_what_the_old_one_left() {
    let dir = TempDir::new("restart");
    let port = free_port();
    let url = format!("smtp://127.0.0.1:{port}");
    let old = start(&settings(&dir.path("var"), Some(&url), ""));
    for i in 0..3 {
        let mut b = booking(Lang::Nl);
        b.reference = stored_reference(&format!("R{i}"));
        old.submit_booking(&b).await.unwrap();
        submit_contact(&old, &contact(Lang::En)).await.unwrap();
    }
    old.shutdown().await;
    assert!(matches!(
        submit_contact(&old, &contact(Lang::En)).await,
        Err(taxi_server::mail::DeliveryError::ShutDown)
    ));
    assert_eq!(mails_in(&dir.path("var"), "queued").len(), 12);

    let sink = Sink::start(port, &dir.path("sink"), &[]);
    let new = start(&settings(&dir.path("var"), Some(&url), ""));
    assert_eq!(new.stats().depth, 12);
    wait_for("delivery by the new outbox", LONG, || new.stats().depth == 0);
    let ids: BTreeSet<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    assert_eq!(sink.count(), 12);
    assert_eq!(ids.len(), 12);
    new.shutdown().await;
}

#[tokio::test]
async fn one_process_per_store() {
    let dir = TempDir::new("lock");
    let s = settings(&dir.path("var"), None, "");
    let first = start(&s);
    let second = crate::helpers::start_with(&s, taxi_server::mail::RetryPolicy::default());
    assert!(second.err().expect("refused").to_string().contains("held by another process"));
    first.shutdown().await;
    start(&s).shutdown().await;
}

#[tokio::test]
async fn delivered_mail_is_deleted_after_the_retention() {
    let dir = TempDir::new("retention");
    let s = settings(&dir.path("var"), None, "[mail]\nretention_days = 0\n");
    let outbox = crate::helpers::start_sweeping(&s);
    outbox.submit_booking(&booking(Lang::Nl)).await.unwrap();
    wait_for("delivery", LONG, || outbox.stats().delivered_since_start == 2);
    wait_for("the sweep", LONG, || mail_rows(&dir.path("var")).is_empty());
    wait_for("the Maildir sweep", LONG, || count_files(&dir.path("var/maildir/new")) == 0);
    wait_for("stats", LONG, || outbox.stats().delivered_retained == 0);
    // The booking record too, and nothing of it stays readable in SQLite's files
    // (free pages, the write-ahead log).
    let data = dir.path("var");
    wait_for("the store's sweep", LONG, || !store_holds(&data, "zoe@example.nl"));
    assert!(!store_holds(&data, "Stationsplein"), "the pick-up address is gone too");
    outbox.shutdown().await;

    // With the default 30 days they stay, and so does a booking received now
    // for a ride to come (the fixture's ride and request are a year old).
    let dir = TempDir::new("retention-kept");
    let outbox = start(&settings(&dir.path("var"), None, ""));
    let upcoming = taxi_server::bookings::model::Booking {
        pickup_at: "2099-01-01T10:00".parse().unwrap(),
        received_at: jiff::Timestamp::now(),
        ..booking(Lang::Nl)
    };
    outbox.submit_booking(&upcoming).await.unwrap();
    wait_for("delivery", LONG, || outbox.stats().delivered_since_start == 2);
    outbox.shutdown().await;
    assert_eq!(mails_in(&dir.path("var"), "delivered").len(), 2);
    assert_eq!(count_files(&dir.path("var/maildir/new")), 2);
    assert!(
        store_holds(&dir.path("var"), "zoe@example.nl"),
        "the check above can fail: a kept booking is found"
    );
}

/// Whether the bytes of the store's files (database, write-ahead log) contain `needle`.
fn store_holds(data: &std::path::Path, needle: &str) -> bool {
    std::fs::read_dir(data)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_string_lossy().starts_with(taxi_server::store::FILE_NAME))
        .any(|path| std::fs::read(path).unwrap().windows(needle.len()).any(|w| w == needle.as_bytes()))
}

#[tokio::test]
async fn store_and_maildir_are_private_to_the_service_user() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("private");
    let outbox = start(&settings(&dir.path("var"), None, ""));
    outbox.submit_booking(&booking(Lang::Nl)).await.unwrap();
    wait_for("delivery", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for sub in ["", "maildir", "maildir/new"] {
        assert_eq!(mode(&dir.path("var").join(sub)), 0o700, "{sub}");
    }
    for file in std::fs::read_dir(dir.path("var/maildir/new")).unwrap() {
        assert_eq!(mode(&file.unwrap().path()), 0o600, "maildir/new");
    }
    let store_files: Vec<_> = std::fs::read_dir(dir.path("var"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("store."))
        .collect();
    assert!(store_files.len() >= 2, "the store and its lock: {store_files:?}");
    for file in store_files {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
}

#[test]
fn a_store_made_before_the_fingerprint_column_gets_it_and_keeps_its_bookings() {
    let dir = TempDir::new("store-upgrade");
    let data = dir.path("var");
    std::fs::create_dir_all(&data).unwrap();
    let old = rusqlite::Connection::open(data.join("bookings.sqlite3")).unwrap();
    old.execute_batch(
        "CREATE TABLE bookings (reference TEXT PRIMARY KEY, status TEXT NOT NULL, pickup_at INTEGER NOT NULL,
         created_at INTEGER NOT NULL, answered_at INTEGER, sequence INTEGER NOT NULL, calendar_uid TEXT NOT NULL,
         booking TEXT NOT NULL, answer TEXT);
         INSERT INTO bookings VALUES ('R-OLD001', 'requested', 0, 0, NULL, 0, 'uid', '{}', NULL);",
    )
    .unwrap();
    drop(old);
    let open = |data: &std::path::Path| {
        let store = taxi_server::store::Store::open(data)
            .map(std::sync::Arc::new)
            .expect("the older store is adopted");
        taxi_server::bookings::store::BookingStore::open(store).expect("an older store opens")
    };
    let store = open(&data);
    assert_eq!(
        store.repeat_of(42, jiff::Timestamp::UNIX_EPOCH).unwrap(),
        None,
        "old rows have no fingerprint"
    );
    drop(store);
    assert!(!data.join("bookings.sqlite3").exists(), "taken over as the one store");
    let reopened = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
    let rows: i64 = reopened.query_row("SELECT count(*) FROM bookings", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 1, "the old booking is still there");
    // Opening again does not add the column twice.
    drop(reopened);
    open(&data);
}
