//! The bookings kept with their mails: each change of a booking (stored,
//! answered, a customer's step, a reminder sent, junk) is written in one
//! transaction of the store with the finished mails that announce it
//! ([`crate::mail::Outbox::commit`]; the changes themselves are in
//! `store.rs` and `junk.rs`). The keeper takes the mails as they are: it
//! knows no mail's words (`booking_mail` draws them), and the outbox knows
//! nothing of bookings; this is the seam. Reads and writes run on the
//! outbox's blocking threads.
use std::{io, sync::Arc, time::Duration};

use jiff::Timestamp;

use crate::{
    bookings::{
        answer::{Answer, Status},
        customer_step::CustomerStep,
        junk::{self, Junked, Network, Scope},
        legacy,
        model::Booking,
        record::Record,
        store::{self, BookingStore},
    },
    config::Settings,
    forms::refusals::Refusals,
    i18n::Locales,
    mail::{DeliveryError, Outbox, OutgoingMail, RetryPolicy},
    store::Store,
    types::Lang,
};

/// The bookings in the store, with the outbox that commits their changes.
#[derive(Clone)]
pub struct Keeper {
    store: Arc<BookingStore>,
    outbox: Outbox,
}

impl Keeper {
    /// Opens the store under `data_dir` with its bookings table, then starts
    /// the outbox over it, which takes over the spool of an earlier release
    /// and records the changes its mails announced ([`legacy::adopt`]).
    /// Returns the keeper and the outbox, which the site's other mails use too.
    pub fn start(
        settings: &Settings,
        locales: Arc<Locales>,
        policy: RetryPolicy,
    ) -> Result<(Self, Outbox), DeliveryError> {
        let shared = Arc::new(Store::open(&settings.data_dir).map_err(DeliveryError::Store)?);
        let store = Arc::new(BookingStore::open(shared.clone()).map_err(DeliveryError::Store)?);
        let outbox = Outbox::start(settings, locales, shared, Some(&legacy::adopt), policy)?;
        Ok((Self { store, outbox: outbox.clone() }, outbox))
    }

    /// Stores a new booking with its `mails` (staff's and the customer's
    /// confirmation) in one transaction, durably; returns once it has
    /// committed (the sender delivers the mails later). `from_form`: the
    /// fingerprint of the form it came from, so that the same form sent
    /// again is recognised even after a restart ([`Keeper::repeat_of`]), and
    /// the tag of the sender's network (`forms::refusals`), so that staff
    /// can mark its requests as junk.
    pub async fn book(
        &self,
        booking: &Booking,
        calendar_uid: String,
        mails: Vec<OutgoingMail>,
        (fingerprint, network): (Option<i64>, Option<String>),
    ) -> Result<(), DeliveryError> {
        let record = booking.clone();
        self.outbox
            .commit("booking-staged", mails, move |tx| {
                store::insert(tx, &record, &calendar_uid, (fingerprint, network.as_deref())).map(|()| true)
            })
            .await
            .map(drop)
    }

    /// Records staff's answer to the booking of `record` (as read, at its
    /// sequence) with the customer's `mails`. `false`: the booking was
    /// answered meanwhile; nothing was changed or sent.
    pub async fn answer(
        &self,
        record: &Record,
        answer: &Answer,
        mails: Vec<OutgoingMail>,
    ) -> Result<bool, DeliveryError> {
        let (reference, sequence, answer) =
            (record.booking.reference.clone(), record.sequence, answer.clone());
        self.outbox
            .commit("answer-staged", mails, move |tx| store::answer(tx, &reference, sequence, &answer))
            .await
    }

    /// Records the customer's step on the booking of `record` (as read, at
    /// its sequence) with its `mails`. `false`: the booking changed
    /// meanwhile; nothing was changed or sent.
    pub async fn step(
        &self,
        record: &Record,
        step: &CustomerStep,
        mails: Vec<OutgoingMail>,
    ) -> Result<bool, DeliveryError> {
        let (booking, sequence, step) = (record.booking.clone(), record.sequence, step.clone());
        self.outbox
            .commit("step-staged", mails, move |tx| store::customer_step(tx, &booking, sequence, &step))
            .await
    }

