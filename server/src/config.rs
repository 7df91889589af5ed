//! Every setting in one place.
//!
//! Layers, later wins: the embedded `config/default.toml` (demo data, runs with no
//! files at all), the TOML file named by `TAXI_CONFIG`, then the environment
//! variables listed in [`ENV_OVERRIDES`]. Unknown keys and bad values stop start-up
//! with a message that names the setting.
use std::{collections::BTreeMap, net::SocketAddr, path::PathBuf};

use serde::Deserialize;

use crate::domain::{Lang, LatLon};

const DEFAULTS: &str = include_str!("../config/default.toml");

/// Environment variables and the setting each one overrides.
pub const ENV_OVERRIDES: &[(&str, &str)] = &[
    ("TAXI_LISTEN", "listen"),
    ("TAXI_DATA_DIR", "data_dir"),
    ("TAXI_LOG_FORMAT", "log_format"),
    ("TAXI_GOOGLE_PLACES_URL", "google.places_url"),
    ("TAXI_RATE_LIMIT_PER_MINUTE", "limits.rate_limit_per_minute"),
    ("TAXI_GOOGLE_ROUTES_URL", "google.routes_url"),
    ("TAXI_MIN_FILL_SECONDS", "booking.min_fill_seconds"),
];

/// Secrets: read from the environment only, never from a file, never logged.
pub const SECRET_VARIABLES: &[&str] = &["TAXI_GOOGLE_MAPS_KEY", "TAXI_SMTP_URL", "TAXI_SECRET_KEY"];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    pub log_format: LogFormat,
    pub site: SiteSettings,
    pub company: CompanySettings,
    pub render: RenderSettings,
    pub tariff: TariffSettings,
    pub google: GoogleSettings,
    pub mail: MailSettings,
    pub booking: BookingSettings,
    pub limits: LimitSettings,
    pub http: HttpSettings,
    /// Not from files: see [`SECRET_VARIABLES`].
    #[serde(skip)]
    pub secrets: Secrets,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoogleSettings {
    pub places_url: String,
    pub routes_url: String,
    pub timeout_ms: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitSettings {
    /// Form posts (bookings, WhatsApp, contact) per client per minute; 0 = no limit.
    pub rate_limit_per_minute: u32,
    /// Address suggestions, place details and price indications per client per minute.
    pub lookup_rate_limit_per_minute: u32,
    /// Reverse proxies (addresses or CIDR ranges) whose forwarding header is believed.
    pub trusted_proxies: Vec<String>,
    /// Header those proxies add the client address to (`Forwarded` = RFC 7239).
    pub forwarded_header: String,
    /// IPv6 clients are limited per network of this prefix length.
    pub ipv6_prefix_len: u8,
    /// Bookings and contact messages accepted per hour, site-wide; 0 = no cap.
    pub submissions_per_hour: u32,
    /// Booking confirmations mailed to one address per day; above it only staff are mailed.
    pub confirmations_per_recipient_per_day: u32,
    /// Clients remembered by each rate limiter (least recently seen forgotten first).
    pub max_tracked_clients: usize,
    /// Recent submissions remembered for spotting repeats.
    pub max_tracked_submissions: usize,
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
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    /// Sender of every mail, e.g. `Taxi Roermond <rit@example.nl>`.
    pub from: String,
    /// Staff addresses that receive bookings and contact messages.
    pub staff_recipients: Vec<String>,
    /// Language of the staff mails.
    pub staff_language: Lang,
    /// Days a delivered spool entry is kept before it is deleted.
    pub retention_days: u32,
    /// Timeout of one SMTP conversation.
    pub smtp_timeout_ms: u64,
    /// New bookings are refused (503) while this many mails wait in the spool.
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
    pub answer_from: String,
    /// Local time (`HH:MM`) until which staff answer bookings.
    pub answer_until: String,
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
pub struct SiteSettings {
    pub base_url: String,
    /// Further origins: each redirects to `base_url`, or is the canonical home of
    /// the languages it names (see `crate::site`).
    pub alternate_domains: Vec<AlternateDomain>,
    /// What a request for a host that is none of the site's origins gets
    /// (IP addresses and `localhost` are always served, for development).
    pub unknown_hosts: UnknownHosts,
    /// Send `Strict-Transport-Security` (only when the site is served over HTTPS).
    pub hsts: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlternateDomain {
    pub origin: String,
    /// Languages whose pages live on this origin; empty: the origin redirects to `base_url`.
    #[serde(default)]
    pub languages: Vec<Lang>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnknownHosts {
    /// Answer as if the main origin had been asked.
    Serve,
    /// Redirect (301) to the main origin, path and query kept.
    Redirect,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanySettings {
    pub demo: bool,
    pub name: String,
    pub phone: String,
    pub phone_display: String,
    pub whatsapp_number: String,
    pub email: String,
    pub street: String,
    pub postal_code: String,
    pub city: String,
    pub country: String,
    pub kvk: String,
    pub vat: String,
    pub taxi_image_file: String,
    pub quality_mark_file: String,
    /// Replaces the built-in 1200×630 share preview (Open Graph, Twitter cards).
    pub share_image_file: String,
    /// Where the business is (structured data), in degrees.
    pub lat: f64,
    pub lon: f64,
    pub opening_hours: Vec<OpeningHours>,
    /// schema.org `priceRange`, e.g. `€€`.
    pub price_range: String,
    /// The business's profiles elsewhere (structured data `sameAs`).
    pub same_as: Vec<String>,
}

/// Days with the same opening times; `opens`/`closes` as `HH:MM` (`23:59`: until midnight).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningHours {
    pub days: Vec<Weekday>,
    pub opens: String,
    pub closes: String,
}

/// schema.org's day names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderSettings {
    pub workers: usize,
    pub queue_capacity: usize,
    pub deadline_ms: u64,
    pub memory_limit_mb: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TariffSettings {
    pub start_rate_cents: u32,
    pub per_km_cents: u32,
    pub per_minute_cents: u32,
    pub pickup_surcharge_cents: u32,
    pub zone: Zone,
    pub radius_surcharges: Vec<RadiusSurcharge>,
    pub destinations: Vec<Destination>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub name: String,
    pub lat: f64,
    pub lon: f64,
    pub radius_km: f64,
}

impl Zone {
    pub fn centre(&self) -> LatLon {
        LatLon { lat: self.lat, lon: self.lon }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadiusSurcharge {
    pub within_km: f64,
    pub cents: u32,
}

/// What a fixed-price destination is. The server prices both alike; the gazetteer
/// build (`scripts/gazetteer/build.mjs`) reads it from the default settings to check
/// that the gazetteer holds an airport or a locality there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DestinationKind {
    Airport,
    City,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Destination {
    pub id: String,
    pub kind: DestinationKind,
    pub name: LocalizedText,
    pub price_cents: u32,
    pub lat: f64,
    pub lon: f64,
    pub radius_km: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalizedText {
    pub nl: String,
    pub de: String,
    pub en: String,
}

impl LocalizedText {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Nl => &self.nl,
            Lang::De => &self.de,
            Lang::En => &self.en,
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("configuration error in `{setting}`: {message}")]
pub struct ConfigError {
    pub setting: String,
    pub message: String,
}

impl ConfigError {
    fn new(setting: impl Into<String>, message: impl ToString) -> Self {
        Self { setting: setting.into(), message: message.to_string() }
    }
}

impl Settings {
    /// Settings from the embedded defaults, `TAXI_CONFIG` and the environment.
    pub fn load() -> Result<Self, ConfigError> {
        let env: BTreeMap<String, String> =
            std::env::vars().filter(|(k, _)| k.starts_with("TAXI_")).collect();
        Self::load_from(&env)
    }

    /// Like [`Settings::load`] with an explicit environment, for tests.
    pub fn load_from(env: &BTreeMap<String, String>) -> Result<Self, ConfigError> {
        let mut table: toml::Table = DEFAULTS.parse().expect("embedded default.toml is valid");
        if let Some(path) = env.get("TAXI_CONFIG").filter(|p| !p.is_empty()) {
            let text = std::fs::read_to_string(path)
                .map_err(|e| ConfigError::new("TAXI_CONFIG", format!("cannot read {path}: {e}")))?;
            let file: toml::Table = text
                .parse()
                .map_err(|e| ConfigError::new("TAXI_CONFIG", format!("{path} is not valid TOML: {e}")))?;
            if !file.get("site").and_then(|s| s.get("alternate_domains")).is_some() {
                drop_demo_domains(&mut table, &file);
            }
            merge(&mut table, file);
        }
        for (var, key) in ENV_OVERRIDES {
            if let Some(value) = env.get(*var) {
                // Numbers stay numbers, so `TAXI_RATE_LIMIT_PER_MINUTE=0` is read as one.
                let value = value
                    .trim()
                    .parse::<i64>()
                    .map(toml::Value::Integer)
                    .unwrap_or_else(|_| toml::Value::String(value.clone()));
                set_dotted(&mut table, key, value);
            }
        }
        let mut settings: Settings =
            serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
                let path = e.path().to_string();
                let setting = ENV_OVERRIDES
                    .iter()
                    .find(|(_, key)| *key == path)
                    .map(|(var, key)| format!("{key} ({var})"))
                    .unwrap_or(path);
                ConfigError::new(setting, e.into_inner())
            })?;
        settings.secrets.google_maps_key = env
            .get("TAXI_GOOGLE_MAPS_KEY")
            .filter(|k| !k.trim().is_empty())
            .map(|k| secrecy::SecretString::from(k.trim().to_string()));
        settings.secrets.smtp_url = env
            .get("TAXI_SMTP_URL")
            .filter(|k| !k.trim().is_empty())
            .map(|k| secrecy::SecretString::from(k.trim().to_string()));
        settings.secrets.secret_key = env
            .get("TAXI_SECRET_KEY")
            .filter(|k| !k.trim().is_empty())
            .map(|k| secrecy::SecretString::from(k.trim().to_string()));
        if settings
            .secrets
            .secret_key
            .as_ref()
            .is_some_and(|k| secrecy::ExposeSecret::expose_secret(k).len() < crate::secret::MIN_KEY_CHARS)
        {
            return Err(ConfigError::new(
                "TAXI_SECRET_KEY",
                format!("must be at least {} characters long", crate::secret::MIN_KEY_CHARS),
            ));
        }
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        crate::site::validate(&self.site)
            .map_err(|message| ConfigError::new("site.alternate_domains", message))?;
        for (key, url) in std::iter::once(("site.base_url", &self.site.base_url))
            .chain(self.site.alternate_domains.iter().map(|d| ("site.alternate_domains", &d.origin)))
        {
            if !(url.starts_with("https://") || url.starts_with("http://"))
                || url.ends_with('/')
                || url[url.find("//").unwrap_or(0) + 2..].contains('/')
            {
                return Err(ConfigError::new(
                    key,
                    format!("`{url}` must be an http(s) origin without a path or trailing slash"),
                ));
            }
        }
        let c = &self.company;
        if c.name.trim().is_empty() {
            return Err(ConfigError::new("company.name", "must not be empty"));
        }
        if !c.phone.starts_with('+')
            || !c.phone[1..].chars().all(|ch| ch.is_ascii_digit())
            || c.phone.len() < 8
        {
            return Err(ConfigError::new(
                "company.phone",
                "must be in international form, e.g. +31475123456",
            ));
        }
        if c.whatsapp_number.is_empty()
            || !c.whatsapp_number.chars().all(|ch| ch.is_ascii_digit())
            || c.whatsapp_number.starts_with('0')
        {
            return Err(ConfigError::new(
                "company.whatsapp_number",
                "digits only, country code first, e.g. 31612345678",
            ));
        }
        if !(-90.0..=90.0).contains(&c.lat) || !(-180.0..=180.0).contains(&c.lon) {
            return Err(ConfigError::new(
                "company.lat / company.lon",
                "must be degrees of latitude and longitude",
            ));
        }
        let is_time = |t: &str| jiff::civil::Time::strptime("%H:%M", t).is_ok();
        if c.opening_hours.iter().any(|h| h.days.is_empty() || !is_time(&h.opens) || !is_time(&h.closes)) {
            return Err(ConfigError::new(
                "company.opening_hours",
                "each entry needs days and opens/closes as HH:MM",
            ));
        }
        if let Some(bad) = c.same_as.iter().find(|u| !u.starts_with("https://")) {
            return Err(ConfigError::new("company.same_as", format!("`{bad}` must be an https:// URL")));
        }
        if !c.email.contains('@') {
            return Err(ConfigError::new("company.email", "must be an e-mail address"));
        }
        for (key, url) in [
            ("google.places_url (TAXI_GOOGLE_PLACES_URL)", &self.google.places_url),
            ("google.routes_url (TAXI_GOOGLE_ROUTES_URL)", &self.google.routes_url),
        ] {
            if !(url.starts_with("https://") || url.starts_with("http://")) || url.ends_with('/') {
                return Err(ConfigError::new(
                    key,
                    format!("`{url}` must be an http(s) base URL without a trailing slash"),
                ));
            }
        }
        if self.google.timeout_ms == 0 {
            return Err(ConfigError::new("google.timeout_ms", "must be at least 1"));
        }
        if self.mail.staff_recipients.is_empty()
            || self.mail.staff_recipients.iter().any(|r| !r.contains('@'))
        {
            return Err(ConfigError::new("mail.staff_recipients", "needs at least one e-mail address"));
        }
        if !self.mail.from.contains('@') {
            return Err(ConfigError::new("mail.from", "must contain an e-mail address"));
        }
        if self.mail.shutdown_grace_ms > self.http.shutdown_timeout_seconds.saturating_mul(1000) {
            return Err(ConfigError::new(
                "mail.shutdown_grace_ms",
                "must not exceed http.shutdown_timeout_seconds (in ms)",
            ));
        }
        if let Some(bad) =
            self.limits.trusted_proxies.iter().find(|p| crate::edge::client::parse_net(p).is_none())
        {
            return Err(ConfigError::new(
                "limits.trusted_proxies",
                format!("`{bad}` is not an IP address or CIDR range"),
            ));
        }
        if self.limits.ipv6_prefix_len == 0 || self.limits.ipv6_prefix_len > 128 {
            return Err(ConfigError::new("limits.ipv6_prefix_len", "must be between 1 and 128"));
        }
        if self.limits.max_tracked_clients == 0 || self.limits.max_tracked_submissions == 0 {
            return Err(ConfigError::new(
                "limits.max_tracked_clients / max_tracked_submissions",
                "must be at least 1",
            ));
        }
        if self.booking.max_passengers == 0 {
            return Err(ConfigError::new("booking.max_passengers", "must be at least 1"));
        }
        if self.booking.large_vehicle_above == 0 {
            return Err(ConfigError::new("booking.large_vehicle_above", "must be at least 1"));
        }
        if self.booking.max_days_ahead == 0 {
            return Err(ConfigError::new("booking.max_days_ahead", "must be at least 1"));
        }
        if self.render.queue_capacity == 0 {
            return Err(ConfigError::new("render.queue_capacity", "must be at least 1"));
        }
        if self.render.deadline_ms == 0 {
            return Err(ConfigError::new("render.deadline_ms", "must be at least 1"));
        }
        if self.render.memory_limit_mb < 8 {
            return Err(ConfigError::new("render.memory_limit_mb", "must be at least 8"));
        }
        let t = &self.tariff;
        if !(t.zone.radius_km > 0.0) {
            return Err(ConfigError::new("tariff.zone.radius_km", "must be positive"));
        }
        if t.radius_surcharges.windows(2).any(|w| w[0].within_km >= w[1].within_km) {
            return Err(ConfigError::new("tariff.radius_surcharges", "steps must be in increasing distance"));
        }
        for d in &t.destinations {
            if !(-90.0..=90.0).contains(&d.lat) || !(-180.0..=180.0).contains(&d.lon) || !(d.radius_km > 0.0)
            {
                return Err(ConfigError::new(
                    format!("tariff.destinations.{}", d.id),
                    "bad coordinates or radius",
                ));
            }
        }
        Ok(())
    }

    /// Number of render workers, resolving 0 to the CPU count.
    pub fn render_workers(&self) -> usize {
        match self.render.workers {
            0 => std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
            n => n,
        }
    }
}

/// The demo's alternate domains belong to the demo origin: a file that moves
/// `site.base_url` elsewhere without naming its own alternates gets none.
fn drop_demo_domains(defaults: &mut toml::Table, file: &toml::Table) {
    let base = |t: &toml::Table| {
        t.get("site").and_then(|s| s.get("base_url")).and_then(|v| v.as_str()).map(str::to_string)
    };
    if base(file).is_some_and(|b| Some(b) != base(defaults)) {
        if let Some(toml::Value::Table(site)) = defaults.get_mut("site") {
            site.insert("alternate_domains".into(), toml::Value::Array(Vec::new()));
        }
    }
}

/// Sets `a.b.c` in a table, creating intermediate tables.
fn set_dotted(table: &mut toml::Table, key: &str, value: toml::Value) {
    match key.split_once('.') {
        None => {
            table.insert(key.to_string(), value);
        }
        Some((head, rest)) => {
            let entry =
                table.entry(head.to_string()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(inner) = entry {
                set_dotted(inner, rest, value);
            }
        }
    }
}

fn merge(base: &mut toml::Table, overrides: toml::Table) {
    for (key, value) in overrides {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(key, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn defaults_load_and_are_demo() {
        let s = Settings::load_from(&env(&[])).unwrap();
        assert!(s.company.demo);
        assert_eq!(s.listen.port(), 8080);
        assert_eq!(s.tariff.destinations.len(), 11);
        assert_eq!(s.tariff.start_rate_cents, 326);
    }

    #[test]
    fn environment_overrides_listen_and_names_the_variable_when_bad() {
        let s = Settings::load_from(&env(&[("TAXI_LISTEN", "127.0.0.1:0")])).unwrap();
        assert_eq!(s.listen.port(), 0);
        let err = Settings::load_from(&env(&[("TAXI_LISTEN", "nonsense")])).unwrap_err();
        assert!(err.to_string().contains("TAXI_LISTEN"), "{err}");
    }

    #[test]
    fn file_overrides_nested_keys_and_rejects_unknown_ones() {
        let dir = std::env::temp_dir().join(format!("taxi-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.toml");
        std::fs::write(&good, "[company]\nname = \"Taxi Test\"\ndemo = false\n").unwrap();
        let s = Settings::load_from(&env(&[("TAXI_CONFIG", good.to_str().unwrap())])).unwrap();
        assert_eq!(s.company.name, "Taxi Test");
        assert_eq!(s.company.city, "Roermond", "keys not in the file keep their defaults");

        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "[company]\nnmae = \"typo\"\n").unwrap();
        let err = Settings::load_from(&env(&[("TAXI_CONFIG", bad.to_str().unwrap())])).unwrap_err();
        assert!(err.to_string().contains("company"), "{err}");
        assert!(err.to_string().contains("nmae"), "{err}");

        let wrong_type = dir.join("type.toml");
        std::fs::write(&wrong_type, "[tariff]\nper_km_cents = \"lots\"\n").unwrap();
        let err = Settings::load_from(&env(&[("TAXI_CONFIG", wrong_type.to_str().unwrap())])).unwrap_err();
        assert!(err.to_string().contains("tariff.per_km_cents"), "{err}");
    }

    #[test]
    fn the_maps_key_comes_only_from_the_environment_and_is_not_printed() {
        use secrecy::ExposeSecret;
        let s = Settings::load_from(&env(&[])).unwrap();
        assert!(s.secrets.google_maps_key.is_none());
        let s = Settings::load_from(&env(&[
            ("TAXI_GOOGLE_MAPS_KEY", "k-123"),
            ("TAXI_GOOGLE_PLACES_URL", "http://127.0.0.1:9"),
        ]))
        .unwrap();
        assert_eq!(s.secrets.google_maps_key.as_ref().unwrap().expose_secret(), "k-123");
        assert_eq!(s.google.places_url, "http://127.0.0.1:9");
        assert!(!format!("{s:?}").contains("k-123"), "Debug must not show the key");
    }

    #[test]
    fn the_secret_key_must_be_long_and_is_not_printed() {
        let err = Settings::load_from(&env(&[("TAXI_SECRET_KEY", "short")])).unwrap_err();
        assert!(err.to_string().contains("TAXI_SECRET_KEY"), "{err}");
        let s = Settings::load_from(&env(&[("TAXI_SECRET_KEY", "a-long-enough-secret-key-for-the-test")]))
            .unwrap();
        assert!(s.secrets.secret_key.is_some());
        assert!(!format!("{s:?}").contains("a-long-enough"), "Debug must not show the key");
    }

    #[test]
    fn validation_names_the_setting() {
        let dir = std::env::temp_dir().join(format!("taxi-config-v-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("v.toml");
        std::fs::write(&f, "[company]\nwhatsapp_number = \"+31 6 1234\"\n").unwrap();
        let err = Settings::load_from(&env(&[("TAXI_CONFIG", f.to_str().unwrap())])).unwrap_err();
        assert!(err.to_string().contains("company.whatsapp_number"), "{err}");
    }
}
