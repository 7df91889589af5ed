//! The `places` section: the company's frequent places (hotels, venues, the
//! hospital, …), found by the address search under their names and short names,
//! and its town's districts and villages (`places.districts`), which the open
//! data lacks or names like places elsewhere.
use serde::Deserialize;

use crate::config::LocalizedText;
use crate::types::{Lang, LatLon};

/// Farthest a frequent place may lie from the tariff zone's centre, in km: the
/// offline gazetteer's reach, which names the town it lies in.
pub const FREQUENT_PLACE_MAX_KM: f64 = 250.0;
/// Farthest a district may lie from the tariff zone's centre, in km: it belongs
/// to the company's own town (Roermond's villages lie within 6 km).
pub const DISTRICT_MAX_KM: f64 = 25.0;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacesSettings {
    /// Offered by the address search before other places of the same match.
    #[serde(default)]
    pub frequent: Vec<FrequentPlace>,
    /// The company's town's districts and villages, found as localities of that town.
    #[serde(default)]
    pub districts: Vec<District>,
}

/// A district or village of the company's town ('Donderberg', 'Asselt').
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct District {
    /// Short and stable: the place's id is `d:<id>` (kept in links and forms).
    pub id: String,
    /// Its name, the same in every language (a proper name).
    pub name: String,
    /// Further spellings people type ('Kapel in het Zand').
    #[serde(default)]
    pub aliases: Vec<String>,
    pub lat: f64,
    pub lon: f64,
}

impl District {
    pub fn location(&self) -> LatLon {
        LatLon { lat: self.lat, lon: self.lon }
    }
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
        let names = Lang::ALL.iter().map(|&l| p.name.get(l));
        check_entry(
            &setting,
            &p.id,
            &mut seen,
            names,
            &p.aliases,
            p.location(),
            centre,
            FREQUENT_PLACE_MAX_KM,
        )?;
    }
    let mut seen: Vec<&str> = Vec::new();
    for d in &places.districts {
        let setting = format!("places.districts.{}", d.id);
        let names = std::iter::once(d.name.as_str());
        check_entry(&setting, &d.id, &mut seen, names, &d.aliases, d.location(), centre, DISTRICT_MAX_KM)?;
    }
    Ok(())
}

/// The checks a frequent place and a district share: id, names, position.
#[allow(clippy::too_many_arguments)]
fn check_entry<'a>(
    setting: &str,
    id: &'a str,
    seen: &mut Vec<&'a str>,
    names: impl Iterator<Item = &'a str>,
    aliases: &'a [String],
    at: LatLon,
    centre: LatLon,
    max_km: f64,
) -> Result<(), (String, String)> {
    let fail = |message: String| Err((setting.to_string(), message));
    let id_ok = (1..=40).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        return fail("id: 1 to 40 of a-z, 0-9 and -".into());
    }
    if seen.contains(&id) {
        return fail("id used twice".into());
    }
    seen.push(id);
    for name in names.chain(aliases.iter().map(String::as_str)) {
        if name.trim().is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
            return fail("names and aliases: 1 to 100 characters, no control characters".into());
        }
    }
    if aliases.len() > 20 {
        return fail("at most 20 aliases".into());
    }
    if !(-90.0..=90.0).contains(&at.lat) || !(-180.0..=180.0).contains(&at.lon) {
        return fail("lat and lon must be degrees of latitude and longitude".into());
    }
    // `!(x <= max)` refuses NaN too.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if !(at.distance_km(centre) <= max_km) {
        return fail(format!("must lie within {max_km} km of the tariff zone's centre"));
    }
    Ok(())
}
