//! The three calls as Google documents them, and how their answers are read.
use std::time::Duration;

use serde_json::json;

use crate::places::google::tests::*;
use crate::places::google::{cache::TtlCache, mapping::parse_duration};

#[actix_web::test]
async fn autocomplete_sends_the_documented_request_and_maps_place_predictions() {
    let fake = Fake::start(|_, _| {
        let mut suggestions = vec![
            json!({"queryPrediction": {"text": {"text": "pizza in Roermond"}}}),
            prediction("ChIJ_schiphol-1", "Schiphol", Some("Evert van de Beekstraat, Schiphol, Nederland")),
            prediction("ChIJnoSecondary", "Roermond", None),
            json!({"placePrediction": {"placeId": "bad/id", "structuredFormat": {"mainText": {"text": "Hostile"}}}}),
        ];
        for i in 0..10 {
            suggestions.push(prediction(&format!("ChIJmore{i}"), &format!("Place {i}"), Some("Limburg")));
        }
        reply(200, json!({"suggestions": suggestions}))
    })
    .await;
    let google = fake.google(2_000);
    let result = google.suggestions("  Schip\n ", Lang::De, Some(SESSION)).await.unwrap();

    assert_eq!(result.len(), 8, "at most 8");
    assert_eq!(
        result[0],
        Suggestion {
            id: "ChIJ_schiphol-1".into(),
            main_text: "Schiphol".into(),
            secondary_text: "Evert van de Beekstraat, Schiphol, Nederland".into(),
            approximate: false,
            kind: Some(crate::places::PlaceKind::Airport),
            exact: false,
            whole_words: false,
        }
    );
    assert_eq!(result[1].id, "ChIJnoSecondary");
    assert_eq!(result[1].secondary_text, "");
    assert_eq!(result[2].id, "ChIJmore0", "query predictions and bad ids are skipped");

    assert_eq!(fake.calls(), 1);
    let seen = fake.seen(0);
    assert_eq!(seen.method, "POST");
    assert_eq!(seen.path, "/v1/places:autocomplete");
    assert_eq!(seen.headers["x-goog-api-key"], KEY);
    assert!(seen.headers["content-type"].starts_with("application/json"));
    let mask = &seen.headers["x-goog-fieldmask"];
    assert!(mask.contains("suggestions.placePrediction.placeId"), "{mask}");
    assert!(mask.contains("suggestions.placePrediction.structuredFormat"), "{mask}");
    assert!(!mask.contains('*'), "{mask}");
    assert!(seen.query.is_empty(), "nothing in the URL, the key least of all");
    let body = &seen.body;
    assert_eq!(body["input"], "Schip");
    assert_eq!(body["sessionToken"], SESSION);
    assert_eq!(body["includedRegionCodes"], json!(["nl", "de", "be"]));
    assert_eq!(body["languageCode"], "de");
    assert_eq!(body["regionCode"], "nl");
    assert_eq!(
        body["locationBias"],
        json!({"circle": {"center": {"latitude": 51.25, "longitude": 6.05}, "radius": 50000.0}})
    );
    assert_eq!(body["origin"], json!({"latitude": 51.25, "longitude": 6.05}));
    assert!(body.get("locationRestriction").is_none(), "bias or restriction, not both");
    fake.stop().await;
}

#[actix_web::test]
async fn autocomplete_input_rules_and_session_tokens() {
    let fake = Fake::start(|_, _| reply(200, json!({"suggestions": [prediction("ChIJa", "A", None)]}))).await;
    let google = fake.google(2_000);

    for short in ["", " ", "a", " b \t", "\n"] {
        assert_eq!(google.suggestions(short, Lang::Nl, Some(SESSION)).await.unwrap(), vec![], "{short:?}");
    }
    assert_eq!(fake.calls(), 0, "under 2 characters: no call");

    let long = "x".repeat(500);
    google.suggestions(&long, Lang::En, None).await.unwrap();
    let seen = fake.seen(0);
    assert_eq!(seen.body["input"].as_str().unwrap().chars().count(), 200);
    assert_eq!(seen.body["languageCode"], "en");
    assert!(seen.body.get("sessionToken").is_none(), "no token given, none sent");

    let too_long = "x".repeat(37);
    let bad_tokens = ["has space", "a/b", "../../etc", too_long.as_str(), "ü-token", "abc=def", "==="];
    for (i, token) in bad_tokens.iter().enumerate() {
        google.suggestions("Roermond", Lang::Nl, Some(token)).await.unwrap();
        assert!(fake.seen(i + 1).body.get("sessionToken").is_none(), "{token:?} must not be sent");
    }
    for token in ["abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", "dGVzdA==", "a_b-c"] {
        assert!(is_valid_session_token(token), "{token}");
    }
    // Suggestions are not cached: the same search again is a new call.
    let before = fake.calls();
    google.suggestions("Roermond", Lang::Nl, Some(SESSION)).await.unwrap();
    google.suggestions("Roermond", Lang::Nl, Some(SESSION)).await.unwrap();
    assert_eq!(fake.calls(), before + 2);
    fake.stop().await;
}

