use crate::places::gazetteer::tests::centre;
use crate::{places::gazetteer::Gazetteer, types::LatLon};

/// The calibration table of the module docs: destination, lat, lon (from the
/// default config), reference road km and minutes, documented estimate km and minutes.
const CALIBRATION: &[(&str, f64, f64, f64, f64, f64, f64)] = &[
    ("Düsseldorf Airport", 51.2895, 6.7668, 61.0, 42.0, 66.8, 45.0),
    ("Eindhoven Airport", 51.4501, 5.3745, 57.0, 42.0, 62.0, 43.0),
    ("Schiphol", 52.3105, 4.7683, 178.0, 110.0, 180.3, 110.0),
    ("Frankfurt Airport", 50.0379, 8.5622, 262.0, 155.0, 267.5, 160.0),
    ("Köln/Bonn Airport", 50.8659, 7.1427, 113.0, 70.0, 106.9, 68.0),
    ("Bonn", 50.7374, 7.0982, 120.0, 75.0, 112.0, 71.0),
    ("Maastricht Aachen Airport", 50.9117, 5.7701, 38.0, 30.0, 42.4, 31.0),
    ("Maastricht", 50.8514, 5.6910, 50.0, 38.0, 52.6, 37.0),
    ("Brussels Airport", 50.9010, 4.4856, 136.0, 85.0, 132.4, 83.0),
    ("Liège", 50.6326, 5.5797, 95.0, 65.0, 82.9, 55.0),
    ("Weeze Airport", 51.6024, 6.1422, 60.0, 48.0, 56.5, 39.0),
];

#[test]
fn route_estimate_matches_calibration_table() {
    let from = centre();
    let mut report = String::new();
    for &(name, lat, lon, ref_km, ref_min, doc_km, doc_min) in CALIBRATION {
        let est = Gazetteer::estimate_route(from, LatLon { lat, lon });
        let km = est.distance_m / 1000.0;
        let min = est.duration_s / 60.0;
        let km_err = (km - ref_km) / ref_km;
        let min_err = (min - ref_min) / ref_min;
        report.push_str(&format!(
            "\n| {name} | {:.1} | {ref_km} | {km:.1} | {:+.0}% | {ref_min} min | {min:.0} min | {:+.0}% |",
            from.distance_km(LatLon { lat, lon }),
            km_err * 100.0,
            min_err * 100.0
        ));
        // The documented band…
        assert!(km_err.abs() <= 0.15, "{name}: distance off by {:.1}%{report}", km_err * 100.0);
        assert!(min_err.abs() <= 0.20, "{name}: time off by {:.1}%{report}", min_err * 100.0);
        // …and the documented numbers.
        assert!((km - doc_km).abs() < 0.1, "{name}: {km:.1} km, docs say {doc_km}{report}");
        assert!((min - doc_min).abs() <= 0.5, "{name}: {min:.1} min, docs say {doc_min}{report}");
    }
    println!("{report}");
}

#[test]
fn short_routes_have_a_sensible_minimum() {
    let here = centre();
    let same = Gazetteer::estimate_route(here, here);
    assert_eq!(same.distance_m, 500.0);
    assert_eq!(same.duration_s, 60.0);
    let near = Gazetteer::estimate_route(here, LatLon { lat: 51.1950, lon: 5.9875 }); // ~90 m
    assert!(near.distance_m >= 500.0 && near.distance_m < 700.0, "{near:?}");
    assert!(near.duration_s >= 60.0 && near.duration_s < 120.0, "{near:?}");
    // Roermond → Herten (2.3 km crow-fly): some 3 km and 6–7 minutes.
    let herten = Gazetteer::estimate_route(here, LatLon { lat: 51.1808, lon: 5.9625 });
    assert!((3.0..4.0).contains(&(herten.distance_m / 1000.0)), "{herten:?}");
    assert!((6.0..10.0).contains(&(herten.duration_s / 60.0)), "{herten:?}");
}
