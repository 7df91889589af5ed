//! A fake Google on 127.0.0.1 answering Places API (New) autocomplete and place
//! details and Routes API computeRoutes in their documented formats, counting
//! what it was asked. Any text is "found": the place id and the position follow
//! from it, so tests can tell places apart, and the route between two of them
//! can be made to fail ([`FakeGoogle::fail_route`]).
use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use serde_json::{json, Value};

#[path = "../support/fake_google.rs"]
mod server;
use server::{reply, Fake, Reply, Seen};

/// One call the fake answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// `autocomplete`, `details` or `route`.
    pub kind: &'static str,
    /// The place id asked for (details) or the text typed (autocomplete).
    pub subject: String,
    pub session: Option<String>,
}

/// A key the fake refuses, as Google refuses an invalid one.
pub const REFUSED_KEY: &str = "refused-key";
/// Google's answer to an invalid key (400, its error JSON; docs/external-apis.md).
const REFUSED: &str = r#"{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]}}"#;

/// How a route the fake was told to fail fails.
#[derive(Debug, Clone, Copy)]
pub enum Fault {
    /// HTTP 500 with Google's error JSON (retried once by the client).
    ServerError,
    /// The route, but only after this long (beyond the client's timeout: a hang).
    Slow(Duration),
    /// HTTP 200 with a body that is not the Routes API's JSON.
    Malformed,
    /// HTTP 200 with `{}`: Google found no route.
    NoRoute,
}

/// Routes that fail: from the place a text names, to the one another names, and how.
type Faults = Arc<Mutex<Vec<(String, String, Fault)>>>;

pub struct FakeGoogle(Fake, Faults);

impl FakeGoogle {
    pub async fn start() -> FakeGoogle {
        let faults: Faults = Arc::default();
        let failing = faults.clone();
        let fake = Fake::start(move |seen, _| {
            if seen.headers.get("x-goog-api-key").is_some_and(|k| k == REFUSED_KEY) {
                return reply(400, serde_json::from_str(REFUSED).unwrap());
            }
            let fault =
                failing.lock().unwrap().iter().find(|(from, to, _)| leads(seen, from, to)).map(|f| f.2);
            match fault {
                Some(fault) => failed(fault, seen),
                None => reply(200, answer(seen).1),
            }
        })
        .await;
        FakeGoogle(fake, faults)
    }

    /// From now on, the route from the place `from` names to the one `to` names
    /// (texts as searched: see [`place_id`]) fails as `fault`; other routes are answered.
    pub fn fail_route(&self, from: &str, to: &str, fault: Fault) {
        self.1.lock().unwrap().push((from.to_string(), to.to_string(), fault));
    }

    /// The `[google]` section pointing the server at this fake, each call bounded by `timeout_ms`.
    pub fn section(&self, timeout_ms: u32) -> String {
        format!(
            "[google]\nplaces_url = \"{0}\"\nroutes_url = \"{0}\"\ntimeout_ms = {timeout_ms}\n",
            self.0.url
        )
    }

    /// The settings pointing the server at this fake, plus `extra` lines.
    pub fn config(&self, extra: &str) -> String {
        format!("[render]\nworkers = 1\n{}{extra}", self.section(2000))
    }

    pub fn url(&self) -> &str {
        &self.0.url
    }

    pub fn calls(&self) -> Vec<Call> {
        self.0.all_seen().iter().map(|seen| answer(seen).0).collect()
    }

    pub async fn stop(self) {
        self.0.stop().await;
    }
}

/// The id the fake gives a text: `ChIJ` and its letters and digits.
pub fn place_id(text: &str) -> String {
    format!("ChIJ{}", text.chars().filter(char::is_ascii_alphanumeric).collect::<String>())
}

/// The position the fake gives a place id (latitude, longitude): one per id, within 30 km of Roermond.
pub fn position(id: &str) -> (f64, f64) {
    let n = id.bytes().fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    (51.0 + f64::from(n % 400) / 1000.0, 5.8 + f64::from(n / 400 % 400) / 1000.0)
}

/// Whether `seen` asks for the route from the place `from` names to the one `to` names.
fn leads(seen: &Seen, from: &str, to: &str) -> bool {
    let at = |end: &str, text: &str| {
        let point = &seen.body[end]["location"]["latLng"];
        let (lat, lon) = position(&place_id(text));
        point["latitude"].as_f64().is_some_and(|l| (l - lat).abs() < 1e-9)
            && point["longitude"].as_f64().is_some_and(|l| (l - lon).abs() < 1e-9)
    };
    seen.path.ends_with(":computeRoutes") && at("origin", from) && at("destination", to)
}

/// The answer of a route that fails as `fault`.
fn failed(fault: Fault, seen: &Seen) -> Reply {
    match fault {
        Fault::ServerError => reply(
            500,
            json!({"error": {"code": 500, "message": "Internal error encountered.", "status": "INTERNAL"}}),
        ),
        Fault::Slow(delay) => Reply { delay, ..reply(200, answer(seen).1) },
        Fault::Malformed => {
            Reply { status: 200, body: "<html>Bad gateway</html>".into(), delay: Duration::ZERO }
        }
        Fault::NoRoute => reply(200, json!({})),
    }
}

fn answer(seen: &Seen) -> (Call, Value) {
    let (body, path) = (&seen.body, seen.path.as_str());
    if path == "/v1/places:autocomplete" {
        let input = body["input"].as_str().unwrap_or("").to_string();
        let session = body["sessionToken"].as_str().map(str::to_string);
        let id = place_id(&input);
        let prediction = json!({"placePrediction": {"place": format!("places/{id}"), "placeId": id,
            "text": {"text": format!("{input}, Nederland")},
            // The whole input matched: the main text is the input (offsets in characters).
            "structuredFormat": {"mainText": {"text": input, "matches": [{"endOffset": input.chars().count()}]},
                "secondaryText": {"text": "Nederland"}},
            "types": ["locality"]}});
        (Call { kind: "autocomplete", subject: input, session }, json!({"suggestions": [prediction]}))
    } else if let Some(id) = path.strip_prefix("/v1/places/") {
        let (lat, lon) = position(id);
        let name = id.trim_start_matches("ChIJ");
        let answer = json!({"id": id, "formattedAddress": format!("{name}, Nederland"),
            "location": {"latitude": lat, "longitude": lon}, "displayName": {"text": name, "languageCode": "nl"}});
        (
            Call {
                kind: "details",
                subject: id.to_string(),
                session: seen.query.get("sessionToken").cloned(),
            },
            answer,
        )
    } else {
        let answer = json!({"routes": [{"distanceMeters": 12345, "duration": "900s"}]});
        (Call { kind: "route", subject: String::new(), session: None }, answer)
    }
}
