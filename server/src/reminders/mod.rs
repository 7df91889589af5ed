//! Reminders: when each is due ([`rules`]) and the loop that sends them
//! ([`Reminders`]); their mails are drawn by `booking_mail::reminder`, and
//! what a booking keeps of them is `bookings::reminder`. Each reminder
//! is recorded with the booking in the transaction that queues its mail, so
//! it goes out once per pick-up time, whatever moment the process dies.
pub mod rules;

use std::{sync::Arc, time::Duration};

use crate::{
    booking_mail::composer::Composer,
    bookings::keeper::Keeper,
    config::{MailSettings, ReminderSettings, Settings},
    mail::{nonce, DeliveryError, Outbox},
};

/// The reminders of the bookings in the store.
pub struct Reminders {
    keeper: Arc<Keeper>,
    composer: Arc<Composer>,
    settings: ReminderSettings,
    /// The answer hours and the promised answer, which staff's reminders count from.
    mail: MailSettings,
}

impl Reminders {
    pub fn new(keeper: Arc<Keeper>, composer: Arc<Composer>, settings: &Settings) -> Arc<Self> {
        let (mail, settings) = (settings.mail.clone(), settings.reminders.clone());
        Arc::new(Self { keeper, composer, settings, mail })
    }

    /// Looks for due reminders every `reminders.check_seconds`, on the outbox's thread.
    pub fn start(self: &Arc<Self>, outbox: &Outbox) {
        if self.settings.escalation_recipients.is_empty() {
            // A night request for an early ride is then mailed to a mailbox nobody may read before it.
            tracing::warn!(
                "no escalation address (reminders.escalation_recipients): a request still unanswered \
                 shortly before its pick-up is mailed to the staff address only; set an address that \
                 someone reads at night"
            );
        }
        let (timer, every) = (self.clone(), Duration::from_secs(self.settings.check_seconds));
        outbox.spawn(async move {
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
        let records = self.keeper.awaiting_reminders(now).await?;
        let mut sent = 0;
        for record in records {
            for reminder in rules::due(&record, &self.settings, &self.mail, now) {
                let mut mails = self.composer.reminder(&record, reminder, &nonce(), now)?;
                // A reminder is true only until the pick-up and while the booking stays as it is.
                let pickup = record.booking.pickup_at.instant();
                for mail in &mut mails {
                    mail.perishes_at = Some(pickup);
                }
                if self.keeper.remind(&record, reminder.key_for(&record), mails).await? {
                    tracing::info!(reference = %record.booking.reference, reminder = reminder.code(), "reminder sent");
                    sent += 1;
                }
            }
        }
        Ok(sent)
    }
}
