//! The `places` section: the company's frequent places (hotels, venues, the
//! hospital, …), found by the address search under their names and short names.
use serde::Deserialize;

use crate::config::LocalizedText;
use crate::types::{Lang, LatLon};

/// Farthest a frequent place may lie from the tariff zone's centre, in km: the
/// offline gazetteer's reach, which names the town it lies in.
pub const FREQUENT_PLACE_MAX_KM: f64 = 250.0;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacesSettings {
    /// Offered by the address search before other places of the same match.
    #[serde(default)]
    pub frequent: Vec<FrequentPlace>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrequentPlace {
    /// Short and stable: the place's id is `f:<id>` (kept in links and forms).
    pub id: String,
    pub name: PlaceName,
    /// Further names people type for it, found as well as the name.
    #[serde(default)]
    pub aliases: Vec<String>,
    pub lat: f64,
    pub lon: f64,
    #[serde(default)]
    pub kind: FrequentKind,
}

impl FrequentPlace {
    pub fn location(&self) -> LatLon {
        LatLon { lat: self.lat, lon: self.lon }
    }
}

/// One name for every language, or a name per language.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum PlaceName {
    Same(String),
    PerLanguage(LocalizedText),
}

impl PlaceName {
    pub fn get(&self, lang: Lang) -> &str {
        match self {
            PlaceName::Same(name) => name,
            PlaceName::PerLanguage(names) => names.get(lang),
        }
    }
}

/// What the list and the booking say the place is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FrequentKind {
    /// A hotel, venue, hospital, shop, the town centre.
    #[default]
    Poi,
    Station,
    Airport,
}

/// The setting at fault and why, for [`crate::config::ConfigError`].
pub(crate) fn validate_places(places: &PlacesSettings, centre: LatLon) -> Result<(), (String, String)> {
    let mut seen: Vec<&str> = Vec::new();
    for p in &places.frequent {
        let setting = format!("places.frequent.{}", p.id);
        let fail = |message: &str| Err((setting.clone(), message.to_string()));
        let id_ok = (1..=40).contains(&p.id.len())
            && p.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !id_ok {
            return fail("id: 1 to 40 of a-z, 0-9 and -");
        }
        if seen.contains(&p.id.as_str()) {
            return fail("id used twice");
        }
        seen.push(&p.id);
        let names = Lang::ALL.iter().map(|&l| p.name.get(l)).chain(p.aliases.iter().map(String::as_str));
        for name in names {
            if name.trim().is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
                return fail("names and aliases: 1 to 100 characters, no control characters");
            }
        }
        if p.aliases.len() > 20 {
            return fail("at most 20 aliases");
        }
        if !(-90.0..=90.0).contains(&p.lat) || !(-180.0..=180.0).contains(&p.lon) {
            return fail("lat and lon must be degrees of latitude and longitude");
        }
        // `!(x <= max)` refuses NaN too.
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        if !(p.location().distance_km(centre) <= FREQUENT_PLACE_MAX_KM) {
            return fail("must lie within 250 km of the tariff zone's centre");
        }
    }
    Ok(())
}