#[actix_web::test]
async fn missing_suggestions_means_none() {
    let fake =
        Fake::start(
            |_, i| if i == 0 { reply(200, json!({})) } else { reply(200, json!({"suggestions": []})) },
        )
        .await;
    let google = fake.google(2_000);
    assert_eq!(google.suggestions("zzzzqqq", Lang::Nl, None).await.unwrap(), vec![]);
    assert_eq!(google.suggestions("zzzzqqq", Lang::Nl, None).await.unwrap(), vec![]);
    fake.stop().await;
}

#[actix_web::test]
async fn details_sends_the_documented_request_and_is_cached() {
    let fake = Fake::start(|seen, _| {
        let name = if seen.query.get("languageCode").map(String::as_str) == Some("de") { "Flughafen Schiphol" } else { "Schiphol Airport" };
        reply(200, json!({"id": "ChIJ_schiphol-1", "formattedAddress": "Evert van de Beekstraat 202, 1118 CP Schiphol, Netherlands",
            "location": {"latitude": 52.3105, "longitude": 4.7683}, "displayName": {"text": name, "languageCode": "en"},
            "types": ["airport", "point_of_interest", "establishment"]}))
    })
    .await;
    let google = fake.google(2_000);
    let details = google.details(&id("ChIJ_schiphol-1"), Lang::En, Some(SESSION)).await.unwrap();
    assert_eq!(
        details,
        PlaceDetails::new(
            "ChIJ_schiphol-1".into(),
            "Evert van de Beekstraat 202, 1118 CP Schiphol, Netherlands".into(),
            "Schiphol Airport".into(),
            crate::places::PlaceKind::Airport,
            false,
            LatLon { lat: 52.3105, lon: 4.7683 },
        )
    );
    let seen = fake.seen(0);
    assert_eq!(seen.method, "GET");
    assert_eq!(seen.path, "/v1/places/ChIJ_schiphol-1");
    assert_eq!(seen.query["languageCode"], "en");
    assert_eq!(seen.query["regionCode"], "nl");
    assert_eq!(seen.query["sessionToken"], SESSION);
    assert!(!seen.query.contains_key("key"));
    assert_eq!(seen.headers["x-goog-api-key"], KEY);
    assert_eq!(seen.headers["x-goog-fieldmask"], "id,formattedAddress,displayName,location,types");

    // Cache hit: same id and language, no second call.
    assert_eq!(google.details(&id("ChIJ_schiphol-1"), Lang::En, None).await.unwrap(), details);
    assert_eq!(fake.calls(), 1);
    // Another language is another entry.
    let german = google.details(&id("ChIJ_schiphol-1"), Lang::De, Some("bad token!")).await.unwrap();
    assert_eq!(german.display_name, "Flughafen Schiphol");
    assert_eq!(fake.calls(), 2);
    assert!(!fake.seen(1).query.contains_key("sessionToken"), "invalid tokens are not sent");
    fake.stop().await;
}

#[actix_web::test]
async fn details_404_is_not_found_without_retry_and_hostile_ids_never_reach_google() {
    let fake =
        Fake::start(|_, _| google_error(404, "NOT_FOUND", "Requested entity was not found.", None)).await;
    let google = fake.google(2_000);
    assert_eq!(google.details(&id("ChIJstale"), Lang::Nl, Some(SESSION)).await, Err(PlacesError::NotFound));
    assert_eq!(fake.calls(), 1, "404 is not retried");

    let long = "A".repeat(MAX_PLACE_ID_LEN + 1);
    let hostile = [
        "",
        " ",
        "../../v1/places:autocomplete",
        "ChIJ/../x",
        "ChIJ?key=1",
        "ChIJ#x",
        "ChIJ%2F",
        "places/ChIJ",
        "ChIJ x",
        "ChIJ\nX-Injected: 1",
        "ChIJ\r\n",
        "ChIJ.json",
        "ChİJ",
        "ChIJ\0",
        "ChIJ&sessionToken=x",
        "addr:g2748000:TWFya3Q",
        "places:autocomplete",
        long.as_str(),
    ];
    for text in hostile {
        // Most never become a place id; those that do are not Google's.
        if let Some(id) = PlaceId::parse(text) {
            assert_eq!(google.details(&id, Lang::Nl, None).await, Err(PlacesError::NotFound), "{text:?}");
        }
    }
    assert_eq!(fake.calls(), 1, "hostile ids make no call");
    assert!(is_valid_place_id(&"A".repeat(MAX_PLACE_ID_LEN)));
    fake.stop().await;
}

