//! The provider the configuration chose: Google when `TAXI_GOOGLE_MAPS_KEY` is
//! set, otherwise the embedded gazetteer.
use super::{gazetteer::Gazetteer, google::GoogleMaps, PlaceDetails, PlacesError, PlacesProvider, RouteEstimate, Suggestion};
use crate::{config::Settings, domain::Lang};

pub enum Places {
    Embedded(Gazetteer),
    Google(GoogleMaps),
}

impl Places {
    pub fn from_settings(settings: &Settings) -> Self {
        match &settings.secrets.google_maps_key {
            Some(key) => Places::Google(GoogleMaps::new(&settings.google, key.clone())),
            None => Places::Embedded(Gazetteer::embedded()),
        }
    }

    /// For the start-up log.
    pub fn description(&self) -> &'static str {
        match self {
            Places::Embedded(_) => "embedded offline gazetteer (no key, no network)",
            Places::Google(_) => "Google Maps Platform (Places API (New), Routes API)",
        }
    }
}

impl PlacesProvider for Places {
    async fn suggestions(&self, input: &str, lang: Lang, session: Option<&str>) -> Result<Vec<Suggestion>, PlacesError> {
        match self {
            Places::Embedded(p) => p.suggestions(input, lang, session).await,
            Places::Google(p) => p.suggestions(input, lang, session).await,
        }
    }

    async fn details(&self, id: &str, lang: Lang, session: Option<&str>) -> Result<PlaceDetails, PlacesError> {
        match self {
            Places::Embedded(p) => p.details(id, lang, session).await,
            Places::Google(p) => p.details(id, lang, session).await,
        }
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        match self {
            Places::Embedded(p) => p.route(from, to).await,
            Places::Google(p) => p.route(from, to).await,
        }
    }
}
