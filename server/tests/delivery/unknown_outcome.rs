//! A connection that ends once the message has begun, without the server's
//! answer to its end, leaves the outcome unknown: a reset a few hundred bytes
//! in, a reset after the final dot, a server that stores the mail and hangs
//! up, one that never answers, and the sender's own shutdown. Such a mail is
//! sent again minutes later, at most `mail.unknown_outcome_retries` (here 2)
//! more times, then given up with one notice: whatever the server does, a mail
//! arrives at least once once the server takes it, and never more than 3 times.
use std::time::Duration;

use crate::helpers::{
    booking_to, mail_rows, mails_in, received_for, settings, start, store_file, wait_for, Sink, TempDir,
};

const LONG: Duration = Duration::from_secs(30);
const STAFF: &str = "planning@example.nl";

/// Settings with short waits (an unknown outcome is sent again after 150 ms,
/// then 300 ms), and `extra` lines of `[mail]` in place of those they name.
fn toml(extra: &str) -> String {
    let defaults =
        ["smtp_timeout_ms = 500", "smtp_data_end_timeout_ms = 1000", "unknown_outcome_first_retry_ms = 150"];
    let named = |line: &str| line.split(' ').next().unwrap_or_default().to_string();
    let kept = defaults.iter().filter(|d| !extra.lines().any(|e| named(e) == named(d)));
    let lines: Vec<&str> = kept.copied().chain(extra.lines()).collect();
    format!("[mail]\nstaff_recipients = [\"{STAFF}\"]\n{}\n", lines.join("\n"))
}

/// The unknown outcomes recorded on the rows of `reference`'s customer mail.
fn unknown_outcomes(data: &std::path::Path, customer: &str) -> (u32, i64) {
    store_file(data)
        .query_row(
            "SELECT unknown_outcomes, coalesce(next_attempt_at, 0) FROM mails WHERE recipient = ?1",
            [customer],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

#[tokio::test]
async fn every_way_a_connection_ends_in_the_message_is_tried_three_times_then_told_once() {
    // (the server's misbehaviour, copies it keeps of the three attempts, the notice's words)
    let kinds = [
        ("dropdata", 0, "ended during the message"),
        ("resetdot", 0, "ended during the message"),
        ("dropafter", 3, "ended during the message"),
        ("hangdata", 0, "no answer within 1 s"),
    ];
    for (word, copies, answer) in kinds {
        let dir = TempDir::new(word);
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), &["--cut-bytes", "300"]);
        let outbox = start(&settings(&data, Some(&sink.url()), &toml("")));
        let customer = format!("{word}-zoe@example.nl");
        outbox.submit_booking(&booking_to("CUT1", &customer)).await.unwrap();

        wait_for("the notice to staff", LONG, || received_for(&sink, STAFF, "<CUT1.failure-notice.") == 1);
        wait_for("the outbox idle", LONG, || outbox.stats().depth == 0);
        let health = outbox.health();
        assert_eq!(
            (health.failed, health.outcomes_unknown),
            (1, 0),
            "{word}: the notice was delivered since"
        );
        outbox.shutdown().await;
        assert_eq!(sink.attempts_for(&customer), 3, "{word}: sent three times, not once and not a fourth");
        assert_eq!(received_for(&sink, &customer, "CUT1"), copies, "{word}: copies the server kept");
        let failed = mails_in(&data, "failed");
        assert_eq!((failed.len(), failed[0].attempts), (1, 3), "{word}: {failed:?}");
        assert_eq!(unknown_outcomes(&data, &customer).0, 3, "{word}");
        let notice = sink
            .messages()
            .into_iter()
            .find(|m| m.message_id.starts_with("<CUT1.failure-notice."))
            .map(|m| String::from_utf8_lossy(&m.raw).replace("=\r\n", ""))
            .unwrap();
        for needed in ["Misschien niet bezorgd", customer.as_str(), answer] {
            assert!(notice.contains(needed), "{word}: the notice lacks {needed:?}:\n{notice}");
        }
        assert_eq!(received_for(&sink, STAFF, "<CUT1.staff-booking."), 1, "{word}: the staff mail went");
    }
}

