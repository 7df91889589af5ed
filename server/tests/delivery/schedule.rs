//! What survives a restart: each mail's next attempt is written with the
//! record of its last one, so a restart sends what is due and nothing else
//! (no stampede of a deferred backlog); and a server that refuses the login
//! (53x: a changed relay password) pauses delivery without failing any mail.
use std::time::Duration;

use taxi_server::mail::RetryPolicy;

use crate::helpers::{
    booking_to, fast_policy, mails_in, received_for, settings, start, store_file, wait_for, Sink, Started,
    TempDir,
};

const LONG: Duration = Duration::from_secs(30);
const GREYLISTED: &str = "rcpt451-planning@example.nl";

/// A refused mail waits a minute before its next attempt.
fn patient(settings: &taxi_server::config::Settings) -> Started {
    let policy = RetryPolicy {
        first_retry: Duration::from_secs(60),
        max_mail_retry: Duration::from_secs(60),
        ..fast_policy()
    };
    crate::helpers::start_with(settings, policy).expect("outbox starts")
}

#[tokio::test]
async fn a_restart_sends_only_the_mails_that_are_due() {
    let dir = TempDir::new("schedule");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let config =
        settings(&data, Some(&sink.url()), &format!("[mail]\nstaff_recipients = [\"{GREYLISTED}\"]\n"));
    let outbox = patient(&config);
    for i in 0..40 {
        outbox
            .submit_booking(&booking_to(&format!("WAIT{i}"), &format!("klant{i}@example.nl")))
            .await
            .unwrap();
    }
    wait_for("40 staff mails deferred by 451", LONG, || sink.attempts_for(GREYLISTED) == 40);
    wait_for("40 confirmations delivered", LONG, || outbox.stats().delivered_since_start == 40);
    wait_for("each deferral recorded", LONG, || outbox.stats().failed_attempts_since_start == 40);
    outbox.shutdown().await;

    // Ten of them are due by now (their minute passed while the server was down).
    let due = store_file_writable(&data)
        .execute(
            "UPDATE mails SET next_attempt_at = 0 WHERE id IN
             (SELECT id FROM mails WHERE state = 'queued' ORDER BY id LIMIT 10)",
            [],
        )
        .unwrap();
    assert_eq!(due, 10);
    let again = patient(&config);
    // Until the due ones were tried and nothing is left due or in flight: from
    // then on nothing more goes for a minute, whatever the wait.
    let next_attempts = || -> Vec<i64> {
        store_file(&data)
            .prepare("SELECT next_attempt_at FROM mails WHERE state = 'queued'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let none_due = || next_attempts().iter().all(|at| *at > jiff::Timestamp::now().as_millisecond());
    wait_for("the due mails tried, none due now", LONG, || {
        sink.attempts_for(GREYLISTED) >= 50 && again.health().in_flight == 0 && none_due()
    });
    let attempts = sink.attempts_for(GREYLISTED) - 40;
    again.shutdown().await;
    assert_eq!(attempts, 10, "only the mails that were due went after the restart");
    assert_eq!(mails_in(&data, "queued").len(), 40, "all still queued, none lost");
    let next = next_attempts();
    let now = jiff::Timestamp::now().as_millisecond();
    assert!(next.iter().all(|at| *at > now), "each has its next attempt ahead: {next:?}");
}

#[tokio::test]
async fn a_refused_login_pauses_delivery_and_gives_up_nothing_until_the_password_is_right() {
    let dir = TempDir::new("login");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &["--password", "juist"]);
    let wrong = format!("smtp://rit:fout@127.0.0.1:{}", sink.port);
    let toml = "[mail]\nstaff_recipients = [\"planning@example.nl\"]\n";
    let outbox = start(&settings(&data, Some(&wrong), toml));
    outbox.submit_booking(&booking_to("LOGIN1", "zoe@example.nl")).await.unwrap();
    wait_for("several refused logins", LONG, || outbox.stats().failed_attempts_since_start >= 3);
    let health = outbox.health();
    assert_eq!((health.status, health.failed), ("degraded", 0), "paused, nothing given up: {health:?}");
    assert!(outbox.stats().last_error.unwrap_or_default().contains("535"), "{:?}", outbox.stats());
    outbox.shutdown().await;
    assert_eq!(mails_in(&data, "queued").len(), 2, "both mails wait for the right password");

    let right = format!("smtp://rit:juist@127.0.0.1:{}", sink.port);
    let fixed = start(&settings(&data, Some(&right), toml));
    wait_for("both delivered", LONG, || fixed.stats().delivered_since_start == 2);
    fixed.shutdown().await;
    assert_eq!(received_for(&sink, "zoe@example.nl", "LOGIN1"), 1);
    assert_eq!(received_for(&sink, "planning@example.nl", "failure-notice"), 0, "no notice: nothing failed");
}

/// The store of `data_dir`, writable (the outbox is stopped).
fn store_file_writable(data_dir: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(data_dir.join(taxi_server::store::FILE_NAME)).unwrap()
}
