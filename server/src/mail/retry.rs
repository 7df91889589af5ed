//! When a mail is tried again, by what its last attempt said (`docs/delivery.md`,
//! "Failures and what they cost"):
//!
//! - refused for now (4xx, or a conversation about this mail that hung or
//!   broke before the message): that mail alone waits, from `first_retry`
//!   doubling up to `max_mail_retry`, until `mail.give_up_after_seconds`;
//! - outcome unknown (the connection ended after the message began, with no
//!   answer to its end): the server may have stored it, so it is tried again
//!   only `mail.unknown_outcome_retries` more times, the first after
//!   `mail.unknown_outcome_first_retry_ms` (minutes: a relay being reloaded is
//!   back by then), doubling: at most that many + 1 copies ever arrive;
//! - the server down: all delivery pauses (`first_retry` doubling up to `max_pause`).
//!
//! The time of a mail's next attempt is written with the attempt's record,
//! so a restart sends only what is due.
use std::time::Duration;

/// How the sender retries; the defaults suit production, tests shorten them.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// First pause after the server was found unavailable, and first retry of a refused mail.
    pub first_retry: Duration,
    /// Longest pause while the server is unavailable.
    pub max_pause: Duration,
    /// Longest wait between two attempts of a mail the server refused for now.
    pub max_mail_retry: Duration,
    /// Mails in flight at once.
    pub concurrency: usize,
    /// Mails in flight at once to one recipient.
    pub per_mailbox: usize,
    /// How often finished mails and Maildir files older than the retention are deleted.
    pub sweep_every: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(1),
            max_pause: Duration::from_secs(30),
            max_mail_retry: Duration::from_secs(15 * 60),
            concurrency: 4,
            per_mailbox: 2,
            sweep_every: Duration::from_secs(3600),
        }
    }
}

impl RetryPolicy {
    /// The wait before attempt `attempts + 1` of a mail refused for now.
    pub(crate) fn after_refusal(&self, attempts: u32) -> Duration {
        doubled(self.first_retry, attempts).min(self.max_mail_retry)
    }
}

/// The `[mail]` settings about unknown outcomes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnknownOutcomes {
    /// How many times a mail whose outcome was unknown is sent again.
    pub(crate) retries: u32,
    /// The wait before the first of them; each next one waits twice as long.
    pub(crate) first_retry: Duration,
}

impl UnknownOutcomes {
    /// After the `unknown`-th unknown outcome of a mail: the wait before it is
    /// sent again, or `None` when it may not be (it may have arrived that often).
    pub(crate) fn wait_after(&self, unknown: u32) -> Option<Duration> {
        (unknown <= self.retries).then(|| doubled(self.first_retry, unknown))
    }
}

/// `first`, doubled for each attempt after the first (`n` ≥ 1), saturating.
fn doubled(first: Duration, n: u32) -> Duration {
    first.saturating_mul(2u32.saturating_pow(n.saturating_sub(1).min(20)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_mail_waits_twice_as_long_each_time_up_to_the_cap() {
        let policy = RetryPolicy::default();
        let secs: Vec<u64> = (1..=12).map(|a| policy.after_refusal(a).as_secs()).collect();
        assert_eq!(secs, vec![1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
        assert_eq!(policy.after_refusal(u32::MAX).as_secs(), 900);
    }

    #[test]
    fn an_unknown_outcome_is_sent_again_a_bounded_number_of_times_minutes_apart() {
        let unknown = UnknownOutcomes { retries: 2, first_retry: Duration::from_secs(600) };
        assert_eq!(unknown.wait_after(1), Some(Duration::from_secs(600)));
        assert_eq!(unknown.wait_after(2), Some(Duration::from_secs(1200)));
        assert_eq!(unknown.wait_after(3), None, "three copies may have arrived: no fourth");
        let none = UnknownOutcomes { retries: 0, ..unknown };
        assert_eq!(none.wait_after(1), None, "0: never sent again, as before");
    }
}
