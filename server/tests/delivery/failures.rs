//! A mail server that misbehaves the way real ones do (`tests/smtp_sink.py`):
//! refused recipients (450, 550, 552), a hang or a dropped connection in the
//! middle of a mail, a server that hangs or answers 421. Each failure must stay
//! with its mail: an unrelated booking's staff mail arrives while the failing
//! one is still being tried. No limit on elapsed time decides a test here (the
//! delays are printed as figures); generous waits only keep a hang from
//! blocking the run.
use std::time::{Duration, Instant};

use crate::helpers::Started;
use mail_parser::MessageParser;

use crate::helpers::{
    booking_to, free_port, mail_rows, mails_in, received_for, settings, start, wait_for, MailRow, Sink,
    TempDir,
};

const LONG: Duration = Duration::from_secs(30);
const STAFF: &str = "planning@example.nl";

fn toml(extra: &str) -> String {
    format!("[mail]\nstaff_recipients = [\"{STAFF}\"]\nsmtp_timeout_ms = 500\nsmtp_data_end_timeout_ms = 1000\nunknown_outcome_first_retry_ms = 100\n{extra}")
}

/// Submits an unrelated booking; returns how long until its staff mail arrived.
async fn unrelated_delay(outbox: &Started, sink: &Sink, reference: &str) -> Duration {
    let start = Instant::now();
    outbox.submit_booking(&booking_to(reference, "zoe@example.nl")).await.unwrap();
    wait_for("the unrelated staff mail", LONG, || {
        received_for(sink, STAFF, &format!("<{reference}.staff-booking.")) == 1
    });
    start.elapsed()
}

/// The text of the notice staff received about `reference`.
fn notice_text(sink: &Sink, to: &str, reference: &str) -> String {
    let notices: Vec<_> = sink
        .messages()
        .into_iter()
        .filter(|m| m.rcpt_to == [to] && m.message_id.starts_with(&format!("<{reference}.failure-notice.")))
        .collect();
    assert_eq!(notices.len(), 1, "one notice about {reference} to {to}");
    let msg = MessageParser::default().parse(&notices[0].raw).unwrap();
    format!("{}\n{}", msg.subject().unwrap_or(""), msg.body_text(0).unwrap())
}

/// The value of `taxi_mail_events_total{event=...}` in the process-wide metrics.
fn mail_events(event: &str) -> u64 {
    let text = taxi_server::telemetry::metrics::encode(taxi_server::telemetry::metrics::Gauges {
        render_queue_depth: 0,
        spool_depth: 0,
        oldest_undelivered_seconds: None,
    });
    let prefix = format!("taxi_mail_events_total{{event=\"{event}\"}} ");
    text.lines().find_map(|l| l.strip_prefix(&prefix)).map_or(0, |v| v.trim().parse().unwrap())
}

/// The one mail given up in the store of `data`.
fn failed_mail(data: &std::path::Path) -> MailRow {
    let failed = mails_in(data, "failed");
    assert_eq!(failed.len(), 1, "{failed:?}");
    failed.into_iter().next().unwrap()
}

