//! A start that puts a backup in place of a damaged store, killed with SIGKILL
//! at each of its writes (`store/restore.rs`, `mail/restored.rs`): after the
//! next start there is exactly one notice to staff, the store is degraded and
//! says which backup replaced it, the bookings of the copy are there (and the
//! one made after it is not), the damaged file is kept once, and nothing half
//! done is left beside the store.
use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use crate::{
    crash::Worker,
    helpers::{settings, start, wait_for, Sink, TempDir},
    store_faults::recent,
};

const LONG: Duration = Duration::from_secs(30);

/// Every write of the start that restores, in order.
const POINTS: [&str; 8] = [
    "restore-copied",
    "restore-recorded",
    "restore-staged",
    "restore-moved-aside",
    "restore-placed",
    "restore-opened",
    "restore-notice-staged",
    "restore-noticed",
];

/// A data directory whose store holds KEPT1 and LATE1, with a backup taken
/// between the two, every mail delivered; then its store's header clobbered.
/// Returns the backup and the damaged bytes.
async fn damaged_store_with_a_backup(data: &Path, sink: &Sink) -> (PathBuf, Vec<u8>) {
    let outbox = start(&settings(data, Some(&sink.url()), ""));
    outbox.submit_booking(&recent("KEPT1")).await.unwrap();
    wait_for("the booking's mails", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    let backups = data.join(taxi_server::store::backup::DIR_NAME);
    std::fs::create_dir_all(&backups).unwrap();
    let backup = backups.join(taxi_server::store::backup::file_name(jiff::Timestamp::now()));
    taxi_server::store::backup::backup(data, &backup).unwrap();
    let outbox = start(&settings(data, Some(&sink.url()), ""));
    outbox.submit_booking(&recent("LATE1")).await.unwrap();
    wait_for("the later booking's mails", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;

    let file = data.join(taxi_server::store::FILE_NAME);
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[..100].fill(b'x');
    std::fs::write(&file, &bytes).unwrap();
    let _ = std::fs::remove_file(format!("{}-wal", file.display()));
    (backup, bytes)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

fn names_in(data: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn references(data: &Path) -> Vec<String> {
    let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
    let mut statement = store.prepare("SELECT reference FROM bookings ORDER BY reference").unwrap();
    statement.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
}

#[tokio::test]
async fn a_kill_at_any_write_of_a_restoring_start_loses_neither_the_notice_nor_the_degraded_state() {
    let dir = TempDir::new("restore-kill");
    let template = dir.path("template");
    let setup_sink = Sink::start_any(&dir.path("setup-sink"), &[]);
    let (backup, damaged) = damaged_store_with_a_backup(&template, &setup_sink).await;
    let backup_name = backup.file_name().unwrap().to_string_lossy().into_owned();

    for point in POINTS {
        let data = dir.path(point);
        copy_dir(&template, &data);
        let sink = Sink::start_any(&dir.path(&format!("{point}-sink")), &[]);
        let mut worker = Worker::start(&data, &sink.url(), &["--stop-at", point]);
        worker.expect_line(&format!("STOPPED {point}"), LONG);
        worker.kill9();
        assert_eq!(sink.count(), 0, "{point}: nothing is sent before the sender starts");

        let mut worker = Worker::start(&data, &sink.url(), &["--show", "KEPT1", "--exit-when-empty"]);
        assert_eq!(worker.expect_line("RECORD", LONG), "RECORD KEPT1 requested", "{point}");
        let trouble = worker.expect_line("TROUBLE", LONG);
        assert!(
            trouble.contains("not a database")
                && trouble.contains("replaced by the backup")
                && trouble.contains(&backup_name),
            "{point}: degraded, naming the damage and the backup: {trouble}"
        );
        worker.finish(LONG);
        assert_eq!(references(&data), ["KEPT1"], "{point}: the copy's bookings, not the later one");
        let aside: Vec<String> = names_in(&data).into_iter().filter(|n| n.contains(".damaged-")).collect();
        assert_eq!(aside.len(), 1, "{point}: the damaged store is kept once: {aside:?}");
        assert_eq!(std::fs::read(data.join(&aside[0])).unwrap(), damaged, "{point}: as it was found");
        let left: Vec<String> = names_in(&data)
            .into_iter()
            .filter(|n| n.ends_with(".restoring") || n.ends_with(".restored"))
            .collect();
        assert!(left.is_empty(), "{point}: nothing half done is left: {left:?}");

        // Started once more: still degraded (for a day), and no second notice.
        let mut worker = Worker::start(&data, &sink.url(), &["--show", "KEPT1", "--exit-when-empty"]);
        assert!(worker.expect_line("TROUBLE", LONG).contains("replaced by the backup"), "{point}");
        worker.finish(LONG);
        let received = sink.messages();
        assert_eq!(received.len(), 1, "{point}: one mail in all, the notice");
        assert!(
            received[0].message_id.contains("store.failure-notice"),
            "{point}: {}",
            received[0].message_id
        );
        let text = String::from_utf8_lossy(&received[0].raw).replace("=\r\n", "");
        assert!(text.contains("teruggezet uit de back-up van"), "{point}: {text}");
        eprintln!("killed at {point}: one notice, degraded, KEPT1 back, the damaged file kept once");
    }
}
