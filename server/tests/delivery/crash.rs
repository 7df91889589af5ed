//! Processes killed with SIGKILL: no mail accepted is ever lost, and a mail is
//! sent twice only if it was in flight at the kill (same Message-ID).
//!
//! The process is `examples/spool_worker.rs`, built here with cargo on first use.
use std::{
    collections::{BTreeMap, BTreeSet},
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::{mpsc, OnceLock},
    time::{Duration, Instant},
};

use crate::helpers::{delivered_ids, free_port, mails_in, wait_for, Sink, TempDir};

/// Builds the example (a no-op when it is fresh) and returns its path.
fn worker_binary() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        // target/<profile>/deps/delivery-… : the example is built with the
        // profile these tests were (release, or cargo-mutants' own).
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
        let profile = profile_dir.file_name().unwrap().to_str().unwrap().to_string();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args([
                "build",
                "--profile",
                &profile,
                "--quiet",
                "-p",
                "taxi-server",
                "--example",
                "spool_worker",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        // Variables cargo sets for a running test; some build scripts (ring's)
        // watch them, and seeing them would rebuild half the tree twice.
        for (name, _) in std::env::vars() {
            let per_test = [
                "CARGO_MANIFEST_",
                "CARGO_PKG_",
                "CARGO_CRATE_",
                "CARGO_BIN_",
                "CARGO_PRIMARY_",
                "CARGO_TARGET_TMPDIR",
                "OUT_DIR",
            ];
            if per_test.iter().any(|p| name.starts_with(p)) {
                build.env_remove(&name);
            }
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "building examples/spool_worker failed");
        profile_dir.join("examples").join("spool_worker")
    })
}

pub(crate) struct Worker {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Worker {
    pub(crate) fn start(data_dir: &Path, smtp_url: &str, args: &[&str]) -> Worker {
        let mut child = Command::new(worker_binary())
            .arg(data_dir)
            .args(["--smtp", smtp_url])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spool_worker starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Worker { child, lines }
    }

