//! Reminders are perishable: queued while the mail server is down, one is
//! not sent once the booking changed (the change drops it in its own
//! transaction), nor once its pick-up has passed; the other mails still go.
use std::time::Duration;

use taxi_server::{
    bookings::{
        customer_step::{CustomerAction, CustomerStep},
        model::Booking,
    },
    config::Settings,
    reminders::Reminders,
};

use crate::helpers::{booking_to, free_port, mails_in, settings, start, wait_for, Sink, Started, TempDir};

const LONG: Duration = Duration::from_secs(30);

/// A booking made three hours ago for a pick-up `ahead` from now (local time).
fn booked_for(reference: &str, ahead: jiff::SignedDuration) -> Booking {
    let now = jiff::Timestamp::now();
    let pickup_at = taxi_server::types::Pickup::at(now + ahead);
    let received_at = now - jiff::SignedDuration::from_hours(3);
    Booking { received_at, pickup_at, ..booking_to(reference, "zoe@example.nl") }
}

/// Queues the reminders due a minute inside the staff's two hours before the pick-up.
async fn remind(outbox: &Started, s: &Settings, booking: &Booking) -> usize {
    let reminders = Reminders::new(outbox.keeper.clone(), outbox.composer.clone(), s);
    let pickup = booking.pickup_at.instant();
    let sent = reminders.run(pickup - jiff::SignedDuration::from_mins(119)).await.unwrap();
    assert!(sent >= 1, "a reminder is due then");
    sent
}

fn reminders_received(sink: &Sink) -> usize {
    sink.messages().iter().filter(|m| m.message_id.contains("-reminder.")).count()
}

/// A booking with its reminders queued while the mail server is down.
struct Outage {
    dir: TempDir,
    port: u16,
    outbox: Started,
    booking: Booking,
    queued: usize,
}

async fn outage(name: &str, reference: &str, ahead: jiff::SignedDuration) -> Outage {
    let dir = TempDir::new(name);
    let port = free_port();
    let s = settings(&dir.path("var"), Some(&format!("smtp://127.0.0.1:{port}")), "");
    let outbox = start(&s);
    let booking = booked_for(reference, ahead);
    outbox.submit_booking(&booking).await.unwrap();
    let queued = remind(&outbox, &s, &booking).await;
    Outage { dir, port, outbox, booking, queued }
}

impl Outage {
    /// The server back: everything still queued is delivered; returns what it got.
    async fn end(self) -> (Sink, TempDir) {
        let sink = Sink::start(self.port, &self.dir.path("sink"), &[]);
        wait_for("delivery", LONG, || self.outbox.stats().depth == 0);
        self.outbox.shutdown().await;
        (sink, self.dir)
    }
}

#[tokio::test]
async fn a_reminder_queued_in_an_outage_is_dropped_when_the_booking_changes() {
    let outage = outage("perish-change", "PER1", jiff::SignedDuration::from_hours(5)).await;
    let (outbox, data) = (&outage.outbox, outage.dir.path("var"));
    let record = outbox.record("PER1").await.unwrap().unwrap();
    let cancel =
        CustomerStep::on(&record, CustomerAction::Cancel, String::new(), None, jiff::Timestamp::now())
            .unwrap();
    assert!(taxi_server::manage_booking::mail::step(outbox.parts(), &record, &cancel).await.unwrap());
    assert_eq!(mails_in(&data, "superseded").len(), outage.queued, "dropped with the cancellation");

    let (sink, _dir) = outage.end().await;
    assert_eq!(reminders_received(&sink), 0, "no reminder of a cancelled ride");
    assert_eq!(sink.count(), 4, "the booking's two mails and the cancellation's two");
}

#[tokio::test]
async fn a_reminder_is_not_sent_after_its_pick_up() {
    let outage = outage("perish-time", "PER2", jiff::SignedDuration::from_secs(2)).await;
    let pickup = outage.booking.pickup_at.instant();
    // The outage lasts past the pick-up.
    wait_for("the pick-up to pass", LONG, || jiff::Timestamp::now() > pickup);
    let queued = outage.queued;
    let (sink, dir) = outage.end().await;
    assert_eq!(reminders_received(&sink), 0, "no reminder after the pick-up");
    assert_eq!(sink.count(), 2, "the booking's own mails still went");
    assert_eq!(mails_in(&dir.path("var"), "superseded").len(), queued);
}