#[tokio::test]
async fn a_recipient_the_server_refuses_delays_and_drops_no_other_mail() {
    // (word in the customer's address, attempts before it is given up (0: more than
    // one, until give_up_after_seconds), a word of the server's answer, the notice's
    // first words). A message without an answer to its end may have arrived: it is
    // sent again only twice (`unknown_outcome.rs`).
    let kinds = [
        ("rcpt450", 0, "450", "Niet bezorgd"),
        ("rcpt550", 1, "550", "Niet bezorgd"),
        ("rcpt552", 1, "552", "Niet bezorgd"),
        ("data552", 1, "552", "Niet bezorgd"),
        ("hangdata", 3, "no answer within 1 s", "Misschien niet bezorgd"),
        ("dropdata", 3, "without an answer", "Misschien niet bezorgd"),
    ];
    let mut report = Vec::new();
    for (word, tries, answer, heading) in kinds {
        let dir = TempDir::new(word);
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), &[]);
        let outbox = start(&settings(&data, Some(&sink.url()), &toml("give_up_after_seconds = 3\n")));
        let bad = format!("{word}-zoe@example.nl");
        outbox.submit_booking(&booking_to("BAD1", &bad)).await.unwrap();
        wait_for("the bad booking's staff mail", LONG, || {
            received_for(&sink, STAFF, "<BAD1.staff-booking.") == 1
        });
        let mut worst = Duration::ZERO;
        for round in 0..3 {
            if word == "hangdata" && round == 0 {
                wait_for("a hanging conversation", LONG, || outbox.stats().in_flight == 1);
            }
            worst = worst.max(unrelated_delay(&outbox, &sink, &format!("OK{round}")).await);
        }
        report.push(format!("{word}: {} ms", worst.as_millis()));

        wait_for(&format!("{word}: the mail given up"), LONG, || outbox.health().failed == 1);
        wait_for("the notice to staff", LONG, || received_for(&sink, STAFF, "<BAD1.failure-notice.") == 1);
        let notice = notice_text(&sink, STAFF, "BAD1");
        for needed in ["BAD1", bad.as_str(), answer, "+31612345678", heading] {
            assert!(notice.contains(needed), "{word}: the notice lacks {needed:?}:\n{notice}");
        }
        let attempts = failed_mail(&data).attempts;
        match tries {
            0 => assert!(attempts > 1, "{word}: {attempts} attempts"),
            tries => assert_eq!(attempts, tries, "{word}"),
        }
        assert_eq!(received_for(&sink, &bad, "BAD1"), 0);
        wait_for("all delivered", LONG, || outbox.stats().depth == 0);
        let health = outbox.health();
        assert_eq!(
            (health.status, health.queued, health.in_flight, health.failed),
            ("degraded", 0, 0, 1),
            "{word}"
        );
        let shown = format!(
            "{} {}",
            serde_json::to_string(&health).unwrap(),
            serde_json::to_string(&outbox.stats()).unwrap()
        );
        assert!(!shown.contains('@'), "{word}: addresses in the health figures: {shown}");
        outbox.shutdown().await;
        assert_eq!(mails_in(&data, "queued").len(), 0, "{word}");
    }
    eprintln!("delay an unrelated booking's staff mail suffered, worst of 3: {}", report.join(", "));
}

#[tokio::test]
async fn one_refused_staff_address_neither_delays_nor_drops_the_other() {
    for word in ["rcpt550", "rcpt450"] {
        let counted = |event| mail_events(event);
        let before: Vec<u64> =
            ["given_up", "notice_sent", "notice_failed"].into_iter().map(counted).collect();
        let dir = TempDir::new(word);
        let sink = Sink::start_any(&dir.path("sink"), &[]);
        let other = format!("{word}-chauffeur@example.nl");
        let extra = format!("[mail]\nstaff_recipients = [\"{STAFF}\", \"{other}\"]\nsmtp_timeout_ms = 500\ngive_up_after_seconds = 2\n");
        let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &extra));
        let started = Instant::now();
        outbox.submit_booking(&booking_to("TWO1", "zoe@example.nl")).await.unwrap();
        wait_for("the staff mail to the good address", LONG, || {
            received_for(&sink, STAFF, "<TWO1.staff-booking.") == 1
        });
        wait_for("the customer's confirmation", LONG, || {
            received_for(&sink, "zoe@example.nl", "<TWO1.customer-booking.") == 1
        });
        let took = started.elapsed();
        eprintln!("{word} at the second staff address: the first got its mail after {} ms", took.as_millis());

        // The notice goes to both staff addresses; the one to the refused
        // address fails too and is counted, not noticed again.
        wait_for("both given up", LONG, || outbox.health().failed == 2);
        wait_for("the notice", LONG, || received_for(&sink, STAFF, "<TWO1.failure-notice.") == 1);
        let notice = notice_text(&sink, STAFF, "TWO1");
        assert!(notice.contains(&other), "{notice}");
        // Idle: no notice can follow without another mail being given up.
        wait_for("the outbox idle", LONG, || {
            let h = outbox.health();
            h.queued + h.in_flight == 0
        });
        let health = outbox.health();
        assert_eq!((health.failed, health.queued, health.in_flight), (2, 0, 0), "{word}: no loop of notices");
        assert_eq!(sink.count(), 3, "{word}: staff mail, confirmation, one notice");
        // Other tests in this process count too: at least these events happened.
        let after: Vec<u64> = ["given_up", "notice_sent", "notice_failed"].into_iter().map(counted).collect();
        assert!(
            after[0] >= before[0] + 2 && after[1] > before[1] && after[2] > before[2],
            "{word}: {before:?} → {after:?}"
        );
        outbox.shutdown().await;
    }
}

