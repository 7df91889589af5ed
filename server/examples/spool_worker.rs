//! A process the crash tests can kill: it runs the mail outbox over a data
//! directory, optionally submits bookings first, and prints its progress.
//!
//! ```text
//! spool_worker <data-dir> [--smtp URL] [--submit N] [--confirm-first] [--cancel-first] [--remind]
//!              [--stop-at POINT] [--show REFERENCE] [--exit-when-empty]
//! ```
//! With `--show` it first prints `RECORD <reference> <status or none>` (and
//! `REMINDERS <reference> <how many sent>`) as the store has it once the
//! outbox started, and `TROUBLE <the store's trouble or none>`. Prints `SUBMITTED n` once n bookings (2 mails each) are durably
//! accepted, `CONFIRMED` once the first is confirmed (`--confirm-first`),
//! `CANCELLED` once its customer cancelled it (`--cancel-first`), `REMINDED n`
//! once the reminders due two hours before its pick-up went out (`--remind`), then
//! `STATS depth=… delivered=…` every 100 ms. With `--stop-at` the process
//! prints `STOPPED <point>` when a durable step reaches that fault point
//! (`taxi_server::faults`) and stays there, for the test to kill it. With
//! `--exit-when-empty` it shuts down cleanly once nothing is left to send.
use std::{collections::BTreeMap, time::Duration};

#[path = "support/sample.rs"]
mod sample;

use taxi_server::{
    bookings::{
        answer::{Action, Answer},
        customer_step::{CustomerAction, CustomerStep},
    },
    config::Settings,
    faults,
    mail::RetryPolicy,
};

static STOP_AT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Stops the step at the chosen point until the test kills the process.
fn stop_here(point: &'static str) {
    if STOP_AT.get().is_some_and(|p| p == point) {
        println!("STOPPED {point}");
        loop {
            std::thread::park();
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data_dir = args
        .first()
        .expect("usage: spool_worker <data-dir> [--smtp URL] [--submit N] [--exit-when-empty]")
        .clone();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let submit: usize = value("--submit").map(|n| n.parse().expect("--submit N")).unwrap_or(0);
    let exit_when_empty = args.iter().any(|a| a == "--exit-when-empty");
    let confirm_first = args.iter().any(|a| a == "--confirm-first");
    let cancel_first = args.iter().any(|a| a == "--cancel-first");
    let remind = args.iter().any(|a| a == "--remind");
    if let Some(point) = value("--stop-at") {
        let _ = STOP_AT.set(point);
        faults::install(stop_here);
    }

    let mut env = BTreeMap::new();
    env.insert("TAXI_DATA_DIR".to_string(), data_dir);
    if let Some(url) = value("--smtp") {
        env.insert("TAXI_SMTP_URL".to_string(), url);
    }
    let settings = Settings::load_from(&env).expect("settings");
    let policy = RetryPolicy {
        first_retry: Duration::from_millis(100),
        max_pause: Duration::from_millis(400),
        ..RetryPolicy::default()
    };
    let started = sample::start(&settings, policy);
    let (keeper, outbox, composer) = (&started.keeper, &started.outbox, &started.composer);
    eprintln!("transport: {}", outbox.transport_description());
    if let Some(reference) = value("--show") {
        let record = keeper.record(&reference).await.expect("the store reads");
        println!("RECORD {reference} {}", record.as_ref().map_or("none", |r| r.status.code()));
        println!("REMINDERS {reference} {}", record.map_or(0, |r| r.reminders_sent.len()));
        println!("TROUBLE {}", outbox.store().trouble().map_or("none".into(), |t| t.reason));
    }

    for i in 0..submit {
        started.submit(&sample::booking('W', i)).await.expect("submit");
    }
    println!("SUBMITTED {submit}");
    if confirm_first {
        // The booking's mails delivered first: a kill during the answer then
        // has no mail in flight that could arrive twice.
        while outbox.stats().depth > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let reference = sample::booking('W', 0).reference;
        let record = keeper.record(&reference).await.expect("the store reads").expect("booking 0 stored");
        let answer = Answer {
            action: Action::Confirm,
            note: String::new(),
            proposed_pickup_at: None,
            reason: None,
            answered_at: jiff::Timestamp::now(),
        };
        assert!(taxi_server::staff_answers::mail::answer((keeper, composer), &record, &answer)
            .await
            .expect("answer stored"));
        println!("CONFIRMED");
    }
    if cancel_first {
        while outbox.stats().depth > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let reference = sample::booking('W', 0).reference;
        let record = keeper.record(&reference).await.expect("the store reads").expect("booking 0 stored");
        let step =
            CustomerStep::on(&record, CustomerAction::Cancel, String::new(), None, jiff::Timestamp::now())
                .expect("a requested booking can be cancelled");
        assert!(taxi_server::manage_booking::mail::step((keeper, composer), &record, &step)
            .await
            .expect("step stored"));
        println!("CANCELLED");
    }
    if remind {
        while outbox.stats().depth > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let at = sample::booking('W', 0).pickup_at.instant() - jiff::SignedDuration::from_mins(119);
        let reminders = taxi_server::reminders::Reminders::new(keeper.clone(), composer.clone(), &settings);
        let sent = reminders.run(at).await.expect("reminders run");
        println!("REMINDED {sent}");
    }
    loop {
        let stats = outbox.stats();
        println!("STATS depth={} delivered={}", stats.depth, stats.delivered_since_start);
        if exit_when_empty && stats.depth == 0 {
            outbox.shutdown().await;
            println!("DONE");
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
