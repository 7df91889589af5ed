//! Google Maps Platform: Places API (New) for suggestions and details, Routes API
//! for distance and driving time. Chosen when `TAXI_GOOGLE_MAPS_KEY` is set.
//!
//! - Autocomplete: `POST {places_url}/v1/places:autocomplete`, NL/DE/BE only, biased
//!   to 50 km around the tariff zone's centre, in the page language, with the visitor's
//!   session token.
//! - Details: `GET {places_url}/v1/places/{id}` with the same token, which ends the
//!   session, so the whole search is billed as one session (see `docs/external-apis.md`).
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
//! Every call that leaves takes one from the site-wide [`CallBudget`]; when it is
//! used up the call is not made and the answer is [`PlacesError::OverBudget`],
//! which [`crate::places::Places`] answers from the offline gazetteer.
//!
//! Caching, within Google's terms: details (per id and language) for
//! [`DETAILS_TTL`], routes (per pair of points) for [`ROUTE_TTL`], both in memory
//! and bounded in size. Suggestions are never cached.
//!
//! The key travels only in the `X-Goog-Api-Key` header (marked sensitive), never in
//! a URL, and is scrubbed from every message this module produces.
//!
//! Files: [`client`] sends the calls and classifies failures; [`mapping`] reads
//! Google's JSON into our types; [`cache`] keeps details and routes.
use std::time::Duration;

