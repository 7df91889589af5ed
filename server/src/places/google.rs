//! Google Maps Platform: Places API (New) for suggestions and details, Routes API
//! for distance and driving time. Chosen when `TAXI_GOOGLE_MAPS_KEY` is set.
//!
//! - Autocomplete: `POST {places_url}/v1/places:autocomplete`, NL/DE/BE only, biased
//!   to 50 km around Roermond, in the page language, with the visitor's session token.
//! - Details: `GET {places_url}/v1/places/{id}` with the same token, which ends the
//!   session (billing: see `API-REFERENCE.md` §1c).
//! - Routes: `POST {routes_url}/directions/v2:computeRoutes`, driving, traffic unaware.
//!
//! Calls to Google are bounded: each attempt by `google.timeout_ms` (connecting by at
//! most [`MAX_CONNECT_TIMEOUT`] of it), and one operation, retry included, by
//! [`BUDGET_FACTOR`] × `timeout_ms`. Only transient failures (429, 500, 502, 503,
//! 504, timeouts, refused connections) are retried, once, after a short backoff: all
//! three calls are free of side effects. Google's error JSON becomes
//! [`PlacesError::Unavailable`] with a message for the log; a 404 on details means an
//! unknown or stale place id ([`PlacesError::NotFound`]).
//!
//! Caching, within Google's terms: details (per id and language) for
//! [`DETAILS_TTL`], routes (per pair of points) for [`ROUTE_TTL`], both in memory
//! and bounded in size. Suggestions are never cached.
//!
//! The key travels only in the `X-Goog-Api-Key` header (marked sensitive), never in
//! a URL, and is scrubbed from every message this module produces.
use std::{
    collections::HashMap,
    hash::{BuildHasher, Hash},
    sync::Mutex,
    time::{Duration, Instant},
};

