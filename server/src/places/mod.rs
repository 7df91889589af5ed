//! Address search and routes: the provider interface and its implementations.
//!
//! - [`gazetteer`]: the embedded default, no key and no network: localities,
//!   airports and railway stations of NL, DE and BE from open data, with a route
//!   estimate from crow-fly distance.
//! - [`google`]: Google Maps Platform (Places API (New) and Routes API), chosen
//!   when `TAXI_GOOGLE_MAPS_KEY` is set.
//!
//! Place ids belong to the provider that issued them.
use serde::Serialize;

pub mod google;
mod provider;

pub use provider::Places;

use crate::domain::{Lang, LatLon};

pub mod gazetteer;

/// One entry of the suggestion list (`/api/place-suggestions`).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub id: String,
    pub main_text: String,
    pub secondary_text: String,
}

/// A chosen place (`/api/place-details/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PlaceDetails {
    pub id: String,
    pub formatted_address: String,
    pub display_name: String,
    #[serde(skip)]
    pub location: LatLon,
}

/// Road distance and driving time between two places.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RouteEstimate {
    pub distance_m: f64,
    pub duration_s: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacesError {
    /// Unknown or stale place id.
    #[error("place not found")]
    NotFound,
    /// The provider found no route between the places.
    #[error("no route between the places")]
    NoRoute,
    /// The provider could not answer (down, quota, timeout, bad key): the
    /// message is for the log only.
    #[error("places provider unavailable: {0}")]
    Unavailable(String),
}

/// What a places provider offers. Implemented by the gazetteer and by Google.
#[allow(async_fn_in_trait)]
pub trait PlacesProvider {
    /// At most 8 suggestions for what the visitor typed, in `lang`, NL/DE/BE only.
    async fn suggestions(&self, input: &str, lang: Lang, session: Option<&str>) -> Result<Vec<Suggestion>, PlacesError>;
    /// The place behind a suggestion id; ends the search session.
    async fn details(&self, id: &str, lang: Lang, session: Option<&str>) -> Result<PlaceDetails, PlacesError>;
    /// Driving distance and time.
    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError>;
}
