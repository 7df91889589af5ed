//! A fake Google on 127.0.0.1 answering Places API (New) autocomplete and place
//! details and Routes API computeRoutes in their documented formats, counting
//! what it was asked. Any text is "found": the place id and the position follow
//! from it, so tests can tell places apart.
use serde_json::{json, Value};

#[path = "../support/fake_google.rs"]
mod server;
use server::{reply, Fake, Seen};

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

pub struct FakeGoogle(Fake);

impl FakeGoogle {
    pub async fn start() -> FakeGoogle {
        FakeGoogle(
            Fake::start(|seen, _| {
                if seen.headers.get("x-goog-api-key").is_some_and(|k| k == REFUSED_KEY) {
                    return reply(400, serde_json::from_str(REFUSED).unwrap());
                }
                reply(200, answer(seen).1)
            })
            .await,
        )
    }

    /// The settings pointing the server at this fake, plus `extra` lines.
    pub fn config(&self, extra: &str) -> String {
        format!(
            "[render]\nworkers = 1\n[google]\nplaces_url = \"{0}\"\nroutes_url = \"{0}\"\ntimeout_ms = 2000\n{extra}",
            self.0.url
        )
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
        // A position per id, within 30 km of Roermond.
        let n = id.bytes().fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
        let (lat, lon) = (51.0 + f64::from(n % 400) / 1000.0, 5.8 + f64::from(n / 400 % 400) / 1000.0);
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
