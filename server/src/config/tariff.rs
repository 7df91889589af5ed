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
    /// Added to every rule's price above `booking.large_vehicle_above` passengers.
    pub taxibus_surcharge: TaxibusSurcharge,
    /// A stop on the way: added to the whole trip's price while the detour it
    /// makes stays within `extra_stop_max_detour_km`; beyond, both legs are metered.
    pub extra_stop_cents: Money,
    pub extra_stop_max_detour_km: f64,
    pub zone: Zone,
    pub radius_surcharges: Vec<RadiusSurcharge>,
    pub destinations: Vec<Destination>,
}

/// What the taxibus adds to a ride's price: an amount in cents (`1500`), or a
/// percentage of the price the rule gave (`"25%"`), the owner's choice. One
/// value, so a settings file's replaces the default whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "TaxibusEntry")]
pub enum TaxibusSurcharge {
    Cents(Money),
    Percent(u16),
}

/// The setting as written: cents, or a text `N%`.
#[derive(Deserialize)]
#[serde(untagged)]
enum TaxibusEntry {
    Cents(i64),
    Text(String),
}

impl TryFrom<TaxibusEntry> for TaxibusSurcharge {
    type Error = String;

    fn try_from(entry: TaxibusEntry) -> Result<Self, String> {
        match entry {
            TaxibusEntry::Cents(cents) => Money::try_from(cents).map(TaxibusSurcharge::Cents),
            TaxibusEntry::Text(text) => text
                .trim()
                .strip_suffix('%')
                .and_then(|n| n.trim().parse::<u16>().ok())
                .filter(|&n| n <= 1000)
                .map(TaxibusSurcharge::Percent)
                .ok_or_else(|| {
                    format!("{text:?} is neither an amount in cents (1500) nor a percentage (\"25%\")")
                }),
        }
    }
}

impl TaxibusSurcharge {
    /// Whether it adds nothing to any price (`0` or `"0%"`).
    pub fn is_nothing(self) -> bool {
        matches!(self, TaxibusSurcharge::Cents(Money::ZERO) | TaxibusSurcharge::Percent(0))
    }

    /// What it adds to `price`: a percentage rounded to whole cents, half up.
    pub fn on(self, price: Money) -> Money {
        match self {
            TaxibusSurcharge::Cents(amount) => amount,
            TaxibusSurcharge::Percent(percent) => {
                Money::from_cents(price.cents().saturating_mul(i64::from(percent)).saturating_add(50) / 100)
            }
        }
    }
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