#[tokio::test]
async fn a_mail_cut_in_its_message_arrives_once_the_server_takes_it_and_at_most_three_times() {
    // (address, copies that arrive): cut or reset twice then taken; stored and dropped once then taken.
    let kinds = [
        ("first2-dropdata-zoe@example.nl", 1),
        ("first2-resetdot-zoe@example.nl", 1),
        ("first1-dropafter-zoe@example.nl", 2),
    ];
    for (customer, copies) in kinds {
        let dir = TempDir::new("cut-then-taken");
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), &[]);
        let outbox = start(&settings(&data, Some(&sink.url()), &toml("")));
        outbox.submit_booking(&booking_to("CUT2", customer)).await.unwrap();
        wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
        outbox.shutdown().await;
        assert_eq!(received_for(&sink, customer, "CUT2"), copies, "{customer}");
        assert!(mails_in(&data, "failed").is_empty(), "{customer}: nothing given up");
        assert_eq!(received_for(&sink, STAFF, "failure-notice"), 0, "{customer}: no notice");
    }
}

#[tokio::test]
async fn while_the_server_cuts_every_message_health_stays_degraded_and_the_notices_wait_for_it() {
    let dir = TempDir::new("cut-all");
    let data = dir.path("var");
    let mode = dir.path("mode");
    std::fs::write(&mode, "cut").unwrap();
    let sink = Sink::start_any(&dir.path("sink"), &["--mode-file", mode.to_str().unwrap()]);
    // Degraded for 1 s after a give-up: what stays degraded after that is the unknown outcomes.
    let extra = "degraded_after_seconds = 1\nunknown_outcome_first_retry_ms = 600\n";
    let outbox = start(&settings(&data, Some(&sink.url()), &toml(extra)));
    outbox.submit_booking(&booking_to("ALL1", "zoe@example.nl")).await.unwrap();

    wait_for("both mails given up", LONG, || outbox.health().failed == 2);
    let notices_cut = || sink.attempts_for(STAFF) > 3;
    wait_for("a notice's first attempt cut too", LONG, notices_cut);
    std::thread::sleep(Duration::from_millis(1100));
    let health = outbox.health();
    assert_eq!(health.status, "degraded", "the server still cuts every message: {health:?}");
    assert!(health.outcomes_unknown >= 7, "{health:?}");
    assert_eq!(sink.count(), 0, "nothing arrived");

    std::fs::write(&mode, "").unwrap();
    wait_for("both notices, retried", LONG, || received_for(&sink, STAFF, "<ALL1.failure-notice.") == 2);
    // The server stored them before it answered: wait for the sender to read the answers.
    wait_for("both notices recorded as delivered", LONG, || outbox.stats().delivered_since_start == 2);
    let health = outbox.health();
    assert_eq!((health.status, health.outcomes_unknown), ("ok", 0), "a delivery ends it: {health:?}");
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, STAFF, "<ALL1.staff-booking."), 0, "given up, never sent a fourth time");
}

#[tokio::test]
async fn a_shutdown_in_the_middle_of_a_message_counts_as_an_attempt_so_deploys_send_it_at_most_three_times() {
    let dir = TempDir::new("cut-by-shutdown");
    let data = dir.path("var");
    // The server stores each message, then answers only after 30 s.
    let sink = Sink::start_any(&dir.path("sink"), &["--late-ms", "30000"]);
    let config = toml("smtp_data_end_timeout_ms = 60000\nshutdown_grace_ms = 200\n");
    let customer = "storelate-zoe@example.nl";
    let first = start(&settings(&data, Some(&sink.url()), &config));
    first.submit_booking(&booking_to("DEPLOY1", customer)).await.unwrap();
    let mut outbox = Some(first);
    for deploy in 1..=3 {
        // Each deploy finds the server holding the mail, stored, before its answer.
        let running = outbox.take().unwrap_or_else(|| start(&settings(&data, Some(&sink.url()), &config)));
        wait_for("the server storing the mail", LONG, || received_for(&sink, customer, "DEPLOY1") == deploy);
        running.shutdown().await;
        let (unknown, next) = unknown_outcomes(&data, customer);
        assert_eq!(unknown, deploy as u32, "deploy {deploy}: the cut conversation is an attempt");
        assert!(deploy == 3 || next > 0, "deploy {deploy}: its next attempt is written");
    }
    let rows = mail_rows(&data);
    assert!(
        rows.iter().any(|r| r.state == "failed" && r.attempts == 3),
        "given up after the third: {rows:?}"
    );
    // The next start sends the notice queued with it, never a fourth copy.
    let last = start(&settings(&data, Some(&sink.url()), &config));
    wait_for("the notice", LONG, || received_for(&sink, STAFF, "<DEPLOY1.failure-notice.") == 1);
    // Nothing queued and nothing in flight: nothing more can go out.
    wait_for("nothing left to send", LONG, || (last.health().queued, last.health().in_flight) == (0, 0));
    last.shutdown().await;
    assert_eq!(received_for(&sink, customer, "DEPLOY1"), 3, "three copies, not a fourth");
}
