//! Every setting in one place.
//!
//! Layers, later wins: the embedded `config/default.toml` (demo data, runs with no
//! files at all), the TOML file named by `TAXI_CONFIG`, then the environment
//! variables listed in [`ENV_OVERRIDES`]. Unknown keys and bad values stop start-up
//! with a message that names the setting.
use std::{collections::BTreeMap, net::SocketAddr, path::PathBuf};

use serde::Deserialize;

mod closed;
mod images;
mod mail_route;
mod places;
mod sections;
mod site;
mod smtp_ca_file;
mod tariff;

pub use crate::config::closed::*;
pub use crate::config::mail_route::MailRoute;
pub use crate::config::places::*;
pub use crate::config::sections::*;
pub use crate::config::site::*;
#[cfg(test)]
pub(crate) use crate::config::smtp_ca_file::test_files;
pub use crate::config::smtp_ca_file::SmtpCaFile;
pub use crate::config::tariff::*;

const DEFAULTS: &str = include_str!("../../config/default.toml");

/// Environment variables and the setting each one overrides.
pub const ENV_OVERRIDES: &[(&str, &str)] = &[
    ("TAXI_LISTEN", "listen"),
    ("TAXI_DATA_DIR", "data_dir"),
    ("TAXI_LOG_FORMAT", "log_format"),
    ("TAXI_GOOGLE_PLACES_URL", "google.places_url"),
    ("TAXI_RATE_LIMIT_PER_MINUTE", "limits.rate_limit_per_minute"),
    ("TAXI_NETWORK_RATE_LIMIT_PER_MINUTE", "limits.network_rate_limit_per_minute"),
    ("TAXI_PROOF_FREE_SUBMISSIONS", "proof_of_work.free_submissions"),
    ("TAXI_CUSTOMER_MAILS_PER_NETWORK_PER_HOUR", "limits.customer_mails_per_network_per_hour"),
    ("TAXI_GOOGLE_ROUTES_URL", "google.routes_url"),
    ("TAXI_MIN_FILL_SECONDS", "booking.min_fill_seconds"),
    ("TAXI_RENDER_WARM_UP", "render.warm_up"),
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
    /// The company's frequent places and its town's districts (absent: none).
    #[serde(default)]
    pub places: PlacesSettings,
    pub google: GoogleSettings,
    pub mail: MailSettings,
    pub booking: BookingSettings,
    pub dispatch_calendar: DispatchCalendarSettings,
    pub reminders: ReminderSettings,
    pub backup: BackupSettings,
    pub limits: LimitSettings,
    pub proof_of_work: ProofOfWorkSettings,
    pub http: HttpSettings,
    /// Not from files: see [`SECRET_VARIABLES`].
    #[serde(skip)]
    pub secrets: Secrets,
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
            if file.get("site").and_then(|s| s.get("alternate_domains")).is_none() {
                drop_demo_domains(&mut table, &file);
            }
            merge(&mut table, file);
        }
        for (var, key) in ENV_OVERRIDES {
            if let Some(value) = env.get(*var) {
                // Numbers and booleans stay what they are, so
                // `TAXI_RATE_LIMIT_PER_MINUTE=0` is read as a number.
                let trimmed = value.trim();
                let value = trimmed
                    .parse::<i64>()
                    .map(toml::Value::Integer)
                    .or_else(|_| trimmed.parse::<bool>().map(toml::Value::Boolean))
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
            .is_some_and(|k| secrecy::ExposeSecret::expose_secret(k).len() < MIN_KEY_CHARS)
        {
            return Err(ConfigError::new(
                "TAXI_SECRET_KEY",
                format!("must be at least {} characters long", MIN_KEY_CHARS),
            ));
        }
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        site::validate(&self.site).map_err(|message| ConfigError::new("site.alternate_domains", message))?;
        let evening = &self.reminders.customer_evening_before;
        if !evening.is_empty() && crate::types::ClockTime::parse(evening).is_none() {
            return Err(ConfigError::new("reminders.customer_evening_before", "must be HH:MM or \"\""));
        }
        if self.backup.every_hours > 0 && self.backup.keep == 0 {
            return Err(ConfigError::new(
                "backup.keep",
                "must be at least 1 while backup.every_hours is set",
            ));
        }
        if self.reminders.check_seconds == 0 {
            return Err(ConfigError::new("reminders.check_seconds", "must be at least 1"));
        }
        let calendar = &self.dispatch_calendar;
        if calendar.enabled
            && (calendar.refresh_minutes == 0 || calendar.max_bookings == 0 || calendar.ahead_days == 0)
        {
            return Err(ConfigError::new(
                "dispatch_calendar.refresh_minutes / max_bookings / ahead_days",
                "must be at least 1 (or set dispatch_calendar.enabled = false)",
            ));
        }
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
        if c.opening_hours.iter().any(|h| h.days.is_empty()) {
            return Err(ConfigError::new("company.opening_hours", "each entry needs days"));
        }
        if let Some(bad) = c.same_as.iter().find(|u| !u.starts_with("https://")) {
            return Err(ConfigError::new("company.same_as", format!("`{bad}` must be an https:// URL")));
        }
        if !c.email.contains('@') {
            return Err(ConfigError::new("company.email", "must be an e-mail address"));
        }
        images::check(c)?;
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
        if self.mail.staff_recipients.is_empty() {
            return Err(ConfigError::new("mail.staff_recipients", "needs at least one e-mail address"));
        }
        if self.mail.shutdown_grace_ms > self.http.shutdown_timeout_seconds.saturating_mul(1000) {
            return Err(ConfigError::new(
                "mail.shutdown_grace_ms",
                "must not exceed http.shutdown_timeout_seconds (in ms)",
            ));
        }
        let public: Vec<String> = std::iter::once(&self.site.base_url)
            .chain(self.site.alternate_domains.iter().map(|d| &d.origin))
            .filter_map(|origin| url::Url::parse(origin).ok()?.host_str().map(str::to_ascii_lowercase))
            .collect();
        for host in &self.http.operator_hosts {
            let name = host.trim_end_matches('.').to_ascii_lowercase();
            // A public name would open them to every visitor a proxy passes on.
            if name.is_empty()
                || name.contains(['/', '@', ' '])
                || (name.contains(':') && !name.starts_with('['))
                || public.contains(&name)
            {
                return Err(ConfigError::new(
                    "http.operator_hosts",
                    format!("`{host}` must be a host name or address without a port (IPv6 in brackets), not one of the site's public names"),
                ));
            }
        }
        let l = &self.limits;
        for (key, len, max) in [
            ("limits.ipv6_prefix_len", l.ipv6_prefix_len, 128),
            ("limits.ipv4_network_prefix_len", l.ipv4_network_prefix_len, 32),
            ("limits.ipv6_network_prefix_len", l.ipv6_network_prefix_len, 128),
        ] {
            if len == 0 || len > max {
                return Err(ConfigError::new(key, format!("must be between 1 and {max}")));
            }
        }
        if let Some((key, message)) = self.proof_of_work.problem() {
            return Err(ConfigError::new(key, message));
        }
        if self.limits.max_tracked_clients == 0 || self.limits.max_tracked_submissions == 0 {
            return Err(ConfigError::new(
                "limits.max_tracked_clients / max_tracked_submissions",
                "must be at least 1",
            ));
        }
        if let Some((key, message)) = self.booking.problem() {
            return Err(ConfigError::new(key, message));
        }
        if self.render.queue_capacity == 0 {
            return Err(ConfigError::new("render.queue_capacity", "must be at least 1"));
        }
        if self.render.max_per_client == 0 {
            return Err(ConfigError::new("render.max_per_client", "must be at least 1"));
        }
        if self.render.deadline_ms == 0 {
            return Err(ConfigError::new("render.deadline_ms", "must be at least 1"));
        }
        if self.render.memory_limit_mb < 8 {
            return Err(ConfigError::new("render.memory_limit_mb", "must be at least 8"));
        }
        let t = &self.tariff;
        // `!(x > 0.0)` on purpose here and below: NaN must be refused too.
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        if !(t.zone.radius_km > 0.0) {
            return Err(ConfigError::new("tariff.zone.radius_km", "must be positive"));
        }
        if t.radius_surcharges.windows(2).any(|w| w[0].within_km >= w[1].within_km) {
            return Err(ConfigError::new("tariff.radius_surcharges", "steps must be in increasing distance"));
        }
        for d in &t.destinations {
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            if !(-90.0..=90.0).contains(&d.lat) || !(-180.0..=180.0).contains(&d.lon) || !(d.radius_km > 0.0)
            {
                return Err(ConfigError::new(
                    format!("tariff.destinations.{}", d.id),
                    "bad coordinates or radius",
                ));
            }
        }
        validate_places(&self.places, t.zone.centre())
            .map_err(|(key, message)| ConfigError::new(key, message))?;
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
mod tests;