#[actix_web::test]
async fn details_without_a_location_is_unavailable() {
    let fake = Fake::start(|_, _| reply(200, json!({"id": "ChIJx", "formattedAddress": "Somewhere"}))).await;
    let google = fake.google(2_000);
    assert!(matches!(google.details(&id("ChIJx"), Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
    fake.stop().await;
}

#[actix_web::test]
async fn compute_routes_sends_the_documented_request_parses_durations_and_is_cached() {
    let fake = Fake::start(|_, _| {
        reply(200, json!({"routes": [{"distanceMeters": 151234, "duration": "5521.25s"}]}))
    })
    .await;
    let google = fake.google(2_000);
    let (roermond, schiphol) =
        (place("ChIJroermond", 51.1942, 5.9875), place("ChIJschiphol", 52.3105, 4.7683));
    let route = google.route(&roermond, &schiphol).await.unwrap();
    assert_eq!(route, RouteEstimate { distance_m: 151_234.0, duration_s: 5521.25 });

    let seen = fake.seen(0);
    assert_eq!(seen.method, "POST");
    assert_eq!(seen.path, "/directions/v2:computeRoutes");
    assert_eq!(seen.headers["x-goog-api-key"], KEY);
    assert_eq!(seen.headers["x-goog-fieldmask"], "routes.distanceMeters,routes.duration");
    assert!(seen.headers["content-type"].starts_with("application/json"));
    assert_eq!(
        seen.body["origin"],
        json!({"location": {"latLng": {"latitude": 51.1942, "longitude": 5.9875}}})
    );
    assert_eq!(
        seen.body["destination"],
        json!({"location": {"latLng": {"latitude": 52.3105, "longitude": 4.7683}}})
    );
    assert_eq!(seen.body["travelMode"], "DRIVE");
    assert_eq!(seen.body["routingPreference"], "TRAFFIC_UNAWARE");
    assert!(seen.body.get("departureTime").is_none(), "a departure time in the past fails");

    assert_eq!(google.route(&roermond, &schiphol).await.unwrap(), route, "cache hit");
    assert_eq!(fake.calls(), 1);
    google.route(&schiphol, &roermond).await.unwrap();
    assert_eq!(fake.calls(), 2, "the way back is another route");
    fake.stop().await;
}

#[test]
fn durations_are_protobuf_strings() {
    assert_eq!(parse_duration("2460s"), Some(2460.0));
    assert_eq!(parse_duration("2460.5s"), Some(2460.5));
    assert_eq!(parse_duration("0.000000001s"), Some(0.000000001));
    assert_eq!(parse_duration("0s"), Some(0.0));
    for bad in ["", "s", "2460", "12m", "-1s", "NaNs", "infs", "abcs", "1.2.3s"] {
        assert_eq!(parse_duration(bad), None, "{bad:?}");
    }
}

#[actix_web::test]
async fn no_routes_is_no_route_and_zero_values_may_be_left_out() {
    let fake = Fake::start(|_, i| match i {
        0 => reply(200, json!({})),
        1 => reply(200, json!({"routes": []})),
        2 => reply(200, json!({"routes": [{}]})),
        _ => reply(200, json!({"routes": [{"distanceMeters": 10, "duration": "ten seconds"}]})),
    })
    .await;
    let google = fake.google(2_000);
    let (a, b, c) = (place("A", 51.0, 6.0), place("B", 51.1, 6.1), place("C", 51.2, 6.2));
    assert_eq!(google.route(&a, &b).await, Err(PlacesError::NoRoute));
    assert_eq!(google.route(&a, &b).await, Err(PlacesError::NoRoute), "no route is not cached");
    assert_eq!(google.route(&a, &a).await, Ok(RouteEstimate { distance_m: 0.0, duration_s: 0.0 }));
    assert!(matches!(google.route(&a, &c).await, Err(PlacesError::Unavailable(_))));
    assert_eq!(fake.calls(), 4);
    let nowhere = place("N", f64::NAN, 6.0);
    assert!(matches!(google.route(&nowhere, &a).await, Err(PlacesError::Unavailable(_))));
    assert_eq!(fake.calls(), 4, "invalid coordinates make no call");
    fake.stop().await;
}

#[test]
fn the_cache_expires_and_stays_bounded() {
    let bounded = TtlCache::new(Duration::from_secs(3600), 3);
    for i in 0..5 {
        bounded.insert(i, i * 10);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(bounded.len(), 3);
    assert_eq!(bounded.get(&0), None, "the oldest went first");
    assert_eq!(bounded.get(&1), None);
    assert_eq!(bounded.get(&4), Some(40));
    bounded.insert(4, 41);
    assert_eq!(bounded.len(), 3, "replacing does not evict");
    assert_eq!(bounded.get(&4), Some(41));

    let short = TtlCache::new(Duration::from_millis(20), 3);
    for i in 0..3 {
        short.insert(i, i);
    }
    std::thread::sleep(Duration::from_millis(100));
    short.insert(9, 90);
    assert_eq!(short.len(), 1, "expired entries are dropped when full");
    assert_eq!(short.get(&2), None, "expired");
    assert_eq!(short.get(&9), Some(90));
}