#[tokio::test]
async fn a_hung_or_closing_server_never_sticks_the_sender_and_delivery_resumes_by_itself() {
    for mode in ["hang", "421"] {
        let dir = TempDir::new(mode);
        let mode_file = dir.path("mode");
        std::fs::write(&mode_file, mode).unwrap();
        let sink = Sink::start_any(&dir.path("sink"), &["--mode-file", &mode_file.display().to_string()]);
        let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &toml("")));
        outbox.submit_booking(&booking_to("HUNG1", "zoe@example.nl")).await.unwrap();
        let started = Instant::now();
        wait_for("three failed attempts", LONG, || outbox.stats().failed_attempts_since_start >= 3);
        let took = started.elapsed();
        eprintln!("{mode}: three attempts in {} ms", took.as_millis());
        let health = outbox.health();
        assert_eq!((health.status, health.queued + health.in_flight), ("degraded", 2), "{mode}");
        let json = serde_json::to_string(&outbox.stats()).unwrap();
        assert!(!json.contains("@"), "no addresses in the health figures: {json}");

        std::fs::write(&mode_file, "").unwrap();
        let recovered = Instant::now();
        wait_for("delivery after the server recovered", LONG, || outbox.stats().depth == 0);
        eprintln!("{mode}: delivered {} ms after the server recovered", recovered.elapsed().as_millis());
        assert_eq!(sink.count(), 2);
        assert_eq!(outbox.health().status, "ok");
        outbox.shutdown().await;
    }
}

#[tokio::test]
async fn health_is_degraded_while_mail_waits_longer_than_the_limit() {
    let dir = TempDir::new("age");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &toml("degraded_after_seconds = 1\n")));
    outbox.submit_booking(&booking_to("AGE1", "rcpt450-zoe@example.nl")).await.unwrap();
    wait_for("a refusal", LONG, || outbox.stats().failed_attempts_since_start >= 1);
    // The sink may hold the staff mail a moment before the sender records it.
    wait_for("the staff mail recorded as delivered", LONG, || {
        let h = outbox.health();
        sink.count() == 1 && h.queued + h.in_flight == 1
    });
    let health = outbox.health();
    assert_eq!((health.status, health.queued + health.in_flight, health.failed), ("ok", 1, 0), "{health:?}");
    wait_for("degraded by age", LONG, || outbox.health().degraded());
    assert!(outbox.health().oldest_age_seconds.unwrap() >= 1);
    outbox.shutdown().await;
}

#[tokio::test]
async fn unreadable_mail_rows_are_quarantined_and_the_rest_delivered() {
    let dir = TempDir::new("quarantine");
    let data = dir.path("var");
    let port = free_port();
    let url = format!("smtp://127.0.0.1:{port}");
    let outbox = start(&settings(&data, Some(&url), &toml("")));
    // The server is down: the mails wait in the store, where one gets damaged.
    outbox.submit_booking(&booking_to("Q1", "zoe@example.nl")).await.unwrap();
    let victim = mail_rows(&data)[0].id;
    damage_row(&data, victim);
    let sink = Sink::start(port, &dir.path("sink"), &[]);
    wait_for("the other mail delivered", LONG, || outbox.stats().depth == 0);
    let health = outbox.health();
    assert_eq!((health.quarantined, health.status), (1, "degraded"));
    assert!(mail_events("quarantined") >= 1);
    assert_eq!(mails_in(&data, "quarantined").iter().map(|m| m.id).collect::<Vec<_>>(), [victim]);
    assert_eq!(sink.count(), 1);
    outbox.shutdown().await;
    assert_eq!(
        start(&settings(&data, Some(&url), &toml(""))).health().quarantined,
        1,
        "still counted after a restart"
    );
}

