//! A conversation that ended without an answer before its message (a timeout,
//! a reset, a refused connection) says nothing about whether the fault is the
//! mail's or the server's, so the sender asks the server (a greeting and a
//! NOOP): one that answers keeps delivering the other mails and tries this one
//! again later; one that does not pauses all delivery, which `stats()` shows.
use std::time::Duration;

use crate::helpers::{booking_to, free_port, mails_in, settings, start, wait_for, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);

fn toml(staff: &str) -> String {
    format!("[mail]\nstaff_recipients = [\"{staff}\"]\nsmtp_timeout_ms = 500\n")
}

#[tokio::test]
async fn a_server_nobody_can_reach_pauses_all_delivery() {
    let dir = TempDir::new("probe-unreachable");
    let data = dir.path("var");
    // A port nothing listens on: every connection is refused.
    let url = format!("smtp://127.0.0.1:{}", free_port());
    let outbox = start(&settings(&data, Some(&url), &toml("planning@example.nl")));
    outbox.submit_booking(&booking_to("DOWN1", "zoe@example.nl")).await.unwrap();
    wait_for("an attempt failed", LONG, || outbox.stats().failed_attempts_since_start >= 1);
    let stats = outbox.stats();
    assert!(stats.paused_for_secs.is_some(), "the server is down: delivery pauses: {stats:?}");
    assert_eq!(stats.refused, 0, "no mail is blamed: {stats:?}");
    assert_eq!(outbox.health().status, "degraded");
    outbox.shutdown().await;
}

#[tokio::test]
async fn a_conversation_cut_before_its_message_on_a_server_that_answers_blames_that_mail_only() {
    let dir = TempDir::new("probe-cut-rcpt");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    // Both mails of the booking are cut at RCPT; the server greets every probe.
    let outbox = start(&settings(&data, Some(&sink.url()), &toml("droprcpt-planning@example.nl")));
    outbox.submit_booking(&booking_to("CUT1", "droprcpt-zoe@example.nl")).await.unwrap();
    wait_for("both mails tried", LONG, || outbox.stats().failed_attempts_since_start >= 2);
    let stats = outbox.stats();
    assert_eq!(stats.paused_for_secs, None, "the server answers: no pause: {stats:?}");
    assert_eq!(stats.refused, 2, "each mail waits for its own next attempt: {stats:?}");
    assert!(mails_in(&data, "failed").is_empty(), "nothing given up");
    outbox.shutdown().await;
}

#[tokio::test]
async fn a_server_that_stops_answering_pauses_delivery_and_the_mail_goes_when_it_answers_again() {
    let dir = TempDir::new("probe-hang");
    let data = dir.path("var");
    let mode = dir.path("mode");
    std::fs::write(&mode, "hang").unwrap();
    let sink = Sink::start_any(&dir.path("sink"), &["--mode-file", mode.to_str().unwrap()]);
    let outbox = start(&settings(&data, Some(&sink.url()), &toml("planning@example.nl")));
    outbox.submit_booking(&booking_to("HUNG1", "zoe@example.nl")).await.unwrap();
    wait_for("an attempt timed out", LONG, || outbox.stats().failed_attempts_since_start >= 1);
    let stats = outbox.stats();
    assert!(stats.paused_for_secs.is_some(), "no answer to the probe either: a pause: {stats:?}");
    assert_eq!(stats.refused, 0, "{stats:?}");

    std::fs::write(&mode, "").unwrap();
    wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
    outbox.shutdown().await;
    let delivered = mails_in(&data, "delivered");
    assert_eq!(delivered.len(), 2);
    // Each attempt counts, the timed-out ones too: the first mail tried was
    // delivered at its second attempt or later.
    for mail in &delivered {
        assert!(
            (1..=3).contains(&mail.attempts),
            "{} delivered at attempt {}",
            mail.message_id,
            mail.attempts
        );
    }
    assert!(delivered.iter().any(|m| m.attempts >= 2), "{delivered:?}");
}

#[tokio::test]
async fn a_tls_mode_the_server_cannot_give_sends_nothing_in_the_clear_and_opportunistic_sends_without() {
    // The sink speaks plain SMTP only: no TLS, no STARTTLS.
    for (scheme, query, delivered) in
        [("smtps", "", false), ("smtp", "?tls=required", false), ("smtp", "?tls=opportunistic", true)]
    {
        let dir = TempDir::new("probe-tls");
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), &[]);
        let url = format!("{scheme}://127.0.0.1:{}{query}", sink.port);
        let outbox = start(&settings(&data, Some(&url), &toml("planning@example.nl")));
        outbox.submit_booking(&booking_to("TLS1", "zoe@example.nl")).await.unwrap();
        if delivered {
            wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
            // Offered no STARTTLS: sent in the clear (one that offers it: `starttls.rs`).
            assert!(sink.messages().iter().all(|m| m.tls.is_none()), "{url}");
        } else {
            wait_for("an attempt failed", LONG, || outbox.stats().failed_attempts_since_start >= 1);
            assert_eq!(sink.count(), 0, "{url}: nothing sent in the clear");
            assert!(outbox.stats().paused_for_secs.is_some(), "{url}: no mail can pass: a pause");
        }
        outbox.shutdown().await;
    }
}
