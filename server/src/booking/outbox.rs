//! The outbox's side of the booking store: a booking is stored with its mails,
//! and staff's answer with the customer's mail, each in one blocking step (see
//! `store.rs` for the transactions).
use crate::booking::{answer::Answer, model::Booking};
use crate::{
    booking::{mails::OutgoingMail, Record},
    mail::{nonce, DeliveryError, Outbox},
};

impl Outbox {
    /// Renders the staff mail and the customer's confirmation, stores the
    /// booking in the booking store and both mails in the spool, durably;
    /// returns once all is on disk (the sender delivers the mails later). If
    /// the mails cannot be stored, the booking is taken out of the store again.
    pub async fn submit_booking(&self, booking: &Booking) -> Result<(), DeliveryError> {
        let nonce = nonce();
        let mails = self.inner.composer.booking(booking, &nonce)?;
        let (store, record, uid) = (
            self.inner.shared.store.clone(),
            booking.clone(),
            self.inner.composer.calendar_uid(&booking.reference, &nonce),
        );
        self.enqueue_with(mails, &nonce, move |write| {
            store.insert(&record, &uid).map_err(Failure::Store)?;
            write().inspect_err(|_| {
                if let Err(e) = store.remove(&record.reference) {
                    tracing::error!(error = %e, "a booking whose mails could not be stored stays in the booking store");
                }
            })?;
            Ok(())
        })
        .await
    }

    /// The stored booking with this reference, if any.
    pub async fn record(&self, reference: &str) -> Result<Option<Record>, DeliveryError> {
        let (store, reference) = (self.inner.shared.store.clone(), reference.to_string());
        self.inner
            .runtime
            .spawn_blocking(move || store.get(&reference))
            .await
            .map_err(|_| DeliveryError::ShutDown)?
            .map_err(DeliveryError::Store)
    }

    /// Records staff's answer to the booking of `record` (as read, at its
    /// sequence) and queues the customer's mail, in one transaction. `false`:
    /// the booking was answered meanwhile; nothing was changed or sent.
    pub async fn answer(&self, record: &Record, answer: &Answer) -> Result<bool, DeliveryError> {
        let nonce = nonce();
        let mails: Vec<OutgoingMail> =
            self.inner.composer.answer(record, answer, &nonce)?.into_iter().collect();
        let (store, reference, sequence, answer) = (
            self.inner.shared.store.clone(),
            record.booking.reference.clone(),
            record.sequence,
            answer.clone(),
        );
        self.enqueue_with(mails, &nonce, move |write| {
            let mut spool_failed = false;
            store
                .answer(&reference, sequence, &answer, || write().inspect_err(|_| spool_failed = true))
                .map_err(|e| if spool_failed { Failure::Spool(e) } else { Failure::Store(e) })
        })
        .await
    }

    /// The booking as the staff answer page shows it, in the staff language.
    pub fn staff_summary(&self, booking: &Booking) -> Vec<(String, String)> {
        self.inner.composer.staff_summary(booking)
    }
}

/// Which part of a blocking step failed.
pub(crate) enum Failure {
    Spool(std::io::Error),
    Store(std::io::Error),
}

impl From<std::io::Error> for Failure {
    /// The writer handed to a step fails only in the spool.
    fn from(e: std::io::Error) -> Self {
        Failure::Spool(e)
    }
}
