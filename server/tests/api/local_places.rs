//! Searches as locals type them, through the API: the first suggestion's id
//! gives its details and a price, so typed streets, the company's frequent
//! places and its town's districts are places like any other.
use serde_json::Value;

use crate::fake_google::{place_id, FakeGoogle};
use crate::helpers::{spawn_app, spawn_app_with, AppOptions, TestApp};

async fn json(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The suggestions for `input`.
async fn suggestions(app: &TestApp, input: &str) -> Vec<Value> {
    let (status, body) = json(app, &format!("/api/place-suggestions?input={}&lang=nl", encode(input))).await;
    assert_eq!(status, 200, "{input}: {body}");
    body["suggestions"].as_array().cloned().unwrap_or_default()
}

#[actix_web::test]
async fn what_locals_type_is_found_detailed_and_priced() {
    let app = spawn_app().await;
    // (typed, kind, main text, approximate, the price rule to Schiphol)
    let cases = [
        ("Kapellerlaan 30", "address", "Kapellerlaan 30", true, "fixed"),
        ("Munsterplein 1", "address", "Munsterplein 1", true, "fixed"),
        ("LZR", "poi", "Laurentius Ziekenhuis", false, "fixed"),
        ("ECI Roermond", "poi", "ECI Cultuurfabriek", false, "fixed"),
        ("Hotel Roermond", "poi", "Van der Valk Hotel Roermond", false, "fixed"),
        ("Sittard Geleen station", "station", "Station Sittard", false, "fixedSurcharge"),
        // The town's districts and villages (settings), and its name typed with one error.
        ("Donderberg", "locality", "Donderberg", false, "fixed"),
        ("Asselt", "locality", "Asselt", false, "fixedSurcharge"),
        ("Roermnd", "locality", "Roermond", false, "fixed"),
    ];
    for (input, kind, main, approximate, rule) in cases {
        let list = suggestions(&app, input).await;
        let first = list.first().unwrap_or_else(|| panic!("{input}: nothing"));
        assert_eq!(
            (first["kind"].as_str(), first["mainText"].as_str(), first["approximate"].as_bool()),
            (Some(kind), Some(main), Some(approximate)),
            "{input}: {first}"
        );
        let id = first["id"].as_str().unwrap();
        let (status, details) = json(&app, &format!("/api/place-details/{}?lang=nl", encode(id))).await;
        assert_eq!(status, 200, "{input}: {id}");
        assert_eq!((details["id"].as_str(), details["kind"].as_str()), (Some(id), Some(kind)), "{details}");
        assert!(details["formattedAddress"].as_str().unwrap().contains(main), "{details}");
        let (status, price) = json(&app, &format!("/api/places/{}/aAMS?lang=nl", encode(id))).await;
        assert_eq!(status, 200, "{input}: {price}");
        assert_eq!(price["rule"], rule, "{input}: {price}");
        assert!(price["priceText"].as_str().unwrap().starts_with("€ "), "{price}");
    }
}

#[actix_web::test]
async fn a_frequent_place_is_priced_from_its_own_position() {
    let app = spawn_app().await;
    // The hotel lies east of the town's point: the ride there is longer than the shortest ride.
    let (status, ride) = json(&app, "/api/places/g2748000/f:hotel-van-der-valk?lang=en").await;
    assert_eq!(status, 200, "{ride}");
    assert_eq!(ride["rule"], "metered");
    let km = ride["distanceKm"].as_f64().unwrap();
    assert!((2.5..4.5).contains(&km), "{km} km: {ride}");
    for id in ["f:nope", "f:", "f:OUTLET"] {
        assert_eq!(json(&app, &format!("/api/place-details/{id}?lang=nl")).await.0, 404, "{id}");
    }
}

#[actix_web::test]
async fn with_google_the_frequent_places_named_come_first_and_answer_locally() {
    let google = FakeGoogle::start().await;
    let app = spawn_app_with(AppOptions {
        config_toml: Some(google.config("")),
        google_key: Some("test-key"),
        ..Default::default()
    })
    .await;
    let list = suggestions(&app, "LZR").await;
    let ids: Vec<&str> = list.iter().filter_map(|s| s["id"].as_str()).collect();
    assert_eq!(ids, ["f:laurentius".to_string(), place_id("LZR")], "{list:?}");
    // A town is Google's to answer alone.
    let list = suggestions(&app, "Roermond").await;
    assert_eq!(list.len(), 1, "{list:?}");
    let (status, details) = json(&app, "/api/place-details/f:laurentius?lang=de").await;
    assert_eq!((status, details["displayName"].as_str()), (200, Some("Laurentius Krankenhaus")));
    assert!(
        google.calls().iter().all(|c| c.kind == "autocomplete"),
        "details of a frequent place cost no call: {:?}",
        google.calls()
    );
    google.stop().await;
}
