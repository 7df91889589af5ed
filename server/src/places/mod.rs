//! Address search and routes: the provider interface and its implementations.
//!
//! - [`gazetteer`]: the embedded default, no key and no network: localities,
//!   airports, railway stations, postcodes and well-known places of NL, DE and
//!   BE from open data, with a route estimate from crow-fly distance.
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
    /// Placed only roughly (a typed street at its town, a postcode area): the list says so.
    pub approximate: bool,
}

/// What a chosen place is. A `locality` or `postcode` names no street: a pick-up
/// there needs the street and house number asked separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum PlaceKind {
    /// A street address (typed, or from Google).
    Address,
    Locality,
    Postcode,
    Airport,
    Station,
    /// A well-known place: hospital, shopping centre, venue.
    Poi,
}

/// A chosen place (`/api/place-details/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PlaceDetails {
    pub id: String,
    pub formatted_address: String,
    pub display_name: String,
    /// Always sent; optional for the client, which also builds places from form values.
    #[ts(as = "Option<PlaceKind>", optional)]
    pub kind: PlaceKind,
    /// Whether `location` is only roughly the place (see [`Suggestion::approximate`]).
    #[ts(as = "Option<bool>", optional)]
    pub approximate: bool,
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