    /// Records the reminder `key` as sent for the booking of `record` (as
    /// read, at its sequence) with its `mails`. `false`: sent already, or the
    /// booking changed; nothing was sent.
    pub async fn remind(
        &self,
        record: &Record,
        key: String,
        mails: Vec<OutgoingMail>,
    ) -> Result<bool, DeliveryError> {
        let (reference, sequence) = (record.booking.reference.clone(), record.sequence);
        self.outbox
            .commit("reminder-staged", mails, move |tx| store::remind(tx, &reference, sequence, &key))
            .await
    }

    /// Marks the booking of `record` (as read, at its sequence) as junk, and
    /// with [`Scope::Network`] its network's requests nobody answered; its
    /// network and mailbox are refused from the commit on. `None`: the
    /// booking changed meanwhile; nothing was changed.
    pub async fn junk(
        &self,
        record: &Record,
        scope: Scope,
        refusals: Arc<Refusals>,
    ) -> Result<Option<Junked>, DeliveryError> {
        let (store, record) = (self.store.store().clone(), record.clone());
        let now = Timestamp::now();
        let until = refusals.until(now);
        let kept = refusals.clone();
        let junked = self
            .outbox
            .blocking(move || store.erase(|tx| junk::junk(tx, &record, scope, &kept, (now, until))))
            .await?;
        if let (Some(junked), Some(until)) = (&junked, until) {
            refusals.remember(&junked.refused, until);
        }
        Ok(junked)
    }

    /// The network of `reference` (its tag) and its bookings in the
    /// [`junk::NETWORK_WINDOW`] before `through`.
    pub async fn network_of(&self, reference: &str, through: Timestamp) -> Result<Network, DeliveryError> {
        let (store, reference) = (self.store.store().clone(), reference.to_string());
        self.read(move || store.read(|c| junk::network_of(c, &reference, through))).await
    }

    /// The reference of a booking stored from an identical form since `since`.
    pub async fn repeat_of(
        &self,
        fingerprint: i64,
        since: Timestamp,
    ) -> Result<Option<String>, DeliveryError> {
        let store = self.store.clone();
        self.read(move || store.repeat_of(fingerprint, since)).await
    }

    /// The stored booking with this reference, if any.
    pub async fn record(&self, reference: &str) -> Result<Option<Record>, DeliveryError> {
        let (store, reference) = (self.store.clone(), reference.to_string());
        self.read(move || store.get(&reference)).await
    }

    /// The booking's language, also when the rest of its row cannot be read.
    pub async fn language_of(&self, reference: &str) -> Option<Lang> {
        let (store, reference) = (self.store.clone(), reference.to_string());
        self.read(move || Ok(store.language_of(&reference))).await.ok().flatten()
    }

    /// Requested and confirmed bookings whose pick-up is after `now` (the reminders' candidates).
    pub async fn awaiting_reminders(&self, now: Timestamp) -> Result<Vec<Record>, DeliveryError> {
        let store = self.store.clone();
        self.read(move || store.awaiting_reminders(now)).await
    }

    /// The rides in one of `statuses` whose pick-up lies in `window`, at most
    /// `cap` of them, and how many more there were (see
    /// [`BookingStore::dispatch_rides`]).
    pub async fn dispatch_rides(
        &self,
        statuses: &'static [Status],
        window: (Timestamp, Timestamp),
        cap: usize,
    ) -> Result<(Vec<Record>, usize), DeliveryError> {
        let store = self.store.clone();
        self.read(move || store.dispatch_rides(statuses, window, cap)).await
    }

    /// Deletes the bookings past `retention` every `every`, for as long as
    /// the outbox runs (started with it, on its thread).
    pub async fn sweep_every(self, every: Duration, retention: Duration) {
        loop {
            let store = self.store.clone();
            match self.read(move || store.sweep(retention, Timestamp::now())).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "deleted bookings past their retention"),
                Err(e) => tracing::error!(error = %e, "could not delete old bookings"),
            }
            tokio::time::sleep(every).await;
        }
    }

    /// Bookings whose rows could not be read (health checks name them).
    pub fn damaged(&self) -> Vec<String> {
        self.store.damaged()
    }

    async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> io::Result<T> + Send + 'static,
    ) -> Result<T, DeliveryError> {
        self.outbox.blocking(work).await
    }
}
