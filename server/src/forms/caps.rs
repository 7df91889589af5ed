//! Caps that hold however the abuse is spread over client addresses: how full
//! the queue of mails and the disk may get before new bookings are refused, and how many
//! confirmation mails go to customers' addresses: per mailbox per day, and for
//! the whole site per hour (so the booking form cannot be used to mail
//! strangers). No cap on accepting bookings is shared by all clients: one that
//! is can be drained by a few addresses, and then nobody can book (see
//! `docs/edge.md`). A refusal comes before anything is acknowledged.
use std::{num::NonZeroUsize, path::PathBuf, sync::Mutex, time::Duration};

use lru::LruCache;

use crate::{
    config::Settings,
    edge::{error::Refusal, rate_limit::Limiter},
    mail::Outbox,
    types::Email,
};

/// How long to tell a refused visitor to wait before trying again.
const OVERLOADED_RETRY_AFTER_SECS: u64 = 300;

pub struct Caps {
    /// Confirmation mails to customers, site-wide per hour.
    customer_mails: Limiter<()>,
    max_queued_mails: usize,
    min_free_bytes: u64,
    data_dir: PathBuf,
    per_recipient_per_day: u32,
    confirmations: Mutex<LruCache<String, (jiff::civil::Date, u32)>>,
}

impl Caps {
    pub fn new(settings: &Settings) -> Self {
        let limits = &settings.limits;
        let remembered = NonZeroUsize::new(limits.max_tracked_submissions).unwrap_or(NonZeroUsize::MIN);
        Self {
            customer_mails: Limiter::new(limits.customer_mails_per_hour, Duration::from_secs(3600), 1),
            max_queued_mails: settings.mail.max_queued_mails,
            min_free_bytes: settings.mail.min_free_disk_mb << 20,
            data_dir: settings.data_dir.clone(),
            per_recipient_per_day: limits.confirmations_per_recipient_per_day,
            confirmations: Mutex::new(LruCache::new(remembered)),
        }
    }

    /// Whether one more booking or message may be accepted now: while the queue
    /// and the disk have room. (Per-client limits come first, at the edge.)
    pub fn admit(&self, outbox: &Outbox) -> Result<(), Refusal> {
        match self.refusing(outbox) {
            Some(why) => {
                tracing::error!("new bookings are refused: {why}");
                Err(Refusal::Overloaded { retry_after: OVERLOADED_RETRY_AFTER_SECS })
            }
            None => Ok(()),
        }
    }

    /// Why new bookings would be refused now, if they would (for `admit` and
    /// the health checks, which must not say "ok" meanwhile).
    pub fn refusing(&self, outbox: &Outbox) -> Option<String> {
        let queued = outbox.depth();
        if queued >= self.max_queued_mails {
            return Some(format!("{queued} mails wait undelivered (mail.max_queued_mails)"));
        }
        self.disk_floor_reached()
    }

    /// Why nothing more should be written to the data directory, if so: its
    /// free space is under `mail.min_free_disk_mb` (what is left keeps the
    /// mails already accepted moving). Guards staff answers too.
    pub fn disk_floor_reached(&self) -> Option<String> {
        match crate::store::file::free_bytes(&self.data_dir) {
            Some(free) if free < self.min_free_bytes => {
                Some(format!("the data directory has {} MB free (mail.min_free_disk_mb)", free >> 20))
            }
            _ => None,
        }
    }

    /// Whether `email` may get one more confirmation now: its mailbox is under
    /// today's cap and the site under this hour's. Counts it if so.
    pub fn confirmation_allowed(&self, email: &Email, today: jiff::civil::Date) -> bool {
        let mut map = self.confirmations.lock().unwrap_or_else(|e| e.into_inner());
        let (day, count) = map.get_or_insert_mut(email.mailbox(), || (today, 0));
        if *day != today {
            (*day, *count) = (today, 0);
        }
        if *count >= self.per_recipient_per_day {
            return false;
        }
        if self.customer_mails.check(()).is_err() {
            tracing::warn!("site-wide cap on confirmation mails reached: only staff are mailed");
            crate::telemetry::metrics::rate_limited("customer-mails".into());
            return false;
        }
        *count += 1;
        true
    }
}

/// Free space for unprivileged writers on the file system of `dir`.
#[cfg(test)]
mod tests {
    use super::*;

    fn caps(per_recipient_per_day: u32) -> Caps {
        caps_with(per_recipient_per_day, 0)
    }

    fn caps_with(per_recipient_per_day: u32, customer_mails_per_hour: u32) -> Caps {
        let mut settings = crate::config::Settings::load_from(&Default::default()).expect("defaults");
        settings.limits.confirmations_per_recipient_per_day = per_recipient_per_day;
        settings.limits.customer_mails_per_hour = customer_mails_per_hour;
        Caps::new(&settings)
    }

    #[test]
    fn the_site_wide_budget_of_confirmations_counts_only_mails_it_lets_go() {
        let caps = caps_with(1, 2);
        let today = jiff::civil::date(2026, 11, 23);
        let email = |text: &str| Email::parse(text).unwrap();
        assert!(caps.confirmation_allowed(&email("a@example.nl"), today));
        assert!(!caps.confirmation_allowed(&email("a+x@example.nl"), today), "the mailbox's own cap first");
        assert!(caps.confirmation_allowed(&email("b@example.nl"), today));
        assert!(!caps.confirmation_allowed(&email("c@example.nl"), today), "the site's hour is used up");
        assert!(!caps.confirmation_allowed(&email("c@example.nl"), today));
    }

    #[test]
    fn confirmations_per_address_reset_each_day() {
        let caps = caps(2);
        let (monday, tuesday) = (jiff::civil::date(2026, 11, 23), jiff::civil::date(2026, 11, 24));
        let email = |text: &str| Email::parse(text).unwrap();
        assert!(caps.confirmation_allowed(&email("a@example.nl"), monday));
        assert!(
            caps.confirmation_allowed(&email(" A+1@Example.NL "), monday),
            "the same mailbox however written"
        );
        assert!(!caps.confirmation_allowed(&email("a+2@example.nl"), monday));
        assert!(caps.confirmation_allowed(&email("b@example.nl"), monday));
        assert!(caps.confirmation_allowed(&email("a@example.nl"), tuesday));
    }

    #[test]
    fn free_space_is_known_for_a_real_directory() {
        use crate::store::file::free_bytes;
        assert!(free_bytes(std::path::Path::new("/")).is_some_and(|b| b > 0));
        assert!(free_bytes(std::path::Path::new("/no/such/dir")).is_none());
    }
}
