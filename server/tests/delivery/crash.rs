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

use crate::helpers::{count_files, delivered_ids, free_port, spool_ids, wait_for, Sink, TempDir};

/// Builds the example (a no-op when it is fresh) and returns its path.
fn worker_binary() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "--release", "--quiet", "-p", "taxi-server", "--example", "spool_worker"])
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
        // target/<profile>/deps/delivery-… → target/<profile>/examples/spool_worker
        let exe = std::env::current_exe().unwrap();
        exe.parent().unwrap().parent().unwrap().join("examples").join("spool_worker")
    })
}

struct Worker {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Worker {
    fn start(data_dir: &Path, smtp_url: &str, args: &[&str]) -> Worker {
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
    fn expect_line(&mut self, prefix: &str, timeout: Duration) -> String {
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

    fn kill9(mut self) {
        // Child::kill sends SIGKILL on Unix.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Runs an `--exit-when-empty` worker to its end.
    fn finish(mut self, timeout: Duration) {
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
    // By name: a kill while a failed attempt is recorded leaves the entry in both
    // (the updated copy is in `queue/` before the old one leaves `sending/`; a
    // restart drops the old one).
    let names = |dir: &str| -> BTreeSet<String> {
        std::fs::read_dir(data.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    assert_eq!(names("spool/queue").union(&names("spool/sending")).count(), 40);
    assert_eq!(count_files(&data.join("spool/done")), 0);

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
    let sink = Sink::start(free_port(), &dir.path("sink"), &["--delay-ms", "5"]);
    let bookings = 150;

    let mut worker = Worker::start(&data, &sink.url(), &["--submit", &bookings.to_string()]);
    worker.expect_line("SUBMITTED", Duration::from_secs(60));
    wait_for("some deliveries", Duration::from_secs(30), || sink.count() >= 60);
    worker.kill9();
    let in_flight: BTreeSet<String> = spool_ids(&data.join("spool/sending")).into_iter().collect();
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
    assert!(
        duplicates.is_subset(&in_flight),
        "duplicates {duplicates:?} were not all in flight {in_flight:?}"
    );
    assert_eq!(seen.len(), bookings * 2);
    eprintln!(
        "killed after {before} deliveries; {} in flight; {} sent twice",
        in_flight.len(),
        duplicates.len()
    );
}

/// Kills the worker where a durable step has written its mails to the spool
/// but not yet committed the booking store, then restarts it: the change is
/// rolled forward from the mails, so the store and what was sent agree, and
/// each mail goes out once.
fn killed_between_spool_and_store(point: &str, first_run: &[&str], status: &str, mails: usize) {
    let dir = TempDir::new(point);
    let data = dir.path("var");
    let sink = Sink::start(free_port(), &dir.path("sink"), &[]);
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
fn a_kill_after_a_bookings_mails_are_spooled_but_before_it_is_stored_keeps_both() {
    killed_between_spool_and_store("booking-spooled", &["--submit", "1"], "requested", 2);
}

#[test]
fn a_kill_after_an_answers_mail_is_spooled_but_before_it_is_stored_keeps_both() {
    // The booking's two mails, and the customer's confirmation.
    killed_between_spool_and_store("answer-spooled", &["--submit", "1", "--confirm-first"], "confirmed", 3);
}

#[test]
fn a_kill_after_a_customers_step_is_spooled_but_before_it_is_stored_keeps_both() {
    // The booking's two mails, then staff's notice and the customer's cancellation.
    killed_between_spool_and_store("step-spooled", &["--submit", "1", "--cancel-first"], "cancelled", 4);
}

#[test]
fn a_kill_after_a_reminder_is_spooled_but_before_it_is_stored_sends_it_once_and_records_it() {
    let point = "reminder-spooled";
    let dir = TempDir::new(point);
    let data = dir.path("var");
    let sink = Sink::start(free_port(), &dir.path("sink"), &[]);
    let mut worker = Worker::start(&data, &sink.url(), &["--stop-at", point, "--submit", "1", "--remind"]);
    worker.expect_line(&format!("STOPPED {point}"), Duration::from_secs(30));
    worker.kill9();

    let mut worker = Worker::start(&data, &sink.url(), &["--show", "W000000", "--exit-when-empty"]);
    assert_eq!(worker.expect_line("RECORD", Duration::from_secs(30)), "RECORD W000000 requested");
    // The first of the two reminders due was spooled when the kill came: recorded at the restart.
    assert_eq!(worker.expect_line("REMINDERS", Duration::from_secs(30)), "REMINDERS W000000 1");
    worker.finish(Duration::from_secs(30));
    let mut worker = Worker::start(&data, &sink.url(), &["--remind", "--exit-when-empty"]);
    assert_eq!(worker.expect_line("REMINDED", Duration::from_secs(30)), "REMINDED 1", "only the other one");
    worker.finish(Duration::from_secs(30));
    let received: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = received.iter().collect();
    // The booking's two mails and one mail per reminder (to staff: no escalation set).
    assert_eq!((received.len(), unique.len()), (4, 4), "every mail once: {received:?}");
}
