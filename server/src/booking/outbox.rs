//! Bookings kept with their mails: a booking is stored in the booking store
//! and its mails in the outbox's spool in one blocking step, and staff's
//! answer with the customer's mail likewise (see `store.rs` for the
//! transactions). The outbox knows nothing of bookings; this is the seam.
use std::{ops::Deref, sync::Arc, time::Duration};

use crate::{
    booking::{answer::Answer, mails::Composer, model::Booking, store::BookingStore, Record},
    config::Settings,
    i18n::Locales,
    mail::{nonce, DeliveryError, Outbox, OutgoingMail, Retained, RetryPolicy, StepFailure},
};

/// The outbox with the booking store beside it. Derefs to the [`Outbox`] for
/// its health, statistics and shutdown, which concern every mail alike.
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

impl Retained for BookingStore {
    fn prune(&self, retention: Duration, now: jiff::Timestamp) -> std::io::Result<usize> {
        self.sweep(retention, now)
    }

    fn name(&self) -> &'static str {
        "bookings"
    }
}

impl Bookings {
    /// Opens the booking store under `data_dir` and starts the outbox.
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
        let store = Arc::new(BookingStore::open(&settings.data_dir).map_err(DeliveryError::Store)?);
        let retained: Vec<Arc<dyn Retained>> = vec![store.clone()];
        let outbox = Outbox::start_with(settings, locales, retained, policy)?;
        Ok(Self { outbox, store, composer })
    }

    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Renders the staff mail and the customer's confirmation, stores the
    /// booking in the booking store and both mails in the spool, durably;
    /// returns once all is on disk (the sender delivers the mails later). If
    /// the mails cannot be stored, the booking is taken out of the store again.
    pub async fn submit_booking(&self, booking: &Booking) -> Result<(), DeliveryError> {
        self.submit_booking_from_form(booking, None).await
    }

    /// [`Bookings::submit_booking`], keeping the fingerprint of the form it
    /// came from, so that the same form sent again is recognised even after a
    /// restart ([`Bookings::repeat_of`]).
    pub async fn submit_booking_from_form(
        &self,
        booking: &Booking,
        fingerprint: Option<i64>,
    ) -> Result<(), DeliveryError> {
        let nonce = nonce();
        let mails = self.composer.booking(booking, &nonce)?;
        let (store, record, uid) =
            (self.store.clone(), booking.clone(), self.composer.calendar_uid(&booking.reference, &nonce));
        self.outbox
            .enqueue_with(mails, &nonce, move |write| {
                store.insert(&record, &uid, fingerprint).map_err(StepFailure::Store)?;
                write().inspect_err(|_| {
                    if let Err(e) = store.remove(&record.reference) {
                        tracing::error!(error = %e, "a booking whose mails could not be stored stays in the booking store");
                    }
                })?;
                Ok(())
            })
            .await
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

    /// Records staff's answer to the booking of `record` (as read, at its
    /// sequence) and queues the customer's mail, in one transaction. `false`:
    /// the booking was answered meanwhile; nothing was changed or sent.
    pub async fn answer(&self, record: &Record, answer: &Answer) -> Result<bool, DeliveryError> {
        let nonce = nonce();
        let mails: Vec<OutgoingMail> = self.composer.answer(record, answer, &nonce)?.into_iter().collect();
        let (store, reference, sequence, answer) =
            (self.store.clone(), record.booking.reference.clone(), record.sequence, answer.clone());
        self.outbox
            .enqueue_with(mails, &nonce, move |write| {
                let mut spool_failed = false;
                store
                    .answer(&reference, sequence, &answer, || write().inspect_err(|_| spool_failed = true))
                    .map_err(|e| if spool_failed { StepFailure::Spool(e) } else { StepFailure::Store(e) })
            })
            .await
    }

    /// The booking as the staff answer page shows it, in the staff language.
    pub fn staff_summary(&self, booking: &Booking) -> Vec<(String, String)> {
        self.composer.staff_summary(booking)
    }
}
