//! The store's own faults: a damaged or emptied store at start-up is replaced
//! by the newest backup, and an answer whose commit fails on a full disk sends
//! nothing, then or after a restart.
use std::{path::Path, time::Duration};

use taxi_server::bookings::{
    answer::{Action, Answer},
    model::Booking,
};

use crate::{
    disk_full::{fill, Tmpfs},
    helpers::{booking_to, mails_in, received_for, settings, start, wait_for, Sink, Started, TempDir},
};

const LONG: Duration = Duration::from_secs(30);

fn confirm() -> Answer {
    Answer {
        action: Action::Confirm,
        note: String::new(),
        proposed_pickup_at: None,
        reason: None,
        answered_at: jiff::Timestamp::now(),
    }
}

/// A booking made now for next week: within its retention.
pub(crate) fn recent(reference: &str) -> Booking {
    let now = jiff::Zoned::now().with_time_zone(jiff::tz::TimeZone::get("Europe/Amsterdam").unwrap());
    let pickup_at =
        taxi_server::types::Pickup::local(now.datetime().checked_add(jiff::Span::new().days(7)).unwrap());
    Booking { received_at: now.timestamp(), pickup_at, ..booking_to(reference, "zoe@example.nl") }
}

async fn status(outbox: &Started, reference: &str) -> String {
    outbox.record(reference).await.unwrap().map_or("none".into(), |r| r.status.code().to_string())
}

/// The tests place the backups themselves. The schedule's own copy, taken at start when the
/// newest backup's file looks older than `backup.every_hours` (or from the future: under
/// `scripts/test-at-hours.sh` the clock is moved, file times are not), would race the booking
/// made after the test's backup and be restored in its place.
const OWN_BACKUPS: &str = "[backup]\nevery_hours = 0\n";

/// Three bookings, the first confirmed, every mail delivered; the outbox shut down.
async fn history(data: &Path, sink: &Sink) {
    let outbox = start(&settings(data, Some(&sink.url()), OWN_BACKUPS));
    for reference in ["DMG1", "DMG2", "DMG3"] {
        outbox.submit_booking(&recent(reference)).await.unwrap();
    }
    let record = outbox.record("DMG1").await.unwrap().unwrap();
    assert!(taxi_server::staff_answers::mail::answer(outbox.parts(), &record, &confirm()).await.unwrap());
    wait_for("all delivered", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
}

#[tokio::test]
async fn a_damaged_or_emptied_store_is_replaced_by_the_newest_backup_at_start() {
    for damage in ["header", "page", "empty"] {
        let dir = TempDir::new(&format!("store-{damage}"));
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), &[]);
        history(&data, &sink).await;
        let backups = data.join(taxi_server::store::backup::DIR_NAME);
        std::fs::create_dir_all(&backups).unwrap();
        let older = backups.join("store-20000101T000000Z.sqlite3");
        std::fs::write(&older, b"an older backup, damaged too").unwrap();
        let newest = backups.join(taxi_server::store::backup::file_name(jiff::Timestamp::now()));
        taxi_server::store::backup::backup(&data, &newest).unwrap();
        // Booked after the backup: its staff mail is all that is left of it.
        let outbox = start(&settings(&data, Some(&sink.url()), OWN_BACKUPS));
        outbox.submit_booking(&recent("DMG4")).await.unwrap();
        wait_for("all delivered", LONG, || outbox.stats().depth == 0);
        outbox.shutdown().await;
        let sent = sink.count();

        let file = data.join(taxi_server::store::FILE_NAME);
        let mut bytes = std::fs::read(&file).unwrap();
        match damage {
            "header" => bytes[..100].fill(b'x'),
            // The first table's first page.
            "page" => bytes[4096..8192].fill(0xff),
            _ => bytes.clear(),
        }
        std::fs::write(&file, bytes).unwrap();
        let _ = std::fs::remove_file(format!("{}-wal", file.display()));

        let outbox = start(&settings(&data, Some(&sink.url()), OWN_BACKUPS));
        let expected =
            [("DMG1", "confirmed"), ("DMG2", "requested"), ("DMG3", "requested"), ("DMG4", "none")];
        for (reference, expected) in expected {
            assert_eq!(status(&outbox, reference).await, expected, "{damage}: {reference}");
        }
        let aside = std::fs::read_dir(&data)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains(".damaged-"))
            .count();
        assert_eq!(aside, 1, "{damage}: the damaged file is kept for a person to look at");
        let trouble = outbox.store_trouble().map(|t| t.reason).unwrap_or_default();
        assert!(
            trouble.contains("replaced by the backup") && trouble.contains(&*newest.to_string_lossy()),
            "{damage}: {trouble}"
        );
        wait_for("the notice to staff", LONG, || outbox.stats().depth == 0);
        outbox.shutdown().await;
        let new: Vec<String> = sink.messages()[sent..]
            .iter()
            .map(|m| String::from_utf8_lossy(&m.raw).replace("=\r\n", ""))
            .collect();
        assert_eq!(new.len(), 1, "{damage}: nothing is sent again, one notice to staff");
        assert!(new[0].contains("teruggezet uit de back-up van"), "{damage}: {}", new[0]);
        // Started once more, the store is sound: no second notice.
        start(&settings(&data, Some(&sink.url()), OWN_BACKUPS)).shutdown().await;
        assert_eq!(sink.count(), sent + 1, "{damage}");
    }
}

