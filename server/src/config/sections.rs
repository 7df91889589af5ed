//! The sections of the machinery: maps, limits, HTTP, bookings, mail, secrets, logs, rendering.
use serde::Deserialize;

use crate::types::{ClockTime, Lang};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoogleSettings {
    pub places_url: String,
    pub routes_url: String,
    pub timeout_ms: u64,
    /// Calls to Google (autocomplete, details, routes) per clock hour, site-wide;
    /// beyond it the offline gazetteer answers. 0 = no cap.
    pub max_calls_per_hour: u32,
    /// The same per day (UTC). 0 = no cap.
    pub max_calls_per_day: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitSettings {
    /// Form posts (bookings, WhatsApp, contact) per client per minute; 0 = no limit.
    pub rate_limit_per_minute: u32,
    /// Address suggestions, place details and price indications per client per minute.
    pub lookup_rate_limit_per_minute: u32,
    /// Reservation pages opened with a route whose places are looked up, per client
    /// per minute; beyond it the page shows the route as typed, without look-ups.
    pub prefill_lookups_per_minute: u32,
    /// Reverse proxies (addresses or CIDR ranges) whose forwarding header is believed.
    pub trusted_proxies: Vec<TrustedProxy>,
    /// Header those proxies add the client address to (`Forwarded` = RFC 7239).
    pub forwarded_header: String,
    /// IPv6 clients are limited per network of this prefix length.
    pub ipv6_prefix_len: u8,
    /// Form posts per minute from one network (below) together, every client in
    /// it counted; 0 = no limit.
    pub network_rate_limit_per_minute: u32,
    /// Look-ups per minute from one network together; 0 = no limit.
    pub network_lookup_rate_limit_per_minute: u32,
    /// The networks those count by: IPv4 addresses per /24, IPv6 per /48.
    pub ipv4_network_prefix_len: u8,
    pub ipv6_network_prefix_len: u8,
    /// Confirmation mails to customers per hour, site-wide; beyond it bookings
    /// are still taken and mailed to staff. 0 = no cap.
    pub customer_mails_per_hour: u32,
    /// Of those, what one client network may cause per hour (see `mail::customer`).
    pub customer_mails_per_network_per_hour: u32,
    /// Bookings and messages that may mail one mailbox per day; above it only staff are mailed.
    pub confirmations_per_recipient_per_day: u32,
    /// All mails to one customer mailbox per day, of every kind.
    pub customer_mails_per_recipient_per_day: u32,
    /// Days for which the network and the e-mail address of a booking staff
    /// marked as junk are refused at the booking and contact forms; 0 = not.
    pub junk_refusal_days: u32,
    /// Clients remembered by each rate limiter (least recently seen forgotten first).
    pub max_tracked_clients: usize,
    /// Recent submissions remembered for spotting repeats.
    pub max_tracked_submissions: usize,
}

/// The proof of work that bookings and contact messages carry while many
/// arrive (`forms::proof`, ALTCHA's PoW v2 with PBKDF2-SHA-256).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofOfWorkSettings {
    /// Submissions accepted site-wide within `window_minutes` up to which no
    /// proof is asked; each doubling beyond it is one level up.
    pub free_submissions: u32,
    pub window_minutes: u32,
    /// Per level from 1: the highest count of derivations a browser may need
    /// (the secret count is drawn uniformly from 0 to it). Empty: never asked.
    pub levels: Vec<u32>,
    /// PBKDF2 rounds of one derivation.
    pub cost: u32,
    /// How long a challenge may be used.
    pub challenge_minutes: u32,
    /// Proofs remembered as used until their challenge expires; when full,
    /// posts that need one are refused.
    pub max_spent: usize,
    /// Challenges made (each costs the server one derivation) per client per
    /// minute, and per network (`limits.ipv4_network_prefix_len`, `ipv6_…`); 0 = no limit.
    pub challenges_per_minute: u32,
    pub network_challenges_per_minute: u32,
}

impl ProofOfWorkSettings {
    /// Why these settings cannot work, if so: the setting and the message.
    pub fn problem(&self) -> Option<(&'static str, &'static str)> {
        if self.free_submissions == 0 {
            Some(("proof_of_work.free_submissions", "must be at least 1"))
        } else if self.window_minutes == 0 || self.window_minutes > 60 {
            Some(("proof_of_work.window_minutes", "must be between 1 and 60"))
        } else if self.levels.iter().any(|&work| work < 2) || !self.levels.is_sorted() {
            Some(("proof_of_work.levels", "must rise, each at least 2"))
        } else if self.cost == 0 {
            Some(("proof_of_work.cost", "must be at least 1"))
        } else if self.challenge_minutes == 0 {
            Some(("proof_of_work.challenge_minutes", "must be at least 1"))
        } else if self.max_spent == 0 {
            Some(("proof_of_work.max_spent", "must be at least 1"))
        } else {
            None
        }
    }
}

