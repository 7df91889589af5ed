//! The `site` and `company` sections: origins, domains, the company's own data.
use serde::Deserialize;

use crate::types::{ClockTime, Country, Lang};

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
    /// The company's legal pages (`site::legal`); empty: the built-in template.
    pub legal_dir: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlternateDomain {
    pub origin: String,
    /// Languages whose pages live on this origin; empty: the origin redirects to `base_url`.
    #[serde(default)]
    pub languages: Vec<Lang>,
    /// For a domain that only redirects: the language it stands for (a `.de` name
    /// bought for German visitors). Its `/` goes to that language's home page; without
    /// it, `/` goes to the home page the visitor's browser asks for.
    #[serde(default)]
    pub home_language: Option<Lang>,
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
    /// Two-letter ISO 3166 code (`NL`): the address's country, and where a
    /// customer's phone number without its country code is read first.
    pub country: Country,
    pub kvk: String,
    pub vat: String,
    /// The taxi licence number; empty: none shown.
    pub licence_number: String,
    /// Where customers review the company (footer, and the manage page once the
    /// ride is past); empty: no link.
    #[serde(deserialize_with = "https_url_or_none")]
    pub review_url: Option<url::Url>,
    /// Cancelling is free up to this many hours before the pick-up (the terms' short form).
    pub free_cancellation_hours: std::num::NonZeroU32,
    pub taxi_image_file: String,
    /// The company's own quality mark, shown in the footer; none when empty (the
    /// built-in example shows only on the demo).
    pub quality_mark_file: String,
    /// The quality mark's real name: its text for people who cannot see it.
    pub quality_mark_name: String,
    /// Replaces the built-in 1200×630 share preview (Open Graph, Twitter cards);
    /// required when `demo` is false (`config::images`).
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

impl CompanySettings {
    /// The phone as visitors in `lang` dial it: national in Dutch, international
    /// (`+31 475 00 00 00`) in German and English, since from abroad the
    /// national form does not connect.
    pub fn phone_shown(&self, lang: Lang) -> String {
        match lang {
            Lang::Nl => self.phone_display.clone(),
            Lang::De | Lang::En => international(&self.phone, &self.phone_display),
        }
    }
}

/// `display` with its trunk `0` replaced by the country code that `e164`
/// carries (`+31475000000`, `0475 00 00 00` → `+31 475 00 00 00`). Left as
/// it is when already international or when the two do not agree.
fn international(e164: &str, display: &str) -> String {
    let national: String = display.chars().filter(char::is_ascii_digit).collect();
    match (national.strip_prefix('0'), display.trim_start().strip_prefix('0')) {
        (Some(digits), Some(rest)) if e164.starts_with('+') && e164.ends_with(digits) => {
            let country = &e164[..e164.len() - digits.len()];
            format!("{country} {}", rest.trim_start())
        }
        _ => display.to_string(),
    }
}

/// An `https://` URL with a host, read when the settings are; `""`: none.
fn https_url_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<url::Url>, D::Error> {
    let text = String::deserialize(d)?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    match url::Url::parse(text.trim()) {
        Ok(url) if url.scheme() == "https" && url.host_str().is_some_and(|h| !h.is_empty()) => Ok(Some(url)),
        _ => Err(serde::de::Error::custom(format!("`{text}` must be an https:// URL (or \"\" for none)"))),
    }
}

/// Days with the same opening times; `opens`/`closes` as `HH:MM` (`23:59`: until midnight).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningHours {
    pub days: Vec<Weekday>,
    pub opens: ClockTime,
    pub closes: ClockTime,
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

/// Checks the alternate domains against each other and the main origin.
pub fn validate(site: &SiteSettings) -> Result<(), String> {
    let mut seen = vec![authority(&site.base_url).to_ascii_lowercase()];
    for domain in &site.alternate_domains {
        let host = authority(&domain.origin).to_ascii_lowercase();
        if seen.contains(&host) {
            return Err(format!("`{}` is listed twice (or equals site.base_url)", domain.origin));
        }
        seen.push(host);
        if domain.home_language.is_some() && !domain.languages.is_empty() {
            return Err(format!(
                "`{}` names both `languages` and `home_language`: a domain with languages opens on its first",
                domain.origin
            ));
        }
    }
    for lang in Lang::ALL {
        if site.alternate_domains.iter().filter(|d| d.languages.contains(&lang)).count() > 1 {
            return Err(format!("language `{lang}` is the home of more than one domain"));
        }
    }
    Ok(())
}

/// `host[:port]` of an origin (compared without regard to case).
pub fn authority(origin: &str) -> &str {
    origin.split_once("://").map_or(origin, |(_, rest)| rest)
}

#[cfg(test)]
mod tests {
    use super::international;

    #[test]
    fn the_trunk_zero_becomes_the_country_code() {
        assert_eq!(international("+31475000000", "0475 00 00 00"), "+31 475 00 00 00");
        assert_eq!(international("+31612345678", "06-12 34 56 78"), "+31 6-12 34 56 78");
        assert_eq!(international("+4921611234", "02161 1234"), "+49 2161 1234");
        assert_eq!(international("+31475000000", "+31 475 00 00 00"), "+31 475 00 00 00");
        assert_eq!(
            international("+31475999999", "0475 00 00 00"),
            "0475 00 00 00",
            "disagreeing: as configured"
        );
    }
}
