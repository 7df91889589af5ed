//! Against a fake Google on 127.0.0.1 that answers in the documented formats:
//! the calls and their answers in `calls.rs`, failures and retries in `failures.rs`.
use serde_json::{json, Value};

use secrecy::SecretString;

use crate::places::google::*;
use crate::types::PlaceId;

/// A place id for a test.
fn id(text: &str) -> PlaceId {
    PlaceId::parse(text).expect("a place id")
}

mod calls;
mod failures;

const KEY: &str = "AIzaTest-key_0123456789abcdef";
const SESSION: &str = "2f1c7e0a-5b8d-4c3e-9f10-1234567890ab";
/// The centre the provider is given (not Roermond's own, to show it is the one used).
const CENTRE: LatLon = LatLon { lat: 51.25, lon: 6.05 };

fn google_error(code: u16, status: &str, message: &str, reason: Option<&str>) -> Reply {
    let details = match reason {
        Some(r) => {
            json!([{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": r, "domain": "googleapis.com",
            "metadata": {"service": "places.googleapis.com", "consumer": "projects/123"}}])
        }
        None => json!([]),
    };
    reply(code, json!({"error": {"code": code, "message": message, "status": status, "details": details}}))
}

// The fake itself is the API tests' too.
#[path = "../../../../tests/support/fake_google.rs"]
mod fake;
use fake::{reply, Fake, Reply};

impl Fake {
    fn google(&self, timeout_ms: u64) -> GoogleMaps {
        self.google_with_budget(timeout_ms, 0)
    }

    /// A provider with a budget of `per_hour` calls (0: none).
    fn google_with_budget(&self, timeout_ms: u64, per_hour: u32) -> GoogleMaps {
        let settings = GoogleSettings {
            places_url: self.url.clone(),
            routes_url: self.url.clone(),
            timeout_ms,
            max_calls_per_hour: per_hour,
            max_calls_per_day: 0,
        };
        GoogleMaps::new(&settings, SecretString::from(KEY), CENTRE)
    }
}

fn place(id: &str, lat: f64, lon: f64) -> PlaceDetails {
    PlaceDetails::new(
        id.into(),
        id.into(),
        id.into(),
        crate::places::PlaceKind::Address,
        false,
        LatLon { lat, lon },
    )
}

fn prediction(id: &str, main: &str, secondary: Option<&str>) -> Value {
    let mut structured = json!({"mainText": {"text": main, "matches": [{"endOffset": 3}]}});
    if let Some(s) = secondary {
        structured["secondaryText"] = json!({"text": s});
    }
    json!({"placePrediction": {"place": format!("places/{id}"), "placeId": id,
        "text": {"text": format!("{main}, {}", secondary.unwrap_or(""))}, "structuredFormat": structured,
        "types": ["airport", "point_of_interest"], "distanceMeters": 8123}})
}

fn assert_key_hidden(error: &PlacesError) {
    assert!(!error.to_string().contains(KEY), "Display shows the key: {error}");
    assert!(!format!("{error:?}").contains(KEY), "Debug shows the key: {error:?}");
}
