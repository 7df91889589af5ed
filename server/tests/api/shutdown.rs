//! SIGTERM on the real binary: stop accepting, finish what is in flight, leave the
//! spool so that a restart delivers everything.
use std::{
    io::{Read, Write},
    path::Path,
    process::Command,
    time::{Duration, Instant},
};

use crate::{
    booking::booking,
    helpers::{between, TempDir},
    process::{server_command, Process},
};

/// The binary with the test process's settings, as SIGTERM meets it.
struct Server(Process);

impl std::ops::Deref for Server {
    type Target = Process;

    fn deref(&self) -> &Process {
        &self.0
    }
}

impl std::ops::DerefMut for Server {
    fn deref_mut(&mut self) -> &mut Process {
        &mut self.0
    }
}

impl Server {
    fn start(data_dir: &Path) -> Server {
        Self::start_logging(data_dir, "json")
    }

    fn start_logging(data_dir: &Path, log_format: &str) -> Server {
        let mut command =
            server_command(Command::new(env!("CARGO_BIN_EXE_taxi-server")), data_dir, log_format);
        command.env("TAXI_RATE_LIMIT_PER_MINUTE", "0");
        Server(Process::spawn(command))
    }

    fn wait_until_ready(&self) {
        let started = Instant::now();
        while !self.get("/readyz").starts_with("HTTP/1.1 200") {
            assert!(started.elapsed() < Duration::from_secs(20), "not ready");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn terminate(&self) {
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) }, 0);
    }

    fn wait_for_exit(&mut self, within: Duration) -> std::process::ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(started.elapsed() < within, "still running {within:?} after SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// JSON lines; the booking's lines carry the id the answer echoed; nothing
/// personal the visitor typed is written.
fn check_log(log: &[String], answer: &str, reference: &str) {
    let request_id = answer
        .lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .unwrap_or_else(|| panic!("no X-Request-Id in {answer}"))
        .trim();
    let entries: Vec<serde_json::Value> = log
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let of_request: Vec<&serde_json::Value> =
        entries.iter().filter(|e| e["span"]["request_id"] == request_id).collect();
    assert!(
        of_request
            .iter()
            .any(|e| e["fields"]["message"] == "booking request stored"
                && e["fields"]["reference"] == reference),
        "{of_request:?}"
    );
    let access =
        of_request.iter().find(|e| e["fields"]["message"] == "answered").expect("an access-log line");
    assert_eq!(access["fields"]["route"], "/api/reservation/{language}");
    assert_eq!(access["fields"]["status"], 200);
    let booking = booking();
    for personal in ["name", "email", "phone", "departure", "destination"] {
        let text = booking[personal].as_str().unwrap();
        assert!(!log.iter().any(|l| l.contains(text)), "{personal} ({text}) written to the log");
    }
}

fn mails_with(dir: &Path, text: &str) -> usize {
    std::fs::read_dir(dir.join("maildir/new"))
        .map(|entries| {
            entries
                .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                .filter(|m| m.contains(text))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn sigterm_finishes_the_booking_in_flight_refuses_new_connections_and_loses_nothing() {
    let temp = TempDir::new();
    let data_dir = temp.0.join("var");
    let mut server = Server::start(&data_dir);
    server.wait_until_ready();

    // A booking whose body is still arriving when the signal comes.
    let body = booking().to_string();
    let (first, rest) = body.as_bytes().split_at(body.len() / 2);
    let mut in_flight = server.connect().unwrap();
    write!(in_flight, "POST /api/reservation/nl HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len()).unwrap();
    in_flight.write_all(first).unwrap();
    std::thread::sleep(Duration::from_millis(200));

    server.terminate();
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.connect().is_err(), "no new connections once stopping");

    in_flight.write_all(rest).unwrap();
    let mut answer = String::new();
    let _ = in_flight.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let reference = between(&answer, "referentie ", ")").unwrap_or_else(|| panic!("{answer}")).to_string();
    let status = server.wait_for_exit(Duration::from_secs(12));
    assert!(status.success(), "{status:?}");
    let log = server.final_log();
    check_log(&log, &answer, &reference);
    // Lines written while stopping reach the output before the process ends.
    let last: serde_json::Value = serde_json::from_str(log.last().unwrap()).unwrap();
    assert_eq!(last["fields"]["message"], "stopped", "the last line: {last}");

    // Delivered before the exit, or kept in the spool and delivered after a restart.
    let mut restarted = Server::start(&data_dir);
    let started = Instant::now();
    while mails_with(&data_dir, &reference) < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "booking {reference} not delivered after the restart"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(mails_with(&data_dir, &reference), 2, "staff and customer mail, each once");
    restarted.wait_until_ready();
    restarted.terminate();
    let status = restarted.wait_for_exit(Duration::from_secs(12));
    assert!(status.success(), "{status:?}");
}

#[test]
fn text_logs_off_a_terminal_have_no_colour_codes_and_end_with_the_stop() {
    let temp = TempDir::new();
    let mut server = Server::start_logging(&temp.0.join("var"), "text");
    server.wait_until_ready();
    server.get("/tarieven");
    server.terminate();
    assert!(server.wait_for_exit(Duration::from_secs(12)).success());
    let log = server.final_log();
    assert!(log.iter().any(|l| l.contains("answered") && l.contains("route=\"/tarieven\"")), "{log:?}");
    assert!(!log.iter().any(|l| l.contains('\u{1b}')), "colour codes in a piped log: {log:?}");
    assert!(log.last().unwrap().ends_with("stopped"), "{log:?}");
}
