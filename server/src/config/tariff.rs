//! The `tariff` section: rates, the zone, surcharges and fixed-price destinations.
use serde::Deserialize;

use crate::types::{Lang, LatLon, Money};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TariffSettings {
    pub start_rate_cents: Money,
    pub per_km_cents: Money,
    pub per_minute_cents: Money,
    pub pickup_surcharge_cents: Money,
    /// Where a fixed-price rule (with its surcharges) gives more than the
    /// metered estimate of the same route, the metered estimate is the price.
    pub never_above_meter: bool,
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
    pub cents: Money,
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
    pub price_cents: Money,
    pub lat: f64,
    pub lon: f64,
    pub radius_km: f64,
}

/// A text in each page language. Serialized too: a booking keeps the names of
/// its fixed-price destination, so each mail names it in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize)]
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