use reqwest::{header::HeaderValue, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;

use crate::places::{
    budget::CallBudget, PlaceDetails, PlacesError, PlacesProvider, RouteEstimate, Suggestion,
};
use crate::{
    config::GoogleSettings,
    types::{limits::LIMITS, Lang, LatLon, PlaceId, MAX_PLACE_ID_LEN},
};

mod cache;
mod client;
mod mapping;

use crate::places::google::cache::{RouteKey, TtlCache};
use crate::places::google::client::http_client;
pub use crate::places::google::client::{BUDGET_FACTOR, MAX_CONNECT_TIMEOUT};
use crate::places::google::mapping::{
    is_valid_point, lat_lng, AutocompleteResponse, PlaceResponse, RoutesResponse,
};

/// Radius of the search bias around the zone's centre, in metres (the documented maximum).
const BIAS_RADIUS_M: f64 = 50_000.0;
/// Countries whose places are suggested.
const REGION_CODES: [&str; 3] = ["nl", "de", "be"];
/// Region for formatting and bias.
const REGION: &str = "nl";

const MAX_SUGGESTIONS: usize = LIMITS.max_suggestions;
const MIN_INPUT_CHARS: usize = LIMITS.search_min_chars;
const MAX_INPUT_CHARS: usize = LIMITS.search_max_chars;
/// Google's limit for session tokens.
const MAX_SESSION_TOKEN_LEN: usize = 36;

const AUTOCOMPLETE_FIELD_MASK: &str =
    "suggestions.placePrediction.placeId,suggestions.placePrediction.structuredFormat,suggestions.placePrediction.text,suggestions.placePrediction.types";
const DETAILS_FIELD_MASK: &str = "id,formattedAddress,displayName,location,types";
const ROUTES_FIELD_MASK: &str = "routes.distanceMeters,routes.duration";

/// How long a place's details are kept.
pub const DETAILS_TTL: Duration = Duration::from_secs(30 * 60);
const DETAILS_CACHE_CAPACITY: usize = 2_000;
/// How long a route between two points is kept.
pub const ROUTE_TTL: Duration = Duration::from_secs(10 * 60);
const ROUTE_CACHE_CAPACITY: usize = 2_000;

/// Google Maps Platform as a [`PlacesProvider`].
pub struct GoogleMaps {
    client: reqwest::Client,
    places_url: String,
    routes_url: String,
    /// `None` when the key has characters a header cannot carry: every call then fails.
    key_header: Option<HeaderValue>,
    key: SecretString,
    timeout: Duration,
    /// Centre of the search bias and origin for distances in suggestions.
    centre: LatLon,
    details_cache: TtlCache<(String, Lang), PlaceDetails>,
    route_cache: TtlCache<RouteKey, RouteEstimate>,
    /// Checked before each call leaves (cache hits cost nothing).
    budget: CallBudget,
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
    /// A provider calling the URLs of `settings` with `key`, biased towards `centre`.
    ///
    /// # Panics
    /// When the TLS backend cannot start (rustls with bundled roots: not expected).
    pub fn new(settings: &GoogleSettings, key: SecretString, centre: LatLon) -> Self {
        let timeout = Duration::from_millis(settings.timeout_ms.max(1));
        let key_header = HeaderValue::from_str(key.expose_secret()).ok().map(|mut value| {
            value.set_sensitive(true);
            value
        });
        Self {
            client: http_client(timeout),
            places_url: settings.places_url.trim_end_matches('/').to_string(),
            routes_url: settings.routes_url.trim_end_matches('/').to_string(),
            key_header,
            key,
            timeout,
            centre,
            details_cache: TtlCache::new(DETAILS_TTL, DETAILS_CACHE_CAPACITY),
            route_cache: TtlCache::new(ROUTE_TTL, ROUTE_CACHE_CAPACITY),
            budget: CallBudget::new(settings.max_calls_per_hour, settings.max_calls_per_day),
        }
    }

    /// The site-wide call budget, for `/healthz/details`.
    pub fn budget(&self) -> &CallBudget {
        &self.budget
    }
}

impl PlacesProvider for GoogleMaps {
    async fn suggestions(
        &self,
        input: &str,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<Vec<Suggestion>, PlacesError> {
        const OP: &str = "places:autocomplete";
        let Some(input) = clean_input(input) else {
            return Ok(Vec::new());
        };
        let mut body = json!({
            "input": input,
            "includedRegionCodes": REGION_CODES,
            "languageCode": lang.code(),
            "regionCode": REGION,
            "locationBias": {"circle": {"center": lat_lng(self.centre), "radius": BIAS_RADIUS_M}},
            "origin": lat_lng(self.centre),
        });
        if let Some(token) = session.filter(|t| is_valid_session_token(t)) {
            body["sessionToken"] = token.into();
        }
        let url = format!("{}/v1/places:autocomplete", self.places_url);
        let response: AutocompleteResponse = self.post_json(OP, &url, AUTOCOMPLETE_FIELD_MASK, &body).await?;
        Ok(response.into_suggestions())
    }

    async fn details(
        &self,
        id: &PlaceId,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<PlaceDetails, PlacesError> {
        const OP: &str = "places.get";
        let id = id.as_str();
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
            .execute(OP, || {
                self.client.get(&url).query(&query).header("X-Goog-FieldMask", DETAILS_FIELD_MASK)
            })
            .await
            .map_err(|f| match f.status {
                Some(StatusCode::NOT_FOUND) => PlacesError::NotFound,
                _ => self.unavailable(OP, f),
            })?;
        let place: PlaceResponse = self.parse(OP, &response)?;
        let details = place.into_details(id).map_err(|missing| {
            PlacesError::Unavailable(format!("google {OP}: the place {id} has {missing}"))
        })?;
        self.details_cache.insert(cache_key, details.clone());
        Ok(details)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        const OP: &str = "routes:computeRoutes";
        for p in [from.location, to.location] {
            if !is_valid_point(p) {
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
        let response: RoutesResponse = self.post_json(OP, &url, ROUTES_FIELD_MASK, &body).await?;
        let estimate = match response.into_estimate() {
            Ok(Some(estimate)) => estimate,
            Ok(None) => {
                tracing::info!(op = OP, from = %from.id, to = %to.id, "Google found no route");
                return Err(PlacesError::NoRoute);
            }
            Err(odd) => {
                let message = format!("google {OP}: {odd}");
                tracing::warn!(op = OP, reason = "BAD_JSON", "Google call failed: {message}");
                return Err(PlacesError::Unavailable(message));
            }
        };
        self.route_cache.insert(cache_key, estimate);
        Ok(estimate)
    }
}

/// Whether `id` can be a Google place id: URL-safe characters only, bounded length.
/// Anything else never reaches a URL.
pub fn is_valid_place_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_PLACE_ID_LEN
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
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

#[cfg(test)]
mod tests;