use reqwest::{header::HeaderValue, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::json;

use super::{PlaceDetails, PlacesError, PlacesProvider, RouteEstimate, Suggestion};
use crate::{config::GoogleSettings, domain::{Lang, LatLon}};

/// Centre of the search bias and origin for distances in suggestions.
pub const ROERMOND: LatLon = LatLon { lat: 51.1942, lon: 5.9875 };
/// Radius of the search bias around Roermond, in metres (the documented maximum).
const BIAS_RADIUS_M: f64 = 50_000.0;
/// Countries whose places are suggested.
const REGION_CODES: [&str; 3] = ["nl", "de", "be"];
/// Region for formatting and bias.
const REGION: &str = "nl";

const MAX_SUGGESTIONS: usize = 8;
const MIN_INPUT_CHARS: usize = 2;
const MAX_INPUT_CHARS: usize = 200;
/// Google place ids are usually 27 characters; address ids run to a few hundred.
const MAX_PLACE_ID_LEN: usize = 512;
/// Google's limit for session tokens.
const MAX_SESSION_TOKEN_LEN: usize = 36;
/// Answers are a few kilobytes; anything beyond this is not Google.
const MAX_RESPONSE_BYTES: usize = 1 << 20;

const AUTOCOMPLETE_FIELD_MASK: &str =
    "suggestions.placePrediction.placeId,suggestions.placePrediction.structuredFormat,suggestions.placePrediction.text";
const DETAILS_FIELD_MASK: &str = "id,formattedAddress,displayName,location";
const ROUTES_FIELD_MASK: &str = "routes.distanceMeters,routes.duration";

/// How long a place's details are kept.
pub const DETAILS_TTL: Duration = Duration::from_secs(30 * 60);
const DETAILS_CACHE_CAPACITY: usize = 2_000;
/// How long a route between two points is kept.
pub const ROUTE_TTL: Duration = Duration::from_secs(10 * 60);
const ROUTE_CACHE_CAPACITY: usize = 2_000;

/// One operation, retry included, takes at most this many times `timeout_ms`.
pub const BUDGET_FACTOR: u32 = 2;
/// Connecting takes at most this (and never more than `timeout_ms`).
pub const MAX_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Backoff before the retry: this, or a fifth of `timeout_ms` if smaller, plus up to a quarter of jitter.
const RETRY_BACKOFF: Duration = Duration::from_millis(200);
/// A `RetryInfo.retryDelay` from Google longer than this means: do not retry now.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(2);

/// Google Maps Platform as a [`PlacesProvider`].
pub struct GoogleMaps {
    client: reqwest::Client,
    places_url: String,
    routes_url: String,
    /// `None` when the key has characters a header cannot carry: every call then fails.
    key_header: Option<HeaderValue>,
    key: SecretString,
    timeout: Duration,
    details_cache: TtlCache<(String, Lang), PlaceDetails>,
    route_cache: TtlCache<RouteKey, RouteEstimate>,
}

impl std::fmt::Debug for GoogleMaps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoogleMaps")
            .field("places_url", &self.places_url)
            .field("routes_url", &self.routes_url)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl GoogleMaps {
    /// A provider calling the URLs of `settings` with `key`.
    ///
    /// # Panics
    /// When the TLS backend cannot start (rustls with bundled roots: not expected).
    pub fn new(settings: &GoogleSettings, key: SecretString) -> Self {
        let timeout = Duration::from_millis(settings.timeout_ms.max(1));
        let client = reqwest::Client::builder()
            .user_agent(concat!("taxi-server/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(timeout.min(MAX_CONNECT_TIMEOUT))
            .timeout(timeout)
            // Google's APIs do not redirect; following one would send the key elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .pool_idle_timeout(Duration::from_secs(60))
            .tcp_keepalive(Duration::from_secs(60))
            .build()
            .expect("the HTTP client for Google starts");
        let key_header = HeaderValue::from_str(key.expose_secret()).ok().map(|mut value| {
            value.set_sensitive(true);
            value
        });
        Self {
            client,
            places_url: settings.places_url.trim_end_matches('/').to_string(),
            routes_url: settings.routes_url.trim_end_matches('/').to_string(),
            key_header,
            key,
            timeout,
            details_cache: TtlCache::new(DETAILS_TTL, DETAILS_CACHE_CAPACITY),
            route_cache: TtlCache::new(ROUTE_TTL, ROUTE_CACHE_CAPACITY),
        }
    }

    /// Replaces the key wherever it appears (Google may quote what it was sent).
    fn scrub(&self, text: &str) -> String {
        let key = self.key.expose_secret();
        if key.is_empty() {
            text.to_string()
        } else {
            text.replace(key, "[key]")
        }
    }

    fn backoff(&self) -> Duration {
        let base = RETRY_BACKOFF.min(self.timeout / 5);
        let jitter_ms = (base.as_millis() as u64 / 4).max(1);
        base + Duration::from_millis(random_u64() % jitter_ms)
    }

    /// Sends the request `build` makes, retrying once when that is useful and fits
    /// in the budget. Logs a warning per failed attempt.
    async fn execute(&self, op: &'static str, build: impl Fn() -> reqwest::RequestBuilder) -> Result<Vec<u8>, Failure> {
        let deadline = Instant::now() + self.timeout * BUDGET_FACTOR;
        let min_attempt = (self.timeout / 4).max(Duration::from_millis(50)).min(self.timeout);
        let mut attempt = 1u32;
        loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            let failure = match self.attempt(&build, self.timeout.min(remaining)).await {
                Ok(body) => return Ok(body),
                Err(failure) => failure,
            };
            tracing::warn!(
                op,
                attempt,
                status = failure.status.map(|s| s.as_u16()),
                reason = %failure.reason,
                "Google call failed: {}",
                failure.message
            );
            if attempt >= 2 || !failure.retryable {
                return Err(failure);
            }
            let backoff = match failure.retry_after {
                Some(delay) if delay > MAX_RETRY_DELAY => return Err(failure),
                Some(delay) => delay.max(self.backoff()),
                None => self.backoff(),
            };
            if deadline.saturating_duration_since(Instant::now()) < backoff + min_attempt {
                return Err(failure);
            }
            tokio::time::sleep(backoff).await;
            attempt += 1;
        }
    }

    async fn attempt(&self, build: &impl Fn() -> reqwest::RequestBuilder, timeout: Duration) -> Result<Vec<u8>, Failure> {
        let Some(key) = &self.key_header else {
            return Err(Failure::new(None, "BAD_KEY", "the maps key has characters a header cannot carry", false));
        };
        let response = build()
            .header("X-Goog-Api-Key", key.clone())
            .timeout(timeout)
            .send()
            .await
            .map_err(|e| self.transport_failure(&e))?;
        let status = response.status();
        let body = read_bounded(response).await.map_err(|e| match e {
            ReadError::Transport(e) => self.transport_failure(&e),
            ReadError::TooLarge => Failure::new(Some(status), "TOO_LARGE", "the response is larger than 1 MiB", false),
        })?;
        if status.is_success() {
            Ok(body)
        } else {
            Err(self.google_failure(status, &body))
        }
    }

    fn transport_failure(&self, e: &reqwest::Error) -> Failure {
        let mut message = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(inner) = source {
            message.push_str(": ");
            message.push_str(&inner.to_string());
            source = inner.source();
        }
        let (reason, retryable) = if e.is_timeout() {
            ("TIMEOUT", true)
        } else if e.is_connect() {
            ("CONNECT", true)
        } else {
            ("TRANSPORT", false)
        };
        Failure::new(e.status(), reason, &self.scrub(&message), retryable)
    }

    /// Google's error JSON: `{"error":{"code","message","status","details":[{"reason"}]}}`.
    fn google_failure(&self, status: StatusCode, body: &[u8]) -> Failure {
        let error = serde_json::from_slice::<ErrorEnvelope>(body).ok().and_then(ErrorEnvelope::into_error);
        let retryable = matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504);
        let Some(error) = error else {
            let text: String = String::from_utf8_lossy(body).chars().take(200).collect();
            return Failure::new(Some(status), "", &self.scrub(&format!("HTTP {status}: {text}")), retryable);
        };
        let reasons: Vec<&str> = error.details.iter().filter_map(|d| d.reason.as_deref()).collect();
        let retry_after = error.details.iter().find_map(|d| d.retry_delay.as_deref().and_then(parse_duration));
        let google_status = error.status.as_deref().unwrap_or("");
        let text: String = error.message.as_deref().unwrap_or("").chars().take(300).collect();
        let message = format!("HTTP {} {google_status} [{}]: {text}", status.as_u16(), reasons.join(","));
        let mut failure = Failure::new(Some(status), &reasons.join(","), &self.scrub(&message), retryable);
        if failure.reason.is_empty() {
            failure.reason = google_status.to_string();
        }
        failure.retry_after = retry_after.map(Duration::from_secs_f64);
        failure
    }

    fn unavailable(&self, op: &str, failure: Failure) -> PlacesError {
        PlacesError::Unavailable(self.scrub(&format!("google {op}: {}", failure.message)))
    }

    fn parse<T: serde::de::DeserializeOwned>(&self, op: &str, body: &[u8]) -> Result<T, PlacesError> {
        serde_json::from_slice(body).map_err(|e| {
            let message = self.scrub(&format!("google {op}: the response is not the expected JSON: {e}"));
            tracing::warn!(op, reason = "BAD_JSON", "Google call failed: {message}");
            PlacesError::Unavailable(message)
        })
    }
}

impl PlacesProvider for GoogleMaps {
    async fn suggestions(&self, input: &str, lang: Lang, session: Option<&str>) -> Result<Vec<Suggestion>, PlacesError> {
        const OP: &str = "places:autocomplete";
        let Some(input) = clean_input(input) else {
            return Ok(Vec::new());
        };
        let mut body = json!({
            "input": input,
            "includedRegionCodes": REGION_CODES,
            "languageCode": lang.code(),
            "regionCode": REGION,
            "locationBias": {"circle": {"center": lat_lng(ROERMOND), "radius": BIAS_RADIUS_M}},
            "origin": lat_lng(ROERMOND),
        });
        if let Some(token) = session.filter(|t| is_valid_session_token(t)) {
            body["sessionToken"] = token.into();
        }
        let url = format!("{}/v1/places:autocomplete", self.places_url);
        let response = self
            .execute(OP, || self.client.post(&url).header("X-Goog-FieldMask", AUTOCOMPLETE_FIELD_MASK).json(&body))
            .await
            .map_err(|f| self.unavailable(OP, f))?;
        let response: AutocompleteResponse = self.parse(OP, &response)?;
        Ok(response
            .suggestions
            .unwrap_or_default()
            .into_iter()
            .filter_map(|s| s.place_prediction)
            .filter_map(|p| {
                let id = p.place_id.filter(|id| is_valid_place_id(id))?;
                let (main, secondary) = match p.structured_format {
                    Some(f) => (f.main_text.map(|t| t.text), f.secondary_text.map(|t| t.text)),
                    None => (None, None),
                };
                let main_text = main.filter(|t| !t.trim().is_empty()).or(p.text.map(|t| t.text))?;
                (!main_text.trim().is_empty()).then(|| Suggestion { id, main_text, secondary_text: secondary.unwrap_or_default() })
            })
            .take(MAX_SUGGESTIONS)
            .collect())
    }

    async fn details(&self, id: &str, lang: Lang, session: Option<&str>) -> Result<PlaceDetails, PlacesError> {
        const OP: &str = "places.get";
        if !is_valid_place_id(id) {
            return Err(PlacesError::NotFound);
        }
        let cache_key = (id.to_string(), lang);
        if let Some(hit) = self.details_cache.get(&cache_key) {
            return Ok(hit);
        }
        let url = format!("{}/v1/places/{id}", self.places_url);
        let mut query = vec![("languageCode", lang.code()), ("regionCode", REGION)];
        if let Some(token) = session.filter(|t| is_valid_session_token(t)) {
            query.push(("sessionToken", token));
        }
        let response = self
            .execute(OP, || self.client.get(&url).query(&query).header("X-Goog-FieldMask", DETAILS_FIELD_MASK))
            .await
            .map_err(|f| match f.status {
                Some(StatusCode::NOT_FOUND) => PlacesError::NotFound,
                _ => self.unavailable(OP, f),
            })?;
        let place: PlaceResponse = self.parse(OP, &response)?;
        let location = place
            .location
            .map(|l| LatLon { lat: l.latitude, lon: l.longitude })
            .filter(|l| l.lat.is_finite() && l.lon.is_finite() && l.lat.abs() <= 90.0 && l.lon.abs() <= 180.0)
            .ok_or_else(|| PlacesError::Unavailable(format!("google {OP}: the place {id} has no valid location")))?;
        let display_name = place.display_name.map(|d| d.text).filter(|t| !t.trim().is_empty());
        let formatted_address = place.formatted_address.filter(|t| !t.trim().is_empty());
        let (display_name, formatted_address) = match (display_name, formatted_address) {
            (Some(name), Some(address)) => (name, address),
            (Some(one), None) | (None, Some(one)) => (one.clone(), one),
            (None, None) => return Err(PlacesError::Unavailable(format!("google {OP}: the place {id} has no name or address"))),
        };
        let details = PlaceDetails {
            id: place.id.filter(|i| is_valid_place_id(i)).unwrap_or_else(|| id.to_string()),
            formatted_address,
            display_name,
            location,
        };
        self.details_cache.insert(cache_key, details.clone());
        Ok(details)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        const OP: &str = "routes:computeRoutes";
        for p in [from.location, to.location] {
            if !(p.lat.is_finite() && p.lon.is_finite() && p.lat.abs() <= 90.0 && p.lon.abs() <= 180.0) {
                return Err(PlacesError::Unavailable(format!("google {OP}: invalid coordinates {p:?}")));
            }
        }
        let cache_key = RouteKey::new(from.location, to.location);
        if let Some(hit) = self.route_cache.get(&cache_key) {
            return Ok(hit);
        }
        let body = json!({
            "origin": {"location": {"latLng": lat_lng(from.location)}},
            "destination": {"location": {"latLng": lat_lng(to.location)}},
            "travelMode": "DRIVE",
            "routingPreference": "TRAFFIC_UNAWARE",
        });
        let url = format!("{}/directions/v2:computeRoutes", self.routes_url);
        let response = self
            .execute(OP, || self.client.post(&url).header("X-Goog-FieldMask", ROUTES_FIELD_MASK).json(&body))
            .await
            .map_err(|f| self.unavailable(OP, f))?;
        let response: RoutesResponse = self.parse(OP, &response)?;
        // Proto3 JSON leaves out zero values: a route of 0 m and "0s" comes as `{}`.
        let Some(route) = response.routes.unwrap_or_default().into_iter().next() else {
            tracing::info!(op = OP, from = %from.id, to = %to.id, "Google found no route");
            return Err(PlacesError::NoRoute);
        };
        let distance_m = route.distance_meters.unwrap_or(0.0);
        let duration_s = match route.duration.as_deref() {
            None => Some(0.0),
            Some(text) => parse_duration(text),
        };
        let Some(duration_s) = duration_s.filter(|_| distance_m.is_finite() && distance_m >= 0.0) else {
            let message = format!("google {OP}: unexpected route values {:?} m, {:?}", route.distance_meters, route.duration);
            tracing::warn!(op = OP, reason = "BAD_JSON", "Google call failed: {message}");
            return Err(PlacesError::Unavailable(message));
        };
        let estimate = RouteEstimate { distance_m, duration_s };
        self.route_cache.insert(cache_key, estimate);
        Ok(estimate)
    }
}

/// Whether `id` can be a Google place id: URL-safe characters only, bounded length.
/// Anything else never reaches a URL.
pub fn is_valid_place_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_PLACE_ID_LEN && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `token` is a session token Google accepts: at most 36 characters of
/// URL-safe base64 (optionally padded), which includes UUIDs. Other tokens are not sent.
pub fn is_valid_session_token(token: &str) -> bool {
    let body = token.trim_end_matches('=');
    !body.is_empty()
        && token.len() <= MAX_SESSION_TOKEN_LEN
        && token.len() - body.len() <= 2
        && body.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The text to search for: control characters as spaces, trimmed, at most 200
/// characters; `None` when shorter than 2 characters.
fn clean_input(input: &str) -> Option<String> {
    let spaced: String = input.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let capped: String = spaced.trim().chars().take(MAX_INPUT_CHARS).collect();
    let capped = capped.trim_end();
    (capped.chars().count() >= MIN_INPUT_CHARS).then(|| capped.to_string())
}

/// A protobuf `Duration` in JSON: seconds with an `s`, maybe with decimals (`"2460s"`, `"0.5s"`).
fn parse_duration(text: &str) -> Option<f64> {
    let seconds: f64 = text.trim().strip_suffix('s')?.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then_some(seconds)
}

fn lat_lng(p: LatLon) -> serde_json::Value {
    json!({"latitude": p.lat, "longitude": p.lon})
}

fn random_u64() -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(Instant::now().elapsed().as_nanos());
    hasher.finish()
}

enum ReadError {
    Transport(reqwest::Error),
    TooLarge,
}

async fn read_bounded(mut response: reqwest::Response) -> Result<Vec<u8>, ReadError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(ReadError::Transport)? {
        if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
            return Err(ReadError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// A failed attempt, for the log and the retry decision. Never holds the key.
#[derive(Debug)]
struct Failure {
    status: Option<StatusCode>,
    /// `details[].reason`, else Google's `status`, else ours (`TIMEOUT`, `CONNECT`, …).
    reason: String,
    message: String,
    retryable: bool,
    retry_after: Option<Duration>,
}

impl Failure {
    fn new(status: Option<StatusCode>, reason: &str, message: &str, retryable: bool) -> Self {
        Self { status, reason: reason.to_string(), message: message.to_string(), retryable, retry_after: None }
    }
}

/// Points rounded to about 1 cm.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RouteKey([i64; 4]);

impl RouteKey {
    fn new(from: LatLon, to: LatLon) -> Self {
        let r = |v: f64| (v * 1e7).round() as i64;
        Self([r(from.lat), r(from.lon), r(to.lat), r(to.lon)])
    }
}

/// A small in-memory cache whose entries expire after `ttl`; when full, expired
/// entries go first, then the oldest.
struct TtlCache<K, V> {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<K, (Instant, V)>>,
}

impl<K: Eq + Hash + Clone, V: Clone> TtlCache<K, V> {
    fn new(ttl: Duration, capacity: usize) -> Self {
        Self { ttl, capacity: capacity.max(1), entries: Mutex::new(HashMap::new()) }
    }

    fn get(&self, key: &K) -> Option<V> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.get(key) {
            Some((at, value)) if at.elapsed() < self.ttl => Some(value.clone()),
            Some(_) => {
                entries.remove(key);
                None
            }
            None => None,
        }
    }

    fn insert(&self, key: K, value: V) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if !entries.contains_key(&key) && entries.len() >= self.capacity {
            let ttl = self.ttl;
            entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if entries.len() >= self.capacity {
                if let Some(oldest) = entries.iter().min_by_key(|(_, (at, _))| *at).map(|(k, _)| k.clone()) {
                    entries.remove(&oldest);
                }
            }
        }
        entries.insert(key, (Instant::now(), value));
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.lock().unwrap().len()
    }
}

// Google's JSON, only the fields asked for in the field masks.

#[derive(Deserialize)]
#[serde(untagged)]
enum ErrorEnvelope {
    One { error: GoogleError },
    /// Some Google front ends wrap the error in an array.
    List(Vec<ErrorEnvelopeItem>),
}

#[derive(Deserialize)]
struct ErrorEnvelopeItem {
    error: GoogleError,
}

impl ErrorEnvelope {
    fn into_error(self) -> Option<GoogleError> {
        match self {
            ErrorEnvelope::One { error } => Some(error),
            ErrorEnvelope::List(items) => items.into_iter().next().map(|i| i.error),
        }
    }
}

#[derive(Deserialize)]
struct GoogleError {
    message: Option<String>,
    status: Option<String>,
    #[serde(default)]
    details: Vec<GoogleErrorDetail>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoogleErrorDetail {
    reason: Option<String>,
    /// In `google.rpc.RetryInfo`.
    retry_delay: Option<String>,
}

#[derive(Deserialize)]
struct AutocompleteResponse {
    suggestions: Option<Vec<RawSuggestion>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawSuggestion {
    /// Query predictions (`queryPrediction`) are skipped.
    place_prediction: Option<PlacePrediction>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlacePrediction {
    place_id: Option<String>,
    text: Option<FormattableText>,
    structured_format: Option<StructuredFormat>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StructuredFormat {
    main_text: Option<FormattableText>,
    secondary_text: Option<FormattableText>,
}

#[derive(Deserialize)]
struct FormattableText {
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceResponse {
    id: Option<String>,
    formatted_address: Option<String>,
    display_name: Option<FormattableText>,
    location: Option<GoogleLatLng>,
}

#[derive(Deserialize)]
struct GoogleLatLng {
    #[serde(default)]
    latitude: f64,
    #[serde(default)]
    longitude: f64,
}

#[derive(Deserialize)]
struct RoutesResponse {
    routes: Option<Vec<GoogleRoute>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoogleRoute {
    distance_meters: Option<f64>,
    duration: Option<String>,
}

#[cfg(test)]
mod tests {
    //! Against a fake Google on 127.0.0.1 that answers in the documented formats.
    use std::sync::{Arc, Mutex};

    use actix_web::{http::StatusCode as ActixStatus, web, App, HttpRequest, HttpResponse, HttpServer};
    use serde_json::{json, Value};

    use super::*;

    const KEY: &str = "AIzaTest-key_0123456789abcdef";
    const SESSION: &str = "2f1c7e0a-5b8d-4c3e-9f10-1234567890ab";

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
            Some(r) => json!([{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": r, "domain": "googleapis.com",
                "metadata": {"service": "places.googleapis.com", "consumer": "projects/123"}}]),
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
            let settings = GoogleSettings { places_url: self.url.clone(), routes_url: self.url.clone(), timeout_ms };
            GoogleMaps::new(&settings, SecretString::from(KEY))
        }

        async fn stop(self) {
            self.handle.stop(false).await;
        }
    }

    fn place(id: &str, lat: f64, lon: f64) -> PlaceDetails {
        PlaceDetails { id: id.into(), formatted_address: id.into(), display_name: id.into(), location: LatLon { lat, lon } }
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
                secondary_text: "Evert van de Beekstraat, Schiphol, Nederland".into()
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
        assert_eq!(body["locationBias"], json!({"circle": {"center": {"latitude": 51.1942, "longitude": 5.9875}, "radius": 50000.0}}));
        assert_eq!(body["origin"], json!({"latitude": 51.1942, "longitude": 5.9875}));
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
        let fake = Fake::start(|_, i| if i == 0 { reply(200, json!({})) } else { reply(200, json!({"suggestions": []})) }).await;
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
                "location": {"latitude": 52.3105, "longitude": 4.7683}, "displayName": {"text": name, "languageCode": "en"}}))
        })
        .await;
        let google = fake.google(2_000);
        let details = google.details("ChIJ_schiphol-1", Lang::En, Some(SESSION)).await.unwrap();
        assert_eq!(
            details,
            PlaceDetails {
                id: "ChIJ_schiphol-1".into(),
                formatted_address: "Evert van de Beekstraat 202, 1118 CP Schiphol, Netherlands".into(),
                display_name: "Schiphol Airport".into(),
                location: LatLon { lat: 52.3105, lon: 4.7683 },
            }
        );
        let seen = fake.seen(0);
        assert_eq!(seen.method, "GET");
        assert_eq!(seen.path, "/v1/places/ChIJ_schiphol-1");
        assert_eq!(seen.query["languageCode"], "en");
        assert_eq!(seen.query["regionCode"], "nl");
        assert_eq!(seen.query["sessionToken"], SESSION);
        assert!(!seen.query.contains_key("key"));
        assert_eq!(seen.headers["x-goog-api-key"], KEY);
        assert_eq!(seen.headers["x-goog-fieldmask"], "id,formattedAddress,displayName,location");

        // Cache hit: same id and language, no second call.
        assert_eq!(google.details("ChIJ_schiphol-1", Lang::En, None).await.unwrap(), details);
        assert_eq!(fake.calls(), 1);
        // Another language is another entry.
        let german = google.details("ChIJ_schiphol-1", Lang::De, Some("bad token!")).await.unwrap();
        assert_eq!(german.display_name, "Flughafen Schiphol");
        assert_eq!(fake.calls(), 2);
        assert!(!fake.seen(1).query.contains_key("sessionToken"), "invalid tokens are not sent");
        fake.stop().await;
    }

    #[actix_web::test]
    async fn details_404_is_not_found_without_retry_and_hostile_ids_never_reach_google() {
        let fake = Fake::start(|_, _| google_error(404, "NOT_FOUND", "Requested entity was not found.", None)).await;
        let google = fake.google(2_000);
        assert_eq!(google.details("ChIJstale", Lang::Nl, Some(SESSION)).await, Err(PlacesError::NotFound));
        assert_eq!(fake.calls(), 1, "404 is not retried");

        let long = "A".repeat(MAX_PLACE_ID_LEN + 1);
        let hostile = [
            "", " ", "../../v1/places:autocomplete", "ChIJ/../x", "ChIJ?key=1", "ChIJ#x", "ChIJ%2F", "places/ChIJ", "ChIJ x",
            "ChIJ\nX-Injected: 1", "ChIJ\r\n", "ChIJ.json", "ChİJ", "ChIJ\0", "ChIJ&sessionToken=x", long.as_str(),
        ];
        for id in hostile {
            assert_eq!(google.details(id, Lang::Nl, None).await, Err(PlacesError::NotFound), "{id:?}");
        }
        assert_eq!(fake.calls(), 1, "hostile ids make no call");
        assert!(is_valid_place_id(&"A".repeat(MAX_PLACE_ID_LEN)));
        fake.stop().await;
    }

    #[actix_web::test]
    async fn details_without_a_location_is_unavailable() {
        let fake = Fake::start(|_, _| reply(200, json!({"id": "ChIJx", "formattedAddress": "Somewhere"}))).await;
        let google = fake.google(2_000);
        assert!(matches!(google.details("ChIJx", Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
        fake.stop().await;
    }

    #[actix_web::test]
    async fn compute_routes_sends_the_documented_request_parses_durations_and_is_cached() {
        let fake = Fake::start(|_, _| reply(200, json!({"routes": [{"distanceMeters": 151234, "duration": "5521.25s"}]}))).await;
        let google = fake.google(2_000);
        let (roermond, schiphol) = (place("ChIJroermond", 51.1942, 5.9875), place("ChIJschiphol", 52.3105, 4.7683));
        let route = google.route(&roermond, &schiphol).await.unwrap();
        assert_eq!(route, RouteEstimate { distance_m: 151_234.0, duration_s: 5521.25 });

        let seen = fake.seen(0);
        assert_eq!(seen.method, "POST");
        assert_eq!(seen.path, "/directions/v2:computeRoutes");
        assert_eq!(seen.headers["x-goog-api-key"], KEY);
        assert_eq!(seen.headers["x-goog-fieldmask"], "routes.distanceMeters,routes.duration");
        assert!(seen.headers["content-type"].starts_with("application/json"));
        assert_eq!(seen.body["origin"], json!({"location": {"latLng": {"latitude": 51.1942, "longitude": 5.9875}}}));
        assert_eq!(seen.body["destination"], json!({"location": {"latLng": {"latitude": 52.3105, "longitude": 4.7683}}}));
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

    #[actix_web::test]
    async fn invalid_argument_is_unavailable_without_retry_and_hides_the_key() {
        let fake = Fake::start(|_, _| {
            google_error(400, "INVALID_ARGUMENT", &format!("API key not valid. Please pass a valid API key. ({KEY})"), Some("API_KEY_INVALID"))
        })
        .await;
        let google = fake.google(2_000);
        let error = google.suggestions("Roermond", Lang::Nl, None).await.unwrap_err();
        assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("INVALID_ARGUMENT") && m.contains("API_KEY_INVALID")), "{error}");
        assert!(error.to_string().contains("HTTP 400"), "{error}");
        assert_key_hidden(&error);
        assert_eq!(fake.calls(), 1, "400 is not retried");
        assert!(!format!("{google:?}").contains(KEY));
        fake.stop().await;
    }

    #[actix_web::test]
    async fn permission_denied_service_disabled_is_unavailable_without_retry() {
        let fake = Fake::start(|_, _| {
            google_error(403, "PERMISSION_DENIED", "Routes API has not been used in project 123 before or it is disabled.", Some("SERVICE_DISABLED"))
        })
        .await;
        let google = fake.google(2_000);
        for error in [
            google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await.unwrap_err(),
            google.details("ChIJx", Lang::Nl, None).await.unwrap_err(),
            google.suggestions("Venlo", Lang::Nl, None).await.unwrap_err(),
        ] {
            assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("PERMISSION_DENIED") && m.contains("SERVICE_DISABLED")), "{error}");
            assert_key_hidden(&error);
        }
        assert_eq!(fake.calls(), 3, "403 is not retried");
        fake.stop().await;
    }

    #[actix_web::test]
    async fn resource_exhausted_is_retried_once_then_unavailable() {
        let fake = Fake::start(|_, _| google_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Requests'.", None)).await;
        let google = fake.google(2_000);
        let error = google.details("ChIJx", Lang::Nl, None).await.unwrap_err();
        assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("RESOURCE_EXHAUSTED")), "{error}");
        assert_key_hidden(&error);
        assert_eq!(fake.calls(), 2, "one retry");
        fake.stop().await;
    }

    #[actix_web::test]
    async fn resource_exhausted_then_success_succeeds() {
        let fake = Fake::start(|_, i| {
            if i == 0 {
                google_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", None)
            } else {
                reply(200, json!({"routes": [{"distanceMeters": 1000, "duration": "60s"}]}))
            }
        })
        .await;
        let google = fake.google(2_000);
        let route = google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await.unwrap();
        assert_eq!(route, RouteEstimate { distance_m: 1000.0, duration_s: 60.0 });
        assert_eq!(fake.calls(), 2);
        fake.stop().await;
    }

    #[actix_web::test]
    async fn a_long_retry_delay_from_google_is_not_waited_for() {
        let fake = Fake::start(|_, _| {
            reply(429, json!({"error": {"code": 429, "message": "Quota exceeded.", "status": "RESOURCE_EXHAUSTED",
                "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"}]}}))
        })
        .await;
        let google = fake.google(2_000);
        assert!(matches!(google.suggestions("Venlo", Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
        assert_eq!(fake.calls(), 1);
        fake.stop().await;
    }

    #[actix_web::test]
    async fn server_errors_are_retried_once() {
        let fake = Fake::start(|seen, i| match (seen.path.as_str(), i) {
            (_, 0) => google_error(503, "UNAVAILABLE", "The service is currently unavailable.", None),
            (_, 1) => reply(200, json!({"suggestions": [prediction("ChIJa", "A", None)]})),
            _ => google_error(500, "INTERNAL", "Internal error encountered.", None),
        })
        .await;
        let google = fake.google(2_000);
        assert_eq!(google.suggestions("Roermond", Lang::Nl, None).await.unwrap().len(), 1, "503 then success");
        assert_eq!(fake.calls(), 2);
        let error = google.details("ChIJx", Lang::Nl, None).await.unwrap_err();
        assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("HTTP 500") && m.contains("INTERNAL")), "{error}");
        assert_eq!(fake.calls(), 4, "500 retried once");
        fake.stop().await;
    }

    #[actix_web::test]
    async fn a_slow_google_times_out_within_the_budget() {
        let fake = Fake::start(|_, _| Reply { delay: Duration::from_secs(5), ..reply(200, json!({"suggestions": []})) }).await;
        let google = fake.google(400);
        let started = Instant::now();
        let error = google.details("ChIJslow", Lang::Nl, None).await.unwrap_err();
        let elapsed = started.elapsed();
        assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("timed out")), "{error}");
        assert_key_hidden(&error);
        assert_eq!(fake.calls(), 2, "a timeout is retried once");
        assert!(elapsed >= Duration::from_millis(400), "{elapsed:?}");
        assert!(elapsed < Duration::from_millis(800 + 300), "within {BUDGET_FACTOR} × timeout_ms: {elapsed:?}");
        fake.stop().await;
    }

    #[actix_web::test]
    async fn bad_json_and_unexpected_404s_are_unavailable() {
        let fake = Fake::start(|seen, _| match seen.path.as_str() {
            "/v1/places:autocomplete" => Reply { status: 200, body: "<html>not json".into(), delay: Duration::ZERO },
            "/v1/places/ChIJhtml" => Reply { status: 502, body: "<html>Bad Gateway</html>".into(), delay: Duration::ZERO },
            _ => reply(404, json!({"error": {"code": 404, "message": "Not found", "status": "NOT_FOUND"}})),
        })
        .await;
        let google = fake.google(2_000);
        assert!(matches!(google.suggestions("Roermond", Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
        assert!(matches!(google.details("ChIJhtml", Lang::Nl, None).await, Err(PlacesError::Unavailable(m)) if m.contains("HTTP 502")));
        // A 404 from computeRoutes is a wrong URL, not a missing place.
        assert!(matches!(google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await, Err(PlacesError::Unavailable(_))));
        fake.stop().await;
    }

    #[actix_web::test]
    async fn a_refused_connection_is_unavailable() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let settings = GoogleSettings { places_url: format!("http://127.0.0.1:{port}"), routes_url: format!("http://127.0.0.1:{port}"), timeout_ms: 1_000 };
        let google = GoogleMaps::new(&settings, SecretString::from(KEY));
        let error = google.suggestions("Roermond", Lang::Nl, None).await.unwrap_err();
        assert!(matches!(&error, PlacesError::Unavailable(_)), "{error}");
        assert_key_hidden(&error);
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
}
