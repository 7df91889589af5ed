//! Bookings kept with their mails: a booking and its mails are written in
//! one transaction of the store, and staff's answer, a customer's step and a
//! reminder with theirs likewise ([`crate::mail::Outbox::commit`]; the
//! changes themselves are in `store.rs`). The outbox knows nothing of
//! bookings; this is the seam.
use std::{ops::Deref, sync::Arc, time::Duration};

use jiff::Timestamp;

use crate::{
    booking_mail::mails::Composer,
    bookings::junk::{junk, network_of, Junked, Network, Scope},
    bookings::{
        legacy,
        model::Booking,
        record::Record,
        store::{self, BookingStore},
    },
    config::Settings,
    forms::refusals::Refusals,
    i18n::Locales,
    mail::{nonce, DeliveryError, Outbox, RetryPolicy},
    store::{Store, StoreTrouble},
};

/// The outbox with the bookings beside it in the store. Derefs to the
/// [`Outbox`] for its health, statistics and shutdown, which concern every
/// mail alike.
#[derive(Clone)]
pub struct Bookings {
    outbox: Outbox,
    store: Arc<BookingStore>,
    composer: Arc<Composer>,
}

impl Deref for Bookings {
    type Target = Outbox;

    fn deref(&self) -> &Outbox {
        &self.outbox
    }
}

impl Bookings {
    /// Opens the store under `data_dir` and starts the outbox.
    pub fn start(settings: &Settings, locales: Arc<Locales>) -> Result<Self, DeliveryError> {
        Self::start_with(settings, locales, RetryPolicy::default())
    }

    /// [`Bookings::start`] with another retry policy (tests, benchmarks).
    pub fn start_with(
        settings: &Settings,
        locales: Arc<Locales>,
        policy: RetryPolicy,
    ) -> Result<Self, DeliveryError> {
        let composer = Arc::new(Composer::new(settings, locales.clone())?);
        let shared = Arc::new(Store::open(&settings.data_dir).map_err(DeliveryError::Store)?);
        let store = Arc::new(BookingStore::open(shared.clone()).map_err(DeliveryError::Store)?);
        let outbox = Outbox::start(settings, locales, shared, Some(&legacy::adopt), policy.clone())?;
        let bookings = Self { outbox, store, composer };
        // What copies leave behind, deleted in time: at start, and with each scheduled copy.
        let retention = settings.mail.retention();
        if let Err(e) = crate::store::backup::tidy(&settings.data_dir, retention) {
            tracing::error!(error = %e, "left-over copies could not be deleted");
        }
        if settings.backup.every_hours > 0 {
            let every = Duration::from_secs(u64::from(settings.backup.every_hours) * 3600);
            let data_dir = settings.data_dir.clone();
            bookings.outbox.spawn(crate::store::backup::schedule(
                data_dir,
                every,
                settings.backup.keep as usize,
                retention,
            ));
        }
        let (sweeper, retention) = (bookings.clone(), settings.mail.retention());
        bookings.outbox.spawn(async move {
            loop {
                let store = sweeper.store.clone();
                match sweeper.outbox.blocking(move || store.sweep(retention, jiff::Timestamp::now())).await {
                    Ok(0) => {}
                    Ok(deleted) => tracing::info!(deleted, "deleted bookings past their retention"),
                    Err(e) => tracing::error!(error = %e, "could not delete old bookings"),
                }
                tokio::time::sleep(policy.sweep_every).await;
            }
        });
        Ok(bookings)
    }

    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Renders the staff mail and the customer's confirmation and stores the
    /// booking with both mails in one transaction, durably; returns once it
    /// has committed (the sender delivers the mails later).
    pub async fn submit_booking(&self, booking: &Booking) -> Result<(), DeliveryError> {
        self.submit_booking_from_form(booking, None, None).await
    }

