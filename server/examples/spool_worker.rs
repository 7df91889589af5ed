//! A process the crash tests can kill: it runs the mail outbox over a data
//! directory, optionally submits bookings first, and prints its progress.
//!
//! ```text
//! spool_worker <data-dir> [--smtp URL] [--submit N] [--exit-when-empty]
//! ```
//! Prints `SUBMITTED n` once n bookings (2 mails each) are durably accepted,
//! then `STATS depth=… delivered=…` every 100 ms. With `--exit-when-empty` it
//! shuts down cleanly once the spool has nothing left to deliver.
use std::{collections::BTreeMap, sync::Arc, time::Duration};

#[path = "support/sample.rs"]
mod sample;

use taxi_server::{booking::outbox::Bookings, config::Settings, i18n::Locales, mail::RetryPolicy};

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
    let outbox = Bookings::start_with(&settings, Arc::new(Locales::load()), policy).expect("outbox");
    eprintln!("transport: {}", outbox.transport_description());

    for i in 0..submit {
        outbox.submit_booking(&sample::booking('W', i)).await.expect("submit");
    }
    println!("SUBMITTED {submit}");
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
