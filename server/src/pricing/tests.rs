//! Unit tests of the tariff engine's rules (the trip tables are `table.rs`).
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
    assert_eq!(metered_cents(&t, f64::MAX, f64::MAX).cents(), i64::MAX / 10, "saturates, never overflows");
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
    assert_eq!((q.rule, q.amount_cents.cents(), q.surcharge_cents.cents()), (Rule::FixedPickup, 23500, 500));
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
        &Trip { pickup: ROERMOND, destination: east_of(ROERMOND, 2.0), distance_km: 2.5, duration_min: 6.0 },
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
