//! The outbox as `/healthz` and `/healthz/details` show it: counts only.
use serde::Serialize;

/// The queued mails as `/healthz/details` shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpoolStats {
    /// Mails accepted and not yet delivered (including those in flight).
    pub depth: usize,
    pub in_flight: usize,
    /// Undelivered mails whose last attempt failed for that mail alone (4xx,
    /// or a hung or dropped conversation while the server still answered).
    pub refused: usize,
    /// Age of the oldest undelivered mail; `None` when all is delivered.
    pub oldest_undelivered_age_secs: Option<u64>,
    /// Delivered mails still kept (deleted after `mail.retention_days`).
    pub delivered_retained: usize,
    pub delivered_since_start: u64,
    pub failed_attempts_since_start: u64,
    /// Seconds left in a pause after the server was found unavailable.
    pub paused_for_secs: Option<u64>,
    /// The last delivery error (no secrets: lettre's messages carry no
    /// credentials; addresses the server quoted are replaced by `<address>`).
    pub last_error: Option<String>,
}

/// Delivery at a glance, for `/healthz`: counts only, no personal data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryHealth {
    /// `degraded` while the SMTP server is unreachable or too slow, from an
    /// unknown outcome until the next delivery, while a mail has waited
    /// longer than `mail.degraded_after_seconds`, and for that long after a
    /// mail was given up or a row quarantined; otherwise `ok`.
    pub status: &'static str,
    /// Undelivered mails waiting for their (next) attempt.
    pub queued: usize,
    pub in_flight: usize,
    /// Mails given up (staff were sent a notice about each), kept for the retention.
    pub failed: usize,
    /// Mail rows that could not be read, kept for a person to look at.
    pub quarantined: usize,
    /// Age of the oldest undelivered mail; `None` when all is delivered.
    pub oldest_age_seconds: Option<u64>,
    /// The last attempts all timed out while the server still answered a
    /// probe: it is too slow for `mail.smtp_timeout_ms` (degraded).
    pub server_too_slow: bool,
    /// Attempts since the last delivery whose conversation ended without an
    /// answer once the message had begun (degraded while above 0: the server
    /// may be cutting every message, the notices about them too).
    pub outcomes_unknown: u32,
}

impl DeliveryHealth {
    pub fn degraded(&self) -> bool {
        self.status != "ok"
    }
}
