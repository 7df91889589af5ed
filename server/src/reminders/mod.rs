//! Reminders, top to bottom: when each is due ([`rules`]), their mails
//! ([`mail`]), and the loop that sends them ([`Reminders`]). Each reminder
//! is recorded with the booking in the transaction that queues its mail, so
//! it goes out once per pick-up time, whatever moment the process dies.
pub mod mail;
pub mod rules;

use std::{sync::Arc, time::Duration};

pub use rules::Reminder;

use crate::{
    booking::outbox::Bookings,
    bookings::store,
    config::ReminderSettings,
    mail::{nonce, DeliveryError},
};

/// The reminders of the bookings in the store.
pub struct Reminders {
    bookings: Arc<Bookings>,
    settings: ReminderSettings,
}

impl Reminders {
    pub fn new(bookings: Arc<Bookings>, settings: ReminderSettings) -> Arc<Self> {
        Arc::new(Self { bookings, settings })
    }

    /// Looks for due reminders every `reminders.check_seconds`, on the outbox's thread.
    pub fn start(self: &Arc<Self>) {
        if self.settings.escalation_recipients.is_empty() {
            // A night request for an early ride is then mailed to a mailbox nobody may read before it.
            tracing::warn!(
                "no escalation address (reminders.escalation_recipients): a request still unanswered \
                 shortly before its pick-up is mailed to the staff address only; set an address that \
                 someone reads at night"
            );
        }
        let (timer, every) = (self.clone(), Duration::from_secs(self.settings.check_seconds));
        self.bookings.outbox().spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = timer.run(jiff::Timestamp::now()).await {
                    tracing::error!(error = %e, "reminders could not be checked; trying again");
                }
            }
        });
    }

    /// Sends the reminders due at `now` (see `rules.rs`), each once: recorded
    /// with the booking in the transaction that queues its mail. Returns how
    /// many went out.
    pub async fn run(&self, now: jiff::Timestamp) -> Result<usize, DeliveryError> {
        let records = self.bookings.awaiting_reminders(now).await?;
        let composer = self.bookings.composer();
        let mut sent = 0;
        for record in records {
            for reminder in rules::due(&record, &self.settings, &composer.mail, now) {
                let mut mails = composer.reminder(&record, reminder, &nonce(), now)?;
                // A reminder is true only until the pick-up and while the booking stays as it is.
                let pickup = record.booking.pickup_at.instant();
                for mail in &mut mails {
                    mail.perishes_at = Some(pickup);
                }
                let (reference, sequence) = (record.booking.reference.clone(), record.sequence);
                let key = reminder.key_for(&record);
                let went = self
                    .bookings
                    .outbox()
                    .commit("reminder-staged", mails, move |tx| store::remind(tx, &reference, sequence, &key))
                    .await?;
                if went {
                    tracing::info!(reference = %record.booking.reference, reminder = reminder.code(), "reminder sent");
                    sent += 1;
                }
            }
        }
        Ok(sent)
    }
}