#[tokio::test]
async fn an_answer_whose_commit_fails_on_a_full_disk_sends_nothing() {
    let dir = TempDir::new("answer-full");
    let data = dir.path("var");
    let mounts = Tmpfs::mount(&data, "2m");
    let _mounts = match mounts {
        Ok(mounts) => mounts,
        Err(why) => {
            eprintln!("SKIPPED an_answer_whose_commit_fails_on_a_full_disk_sends_nothing: cannot mount a tmpfs ({why})");
            return;
        }
    };
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let customer = "zoe@example.nl";
    let outbox = start(&settings(&data, Some(&sink.url()), ""));
    outbox.submit_booking(&recent("FULL1")).await.unwrap();
    wait_for("the booking's mails", LONG, || outbox.stats().depth == 0);
    let filler = fill(&data);

    let record = outbox.record("FULL1").await.unwrap().unwrap();
    assert!(
        taxi_server::staff_answers::mail::answer(outbox.parts(), &record, &confirm()).await.is_err(),
        "the commit fails"
    );
    assert_eq!(mails_in(&data, "queued").len(), 0, "its mail was not kept");
    assert_eq!(status(&outbox, "FULL1").await, "requested");
    assert!(outbox.store_trouble().is_some_and(|t| t.unwritable), "the health checks see it");
    outbox.shutdown().await;

    // Nothing goes out at a restart either; with room, the answer is taken once.
    std::fs::remove_file(filler).unwrap();
    let outbox = start(&settings(&data, Some(&sink.url()), ""));
    assert_eq!(outbox.stats().depth, 0);
    let record = outbox.record("FULL1").await.unwrap().unwrap();
    assert!(taxi_server::staff_answers::mail::answer(outbox.parts(), &record, &confirm()).await.unwrap());
    wait_for("the answer", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, customer, "FULL1.customer-answer."), 1, "one answer mail");
}

#[tokio::test]
async fn a_customers_cancellation_whose_commit_fails_on_a_full_disk_sends_nothing() {
    use taxi_server::bookings::customer_step::{CustomerAction, CustomerStep};
    let dir = TempDir::new("step-full");
    let data = dir.path("var");
    let mounts = Tmpfs::mount(&data, "2m");
    let _mounts = match mounts {
        Ok(mounts) => mounts,
        Err(why) => {
            eprintln!("SKIPPED a_customers_cancellation_whose_commit_fails_on_a_full_disk_sends_nothing: cannot mount a tmpfs ({why})");
            return;
        }
    };
    let sink = Sink::start_any(&dir.path("sink"), &[]);
    let outbox = start(&settings(&data, Some(&sink.url()), ""));
    outbox.submit_booking(&recent("FULL2")).await.unwrap();
    wait_for("the booking's mails", LONG, || outbox.stats().depth == 0);
    let filler = fill(&data);
    let cancel = |record: &taxi_server::bookings::record::Record| {
        CustomerStep::on(record, CustomerAction::Cancel, String::new(), None, jiff::Timestamp::now()).unwrap()
    };

    let record = outbox.record("FULL2").await.unwrap().unwrap();
    assert!(
        taxi_server::manage_booking::mail::step(outbox.parts(), &record, &cancel(&record)).await.is_err(),
        "the commit fails"
    );
    assert_eq!(mails_in(&data, "queued").len(), 0, "its mails were not kept");
    assert_eq!(status(&outbox, "FULL2").await, "requested");
    outbox.shutdown().await;

    // Nothing goes out at a restart either; with room, the cancellation is taken once.
    std::fs::remove_file(filler).unwrap();
    let outbox = start(&settings(&data, Some(&sink.url()), ""));
    assert_eq!(outbox.stats().depth, 0);
    let record = outbox.record("FULL2").await.unwrap().unwrap();
    assert!(taxi_server::manage_booking::mail::step(outbox.parts(), &record, &cancel(&record))
        .await
        .unwrap());
    wait_for("the step's mails", LONG, || outbox.stats().depth == 0);
    assert_eq!(status(&outbox, "FULL2").await, "cancelled");
    outbox.shutdown().await;
    assert_eq!(received_for(&sink, "zoe@example.nl", "FULL2.customer-step."), 1, "one mail to the customer");
}
