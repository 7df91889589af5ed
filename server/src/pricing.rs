//! The tariff engine: which price rule applies to a trip, and the amount.
//!
//! Pure functions over [`TariffSettings`] (the same values the prices page
//! shows), and only on the server (see `docs/decisions.md`). Rules, in order:
//! 1. `fixed`: one end in the Roermond zone, the other at a listed destination.
//!    From the zone to the destination: the fixed price.
//! 2. `fixedPickup`: from a listed destination to the zone: fixed + pick-up surcharge.
//! 3. `fixedSurcharge`: from outside the zone to a listed destination, starting
//!    within the last radius step (crow-fly from the centre): fixed + that step's surcharge.
//! 4. `metered`: everything else: start + per km × km + per minute × minutes,
//!    rounded to whole cents once, at the end.
use crate::{
    config::{Destination, TariffSettings},
    domain::{booking::Rule, LatLon},
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
    pub amount_cents: i64,
    pub rule: Rule,
    /// The listed destination whose fixed price applied.
    pub fixed_destination: Option<&'a Destination>,
    /// The part of the amount that is a surcharge on the fixed price.
    pub surcharge_cents: i64,
}

pub fn quote<'a>(tariff: &'a TariffSettings, trip: &Trip) -> Quote<'a> {
    let centre = tariff.zone.centre();
    let in_zone = |p: LatLon| p.distance_km(centre) <= tariff.zone.radius_km;
    let fixed = |d: &'a Destination, rule, surcharge: i64| Quote {
        amount_cents: i64::from(d.price_cents) + surcharge,
        rule,
        fixed_destination: Some(d),
        surcharge_cents: surcharge,
    };

    if let Some(d) = listed_destination_at(tariff, trip.destination) {
        if in_zone(trip.pickup) {
            return fixed(d, Rule::Fixed, 0);
        }
        let from_centre = trip.pickup.distance_km(centre);
        if let Some(step) = tariff.radius_surcharges.iter().find(|s| from_centre <= s.within_km) {
            return fixed(d, Rule::FixedSurcharge, step.cents.into());
        }
    }
    if let Some(d) = listed_destination_at(tariff, trip.pickup) {
        if in_zone(trip.destination) {
            return fixed(d, Rule::FixedPickup, tariff.pickup_surcharge_cents.into());
        }
    }
    Quote { amount_cents: metered_cents(tariff, trip.distance_km, trip.duration_min), rule: Rule::Metered, fixed_destination: None, surcharge_cents: 0 }
}

/// The metered price; negative or non-finite inputs count as zero.
pub fn metered_cents(tariff: &TariffSettings, distance_km: f64, duration_min: f64) -> i64 {
    let clean = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
    let cents = f64::from(tariff.start_rate_cents)
        + f64::from(tariff.per_km_cents) * clean(distance_km)
        + f64::from(tariff.per_minute_cents) * clean(duration_min);
    cents.round() as i64
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;
    use proptest::prelude::*;

    fn tariff() -> TariffSettings {
        Settings::load_from(&Default::default()).unwrap().tariff
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
        assert_eq!(metered_cents(&t, 0.0, 0.0), 326);
        assert_eq!(metered_cents(&t, 10.0, 15.0), 326 + 2400 + 600);
        // 1.234 km × 240 = 296.16, 1.5 min × 40 = 60 → 682.16 → 682 (one rounding).
        assert_eq!(metered_cents(&t, 1.234, 1.5), 682);
        assert_eq!(metered_cents(&t, 0.0021, 0.0), 327, "326.504 rounds up");
        assert_eq!(metered_cents(&t, -5.0, f64::NAN), 326);
    }

    #[test]
    fn from_the_zone_to_a_destination_is_the_fixed_price() {
        let t = tariff();
        let q = quote(&t, &trip(ROERMOND, SCHIPHOL));
        assert_eq!((q.rule, q.amount_cents, q.surcharge_cents), (Rule::Fixed, 23000, 0));
        assert_eq!(q.fixed_destination.unwrap().id, "ams");
        // Every listed destination, from the centre.
        for d in &t.destinations {
            let q = quote(&t, &trip(ROERMOND, LatLon { lat: d.lat, lon: d.lon }));
            assert_eq!((q.rule, q.amount_cents), (Rule::Fixed, i64::from(d.price_cents)), "{}", d.id);
        }
    }

    #[test]
    fn zone_edge_is_inclusive_and_just_outside_gets_the_first_surcharge() {
        let t = tariff();
        let inside = quote(&t, &trip(east_of(ROERMOND, 3.99), SCHIPHOL));
        assert_eq!(inside.rule, Rule::Fixed);
        let outside = quote(&t, &trip(east_of(ROERMOND, 4.01), SCHIPHOL));
        assert_eq!((outside.rule, outside.amount_cents, outside.surcharge_cents), (Rule::FixedSurcharge, 24000, 1000));
    }

    #[test]
    fn each_radius_step_adds_its_surcharge_and_beyond_30_km_is_metered() {
        let t = tariff();
        for (km, surcharge) in [(9.9, 1000), (10.1, 1500), (14.9, 1500), (15.1, 2000), (19.9, 2000), (20.1, 3000), (29.9, 3000)] {
            let q = quote(&t, &trip(east_of(ROERMOND, km), SCHIPHOL));
            assert_eq!((q.rule, q.surcharge_cents, q.amount_cents), (Rule::FixedSurcharge, surcharge, 23000 + surcharge), "{km} km");
        }
        let far = quote(&t, &trip(east_of(ROERMOND, 30.1), SCHIPHOL));
        assert_eq!((far.rule, far.amount_cents), (Rule::Metered, 326 + 24000 + 2400));
    }

    #[test]
    fn reversed_trip_to_the_zone_adds_the_pickup_surcharge() {
        let t = tariff();
        let q = quote(&t, &trip(SCHIPHOL, ROERMOND));
        assert_eq!((q.rule, q.amount_cents, q.surcharge_cents), (Rule::FixedPickup, 23500, 500));
        // From the destination to somewhere outside the zone: metered.
        let q = quote(&t, &trip(SCHIPHOL, east_of(ROERMOND, 12.0)));
        assert_eq!(q.rule, Rule::Metered);
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
        let q = quote(&t, &Trip { pickup: ROERMOND, destination: east_of(ROERMOND, 2.0), distance_km: 2.5, duration_min: 6.0 });
        assert_eq!((q.rule, q.amount_cents), (Rule::Metered, 326 + 600 + 240));
    }

    proptest! {
        #[test]
        fn metered_price_never_falls_when_distance_or_duration_grows(
            km in 0.0f64..2000.0, extra_km in 0.0f64..500.0, min in 0.0f64..1500.0, extra_min in 0.0f64..300.0,
        ) {
            let t = tariff();
            let base = metered_cents(&t, km, min);
            prop_assert!(metered_cents(&t, km + extra_km, min) >= base);
            prop_assert!(metered_cents(&t, km, min + extra_min) >= base);
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
                prop_assert!(q.amount_cents <= i64::from(fixed.price_cents) + 3500);
                prop_assert!(q.amount_cents >= i64::from(fixed.price_cents));
            }
        }
    }
}
