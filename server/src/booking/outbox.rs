//! Bookings kept with their mails: a booking is stored in the booking store
//! and its mails in the outbox's spool in one blocking step, and staff's
//! answer with the customer's mail likewise (see `store.rs` for the
//! transactions). Each mail carries the change it announces ([`Change`]), so
//! that after a crash between the spool write and the commit the outbox has
//! the change recorded again before the mail goes ([`Records`]). The outbox
//! knows nothing of bookings; this is the seam.
use std::{ops::Deref, sync::Arc, time::Duration};

use serde::{Deserialize, Serialize};

use crate::{
    booking::{
        answer::Answer,
        customer_step::CustomerStep,
        mails::Composer,
        model::Booking,
        reminders,
        store::{past_retention, BookingStore, StoreTrouble},
        Record,
    },
    config::{ReminderSettings, Settings},
    faults,
    i18n::Locales,
    mail::{
        nonce, Commitment, DeliveryError, Outbox, OutgoingMail, Records, RetryPolicy, Settled, StepFailure,
    },
    types::Reference,
};

/// What the booking store's keeper is called in spooled mails and logs.
const KEEPER: &str = "bookings";

/// A change of the booking store, as the mails announcing it carry it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "camelCase")]
enum Change {
    #[serde(rename_all = "camelCase")]
    Booked { booking: Box<Booking>, calendar_uid: String, fingerprint: Option<i64> },
    /// `sequence`: the booking's sequence the answer was given at.
    #[serde(rename_all = "camelCase")]
    Answered { reference: Reference, sequence: u32, answer: Answer },
    /// The customer's step from the manage page, at that sequence.
    #[serde(rename_all = "camelCase")]
    Stepped { reference: Reference, sequence: u32, step: CustomerStep },
    /// A reminder sent (its key, see `reminders.rs`) while the booking was at that sequence.
    #[serde(rename_all = "camelCase")]
    Reminded { reference: Reference, sequence: u32, key: String },
}

impl Change {
    fn commitment(&self) -> Result<Commitment, DeliveryError> {
        let change = serde_json::to_value(self).map_err(|e| DeliveryError::Compose(e.to_string()))?;
        Ok(Commitment { keeper: KEEPER.to_string(), change })
    }
}

/// The outbox with the booking store beside it. Derefs to the [`Outbox`] for
/// its health, statistics and shutdown, which concern every mail alike.
#[derive(Clone)]
pub struct Bookings {
    outbox: Outbox,
    store: Arc<BookingStore>,
    composer: Arc<Composer>,
    reminders: Arc<ReminderSettings>,
}

impl Deref for Bookings {
    type Target = Outbox;

    fn deref(&self) -> &Outbox {
        &self.outbox
    }
}

