//! The provider the configuration chose: Google when `TAXI_GOOGLE_MAPS_KEY` is
//! set, otherwise the embedded gazetteer.
use crate::places::{
    gazetteer::Gazetteer, google::GoogleMaps, PlaceDetails, PlacesError, PlacesProvider, RouteEstimate,
    Suggestion,
};
use crate::{
    config::Settings,
    types::{Lang, PlaceId},
};

pub enum Places {
    Embedded(Gazetteer),
    Google(GoogleMaps),
}

impl Places {
    pub fn from_settings(settings: &Settings) -> Self {
        let centre = settings.tariff.zone.centre();
        match &settings.secrets.google_maps_key {
            Some(key) => Places::Google(GoogleMaps::new(&settings.google, key.clone(), centre)),
            None => Places::Embedded(Gazetteer::embedded(centre)),
        }
    }

    /// Whether the provider can answer: the gazetteer has its places; Google has a key
    /// (whether Google accepts it shows in the provider-error metrics, not here:
    /// a readiness probe must not spend quota).
    pub fn is_ready(&self) -> bool {
        match self {
            Places::Embedded(gazetteer) => !gazetteer.is_empty(),
            Places::Google(_) => true,
        }
    }

    /// For metrics.
    fn name(&self) -> &'static str {
        match self {
            Places::Embedded(_) => "gazetteer",
            Places::Google(_) => "google",
        }
    }

    /// Counts the calls the provider could not answer (not "not found", which is an answer).
    fn counted<T>(&self, operation: &'static str, result: Result<T, PlacesError>) -> Result<T, PlacesError> {
        if matches!(result, Err(PlacesError::Unavailable(_))) {
            crate::telemetry::metrics::provider_error(self.name(), operation);
        }
        result
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
    async fn suggestions(
        &self,
        input: &str,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<Vec<Suggestion>, PlacesError> {
        let result = match self {
            Places::Embedded(p) => p.suggestions(input, lang, session).await,
            Places::Google(p) => p.suggestions(input, lang, session).await,
        };
        self.counted("suggestions", result)
    }

    async fn details(
        &self,
        id: &PlaceId,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<PlaceDetails, PlacesError> {
        let result = match self {
            Places::Embedded(p) => p.details(id, lang, session).await,
            Places::Google(p) => p.details(id, lang, session).await,
        };
        self.counted("details", result)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        let result = match self {
            Places::Embedded(p) => p.route(from, to).await,
            Places::Google(p) => p.route(from, to).await,
        };
        self.counted("route", result)
    }
}