    /// [`Bookings::submit_booking`], keeping the fingerprint of the form it
    /// came from, so that the same form sent again is recognised even after a
    /// restart ([`Bookings::repeat_of`]), and the tag of the sender's network
    /// (`forms::refusals`), so that staff can mark its requests as junk.
    pub async fn submit_booking_from_form(
        &self,
        booking: &Booking,
        fingerprint: Option<i64>,
        network: Option<String>,
    ) -> Result<(), DeliveryError> {
        let nonce = nonce();
        let mails = self.composer.booking(booking, &nonce)?;
        let uid = self.composer.calendar_uid(&booking.reference, &nonce);
        let record = booking.clone();
        self.outbox
            .commit("booking-staged", mails, move |tx| {
                store::insert(tx, &record, &uid, (fingerprint, network.as_deref())).map(|()| true)
            })
            .await
            .map(drop)
    }

    /// The reference of a booking stored from an identical form since `since`.
    pub async fn repeat_of(
        &self,
        fingerprint: i64,
        since: jiff::Timestamp,
    ) -> Result<Option<String>, DeliveryError> {
        let store = self.store.clone();
        self.outbox.blocking(move || store.repeat_of(fingerprint, since)).await
    }

    /// The stored booking with this reference, if any.
    pub async fn record(&self, reference: &str) -> Result<Option<Record>, DeliveryError> {
        let (store, reference) = (self.store.clone(), reference.to_string());
        self.outbox.blocking(move || store.get(&reference)).await
    }

    /// The booking's language, also when the rest of its row cannot be read.
    pub async fn language_of(&self, reference: &str) -> Option<crate::types::Lang> {
        let (store, reference) = (self.store.clone(), reference.to_string());
        self.outbox.blocking(move || Ok(store.language_of(&reference))).await.ok().flatten()
    }

    /// Requested and confirmed bookings whose pick-up is after `now` (the reminders' candidates).
    pub async fn awaiting_reminders(&self, now: jiff::Timestamp) -> Result<Vec<Record>, DeliveryError> {
        let store = self.store.clone();
        self.outbox.blocking(move || store.awaiting_reminders(now)).await
    }

    /// What every booking mail is composed with (the capabilities' mails build on it).
    pub fn composer(&self) -> &Composer {
        &self.composer
    }

    /// The dispatchers' calendar: the rides still to drive or to answer whose
    /// pick-up lies in `window`, at most `cap` (see `booking_mail::feed`), fetched
    /// again every `refresh_minutes`.
    pub async fn dispatch_calendar(
        &self,
        window: (jiff::Timestamp, jiff::Timestamp),
        cap: usize,
        refresh_minutes: u32,
    ) -> Result<String, DeliveryError> {
        let store = self.store.clone();
        let listed = crate::booking_mail::feed::LISTED;
        let (records, left_out) =
            self.outbox.blocking(move || store.dispatch_rides(&listed, window, cap)).await?;
        Ok(self.composer.dispatch_calendar(&records, left_out, refresh_minutes))
    }

    /// Bookings whose rows could not be read (health checks name them).
    pub fn damaged_records(&self) -> Vec<String> {
        self.store.damaged()
    }

    /// Why the store cannot be trusted now, if so (health checks).
    pub fn store_trouble(&self) -> Option<StoreTrouble> {
        self.store.store().trouble()
    }

    /// The newest copy put in place of the store, if one ever was (health checks).
    pub fn store_restored(&self) -> Option<crate::store::Restore> {
        self.store.store().restored().cloned()
    }
}

impl Bookings {
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
        let (store, record) = (self.outbox().store().clone(), record.clone());
        let now = Timestamp::now();
        let until = refusals.until(now);
        let kept = refusals.clone();
        let junked = self
            .outbox()
            .blocking(move || store.erase(|tx| junk(tx, &record, scope, &kept, (now, until))))
            .await?;
        if let (Some(junked), Some(until)) = (&junked, until) {
            refusals.remember(&junked.refused, until);
        }
        Ok(junked)
    }

    /// The network of `reference` (its tag) and its bookings in the [`NETWORK_WINDOW`] before `through`.
    pub async fn network_of(&self, reference: &str, through: Timestamp) -> Result<Network, DeliveryError> {
        let (store, reference) = (self.outbox().store().clone(), reference.to_string());
        self.outbox().blocking(move || store.read(|c| network_of(c, &reference, through))).await
    }
}
