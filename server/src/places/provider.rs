//! The provider the configuration chose: Google when `TAXI_GOOGLE_MAPS_KEY` is
//! set, otherwise the embedded gazetteer.
//!
//! With Google, the gazetteer is kept too: it answers whatever Google's call
//! budget refuses (see [`crate::places::budget`]), so visitors get suggestions
//! and prices while the budget is used up. Its ids then reach the page, so a
//! details call for an id the gazetteer knows is answered by the gazetteer (its
//! ids and Google's cannot be confused: Google's have no `:` and are long).
//! The company's frequent places (`places.frequent`) live in the gazetteer:
//! with Google, those the text names in full ('LZR', 'outlet') come first (at
//! most [`MAX_FREQUENT_FIRST`]), and their ids are answered by the gazetteer too.
use crate::places::{
    budget::BudgetReport, gazetteer::Gazetteer, google::GoogleMaps, PlaceDetails, PlacesError,
    PlacesProvider, RouteEstimate, Suggestion,
};
use crate::{
    config::Settings,
    types::{Lang, PlaceId},
};

/// Most frequent places put before Google's suggestions.
const MAX_FREQUENT_FIRST: usize = 2;

/// The gazetteer, and Google when a key is set.
pub struct Places {
    offline: Gazetteer,
    google: Option<GoogleMaps>,
}

impl Places {
    pub fn from_settings(settings: &Settings) -> Self {
        let centre = settings.tariff.zone.centre();
        let google = settings
            .secrets
            .google_maps_key
            .as_ref()
            .map(|key| GoogleMaps::new(&settings.google, key.clone(), centre));
        Self { offline: Gazetteer::for_settings(settings), google }
    }

    /// Whether the provider can answer: the gazetteer has its places; Google has a key
    /// (whether Google accepts it shows in the provider-error metrics, not here:
    /// a readiness probe must not spend quota).
    pub fn is_ready(&self) -> bool {
        self.google.is_some() || !self.offline.is_empty()
    }

    /// Whether look-ups cost money (Google), so pages that make them on their own
    /// are worth limiting; the gazetteer's cost nothing.
    pub fn is_paid(&self) -> bool {
        self.google.is_some()
    }

    /// The state of Google's call budget; `None` without Google.
    pub fn budget(&self) -> Option<BudgetReport> {
        self.google.as_ref().map(|maps| maps.budget().report())
    }

    /// For metrics.
    fn name(&self) -> &'static str {
        if self.google.is_some() {
            "google"
        } else {
            "gazetteer"
        }
    }

    /// Counts the calls the provider could not answer (not "not found", which is an answer).
    fn counted<T>(&self, operation: &'static str, result: Result<T, PlacesError>) -> Result<T, PlacesError> {
        if matches!(result, Err(PlacesError::Unavailable(_))) {
            crate::telemetry::metrics::provider_error(self.name(), operation);
        }
        result
    }

    /// Google's suggestions after the frequent places `input` names: Google
    /// knows no short names ('LZR', 'ECI') and ranks the company's places as any.
    /// Google's own entry of the same name is left out.
    fn frequent_first(&self, input: &str, lang: Lang, found: Vec<Suggestion>) -> Vec<Suggestion> {
        let mut list = self.offline.frequent_suggestions(input, lang, MAX_FREQUENT_FIRST);
        let ours = |s: &Suggestion| list.iter().any(|f| f.main_text.eq_ignore_ascii_case(&s.main_text));
        let google: Vec<Suggestion> = found.into_iter().filter(|s| !ours(s)).collect();
        list.extend(google);
        list.truncate(crate::types::limits::LIMITS.max_suggestions);
        list
    }

    /// Routes a price compares with each other (a ride with a stop: the direct route and
    /// both legs), all from one provider: when Google's budget refuses one, the gazetteer
    /// answers them all, as it answers every route beyond the budget. Each refused on its own
    /// made a detour of Google's legs less the gazetteer's route (or the other way round).
    pub async fn routes_alike(
        &self,
        [a, b, c]: [(&PlaceDetails, &PlaceDetails); 3],
    ) -> [Result<RouteEstimate, PlacesError>; 3] {
        let offline = || async {
            let o = &self.offline;
            let (x, y, z) = tokio::join!(o.route(a.0, a.1), o.route(b.0, b.1), o.route(c.0, c.1));
            [x, y, z]
        };
        let found = match &self.google {
            Some(maps) => {
                let (x, y, z) =
                    tokio::join!(maps.route(a.0, a.1), maps.route(b.0, b.1), maps.route(c.0, c.1));
                [x, y, z]
            }
            None => offline().await,
        };
        let found = match found.iter().any(|r| matches!(r, Err(PlacesError::OverBudget))) {
            true => offline().await,
            false => found,
        };
        found.map(|route| self.counted("route", route))
    }

    /// For the start-up log.
    pub fn description(&self) -> &'static str {
        if self.google.is_some() {
            "Google Maps Platform (Places API (New), Routes API), the offline gazetteer beyond the call budget"
        } else {
            "embedded offline gazetteer (no key, no network)"
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
        let result = match &self.google {
            Some(maps) => match maps.suggestions(input, lang, session).await {
                Err(PlacesError::OverBudget) => self.offline.suggestions(input, lang, None).await,
                Ok(found) => Ok(self.frequent_first(input, lang, found)),
                other => other,
            },
            None => self.offline.suggestions(input, lang, session).await,
        };
        self.counted("suggestions", result)
    }

    async fn details(
        &self,
        id: &PlaceId,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<PlaceDetails, PlacesError> {
        let result = match (&self.google, self.offline.place_details(id.as_str(), lang)) {
            (None, offline) | (Some(_), offline @ Ok(_)) => offline,
            // A Google id while the budget is used up: the visitor searches again
            // and gets the gazetteer's places.
            (Some(maps), Err(_)) => match maps.details(id, lang, session).await {
                Err(PlacesError::OverBudget) => Err(PlacesError::NotFound),
                other => other,
            },
        };
        self.counted("details", result)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        let result = match &self.google {
            Some(maps) => match maps.route(from, to).await {
                Err(PlacesError::OverBudget) => self.offline.route(from, to).await,
                other => other,
            },
            None => self.offline.route(from, to).await,
        };
        self.counted("route", result)
    }
}
