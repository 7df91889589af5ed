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
mod tests {
    use super::*;
    use crate::config::Settings;
    use proptest::prelude::*;

    /// The rules as written: these tests are about them, not the meter's cap (`table.rs`).
    fn tariff() -> TariffSettings {
        let tariff = Settings::load_from(&Default::default()).unwrap().tariff;
        TariffSettings { never_above_meter: false, ..tariff }
    }

    const ROERMOND: LatLon = LatLon { lat: 51.1942, lon: 5.9875 };
    const SCHIPHOL: LatLon = LatLon { lat: 52.3105, lon: 4.7683 };

    /// A point `km` east (positive) or west of `from` on the same latitude.
    fn east_of(from: LatLon, km: f64) -> LatLon {
        LatLon { lat: from.lat, lon: from.lon + km / (111.32 * from.lat.to_radians().cos()) }
    }

    fn trip(pickup: LatLon, destination: LatLon) -> Trip {
        Trip { pickup, destination, distance_km: 100.0, duration_min: 60.0 }
    }

    #[test]
    fn metered_is_start_plus_distance_plus_time_rounded_once() {
        let t = tariff();
        assert_eq!(metered_cents(&t, 0.0, 0.0).cents(), 326);
        assert_eq!(metered_cents(&t, 10.0, 15.0).cents(), 326 + 2400 + 600);
        // Shown as 1.2 km and 2 minutes, so priced as 1.2 × 240 + 2 × 40, not 1.234 × 240 + 1.5 × 40.
        assert_eq!(metered_cents(&t, 1.234, 1.5).cents(), 326 + 288 + 80);
        assert_eq!(metered_cents(&t, 1.25, 1.49).cents(), 326 + 312 + 40, "1.3 km, 1 minute");
        assert_eq!(metered_cents(&t, -5.0, f64::NAN).cents(), 326);
        assert_eq!(
            metered_cents(&t, f64::MAX, f64::MAX).cents(),
            i64::MAX / 10,
            "saturates, never overflows"
        );
        // Half a cent rounds up, once, at the end: 0.1 km at 2.45 is 24.5 cents.
        let odd = TariffSettings { per_km_cents: Money::from_cents(245), ..t.clone() };
        assert_eq!(metered_cents(&odd, 0.1, 0.0).cents(), 351);
        assert_eq!(metered_cents(&odd, 0.2, 0.0).cents(), 375);
    }

    #[test]
    fn from_the_zone_to_a_destination_is_the_fixed_price() {
        let t = tariff();
        let q = quote(&t, &trip(ROERMOND, SCHIPHOL));
        assert_eq!((q.rule, q.amount_cents.cents(), q.surcharge_cents.cents()), (Rule::Fixed, 23000, 0));
        assert_eq!(q.fixed_destination.unwrap().id, "ams");
        // Every listed destination, from the centre.
        for d in &t.destinations {
            let q = quote(&t, &trip(ROERMOND, LatLon { lat: d.lat, lon: d.lon }));
            assert_eq!((q.rule, q.amount_cents.cents()), (Rule::Fixed, d.price_cents.cents()), "{}", d.id);
        }
    }

    #[test]
    fn zone_edge_is_inclusive_and_just_outside_gets_the_first_surcharge() {
        let t = tariff();
        let inside = quote(&t, &trip(east_of(ROERMOND, 3.99), SCHIPHOL));
        assert_eq!(inside.rule, Rule::Fixed);
        let outside = quote(&t, &trip(east_of(ROERMOND, 4.01), SCHIPHOL));
        assert_eq!(
            (outside.rule, outside.amount_cents.cents(), outside.surcharge_cents.cents()),
            (Rule::FixedSurcharge, 24000, 1000)
        );
    }

    #[test]
    fn each_radius_step_adds_its_surcharge_and_beyond_30_km_is_metered() {
        let t = tariff();
        for (km, surcharge) in
            [(9.9, 1000), (10.1, 1500), (14.9, 1500), (15.1, 2000), (19.9, 2000), (20.1, 3000), (29.9, 3000)]
        {
            let q = quote(&t, &trip(east_of(ROERMOND, km), SCHIPHOL));
            assert_eq!(
                (q.rule, q.surcharge_cents.cents(), q.amount_cents.cents()),
                (Rule::FixedSurcharge, surcharge, 23000 + surcharge),
                "{km} km"
            );
        }
        let far = quote(&t, &trip(east_of(ROERMOND, 30.1), SCHIPHOL));
        assert_eq!((far.rule, far.amount_cents.cents()), (Rule::Metered, 326 + 24000 + 2400));
    }

    #[test]
    fn reversed_trip_adds_the_pickup_surcharge_and_the_far_end_s_step() {
        let t = tariff();
        let q = quote(&t, &trip(SCHIPHOL, ROERMOND));
        assert_eq!(
            (q.rule, q.amount_cents.cents(), q.surcharge_cents.cents()),
            (Rule::FixedPickup, 23500, 500)
        );
        let q = quote(&t, &trip(SCHIPHOL, east_of(ROERMOND, 12.0)));
        assert_eq!(
            (q.rule, q.amount_cents.cents(), q.surcharge_cents.cents()),
            (Rule::FixedPickupSurcharge, 23000 + 500 + 1500, 2000)
        );
        // Beyond the last step the return is metered, like the outward trip.
        assert_eq!(quote(&t, &trip(SCHIPHOL, east_of(ROERMOND, 30.1))).rule, Rule::Metered);
    }

