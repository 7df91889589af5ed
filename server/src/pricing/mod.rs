//! The tariff engine: which price rule applies to a trip, and the amount.
//!
//! Pure functions over [`TariffSettings`] (the same values the prices page
//! shows), and only on the server (see `docs/decisions.md` and `docs/pricing.md`).
//! Rules, in order:
//! 1. `fixed`: from the Roermond zone to a listed destination: the fixed price.
//! 2. `fixedSurcharge`: from outside the zone to a listed destination, starting
//!    within the last radius step (crow-fly from the centre): fixed + that step's surcharge.
//! 3. `fixedPickup`: from a listed destination to the zone: fixed + pick-up surcharge.
//! 4. `fixedPickupSurcharge`: from a listed destination to outside the zone, ending
//!    within the last radius step: fixed + pick-up surcharge + that step's surcharge.
//!    So a fixed-price trip and its return differ only by the pick-up surcharge.
//! 5. `metered`: everything else: start + per km × km + per minute × minutes, from
//!    the distance rounded to 0.1 km and the minutes rounded to whole minutes that
//!    the visitor is shown, rounded to whole cents once, at the end.
//!
//! Never above the meter (`tariff.never_above_meter`, on by default): where rules
//! 1–4 give more than the metered estimate of the same route, the metered
//! estimate is the price (`meteredUnderFixed`), and the words say so. The radius
//! surcharges, applied as written, priced trips that start nearer the
//! destination than Roermond at twice their metered fare (`docs/pricing.md`).
pub mod indication;
pub mod routes;
pub mod stop;
pub mod taxibus;

use serde::{Deserialize, Serialize};

use crate::{
    config::{Destination, TariffSettings},
    types::{Lang, LatLon, Money},
};

/// A trip as the engine sees it: both ends and the route between them.
#[derive(Debug, Clone, Copy)]
pub struct Trip {
    pub pickup: LatLon,
    pub destination: LatLon,
    pub distance_km: f64,
    pub duration_min: f64,
}

#[derive(Debug, Clone)]
pub struct Quote<'a> {
    pub amount_cents: Money,
    pub rule: Rule,
    /// The listed destination whose fixed price applied.
    pub fixed_destination: Option<&'a Destination>,
    /// The part of the amount that is a surcharge on the fixed price (all surcharges).
    pub surcharge_cents: Money,
    /// The route as the visitor sees it (0.1 km, whole minutes); a metered
    /// amount is computed from exactly these figures.
    pub distance_km: f64,
    pub duration_min: f64,
    /// For [`Rule::MeteredUnderFixed`]: the fixed price (with its surcharges) the meter undercut.
    pub fixed_cents: Option<Money>,
}

pub fn quote<'a>(tariff: &'a TariffSettings, trip: &Trip) -> Quote<'a> {
    let (distance_km, duration_min) = (shown_km(trip.distance_km), shown_minutes(trip.duration_min));
    let metered = Quote {
        amount_cents: metered_cents(tariff, distance_km, duration_min),
        rule: Rule::Metered,
        fixed_destination: None,
        surcharge_cents: Money::ZERO,
        distance_km,
        duration_min,
        fixed_cents: None,
    };
    match fixed_quote(tariff, trip, &metered) {
        Some(fixed) if tariff.never_above_meter && fixed.amount_cents > metered.amount_cents => Quote {
            rule: Rule::MeteredUnderFixed,
            fixed_destination: fixed.fixed_destination,
            fixed_cents: Some(fixed.amount_cents),
            ..metered
        },
        Some(fixed) => fixed,
        None => metered,
    }
}

/// Rules 1–4: the fixed price that applies to the trip, if one does.
fn fixed_quote<'a>(tariff: &'a TariffSettings, trip: &Trip, metered: &Quote<'_>) -> Option<Quote<'a>> {
    let centre = tariff.zone.centre();
    // The surcharge for one end: none in the zone, a radius step's within the
    // last step, `None` beyond it (no fixed price from or to there).
    let end_surcharge = |p: LatLon| -> Option<Money> {
        let from_centre = p.distance_km(centre);
        if from_centre <= tariff.zone.radius_km {
            return Some(Money::ZERO);
        }
        tariff.radius_surcharges.iter().find(|s| from_centre <= s.within_km).map(|s| s.cents)
    };
    let fixed = |d: &'a Destination, rule, surcharge: Money| Quote {
        amount_cents: d.price_cents + surcharge,
        rule,
        fixed_destination: Some(d),
        surcharge_cents: surcharge,
        distance_km: metered.distance_km,
        duration_min: metered.duration_min,
        fixed_cents: None,
    };
    if let Some(d) = listed_destination_at(tariff, trip.destination) {
        match end_surcharge(trip.pickup) {
            Some(Money::ZERO) => return Some(fixed(d, Rule::Fixed, Money::ZERO)),
            Some(step) => return Some(fixed(d, Rule::FixedSurcharge, step)),
            None => {}
        }
    }
    let d = listed_destination_at(tariff, trip.pickup)?;
    let pickup = tariff.pickup_surcharge_cents;
    match end_surcharge(trip.destination)? {
        Money::ZERO => Some(fixed(d, Rule::FixedPickup, pickup)),
        step => Some(fixed(d, Rule::FixedPickupSurcharge, pickup + step)),
    }
}

