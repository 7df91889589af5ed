//! The provider the configuration chose: Google when `TAXI_GOOGLE_MAPS_KEY` is
//! set, otherwise the embedded gazetteer.
//!
//! With Google, the gazetteer is kept too: it answers whatever Google's call
//! budget refuses (see [`crate::places::budget`]), so visitors get suggestions
//! and prices while the budget is used up. Its ids then reach the page, so a
//! details call for an id the gazetteer knows is answered by the gazetteer (its
//! ids and Google's cannot be confused: Google's have no `:` and are long).
use crate::places::{
    budget::BudgetReport, gazetteer::Gazetteer, google::GoogleMaps, PlaceDetails, PlacesError,
    PlacesProvider, RouteEstimate, Suggestion,
};
use crate::{
    config::Settings,
    types::{Lang, PlaceId},
};

pub enum Places {
    Embedded(Gazetteer),
    Google { maps: GoogleMaps, offline: Gazetteer },
}

impl Places {
    pub fn from_settings(settings: &Settings) -> Self {
        let centre = settings.tariff.zone.centre();
        let offline = Gazetteer::embedded(centre);
        match &settings.secrets.google_maps_key {
            Some(key) => {
                Places::Google { maps: GoogleMaps::new(&settings.google, key.clone(), centre), offline }
            }
            None => Places::Embedded(offline),
        }
    }

    /// Whether the provider can answer: the gazetteer has its places; Google has a key
    /// (whether Google accepts it shows in the provider-error metrics, not here:
    /// a readiness probe must not spend quota).
    pub fn is_ready(&self) -> bool {
        match self {
            Places::Embedded(gazetteer) => !gazetteer.is_empty(),
            Places::Google { .. } => true,
        }
    }

    /// Whether look-ups cost money (Google), so pages that make them on their own
    /// are worth limiting; the gazetteer's cost nothing.
    pub fn is_paid(&self) -> bool {
        matches!(self, Places::Google { .. })
    }

    /// The state of Google's call budget; `None` without Google.
    pub fn budget(&self) -> Option<BudgetReport> {
        match self {
            Places::Embedded(_) => None,
            Places::Google { maps, .. } => Some(maps.budget().report()),
        }
    }

    /// For metrics.
    fn name(&self) -> &'static str {
        match self {
            Places::Embedded(_) => "gazetteer",
            Places::Google { .. } => "google",
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
            Places::Google { .. } => {
                "Google Maps Platform (Places API (New), Routes API), the offline gazetteer beyond the call budget"
            }
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
            Places::Google { maps, offline } => match maps.suggestions(input, lang, session).await {
                Err(PlacesError::OverBudget) => offline.suggestions(input, lang, None).await,
                other => other,
            },
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
            Places::Google { maps, offline } => match offline.place_details(id.as_str(), lang) {
                Ok(place) => Ok(place),
                // A Google id while the budget is used up: the visitor searches again
                // and gets the gazetteer's places.
                Err(_) => match maps.details(id, lang, session).await {
                    Err(PlacesError::OverBudget) => Err(PlacesError::NotFound),
                    other => other,
                },
            },
        };
        self.counted("details", result)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        let result = match self {
            Places::Embedded(p) => p.route(from, to).await,
            Places::Google { maps, offline } => match maps.route(from, to).await {
                Err(PlacesError::OverBudget) => offline.route(from, to).await,
                other => other,
            },
        };
        self.counted("route", result)
    }
}