    /// Waits for a line starting with `prefix`.
    pub(crate) fn expect_line(&mut self, prefix: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(_) => panic!("spool_worker printed no {prefix} within {timeout:?}"),
            }
        }
    }

    pub(crate) fn kill9(mut self) {
        // Child::kill sends SIGKILL on Unix.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Runs an `--exit-when-empty` worker to its end.
    pub(crate) fn finish(mut self, timeout: Duration) {
        self.expect_line("DONE", timeout);
        assert!(self.child.wait().unwrap().success());
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn mail_accepted_during_an_outage_survives_a_kill_and_is_sent_once() {
    let dir = TempDir::new("kill-outage");
    let data = dir.path("var");
    let port = free_port();
    let url = format!("smtp://127.0.0.1:{port}");

    let mut worker = Worker::start(&data, &url, &["--submit", "20"]);
    worker.expect_line("SUBMITTED 20", Duration::from_secs(30));
    // Let it fail a few attempts against the dead port, then kill it.
    std::thread::sleep(Duration::from_millis(300));
    worker.kill9();
    assert_eq!(mails_in(&data, "queued").len(), 40);
    assert_eq!(mails_in(&data, "delivered").len(), 0);

    let sink = Sink::start(port, &dir.path("sink"), &[]);
    Worker::start(&data, &url, &["--exit-when-empty"]).finish(Duration::from_secs(30));
    let received: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = received.iter().collect();
    assert_eq!((received.len(), unique.len()), (40, 40), "every mail exactly once");
    assert_eq!(unique.into_iter().cloned().collect::<Vec<_>>(), delivered_ids(&data));
}

#[test]
fn a_kill_in_the_middle_of_delivery_loses_nothing_and_repeats_only_mails_in_flight() {
    let dir = TempDir::new("kill-busy");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &["--delay-ms", "5"]);
    let bookings = 150;

    let mut worker = Worker::start(&data, &sink.url(), &["--submit", &bookings.to_string()]);
    worker.expect_line("SUBMITTED", Duration::from_secs(60));
    wait_for("some deliveries", Duration::from_secs(30), || sink.count() >= 60);
    worker.kill9();
    let recorded: BTreeSet<String> = delivered_ids(&data).into_iter().collect();
    let before = sink.count();
    assert!(before < bookings * 2, "killed before the end ({before} delivered)");

    Worker::start(&data, &sink.url(), &["--exit-when-empty"]).finish(Duration::from_secs(60));
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for m in sink.messages() {
        *seen.entry(m.message_id).or_default() += 1;
    }
    let delivered = delivered_ids(&data);
    assert_eq!(delivered.len(), bookings * 2, "every accepted mail is recorded as delivered");
    for id in &delivered {
        assert!(seen.contains_key(id), "{id} never arrived");
    }
    let duplicates: BTreeSet<String> =
        seen.iter().filter(|(_, n)| **n > 1).map(|(id, _)| id.clone()).collect();
    assert!(seen.values().all(|n| *n <= 2));
    // Sent again only what was in a conversation at the kill: never a mail
    // recorded as delivered, and at most one per delivery slot.
    assert!(duplicates.is_disjoint(&recorded), "recorded as delivered, then sent again: {duplicates:?}");
    let slots = taxi_server::mail::RetryPolicy::default().concurrency;
    assert!(duplicates.len() <= slots, "{} sent twice, more than {slots} in flight", duplicates.len());
    assert_eq!(seen.len(), bookings * 2);
    eprintln!(
        "killed after {before} deliveries ({} recorded); {} sent twice",
        recorded.len(),
        duplicates.len()
    );
}

#[test]
fn a_kill_between_the_servers_answer_and_its_record_sends_that_mail_once_more() {
    let dir = TempDir::new("kill-sent");
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let mut worker = Worker::start(&data, &sink.url(), &["--stop-at", "mail-sent", "--submit", "1"]);
    worker.expect_line("STOPPED mail-sent", Duration::from_secs(30));
    worker.kill9();
    // Both mails may have been in flight (two delivery slots): each the server took is unrecorded.
    let taken: BTreeSet<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    assert!(!taken.is_empty(), "the server took a mail before the kill");
    assert_eq!(mails_in(&data, "queued").len(), 2, "neither recorded as delivered");

    Worker::start(&data, &sink.url(), &["--exit-when-empty"]).finish(Duration::from_secs(30));
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for m in sink.messages() {
        *seen.entry(m.message_id).or_default() += 1;
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
    // A mail the server was still storing as the kill came was in flight too: twice at most.
    assert!(seen.values().all(|times| *times <= 2), "{seen:?}");
    for id in &taken {
        assert_eq!(seen[id], 2, "{id}: taken before the kill: once more, with the same Message-ID");
    }
    assert_eq!(delivered_ids(&data).len(), 2);
}

/// Kills the worker at `point` of a durable step, then restarts it: killed
/// before the commit (`*-staged`), nothing of the step is kept or sent; after
/// it (`committed`), all of it is, each mail once. `status` and `mails`: what
/// the store says of the booking and how many mails arrived in all.
fn killed_in_a_step(point: &str, first_run: &[&str], status: &str, mails: usize) {
    let dir = TempDir::new(point);
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let mut args = vec!["--stop-at", point];
    args.extend_from_slice(first_run);
    let mut worker = Worker::start(&data, &sink.url(), &args);
    worker.expect_line(&format!("STOPPED {point}"), Duration::from_secs(30));
    worker.kill9();

    let mut worker = Worker::start(&data, &sink.url(), &["--show", "W000000", "--exit-when-empty"]);
    let record = worker.expect_line("RECORD", Duration::from_secs(30));
    assert_eq!(record, format!("RECORD W000000 {status}"), "{point}: the store after the restart");
    worker.finish(Duration::from_secs(30));
    let received: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = received.iter().collect();
    assert_eq!((received.len(), unique.len()), (mails, mails), "{point}: every mail once: {received:?}");
}

#[test]
fn a_kill_before_a_booking_commits_keeps_nothing_of_it_and_after_keeps_all() {
    killed_in_a_step("booking-staged", &["--submit", "1"], "none", 0);
    killed_in_a_step("committed", &["--submit", "1"], "requested", 2);
}

#[test]
fn a_kill_before_an_answer_commits_keeps_nothing_of_it_and_after_keeps_all() {
    // The booking's two mails; the confirmation only once committed.
    killed_in_a_step("answer-staged", &["--submit", "1", "--confirm-first"], "requested", 2);
}

#[test]
fn a_kill_before_a_customers_step_commits_keeps_nothing_of_it() {
    killed_in_a_step("step-staged", &["--submit", "1", "--cancel-first"], "requested", 2);
}

#[test]
fn a_kill_before_a_reminder_commits_leaves_it_due_and_it_goes_once() {
    let point = "reminder-staged";
    let dir = TempDir::new(point);
    let data = dir.path("var");
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let mut worker = Worker::start(&data, &sink.url(), &["--stop-at", point, "--submit", "1", "--remind"]);
    worker.expect_line(&format!("STOPPED {point}"), Duration::from_secs(30));
    worker.kill9();

    let mut worker = Worker::start(&data, &sink.url(), &["--show", "W000000", "--exit-when-empty"]);
    assert_eq!(worker.expect_line("RECORD", Duration::from_secs(30)), "RECORD W000000 requested");
    // The first of the two reminders due was being stored when the kill came: not recorded, not sent.
    assert_eq!(worker.expect_line("REMINDERS", Duration::from_secs(30)), "REMINDERS W000000 0");
    worker.finish(Duration::from_secs(30));
    let mut worker = Worker::start(&data, &sink.url(), &["--remind", "--exit-when-empty"]);
    assert_eq!(worker.expect_line("REMINDED", Duration::from_secs(30)), "REMINDED 2", "both, now");
    worker.finish(Duration::from_secs(30));
    let mut worker = Worker::start(&data, &sink.url(), &["--remind", "--exit-when-empty"]);
    assert_eq!(worker.expect_line("REMINDED", Duration::from_secs(30)), "REMINDED 0", "and never again");
    worker.finish(Duration::from_secs(30));
    let received: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = received.iter().collect();
    // The booking's two mails and one mail per reminder (to staff: no escalation set).
    assert_eq!((received.len(), unique.len()), (4, 4), "every mail once: {received:?}");
}