/// A distance as shown: rounded to 0.1 km; negative or non-finite counts as zero.
pub fn shown_km(km: f64) -> f64 {
    (clean(km) * 10.0).round() / 10.0
}

/// A duration as shown: whole minutes; negative or non-finite counts as zero.
pub fn shown_minutes(minutes: f64) -> f64 {
    clean(minutes).round()
}

fn clean(v: f64) -> f64 {
    if v.is_finite() && v > 0.0 {
        v
    } else {
        0.0
    }
}

/// The metered price for a distance and a duration as shown (they are rounded
/// to 0.1 km and whole minutes first). Computed in tenths of a cent, so
/// `start + per km × km + per minute × minutes` is exact before the one rounding.
pub fn metered_cents(tariff: &TariffSettings, distance_km: f64, duration_min: f64) -> Money {
    let tenths_of_km = (shown_km(distance_km) * 10.0).round() as i64;
    let minutes = shown_minutes(duration_min) as i64;
    // Saturating: an absurd route from a provider gives a huge price, not an overflow.
    let tenths_of_cent = (tariff.start_rate_cents.cents().saturating_mul(10))
        .saturating_add(tariff.per_km_cents.cents().saturating_mul(tenths_of_km))
        .saturating_add(tariff.per_minute_cents.cents().saturating_mul(minutes).saturating_mul(10));
    Money::from_cents(tenths_of_cent.saturating_add(5) / 10)
}

/// The nearest listed destination whose radius contains `point`.
fn listed_destination_at(tariff: &TariffSettings, point: LatLon) -> Option<&Destination> {
    tariff
        .destinations
        .iter()
        .map(|d| (d, point.distance_km(LatLon { lat: d.lat, lon: d.lon })))
        .filter(|(d, km)| *km <= d.radius_km)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(d, _)| d)
}

/// Which tariff rule priced a trip (see the tariff engine, `pricing`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum Rule {
    Metered,
    Fixed,
    FixedPickup,
    FixedSurcharge,
    /// From a listed destination to outside the zone: fixed + pick-up + radius step.
    FixedPickupSurcharge,
    /// A fixed rule would have cost more than the meter: the metered estimate
    /// is the price (`tariff.never_above_meter`).
    MeteredUnderFixed,
}

/// The price the server computed for the booking (never the client's number).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PriceSummary {
    #[ts(type = "number")]
    pub amount_cents: Money,
    pub rule: Rule,
    pub distance_km: f64,
    pub duration_min: f64,
    /// Localized name of the fixed-price destination, if a fixed rule applied.
    pub fixed_destination: Option<String>,
    #[ts(type = "number")]
    pub surcharge_cents: Money,
    /// For [`Rule::MeteredUnderFixed`]: the fixed price the meter undercut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub fixed_cents: Option<Money>,
    /// A taxibus, and what it added (included in `amount_cents`): absent for a car,
    /// and in bookings made before it was priced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub taxibus: Option<taxibus::TaxibusPart>,
    /// A stop on the way, and what it did (included in `amount_cents`): absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stop: Option<stop::StopPart>,
    /// Its name in every language, kept with a booking (absent in the API and
    /// in older bookings), so staff's mails name it in the staff language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(skip)]
    pub fixed_destination_names: Option<crate::config::LocalizedText>,
}

impl PriceSummary {
    /// The fixed-price destination's name in `lang`; as priced when the names were not kept.
    pub fn fixed_destination_in(&self, lang: Lang) -> Option<&str> {
        match &self.fixed_destination_names {
            Some(names) => Some(names.get(lang)),
            None => self.fixed_destination.as_deref(),
        }
    }
}

#[cfg(test)]
mod table;

#[cfg(test)]
mod tests;
