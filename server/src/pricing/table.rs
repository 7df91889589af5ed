//! Both directions of fixed-price trips, as a table: every listed destination,
//! with the other end in the Roermond zone, in each radius step and beyond the
//! last one. A trip and its return differ only by the pick-up surcharge; where
//! no fixed price applies, both directions are metered alike. The rules as
//! written (`tariff.never_above_meter = false`), then, with the default, the
//! trips where the meter undercuts them, in both directions.
use crate::pricing::{quote, Trip};
use crate::{config::Settings, pricing::Rule, types::LatLon};

const ROERMOND: LatLon = LatLon { lat: 51.1942, lon: 5.9875 };

/// A point `km` from the Roermond centre in a compass direction (north, east, south, west).
fn from_centre(direction: char, km: f64) -> LatLon {
    let lat_km = 111.32;
    let lon_km = lat_km * ROERMOND.lat.to_radians().cos();
    match direction {
        'N' => LatLon { lat: ROERMOND.lat + km / lat_km, lon: ROERMOND.lon },
        'S' => LatLon { lat: ROERMOND.lat - km / lat_km, lon: ROERMOND.lon },
        'E' => LatLon { lat: ROERMOND.lat, lon: ROERMOND.lon + km / lon_km },
        _ => LatLon { lat: ROERMOND.lat, lon: ROERMOND.lon - km / lon_km },
    }
}

/// The metered price of the route every trip below uses (100 km, 60 minutes).
const METERED: i64 = 326 + 100 * 240 + 60 * 40;

/// Destination id, where the other end is (direction, km from the centre),
/// expected price there → destination, expected price destination → there.
const TABLE: &[(&str, char, f64, i64, i64)] = &[
    // From and to the zone: fixed; fixed + 5 pick-up surcharge.
    ("dus", 'E', 0.0, 10000, 10500),
    ("ein", 'N', 1.5, 10000, 10500),
    ("ams", 'W', 3.9, 23000, 23500),
    ("fra", 'S', 2.0, 34000, 34500),
    ("cgn", 'E', 3.0, 15500, 16000),
    ("bonn", 'N', 0.5, 15500, 16000),
    ("mst", 'E', 1.0, 7000, 7500),
    ("maastricht", 'W', 2.5, 9000, 9500),
    ("bru", 'S', 3.5, 17500, 18000),
    ("liege", 'N', 3.0, 13000, 13500),
    ("nrn", 'W', 0.0, 11000, 11500),
    // Within 10 km: + 10 (and + 5 more on the return).
    ("dus", 'N', 4.1, 11000, 11500),
    ("ein", 'E', 9.9, 11000, 11500),
    ("ams", 'S', 6.0, 24000, 24500),
    ("nrn", 'E', 8.0, 12000, 12500),
    ("mst", 'N', 5.0, 8000, 8500),
    // Within 15 km: + 15.
    ("fra", 'W', 10.1, 35500, 36000),
    ("cgn", 'S', 12.0, 17000, 17500),
    ("bonn", 'E', 14.9, 17000, 17500),
    ("maastricht", 'N', 11.0, 10500, 11000),
    ("bru", 'E', 13.0, 19000, 19500),
    // Within 20 km: + 20.
    ("liege", 'E', 15.1, 15000, 15500),
    ("nrn", 'S', 18.0, 13000, 13500),
    ("dus", 'W', 19.9, 12000, 12500),
    ("ein", 'S', 16.0, 12000, 12500),
    ("ams", 'E', 17.5, 25000, 25500),
    // Within 30 km: + 30.
    ("fra", 'N', 20.1, 37000, 37500),
    ("cgn", 'W', 25.0, 18500, 19000),
    ("bonn", 'S', 29.9, 18500, 19000),
    ("mst", 'E', 28.0, 10000, 10500),
    ("bru", 'N', 22.0, 20500, 21000),
    ("liege", 'W', 26.0, 16000, 16500),
    // Beyond 30 km from the centre: metered both ways.
    ("ams", 'E', 30.1, METERED, METERED),
    ("dus", 'N', 35.0, METERED, METERED),
    ("maastricht", 'E', 40.0, METERED, METERED),
    ("nrn", 'S', 31.0, METERED, METERED),
];

