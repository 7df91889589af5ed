//! Measures the durable step and delivery on this machine:
//!
//! 1. Requests accepted per second: bookings submitted (two mails each, written
//!    in one committed transaction before `submit_booking` returns), one at a time and with many
//!    in parallel, while the SMTP server is down (the sender only probes).
//! 2. The delay from SMTP recovery to the last mail delivered: the queue built
//!    up in part 1 (after an outage of `--outage-secs`), delivered to the
//!    aiosmtpd sink of the tests once it starts.
//!
//! ```text
//! cargo run --release --example spool_bench -- [--dir DIR] [--bookings N] [--parallel P] [--outage-secs S] [--concurrency C]
//! ```
//! DIR defaults to `target/spool-bench` (a real disk; /tmp may be RAM).
//! Needs python3 with aiosmtpd for part 2.
use std::{
    collections::BTreeMap,
    io::{BufRead, BufReader},
    path::PathBuf,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

#[path = "support/sample.rs"]
mod sample;

use taxi_server::{config::Settings, mail::RetryPolicy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let dir = PathBuf::from(
        value("--dir")
            .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../target/spool-bench").into()),
    );
    let bookings: usize = value("--bookings").map(|v| v.parse().unwrap()).unwrap_or(500);
    let parallel: usize = value("--parallel").map(|v| v.parse().unwrap()).unwrap_or(16);
    let concurrency: usize =
        value("--concurrency").map(|v| v.parse().unwrap()).unwrap_or(RetryPolicy::default().concurrency);
    let outage = Duration::from_secs(value("--outage-secs").map(|v| v.parse().unwrap()).unwrap_or(10));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();

    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut env = BTreeMap::new();
    env.insert("TAXI_DATA_DIR".to_string(), dir.join("var").display().to_string());
    env.insert("TAXI_SMTP_URL".to_string(), format!("smtp://127.0.0.1:{port}"));
    let settings = Settings::load_from(&env).unwrap();

    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let kept = sample::start(&settings, RetryPolicy { concurrency, ..RetryPolicy::default() });
    let outbox = kept.outbox.clone();
    println!("store: {}", outbox.store().path().display());
    println!("transport: {}", outbox.transport_description());
    let outage_started = Instant::now();

    runtime.block_on(async {
        let started = Instant::now();
        let mut took = Vec::with_capacity(bookings);
        for i in 0..bookings {
            let one = Instant::now();
            kept.submit(&sample::booking('B', i)).await.unwrap();
            took.push(one.elapsed());
        }
        let secs = started.elapsed().as_secs_f64();
        took.sort();
        let at = |q: f64| took[((took.len() as f64 * q) as usize).min(took.len() - 1)].as_secs_f64() * 1000.0;
        println!(
            "one at a time: {bookings} bookings in {secs:.2} s = {:.0} bookings/s ({:.0} mails/s); p50 {:.2} ms, p99 {:.2} ms",
            bookings as f64 / secs,
            2.0 * bookings as f64 / secs,
            at(0.5),
            at(0.99)
        );

        let started = Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        for p in 0..parallel {
            let kept = kept.clone();
            tasks.spawn(async move {
                let mut took = Vec::new();
                for i in (p..bookings).step_by(parallel) {
                    let one = Instant::now();
                    kept.submit(&sample::booking('B', bookings + i)).await.unwrap();
                    took.push(one.elapsed());
                }
                took
            });
        }
        let mut took = Vec::with_capacity(bookings);
        while let Some(joined) = tasks.join_next().await {
            took.extend(joined.unwrap());
        }
        let secs = started.elapsed().as_secs_f64();
        took.sort();
        let at = |q: f64| took[((took.len() as f64 * q) as usize).min(took.len() - 1)].as_secs_f64() * 1000.0;
        println!(
            "{parallel} in parallel: {bookings} bookings in {secs:.2} s = {:.0} bookings/s ({:.0} mails/s); p50 {:.2} ms, p99 {:.2} ms",
            bookings as f64 / secs,
            2.0 * bookings as f64 / secs,
            at(0.5),
            at(0.99)
        );
    });

    let queued = outbox.stats().depth;
    let remaining = outage.saturating_sub(outage_started.elapsed());
    std::thread::sleep(remaining);
    println!(
        "SMTP down for {:.1} s; {queued} mails queued; {} failed attempts",
        outage_started.elapsed().as_secs_f64(),
        outbox.stats().failed_attempts_since_start
    );

    let sink_dir = dir.join("sink");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/smtp_sink.py");
    let mut sink = Command::new("python3")
        .args([script, "--port", &port.to_string(), "--dir", &sink_dir.display().to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 with aiosmtpd");
    let mut line = String::new();
    BufReader::new(sink.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert_eq!(line.trim(), "READY", "the sink needs `python3 -m pip install aiosmtpd`");
    let up = Instant::now();
    let mut first = None;
    while outbox.stats().depth > 0 {
        if first.is_none() && outbox.stats().delivered_since_start > 0 {
            first = Some(up.elapsed());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let last = up.elapsed();
    println!(
        "SMTP back: first mail after {:.2} s, all {queued} delivered after {:.2} s ({:.0} mails/s once flowing)",
        first.unwrap_or(last).as_secs_f64(),
        last.as_secs_f64(),
        queued as f64 / (last - first.unwrap_or_default()).as_secs_f64().max(1e-3)
    );
    runtime.block_on(outbox.shutdown());
    let _ = sink.kill();
    let _ = sink.wait();
}
