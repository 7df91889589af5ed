//! A server that stores a mail first and answers its final dot late, as a
//! queueing server does once its queue file is written (RFC 5321 allows it ten
//! minutes). The answer has its own, longer limit; past it the mail may have
//! arrived, so it is sent again only twice (`unknown_outcome.rs`) and staff
//! are told once.
use std::time::Duration;

use crate::helpers::{booking_to, mails_in, received_for, settings, start, wait_for, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);
const STAFF: &str = "planning@example.nl";

fn toml(commands_ms: u64, data_end_ms: u64) -> String {
    format!("[mail]\nstaff_recipients = [\"{STAFF}\"]\nsmtp_timeout_ms = {commands_ms}\nsmtp_data_end_timeout_ms = {data_end_ms}\nunknown_outcome_first_retry_ms = 100\n")
}

#[tokio::test]
async fn an_answer_slower_than_a_command_but_within_its_own_limit_delivers_once() {
    let dir = TempDir::new("late-within");
    let sink = Sink::start_any(&dir.path("sink"), &["--late-ms", "1500"]);
    let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &toml(500, 5_000)));
    let customer = "storelate-zoe@example.nl";
    outbox.submit_booking(&booking_to("LATE1", customer)).await.unwrap();

    wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
    assert_eq!(outbox.stats().depth, 0, "nothing left to send");
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, customer, "LATE1"), 1, "the confirmation arrived once");
    let health = outbox.health();
    assert_eq!((health.failed, health.status), (0, "ok"));
}

#[tokio::test]
async fn an_answer_past_its_limit_is_sent_at_most_three_times_and_staff_told_once() {
    let dir = TempDir::new("late-past");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &["--late-ms", "3000"]);
    let outbox = start(&settings(&data, Some(&sink.url()), &toml(500, 1_000)));
    let customer = "storelate-zoe@example.nl";
    outbox.submit_booking(&booking_to("LATE2", customer)).await.unwrap();

    wait_for("the notice to staff", LONG, || received_for(&sink, STAFF, "<LATE2.failure-notice.") == 1);
    // Given up after its third attempt: nothing of it is pending, so nothing more can go out.
    wait_for("the outbox idle", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, customer, "LATE2"), 3, "the server stored it at each of three attempts");
    assert_eq!(received_for(&sink, STAFF, "<LATE2.failure-notice."), 1, "one notice");
    let failed = mails_in(&data, "failed");
    assert_eq!((failed.len(), failed[0].attempts), (1, 3), "{failed:?}");

    let notice = sink
        .messages()
        .into_iter()
        .find(|m| m.rcpt_to == [STAFF] && String::from_utf8_lossy(&m.raw).contains("<LATE2.failure-notice."))
        .map(|m| String::from_utf8_lossy(&m.raw).replace("=\r\n", ""))
        .unwrap();
    for needed in
        ["Misschien niet bezorgd", "LATE2", customer, "no answer within 1 s", "of de mail is aangekomen"]
    {
        assert!(notice.contains(needed), "the notice lacks {needed:?}:\n{notice}");
    }

    // A restart sends nothing again either.
    let again = start(&settings(&data, Some(&sink.url()), &toml(500, 1_000)));
    assert_eq!(again.stats().depth, 0, "nothing queued after the restart");
    again.shutdown().await;
    assert_eq!(received_for(&sink, customer, "LATE2"), 3);
}

#[tokio::test]
async fn a_server_that_takes_the_message_and_hangs_up_gets_it_three_times_and_staff_one_notice() {
    let dir = TempDir::new("drop-after");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let outbox = start(&settings(&data, Some(&sink.url()), &toml(500, 5_000)));
    let customer = "dropafter-zoe@example.nl";
    outbox.submit_booking(&booking_to("DROP1", customer)).await.unwrap();

    wait_for("the notice to staff", LONG, || received_for(&sink, STAFF, "<DROP1.failure-notice.") == 1);
    wait_for("the outbox idle", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, customer, "DROP1"), 3, "stored at each of three attempts, not a fourth");
    assert_eq!(received_for(&sink, STAFF, "<DROP1.failure-notice."), 1, "one notice");
    let again = start(&settings(&data, Some(&sink.url()), &toml(500, 5_000)));
    // Nothing is queued: nothing can be sent.
    assert_eq!(again.stats().depth, 0);
    again.shutdown().await;
    assert_eq!(received_for(&sink, customer, "DROP1"), 3, "nor after a restart");
    assert_eq!(received_for(&sink, STAFF, "<DROP1.failure-notice."), 1, "nor the notice");
}

#[tokio::test]
async fn a_slow_mailbox_holds_two_delivery_slots_and_delays_no_one_else() {
    let dir = TempDir::new("late-slot");
    let sink = Sink::start_any(&dir.path("sink"), &["--late-ms", "2000"]);
    let slow_staff = "storelate-planning@example.nl";
    let toml = format!("[mail]\nstaff_recipients = [\"{slow_staff}\"]\nsmtp_timeout_ms = 500\nsmtp_data_end_timeout_ms = 10000\n");
    let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &toml));
    let references = ["SLOT1", "SLOT2", "SLOT3", "SLOT4"];
    for (i, reference) in references.iter().enumerate() {
        outbox.submit_booking(&booking_to(reference, &format!("klant{i}@example.nl"))).await.unwrap();
    }
    // Each booking queues its staff mail first; with every free slot taken by
    // the slow mailbox, the customers would wait for it.
    wait_for("the four confirmations", LONG, || {
        (0..4).all(|i| received_for(&sink, &format!("klant{i}@example.nl"), "SLOT") == 1)
    });
    let staff_stored = sink.messages().iter().filter(|m| m.rcpt_to == [slow_staff]).count();
    assert!(
        staff_stored <= 2,
        "the slow mailbox had two mails in flight at most, not four, while the customers got theirs: {staff_stored}"
    );
    wait_for("the staff mails, two at a time", LONG, || outbox.stats().delivered_since_start == 8);
    outbox.shutdown().await;
    for reference in references {
        assert_eq!(received_for(&sink, slow_staff, reference), 1, "{reference} reached staff once");
    }
}

#[tokio::test]
async fn a_server_too_slow_for_every_attempt_makes_delivery_degraded() {
    let dir = TempDir::new("late-slow");
    let sink = Sink::start_any(&dir.path("sink"), &["--late-ms", "1500"]);
    let outbox = start(&settings(&dir.path("var"), Some(&sink.url()), &toml(300, 10_000)));
    // Each RCPT for this mailbox takes longer than a command may; the server
    // still greets and answers the probe at once, so it is not "down".
    outbox.submit_booking(&booking_to("SLOW1", "slowrcpt-zoe@example.nl")).await.unwrap();

    wait_for("three timed-out attempts", LONG, || outbox.stats().failed_attempts_since_start >= 3);
    let health = outbox.health();
    assert!(health.server_too_slow, "{health:?}");
    assert_eq!(health.status, "degraded", "the age limit (600 s) is far away: only the slowness says so");
    assert!(outbox.stats().last_error.unwrap_or_default().contains("within 300 ms"));
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, STAFF, "SLOW1"), 1, "the staff mail went through meanwhile");
}