#[test]
fn both_directions_of_every_fixed_price_trip() {
    let mut t = Settings::load_from(&Default::default()).unwrap().tariff;
    t.never_above_meter = false;
    assert!(TABLE.len() >= 30);
    let pickup_surcharge = t.pickup_surcharge_cents.cents();
    for &(id, direction, km, outward, back) in TABLE {
        let d = t.destinations.iter().find(|d| d.id == id).unwrap();
        let (there, other) = (LatLon { lat: d.lat, lon: d.lon }, from_centre(direction, km));
        let trip = |pickup, destination| Trip { pickup, destination, distance_km: 100.0, duration_min: 60.0 };
        let to = quote(&t, &trip(other, there));
        let from = quote(&t, &trip(there, other));
        let case = format!("{id}, {km} km {direction}");
        assert_eq!((to.amount_cents.cents(), from.amount_cents.cents()), (outward, back), "{case}");
        if to.rule == Rule::Metered {
            assert_eq!(from.rule, Rule::Metered, "{case}");
            continue;
        }
        assert_eq!(
            from.amount_cents.cents() - to.amount_cents.cents(),
            pickup_surcharge,
            "{case}: the directions differ by the pick-up surcharge only"
        );
        assert_eq!(to.amount_cents.cents() - to.surcharge_cents.cents(), d.price_cents.cents(), "{case}");
        assert_eq!(from.amount_cents.cents() - from.surcharge_cents.cents(), d.price_cents.cents(), "{case}");
        let expected_rules = if km <= t.zone.radius_km {
            (Rule::Fixed, Rule::FixedPickup)
        } else {
            (Rule::FixedSurcharge, Rule::FixedPickupSurcharge)
        };
        assert_eq!((to.rule, from.rule), expected_rules, "{case}");
        assert_eq!(to.fixed_destination.map(|d| d.id.as_str()), Some(id), "{case}");
        assert_eq!(from.fixed_destination.map(|d| d.id.as_str()), Some(id), "{case}");
    }
}

/// Destination id, where the other end is (direction, km from the centre), the
/// route (km, minutes), expected (price, rule) there → destination and back.
type MeterCase = (&'static str, char, f64, (f64, f64), (i64, Rule), (i64, Rule));

const METER_TABLE: &[MeterCase] = &[
    // As from Sittard to Maastricht Aachen Airport: fixed 70 + 30 = 100 (back 105), metered 59.26.
    ("mst", 'S', 21.0, (20.0, 20.0), (5926, Rule::MeteredUnderFixed), (5926, Rule::MeteredUnderFixed)),
    // As from Venlo to Weeze: fixed 110 + 30 = 140 (back 145), metered 99.26.
    ("nrn", 'N', 24.0, (35.0, 30.0), (9926, Rule::MeteredUnderFixed), (9926, Rule::MeteredUnderFixed)),
    // Within 10 km, a short route to Düsseldorf: fixed 110 (back 115), metered 113.26 — the fixed
    // price goes, but the way back (115) is above the same meter.
    ("dus", 'E', 5.0, (40.0, 35.0), (11000, Rule::FixedSurcharge), (11326, Rule::MeteredUnderFixed)),
    // From the zone to Maastricht Aachen Airport, 47 km: the fixed price, both ways.
    ("mst", 'N', 1.0, (47.0, 35.0), (7000, Rule::Fixed), (7500, Rule::FixedPickup)),
    // From the zone to Schiphol, 178 km: the fixed price, far under the meter, both ways.
    ("ams", 'W', 0.0, (178.4, 115.0), (23000, Rule::Fixed), (23500, Rule::FixedPickup)),
];

#[test]
fn the_meter_undercuts_a_fixed_price_in_either_direction_and_says_what_it_undercut() {
    let t = Settings::load_from(&Default::default()).unwrap().tariff;
    assert!(t.never_above_meter, "the default");
    for &(id, direction, km, (route_km, route_min), outward, back) in METER_TABLE {
        let d = t.destinations.iter().find(|d| d.id == id).unwrap();
        let (there, other) = (LatLon { lat: d.lat, lon: d.lon }, from_centre(direction, km));
        let trip = |pickup, destination| Trip {
            pickup,
            destination,
            distance_km: route_km,
            duration_min: route_min,
        };
        let to = quote(&t, &trip(other, there));
        let from = quote(&t, &trip(there, other));
        let case = format!("{id}, {km} km {direction}, {route_km} km route");
        assert_eq!((to.amount_cents.cents(), to.rule), outward, "{case}: there");
        assert_eq!((from.amount_cents.cents(), from.rule), back, "{case}: back");
        let metered = crate::pricing::metered_cents(&t, route_km, route_min);
        for q in [&to, &from] {
            assert!(q.amount_cents <= metered, "{case}: never above the meter");
            assert_eq!(q.fixed_destination.map(|d| d.id.as_str()), Some(id), "{case}: names the destination");
            if q.rule == Rule::MeteredUnderFixed {
                assert_eq!(q.amount_cents, metered, "{case}");
                assert!(
                    q.fixed_cents.is_some_and(|fixed| fixed > metered),
                    "{case}: the fixed price it undercut"
                );
                assert_eq!(q.surcharge_cents.cents(), 0, "{case}: no surcharge on a metered price");
            }
        }
    }
    // The rule as written, for an owner who wants it: the fixed price with its surcharge.
    let literal = crate::config::TariffSettings { never_above_meter: false, ..t.clone() };
    let (mst, sittard) = (t.destinations.iter().find(|d| d.id == "mst").unwrap(), from_centre('S', 21.0));
    let trip = Trip {
        pickup: sittard,
        destination: LatLon { lat: mst.lat, lon: mst.lon },
        distance_km: 20.0,
        duration_min: 20.0,
    };
    let q = quote(&literal, &trip);
    assert_eq!((q.amount_cents.cents(), q.rule), (10000, Rule::FixedSurcharge));
}