/// Makes a queued row unreadable (its kind unknown), as a damaged page or a hand edit would.
fn damage_row(data: &std::path::Path, id: i64) {
    let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
    store.busy_timeout(Duration::from_secs(5)).unwrap();
    store.execute("UPDATE mails SET kind = 'Not A Kind!' WHERE id = ?1", [id]).unwrap();
    store.execute("DELETE FROM mail_bodies WHERE mail_id = ?1", [id]).unwrap();
}

#[tokio::test]
async fn shutdown_stops_sending_and_abandons_a_hung_mail_within_the_grace() {
    let dir = TempDir::new("grace");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    // The hung mail would hold its conversation for the default 10 minutes.
    let extra = "[mail]\nstaff_recipients = [\"planning@example.nl\"]\nsmtp_timeout_ms = 10000\nshutdown_grace_ms = 300\n";
    let outbox = start(&settings(&data, Some(&sink.url()), extra));
    outbox.submit_booking(&booking_to("G1", "hangdata-zoe@example.nl")).await.unwrap();
    wait_for("the staff mail", LONG, || sink.count() == 1);
    wait_for("the hanging conversation", LONG, || outbox.stats().in_flight == 1);

    let stopping = Instant::now();
    outbox.stop_sending();
    // Accepted while the HTTP server drains: stored, sent at the next start.
    outbox.submit_booking(&booking_to("G2", "zoe@example.nl")).await.unwrap();
    // Far below the hung conversation's 10 minutes: the grace ended it.
    tokio::time::timeout(LONG, outbox.shutdown()).await.expect("shutdown does not wait for the hung mail");
    let took = stopping.elapsed();
    assert_eq!(sink.count(), 1, "nothing new was sent after stop_sending");
    assert_eq!(mails_in(&data, "queued").len(), 3, "the abandoned mail stays queued for the next start");

    let next = start(&settings(&data, Some(&sink.url()), extra));
    assert_eq!(next.stats().depth, 3, "the abandoned mail is tried again");
    wait_for("the new booking's mails", LONG, || sink.count() == 3);
    next.shutdown().await;
    eprintln!("shutdown with a hung mail in flight took {} ms (grace 300 ms)", took.as_millis());
}

#[tokio::test]
async fn given_up_mail_is_deleted_after_the_retention_and_health_recovers() {
    let dir = TempDir::new("failed-retention");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let s = settings(&data, Some(&sink.url()), &toml("retention_days = 0\n"));
    let outbox = crate::helpers::start_sweeping(&s);
    outbox.submit_booking(&booking_to("GONE", "rcpt550-zoe@example.nl")).await.unwrap();
    wait_for("the notice to staff", LONG, || received_for(&sink, STAFF, "<GONE.failure-notice.") == 1);
    // Given up, then swept: nothing of the refused mail stays in the store.
    wait_for("the failed mail swept", LONG, || mails_in(&data, "failed").is_empty());
    wait_for("health back to ok", LONG, || outbox.health().failed == 0);
    outbox.shutdown().await;

    // A row that could not be read is kept for a person to look at, for the retention only.
    let outbox = start(&settings(&data, Some("smtp://127.0.0.1:1"), &toml("")));
    outbox.submit_booking(&booking_to("GONE2", "zoe@example.nl")).await.unwrap();
    outbox.shutdown().await;
    damage_row(&data, mails_in(&data, "queued")[0].id);
    // Under the default retention it is counted and kept.
    let outbox = start(&settings(&data, Some(&sink.url()), &toml("")));
    wait_for("the damaged row quarantined", LONG, || outbox.health().quarantined == 1);
    outbox.shutdown().await;
    assert_eq!(mails_in(&data, "quarantined").len(), 1, "kept within the retention");
    let outbox = crate::helpers::start_sweeping(&s);
    wait_for("the quarantined row swept", LONG, || mails_in(&data, "quarantined").is_empty());
    wait_for("health counts it no more", LONG, || outbox.health().quarantined == 0);
    outbox.shutdown().await;
}