    #[test]
    fn destination_radius_is_respected() {
        let t = tariff();
        // Airports count within 3 km, cities within 5 km.
        assert_eq!(quote(&t, &trip(ROERMOND, east_of(SCHIPHOL, 2.9))).rule, Rule::Fixed);
        assert_eq!(quote(&t, &trip(ROERMOND, east_of(SCHIPHOL, 3.1))).rule, Rule::Metered);
        let maastricht = LatLon { lat: 50.8514, lon: 5.6910 };
        assert_eq!(quote(&t, &trip(ROERMOND, east_of(maastricht, 4.9))).rule, Rule::Fixed);
        assert_eq!(quote(&t, &trip(ROERMOND, east_of(maastricht, 5.1))).rule, Rule::Metered);
    }

    #[test]
    fn trips_inside_the_zone_and_elsewhere_are_metered() {
        let t = tariff();
        let q = quote(
            &t,
            &Trip {
                pickup: ROERMOND,
                destination: east_of(ROERMOND, 2.0),
                distance_km: 2.5,
                duration_min: 6.0,
            },
        );
        assert_eq!((q.rule, q.amount_cents.cents()), (Rule::Metered, 326 + 600 + 240));
        // The quote carries the figures it priced, as shown.
        let q = quote(
            &t,
            &Trip {
                pickup: ROERMOND,
                destination: east_of(ROERMOND, 2.0),
                distance_km: 2.549,
                duration_min: 6.5,
            },
        );
        assert_eq!((q.distance_km, q.duration_min, q.amount_cents.cents()), (2.5, 7.0, 326 + 600 + 280));
    }

    #[test]
    fn a_fixed_price_equal_to_the_meter_stays_the_fixed_price() {
        let capped = TariffSettings { never_above_meter: true, ..tariff() };
        // 100 km and 60 minutes cost 267,26 metered; Schiphol's price made exactly that.
        let mut equal = capped.clone();
        equal.destinations.iter_mut().find(|d| d.id == "ams").unwrap().price_cents = Money::from_cents(26726);
        assert_eq!(quote(&equal, &trip(ROERMOND, SCHIPHOL)).rule, Rule::Fixed);
        equal.destinations.iter_mut().find(|d| d.id == "ams").unwrap().price_cents = Money::from_cents(26727);
        let q = quote(&equal, &trip(ROERMOND, SCHIPHOL));
        assert_eq!(
            (q.rule, q.amount_cents.cents(), q.fixed_cents),
            (Rule::MeteredUnderFixed, 26726, Some(Money::from_cents(26727)))
        );
    }

    proptest! {
        #[test]
        fn metered_price_never_falls_when_distance_or_duration_grows(
            km in 0.0f64..2000.0, extra_km in 0.0f64..500.0, min in 0.0f64..1500.0, extra_min in 0.0f64..300.0,
        ) {
            let t = tariff();
            let base = metered_cents(&t, km, min).cents();
            prop_assert!(metered_cents(&t, km + extra_km, min).cents() >= base);
            prop_assert!(metered_cents(&t, km, min + extra_min).cents() >= base);
        }

        #[test]
        fn the_shown_breakdown_adds_up_to_the_metered_price(km in 0.0f64..2000.0, min in 0.0f64..1500.0) {
            let t = tariff();
            let (shown_km, shown_min) = (shown_km(km), shown_minutes(min));
            // What a visitor can check with the rates and the figures on the page.
            let by_hand = 326.0 + 240.0 * shown_km + 40.0 * shown_min;
            prop_assert_eq!(metered_cents(&t, km, min).cents(), by_hand.round() as i64);
        }

        #[test]
        fn a_price_is_never_above_the_meter_of_its_route(
            lat in 49.0f64..53.5, lon in 2.5f64..9.0, dest_index in 0usize..11, reverse: bool,
            km in 1.0f64..600.0, min in 1.0f64..400.0,
        ) {
            let t = Settings::load_from(&Default::default()).unwrap().tariff;
            let d = &t.destinations[dest_index];
            let (at_destination, other) = (LatLon { lat: d.lat, lon: d.lon }, LatLon { lat, lon });
            let (pickup, destination) = if reverse { (at_destination, other) } else { (other, at_destination) };
            let q = quote(&t, &Trip { pickup, destination, distance_km: km, duration_min: min });
            prop_assert!(q.amount_cents <= metered_cents(&t, km, min));
        }

        #[test]
        fn a_fixed_trip_never_costs_more_than_its_fixed_price_plus_35_euros(
            lat in 49.0f64..53.5, lon in 2.5f64..9.0, dest_index in 0usize..11, reverse: bool,
            dlat in -0.02f64..0.02, dlon in -0.02f64..0.02,
        ) {
            let t = tariff();
            let d = &t.destinations[dest_index];
            let at_destination = LatLon { lat: d.lat + dlat, lon: d.lon + dlon };
            let other = LatLon { lat, lon };
            let trip = if reverse { trip(at_destination, other) } else { trip(other, at_destination) };
            let q = quote(&t, &trip);
            if let Some(fixed) = q.fixed_destination {
                prop_assert!(q.amount_cents.cents() <= fixed.price_cents.cents() + 3500);
                prop_assert!(q.amount_cents.cents() >= fixed.price_cents.cents());
            }
        }
    }
}