/// The HTTP server: connection limits, timeouts, shutdown and who may read metrics.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpSettings {
    /// Most bytes of request headers (names and values) a request may carry.
    pub max_header_bytes: usize,
    /// Time a client has to send its request headers, and to close after an answer.
    pub header_timeout_ms: u64,
    /// Time a client has to send a request body.
    pub body_timeout_ms: u64,
    /// How long an idle keep-alive connection stays open.
    pub keep_alive_seconds: u64,
    /// Open connections at most, per server worker thread.
    pub max_connections: usize,
    /// On SIGTERM, how long requests in flight may take to finish.
    pub shutdown_timeout_seconds: u64,
    /// Addresses besides loopback that may read `/metrics` and `/healthz/details`
    /// (seen directly, never through a forwarding header).
    pub metrics_allowed: Vec<std::net::IpAddr>,
    /// Host names (or addresses) besides `localhost`, `127.0.0.1` and `[::1]` at
    /// the listening port that operators may name in `Host` when reading them.
    pub operator_hosts: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookingSettings {
    /// Most passengers one booking may name.
    pub max_passengers: u8,
    /// Above this many passengers a larger vehicle comes (the form and the staff mail say so).
    pub large_vehicle_above: u8,
    /// A pick-up must be at least this many minutes ahead.
    pub lead_time_minutes: u32,
    /// A pick-up may be at most this many days ahead.
    pub max_days_ahead: u32,
    /// Seconds between opening a form page and sending it, below which no person
    /// can have typed it (see `antispam`); 0 = no check.
    pub min_fill_seconds: u64,
    /// When no ride is taken (`config::closed`); a pick-up or return ride inside one is refused.
    #[serde(default)]
    pub closed: Vec<crate::config::Closure>,
    /// The payment methods the forms offer, in order; `invoice` asks for the company.
    pub payment_methods: Vec<crate::types::PaymentMethod>,
    /// Above this many pieces of luggage the form suggests the taxibus; 0 = never.
    pub luggage_hint_above: u8,
}

impl BookingSettings {
    /// Why these settings cannot work, if so: the setting and the message.
    pub fn problem(&self) -> Option<(&'static str, &'static str)> {
        let methods = &self.payment_methods;
        if self.max_passengers == 0 {
            Some(("booking.max_passengers", "must be at least 1"))
        } else if self.large_vehicle_above == 0 {
            Some(("booking.large_vehicle_above", "must be at least 1"))
        } else if self.max_days_ahead == 0 {
            Some(("booking.max_days_ahead", "must be at least 1"))
        } else if methods.iter().enumerate().any(|(i, m)| methods[..i].contains(m)) {
            Some(("booking.payment_methods", "names a method twice"))
        } else {
            None
        }
    }
}

/// The rules the unit tests check forms against: the shipped defaults, written
/// out once, so that a changed default changes no test.
#[cfg(test)]
impl BookingSettings {
    pub(crate) fn for_tests() -> Self {
        use crate::types::PaymentMethod::{Cash, Creditcard, Debitcard};
        Self {
            max_passengers: 8,
            large_vehicle_above: 4,
            lead_time_minutes: 30,
            max_days_ahead: 365,
            min_fill_seconds: 0,
            closed: Vec::new(),
            payment_methods: vec![Debitcard, Creditcard, Cash],
            luggage_hint_above: 4,
        }
    }
}

/// Copies of the store that the server takes while it runs (`store::backup`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupSettings {
    /// Hours between two copies; 0: the server takes none (`taxi-server backup FILE` still works).
    pub every_hours: u32,
    /// How many copies are kept in `<data_dir>/backups/`; older ones are deleted.
    pub keep: u32,
}

/// Reminders to staff and customers (`booking::reminders`); 0 minutes = off.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReminderSettings {
    /// How often due reminders are looked for.
    pub check_seconds: u64,
    /// Staff, this long after the promised answer, while unanswered.
    pub staff_unanswered_after_minutes: u32,
    /// Staff and the escalation addresses, this long before an unanswered pick-up.
    pub staff_before_pickup_minutes: u32,
    pub escalation_recipients: Vec<MailboxSetting>,
    /// The customer, this long before an unanswered pick-up.
    pub customer_no_answer_minutes: u32,
    /// The customer, the evening before a confirmed ride at this time (`""`: not).
    pub customer_evening_before: String,
    /// … or this long before it when confirmed after that evening.
    pub customer_same_day_minutes: u32,
    /// No customer reminder from `quiet_from` to `quiet_until`.
    pub quiet_from: ClockTime,
    pub quiet_until: ClockTime,
    /// … except "not confirmed yet" for a pick-up in them or at most this long after.
    pub quiet_exempt_after_minutes: u32,
}

