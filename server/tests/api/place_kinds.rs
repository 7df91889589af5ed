//! The kinds of look-up the embedded gazetteer answers beyond town names: a
//! street with its town, postcodes, well-known places, airports named by their
//! town; each answer says what kind of place it is and whether it is placed
//! only roughly.
use serde_json::Value;

use crate::helpers::{spawn_app, TestApp};

async fn json(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The first suggestion for `input` (URL-encoded) and its details.
async fn first(app: &TestApp, input: &str, lang: &str) -> (Value, Value) {
    let (status, list) =
        json(app, &format!("/api/place-suggestions?input={input}&lang={lang}&session=s1")).await;
    assert_eq!(status, 200, "{input}");
    let suggestion = list["suggestions"][0].clone();
    let id = suggestion["id"].as_str().unwrap_or_else(|| panic!("{input}: {list}")).to_string();
    let (status, details) =
        json(app, &format!("/api/place-details/{}?lang={lang}&session=s1", urlencoding(&id))).await;
    assert_eq!(status, 200, "{input}: {id}");
    assert_eq!(details["id"], id.as_str());
    (suggestion, details)
}

fn urlencoding(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~:".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[actix_web::test]
async fn a_street_and_its_town_in_either_order_is_an_approximate_address() {
    let app = spawn_app().await;
    for (input, lang) in
        [("Roermond%20Markt", "de"), ("Markt%20Roermond", "nl"), ("Markt%2012%20Roermond", "en")]
    {
        let (suggestion, details) = first(&app, input, lang).await;
        assert!(suggestion["mainText"].as_str().unwrap().starts_with("Markt"), "{input}: {suggestion}");
        assert!(
            suggestion["secondaryText"].as_str().unwrap().starts_with("Roermond, Limburg"),
            "{suggestion}"
        );
        assert_eq!(suggestion["approximate"], true);
        assert_eq!(
            (details["kind"].as_str(), details["approximate"].as_bool()),
            (Some("address"), Some(true)),
            "{details}"
        );
        assert!(details["formattedAddress"].as_str().unwrap().contains("Roermond"));
    }
}

#[actix_web::test]
async fn postcodes_nl_and_de_are_found_and_priced() {
    let app = spawn_app().await;
    for (input, id, name) in [
        ("6041%20GL", "zNL6041", "6041 Roermond"),
        ("6041gl", "zNL6041", "6041 Roermond"),
        ("41372", "zDE41372", "41372 Niederkrüchten"),
    ] {
        let (suggestion, details) = first(&app, input, "nl").await;
        assert_eq!((suggestion["id"].as_str(), suggestion["mainText"].as_str()), (Some(id), Some(name)));
        assert_eq!(suggestion["approximate"], true);
        assert_eq!(
            (details["kind"].as_str(), details["approximate"].as_bool()),
            (Some("postcode"), Some(true))
        );
    }
    let (status, price) = json(&app, "/api/places/zDE41372/aAMS?lang=de").await;
    assert_eq!(status, 200, "{price}");
    assert!(price["priceText"].as_str().unwrap().ends_with(",00 €"), "German style: {price}");
    for id in ["zNL0000", "zNL6041%20", "zDE41372x", "zXX6041", "z"] {
        let (status, body) = json(&app, &format!("/api/place-details/{id}?lang=en")).await;
        assert_eq!(status, 404, "{id}: {body}");
    }
}

#[actix_web::test]
async fn well_known_places_towns_and_airports_say_what_they_are() {
    let app = spawn_app().await;
    let (outlet, details) = first(&app, "outlet%20roermond", "en").await;
    assert_eq!(outlet["mainText"], "Designer Outlet Roermond");
    assert_eq!(outlet["approximate"], false);
    assert_eq!((details["kind"].as_str(), details["approximate"].as_bool()), (Some("poi"), Some(false)));
    let (status, price) = json(&app, "/api/places/oroermond-outlet/aAMS?lang=en").await;
    assert_eq!(status, 200);
    assert_eq!(price["rule"], "fixed", "the outlet lies in the Roermond zone: {price}");

    let (_, hospital) = first(&app, "Krankenhaus%20Roermond", "de").await;
    assert_eq!(hospital["displayName"], "Laurentius Krankenhaus");
    let (_, venlo) = first(&app, "venlo", "nl").await;
    assert_eq!((venlo["kind"].as_str(), venlo["approximate"].as_bool()), (Some("locality"), Some(false)));
    let (weeze, details) = first(&app, "Weeze", "de").await;
    assert_eq!(weeze["mainText"], "Flughafen Weeze");
    assert_eq!(details["kind"], "airport");
}

#[actix_web::test]
async fn nothing_found_is_an_empty_list_and_hostile_text_no_error() {
    let app = spawn_app().await;
    for input in [
        "zzzzqx",
        "6041%00GL",
        "%F0%9F%9A%95%206041",
        "Markt%2C%2C%2C%20%2C",
        "00000",
        "41372%2041372%2041372",
    ] {
        let (status, body) = json(&app, &format!("/api/place-suggestions?input={input}&lang=nl")).await;
        assert_eq!(status, 200, "{input}: {body}");
        assert!(body["suggestions"].is_array(), "{input}: {body}");
    }
    let (_, body) = json(&app, "/api/place-suggestions?input=zzzzqx&lang=nl").await;
    assert_eq!(body["suggestions"].as_array().unwrap().len(), 0);
}
