//! Against a fake Google on 127.0.0.1 that answers in the documented formats:
//! the calls and their answers in `calls.rs`, failures and retries in `failures.rs`.
use std::sync::{Arc, Mutex};

use actix_web::{http::StatusCode as ActixStatus, web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

use std::{collections::HashMap, time::Duration};

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

/// One request the fake received.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    query: HashMap<String, String>,
    headers: HashMap<String, String>,
    body: Value,
}

struct Reply {
    status: u16,
    body: String,
    delay: Duration,
}

fn reply(status: u16, body: Value) -> Reply {
    Reply { status, body: body.to_string(), delay: Duration::ZERO }
}

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

type Respond = dyn Fn(&Seen, usize) -> Reply + Send + Sync;

struct Fake {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    handle: actix_web::dev::ServerHandle,
}

impl Fake {
    /// Starts a fake answering each request with `respond(request, index)`.
    async fn start(respond: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Fake {
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let respond: Arc<Respond> = Arc::new(respond);
        let (seen2, respond2) = (seen.clone(), respond.clone());
        let server = HttpServer::new(move || {
            let (seen, respond) = (seen2.clone(), respond2.clone());
            App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let (seen, respond) = (seen.clone(), respond.clone());
                async move {
                    let request = Seen {
                        method: req.method().to_string(),
                        path: req.path().to_string(),
                        query: web::Query::<HashMap<String, String>>::from_query(req.query_string())
                            .map(|q| q.into_inner())
                            .unwrap_or_default(),
                        headers: req
                            .headers()
                            .iter()
                            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
                            .collect(),
                        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                    };
                    let index = {
                        let mut all = seen.lock().unwrap();
                        all.push(request.clone());
                        all.len() - 1
                    };
                    let answer = respond(&request, index);
                    if !answer.delay.is_zero() {
                        actix_web::rt::time::sleep(answer.delay).await;
                    }
                    HttpResponse::build(ActixStatus::from_u16(answer.status).unwrap())
                        .content_type("application/json; charset=UTF-8")
                        .body(answer.body)
                }
            }))
        })
        .workers(1)
        .disable_signals()
        .shutdown_timeout(0)
        .bind(("127.0.0.1", 0))
        .unwrap();
        let url = format!("http://{}", server.addrs()[0]);
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Fake { url, seen, handle }
    }

    fn calls(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    fn seen(&self, index: usize) -> Seen {
        self.seen.lock().unwrap()[index].clone()
    }

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

    async fn stop(self) {
        self.handle.stop(false).await;
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