/// The dispatchers' calendar subscription (`staff_answers::calendar`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DispatchCalendarSettings {
    pub enabled: bool,
    /// Part of what the address is derived from: raising it revokes the address.
    pub revision: u32,
    /// Rides whose pick-up lies at most this many days back are listed.
    pub past_days: u32,
    /// … and less than this many days ahead.
    pub ahead_days: u32,
    /// How often calendar apps are asked to fetch the feed again.
    pub refresh_minutes: u32,
    /// A safety cap on the rides listed: beyond it, answered rides and then the
    /// soonest requests are kept, and the feed says it was cut.
    pub max_bookings: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    /// Without `TAXI_SMTP_URL`, the Maildir is wanted (a program here reads it):
    /// a site that is no demo starts only then (`config::mail_route`).
    pub maildir_on_purpose: bool,
    /// Sender of every mail, e.g. `Taxi Roermond <rit@example.nl>`.
    pub from: MailboxSetting,
    /// Staff addresses that receive bookings and contact messages.
    pub staff_recipients: Vec<MailboxSetting>,
    /// Language of the staff mails.
    pub staff_language: Lang,
    /// Days a delivered or given-up mail's record is kept before it is deleted.
    pub retention_days: u32,
    /// Timeout of an SMTP conversation up to `DATA` (connect, TLS, login, commands).
    pub smtp_timeout_ms: u64,
    /// Root certificates trusted for the mail server's TLS besides the bundled
    /// ones (a relay with a private CA), read when the settings load.
    pub smtp_ca_file: super::SmtpCaFile,
    /// Timeout of the answer to a message's final dot; past it the outcome is unknown.
    pub smtp_data_end_timeout_ms: u64,
    /// How many times a mail whose outcome was unknown (the server may have
    /// stored it) is sent again before it is given up.
    pub unknown_outcome_retries: u32,
    /// The wait before the first of those; each next one waits twice as long.
    pub unknown_outcome_first_retry_ms: u64,
    /// New bookings are refused (503) while this many mails wait undelivered.
    pub max_queued_mails: usize,
    /// New bookings are refused (503) while the data directory has less free space.
    pub min_free_disk_mb: u64,
    /// A mail refused for now (4xx) for this long is given up.
    pub give_up_after_seconds: u64,
    /// Mail waiting longer than this makes `/healthz` say degraded.
    pub degraded_after_seconds: u64,
    /// On SIGTERM, how long mails being sent may take to finish.
    pub shutdown_grace_ms: u64,
    /// The answer promise in the customer's booking mail: staff answer within
    /// this many minutes between `answer_from` and `answer_until`; 0 = no promise.
    pub answer_within_minutes: u32,
    /// Local time (`HH:MM`, Europe/Amsterdam) from which staff answer bookings.
    pub answer_from: ClockTime,
    /// Local time (`HH:MM`) until which staff answer bookings.
    pub answer_until: ClockTime,
    /// A ride picked up less than this many hours after its request is marked
    /// urgent in the staff mail (as is one picked up before the promised
    /// answer); 0 = only the latter.
    pub urgent_within_hours: u32,
}

impl MailSettings {
    /// How long finished mails and past bookings are kept (`retention_days`).
    pub fn retention(&self) -> std::time::Duration {
        std::time::Duration::from_secs(u64::from(self.retention_days) * 86_400)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Secrets {
    /// Google Maps Platform key (`TAXI_GOOGLE_MAPS_KEY`); when set, Google is the places provider.
    pub google_maps_key: Option<secrecy::SecretString>,
    /// SMTP server in lettre's URL form (`TAXI_SMTP_URL`), may hold a password;
    /// without it mail goes to a Maildir under the data directory.
    pub smtp_url: Option<secrecy::SecretString>,
    /// Signs the staff answer links and the form-opened cookie (`TAXI_SECRET_KEY`);
    /// without it a random key kept in the data directory is used (see `secret`).
    pub secret_key: Option<secrecy::SecretString>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderSettings {
    pub workers: usize,
    pub queue_capacity: usize,
    pub deadline_ms: u64,
    pub memory_limit_mb: usize,
    /// Renders one client may have waiting or running at once.
    pub max_per_client: usize,
    /// Renders all clients of one network (`limits.ipv4_network_prefix_len`,
    /// `ipv6_…`) may have waiting or running at once.
    pub max_per_network: usize,
    /// Render every cacheable page into memory right after start-up.
    pub warm_up: bool,
}

/// A mailbox (`Name <address>` or a bare address), parsed when the settings are read.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct MailboxSetting(pub lettre::message::Mailbox);

impl TryFrom<String> for MailboxSetting {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.trim().parse().map(MailboxSetting).map_err(|e| format!("`{text}` is not a mailbox: {e}"))
    }
}

/// A reverse proxy's address or CIDR range, parsed when the settings are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct TrustedProxy(pub ipnet::IpNet);

impl TryFrom<String> for TrustedProxy {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        let trimmed = text.trim();
        trimmed
            .parse::<ipnet::IpNet>()
            .ok()
            .or_else(|| trimmed.parse::<std::net::IpAddr>().ok().map(ipnet::IpNet::from))
            .map(TrustedProxy)
            .ok_or_else(|| format!("`{text}` is not an IP address or CIDR range"))
    }
}

/// Shortest `TAXI_SECRET_KEY` accepted (characters; its bytes are the key).
pub const MIN_KEY_CHARS: usize = 32;