impl Records for BookingStore {
    fn name(&self) -> &'static str {
        KEEPER
    }

    fn prune(&self, retention: Duration, now: jiff::Timestamp) -> std::io::Result<usize> {
        self.sweep(retention, now)
    }

    fn settle(
        &self,
        change: &serde_json::Value,
        retention: Duration,
        now: jiff::Timestamp,
    ) -> std::io::Result<Settled> {
        let change: Change = serde_json::from_value(change.clone())
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        match change {
            Change::Booked { booking, calendar_uid, fingerprint } => {
                // Past its retention the booking is deleted, not brought back.
                if past_retention(&booking, retention, now) || self.get(&booking.reference)?.is_some() {
                    return Ok(Settled::Recorded);
                }
                self.insert(&booking, &calendar_uid, fingerprint, || Ok(()))?;
                Ok(Settled::RolledForward)
            }
            Change::Answered { reference, sequence, answer } => match self.get(&reference)? {
                // Past its retention, or lost with its own mails: nothing to record it in.
                None => Ok(Settled::Recorded),
                Some(record) if record.answer.as_ref() == Some(&answer) => Ok(Settled::Recorded),
                Some(_) if self.answer(&reference, sequence, &answer, || Ok(()))? => {
                    Ok(Settled::RolledForward)
                }
                Some(_) => Ok(Settled::Contradicted),
            },
            Change::Stepped { reference, sequence, step } => match self.get(&reference)? {
                None => Ok(Settled::Recorded),
                Some(record) if record.customer_step.as_ref() == Some(&step) => Ok(Settled::Recorded),
                Some(record) if self.customer_step(&record.booking, sequence, &step, || Ok(()))? => {
                    Ok(Settled::RolledForward)
                }
                Some(_) => Ok(Settled::Contradicted),
            },
            Change::Reminded { reference, sequence, key } => match self.get(&reference)? {
                None => Ok(Settled::Recorded),
                Some(record) if record.reminders_sent.contains(&key) => Ok(Settled::Recorded),
                // Answered meanwhile: the reminder is out of date.
                Some(_) if self.remind(&reference, sequence, &key, || Ok(()))? => Ok(Settled::RolledForward),
                Some(_) => Ok(Settled::Contradicted),
            },
        }
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
        let records: Vec<Arc<dyn Records>> = vec![store.clone()];
        let outbox = Outbox::start_with(settings, locales, records, policy)?;
        let reminders = Arc::new(settings.reminders.clone());
        let bookings = Self { outbox, store, composer, reminders };
        let (timer, every) = (bookings.clone(), Duration::from_secs(settings.reminders.check_seconds));
        bookings.outbox.spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = timer.run_reminders(jiff::Timestamp::now()).await {
                    tracing::error!(error = %e, "reminders could not be checked; trying again");
                }
            }
        });
        Ok(bookings)
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
        let uid = self.composer.calendar_uid(&booking.reference, &nonce);
        let change =
            Change::Booked { booking: Box::new(booking.clone()), calendar_uid: uid.clone(), fingerprint };
        let (store, record) = (self.store.clone(), booking.clone());
        self.outbox
            .enqueue_with(mails, &nonce, Some(change.commitment()?), move |write| {
                in_transaction(write, "booking-spooled", |written| {
                    store.insert(&record, &uid, fingerprint, written)
                })
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
        let change = Change::Answered { reference: reference.clone(), sequence, answer: answer.clone() };
        self.outbox
            .enqueue_with(mails, &nonce, Some(change.commitment()?), move |write| {
                in_transaction(write, "answer-spooled", |written| {
                    store.answer(&reference, sequence, &answer, written)
                })
            })
            .await
    }

    /// Records the customer's step on the booking of `record` (as read, at
    /// its sequence) and queues staff's and the customer's mails, in one
    /// transaction. `false`: the booking changed meanwhile; nothing was
    /// changed or sent.
    pub async fn customer_step(&self, record: &Record, step: &CustomerStep) -> Result<bool, DeliveryError> {
        let nonce = nonce();
        let mails = self.composer.customer_step(record, step, &nonce)?;
        let (store, booking, sequence, step) =
            (self.store.clone(), record.booking.clone(), record.sequence, step.clone());
        let change = Change::Stepped { reference: booking.reference.clone(), sequence, step: step.clone() };
        self.outbox
            .enqueue_with(mails, &nonce, Some(change.commitment()?), move |write| {
                in_transaction(write, "step-spooled", |written| {
                    store.customer_step(&booking, sequence, &step, written)
                })
            })
            .await
    }

    /// Sends the reminders due at `now` (see `reminders.rs`), each once:
    /// recorded with the booking in the transaction that spools its mail.
    /// Returns how many went out.
    pub async fn run_reminders(&self, now: jiff::Timestamp) -> Result<usize, DeliveryError> {
        let store = self.store.clone();
        let records = self.outbox.blocking(move || store.awaiting_reminders(now)).await?;
        let (settings, mail) = (&*self.reminders, &self.composer.mail);
        let mut sent = 0;
        for record in records {
            for reminder in reminders::due(&record, settings, mail, now) {
                let nonce = nonce();
                let mails = self.composer.reminder(&record, reminder, &nonce, now)?;
                let (reference, sequence) = (record.booking.reference.clone(), record.sequence);
                let key = reminder.key(record.booking.pickup_at);
                let change = Change::Reminded { reference: reference.clone(), sequence, key: key.clone() };
                let store = self.store.clone();
                let went = self
                    .outbox
                    .enqueue_with(mails, &nonce, Some(change.commitment()?), move |write| {
                        in_transaction(write, "reminder-spooled", |written| {
                            store.remind(&reference, sequence, &key, written)
                        })
                    })
                    .await?;
                if went {
                    tracing::info!(reference = %record.booking.reference, reminder = reminder.code(), "reminder sent");
                    sent += 1;
                }
            }
        }
        Ok(sent)
    }

    /// The dispatchers' calendar: bookings whose pick-up is after `since`
    /// (at most `limit`), fetched again every `refresh_minutes`.
    pub async fn dispatch_calendar(
        &self,
        since: jiff::Timestamp,
        limit: usize,
        refresh_minutes: u32,
    ) -> Result<String, DeliveryError> {
        let store = self.store.clone();
        let records = self.outbox.blocking(move || store.upcoming(since, limit)).await?;
        Ok(self.composer.dispatch_calendar(&records, refresh_minutes))
    }

    /// Why the booking store cannot be trusted now, if so (health checks).
    pub fn store_trouble(&self) -> Option<StoreTrouble> {
        self.store.trouble()
    }

    /// The ride as the customer's mails show it, in the booking's language.
    pub fn customer_summary(&self, booking: &Booking) -> Vec<(String, String)> {
        self.composer.customer_summary(booking)
    }

    /// The booking as the staff answer page shows it, in the staff language.
    pub fn staff_summary(&self, booking: &Booking) -> (Vec<String>, Vec<(String, String)>) {
        self.composer.staff_summary(booking)
    }
}

/// Runs a store transaction that writes the mails (through `write`) before it
/// commits, passing the fault point `point` right after they are written;
/// tells the spool's failure from the store's.
fn in_transaction<T>(
    write: &mut dyn FnMut() -> std::io::Result<()>,
    point: &'static str,
    transaction: impl FnOnce(&mut dyn FnMut() -> std::io::Result<()>) -> std::io::Result<T>,
) -> Result<T, StepFailure> {
    let mut spool_failed = false;
    let mut written = || {
        write().inspect_err(|_| spool_failed = true)?;
        faults::point(point);
        Ok(())
    };
    let result = transaction(&mut written);
    result.map_err(|e| if spool_failed { StepFailure::Spool(e) } else { StepFailure::Store(e) })
}
