//! Backups of the one store with the real binary: `taxi-server backup FILE`
//! while the site runs, `taxi-server restore FILE` once it is stopped; the
//! restored site holds what the copy held, sends nothing a second time, and
//! tells staff (the copy's queued mails: `delivery/restore_by_hand.rs`).
use std::{path::Path, process::Command};

use serde_json::Value;

use crate::{booking::booking, helpers::TempDir, staff_answers::desk};

/// Runs `taxi-server ARGS` on the data directory `data`; returns (success, stdout and stderr).
fn taxi_server(data: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_taxi-server"))
        .args(args)
        .env("TAXI_DATA_DIR", data)
        .env_remove("TAXI_CONFIG")
        .output()
        .expect("taxi-server runs");
    let said =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), said)
}

#[actix_web::test]
async fn a_backup_taken_while_the_site_runs_is_restored_and_nothing_is_sent_twice() {
    let desk = desk("en").await;
    let kept = desk.book("en").await;
    desk.app.outbox_idle().await;
    let dir = TempDir::new();
    let copy = dir.0.join("copy.sqlite3");
    let copy_arg = copy.to_string_lossy().into_owned();
    let (ok, said) = taxi_server(&desk.app.data_dir, &["backup", &copy_arg]);
    assert!(ok, "backup while the site runs: {said}");

    // Booked after the copy.
    let mut later = booking();
    later["name"] = "Someone Later".into();
    let response = desk.app.post_json("/api/reservation/en", &later).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    let lost = message[at..at + 8].to_string();
    desk.app.outbox_idle().await;
    let sent = desk.sink.count();
    assert_eq!(sent, 4, "two bookings, two mails each");

    let (ok, said) = taxi_server(&desk.app.data_dir, &["restore", &copy_arg]);
    assert!(!ok && said.contains("is the server running?"), "refused while the site runs: {said}");

    let desk = desk
        .restart_after(|data| {
            let (ok, said) = taxi_server(data, &["restore", &copy_arg]);
            assert!(ok && said.contains("kept as"), "restore with the site stopped: {said}");
            assert!(said.contains("holds 0 mail(s) queued"), "nothing to ask about: {said}");
        })
        .await;
    let bookings = desk.app.bookings.clone();
    assert!(bookings.record(&kept).await.unwrap().is_some(), "the booking in the copy is back");
    assert!(
        bookings.record(&lost).await.unwrap().is_none(),
        "the later one is not (its mails are its record)"
    );
    desk.app.outbox_idle().await;
    let new = &desk.all_mails()[sent..];
    assert_eq!(new.len(), 1, "nothing is sent a second time; staff are told");
    assert!(
        new[0].subject.starts_with("The store was put back by hand from the copy of"),
        "{}",
        new[0].subject
    );
    let details: Value = desk.app.get("/healthz/details").await.json().await.unwrap();
    assert_eq!(details["status"], "degraded", "{details}");
    assert_eq!(details["store"]["restored"]["byHand"], true, "{details}");
    let sent = sent + 1;
    // The restored site takes bookings again.
    let mut again = booking();
    again["name"] = "Someone Again".into();
    assert_eq!(desk.app.post_json("/api/reservation/en", &again).await.status(), 200);
    desk.app.outbox_idle().await;
    assert_eq!(desk.sink.count(), sent + 2);
}
