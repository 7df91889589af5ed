//! `taxi-server restore FILE` (the real binary) with mails queued in the
//! copy: it says how many, and sends them again or drops them as the operator
//! says (`--resend-queued`, `--drop-queued`, or asked on a terminal); without
//! an answer it refuses and changes nothing. Staff are told once, at the next
//! start, and the store is degraded meanwhile.
use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
    time::Duration,
};

use crate::{
    helpers::{free_port, mails_in, settings, start, wait_for, Sink, TempDir},
    store_faults::recent,
};

const LONG: Duration = Duration::from_secs(30);

/// A store holding HAND1 and HAND2, and a copy taken between them while
/// HAND1's two mails were queued (the mail server down at `port`).
async fn copy_with_queued_mails(dir: &TempDir, port: u16) -> (PathBuf, PathBuf) {
    let data = dir.path("var");
    let url = format!("smtp://127.0.0.1:{port}");
    let outbox = start(&settings(&data, Some(&url), ""));
    outbox.submit_booking(&recent("HAND1")).await.unwrap();
    let copy = dir.path("copy.sqlite3");
    taxi_server::store::backup::backup(&data, &copy).unwrap();
    outbox.submit_booking(&recent("HAND2")).await.unwrap();
    outbox.shutdown().await;
    assert_eq!(mails_in(&data, "queued").len(), 4);
    (data, copy)
}

/// `taxi-server restore COPY FLAGS` on `data`, its stdin `input` (a pipe, not a terminal).
fn restore(data: &Path, copy: &Path, flags: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_taxi-server"))
        .arg("restore")
        .arg(copy)
        .args(flags)
        .env("TAXI_DATA_DIR", data)
        .env_remove("TAXI_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("taxi-server runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn said(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Starts the outbox on `data` with the mail server up, until nothing is
/// queued; returns the texts of what the server received.
async fn start_and_deliver(data: &Path, sink: &Sink) -> (Vec<String>, Option<String>) {
    let outbox = start(&settings(data, Some(&sink.url()), ""));
    wait_for("the queue emptied", LONG, || outbox.stats().depth == 0);
    let trouble = outbox.store_trouble().map(|t| t.reason);
    for (reference, expected) in [("HAND1", true), ("HAND2", false)] {
        assert_eq!(outbox.record(reference).await.unwrap().is_some(), expected, "{reference}");
    }
    outbox.shutdown().await;
    let texts =
        sink.messages().iter().map(|m| String::from_utf8_lossy(&m.raw).replace("=\r\n", "")).collect();
    (texts, trouble)
}

#[tokio::test]
async fn a_restore_by_hand_refuses_without_an_answer_and_drops_the_queued_mails_when_told() {
    let dir = TempDir::new("restore-drop");
    let port = free_port();
    let (data, copy) = copy_with_queued_mails(&dir, port).await;

    let refused = restore(&data, &copy, &[], "");
    assert_eq!(refused.status.code(), Some(2), "{}", said(&refused));
    let text = said(&refused);
    assert!(text.contains("holds 2 mail(s) queued"), "{text}");
    assert!(text.contains("--resend-queued") && text.contains("--drop-queued"), "{text}");
    assert_eq!(mails_in(&data, "queued").len(), 4, "nothing changed");
    let aside = std::fs::read_dir(&data)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains(".damaged-"))
        .count();
    assert_eq!(aside, 0, "nothing moved");

    let dropped = restore(&data, &copy, &["--drop-queued"], "");
    assert!(dropped.status.success(), "{}", said(&dropped));
    assert!(said(&dropped).contains("kept as"), "{}", said(&dropped));
    let sink = Sink::start(port, &dir.path("sink"), &[]);
    let (received, trouble) = start_and_deliver(&data, &sink).await;
    assert_eq!(received.len(), 1, "only the notice: {received:?}");
    assert!(received[0].contains("met de hand teruggezet uit de kopie van"), "{}", received[0]);
    assert!(
        received[0].contains("2 mails die in de kopie nog klaarstonden zijn niet verstuurd"),
        "{}",
        received[0]
    );
    assert_eq!(mails_in(&data, "superseded").len(), 2, "the copy's queued mails, ended unsent");
    let trouble = trouble.unwrap_or_default();
    assert!(trouble.contains("restored by hand") && trouble.contains("copy.sqlite3"), "{trouble}");

    start_and_deliver(&data, &sink).await;
    assert_eq!(sink.count(), 1, "no second notice");
}

#[tokio::test]
async fn a_restore_by_hand_sends_the_queued_mails_again_when_told_or_asked() {
    for (how, flags, input) in
        [("flag", &["--resend-queued"][..], ""), ("terminal", &[][..], "maybe\nsend\n")]
    {
        let dir = TempDir::new(&format!("restore-resend-{how}"));
        let port = free_port();
        let (data, copy) = copy_with_queued_mails(&dir, port).await;
        let output = match how {
            "flag" => restore(&data, &copy, flags, input),
            _ => match on_a_terminal(&data, &copy, input) {
                Some(output) => output,
                None => {
                    eprintln!("SKIPPED the terminal case: no `script` to give restore a terminal");
                    continue;
                }
            },
        };
        assert!(output.status.success(), "{how}: {}", said(&output));
        assert!(said(&output).contains("holds 2 mail(s) queued"), "{how}: {}", said(&output));
        if how == "terminal" {
            assert!(said(&output).contains("[send/drop]"), "asked, twice: {}", said(&output));
        }
        let sink = Sink::start(port, &dir.path("sink"), &[]);
        let (received, _) = start_and_deliver(&data, &sink).await;
        assert_eq!(received.len(), 3, "{how}: HAND1's two mails and the notice");
        let notice = received.iter().find(|m| m.contains("met de hand teruggezet")).expect("the notice");
        assert!(
            notice.contains("2 mails die in de kopie nog klaarstonden worden nu verstuurd"),
            "{how}: {notice}"
        );
        assert_eq!(mails_in(&data, "superseded").len(), 0, "{how}");
    }
}

/// `restore` run on a terminal (util-linux `script` gives it one), answering `input`.
fn on_a_terminal(data: &Path, copy: &Path, input: &str) -> Option<Output> {
    let binary = env!("CARGO_BIN_EXE_taxi-server");
    let command = format!("'{binary}' restore '{}'", copy.display());
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("TAXI_DATA_DIR", data)
        .env_remove("TAXI_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    Some(output)
}
