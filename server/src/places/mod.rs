//! Address search and routes: the provider interface and its implementations.
//!
//! - [`gazetteer`]: the embedded default, no key and no network: localities,
//!   airports, railway stations, postcodes and well-known places of NL, DE and
//!   BE from open data, with a route estimate from crow-fly distance.
//! - [`google`]: Google Maps Platform (Places API (New) and Routes API), chosen
//!   when `TAXI_GOOGLE_MAPS_KEY` is set, within a site-wide call [`budget`]
//!   beyond which the gazetteer answers.
//!
//! Place ids belong to the provider that issued them.
use serde::Serialize;

pub mod budget;
pub mod google;
mod listing;
mod provider;
mod resolve;

pub use crate::places::{
    listing::ListedPlace,
    provider::Places,
    resolve::{Resolution, MAX_CHOICES},
};

use crate::types::{Lang, LatLon, PlaceId};

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
    /// What the place is, when the provider says (an airport, a town, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<PlaceKind>,
    /// The text searched for names this place in full, not just its start or
    /// some of its words: the ground for taking typed text as this place.
    #[serde(skip)]
    #[ts(skip)]
    pub exact: bool,
    /// Every word typed is a whole word of its name, or of its town, region or
    /// country: none only begun, none typed with an error. The only suggestion
    /// of a search, when it is such, is what the text means; one found by the
    /// start of its name or despite a typing error may be a namesake of a
    /// place the provider does not know ('Berlingen' for 'Berlin'), and stays
    /// a question.
    #[serde(skip)]
    #[ts(skip)]
    pub whole_words: bool,
}

/// What a chosen place is. A `locality` or `postcode` names no street: a pick-up
/// there needs the street and house number asked separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ts_rs::TS)]
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

impl PlaceKind {
    /// What a place is, as far as its id tells without a look-up: the embedded
    /// gazetteer's ids say it by their lowercase first letter (`g`/`v`
    /// localities, `z` postcode areas, `a` airports), the company's districts
    /// by `d:` (localities). `None` for a typed
    /// address (`addr:`), a configured frequent place (`f:`), another
    /// provider's place (Google's ids start with a capital) and the
    /// gazetteer's other kinds, which no rule needs.
    pub fn of_id(id: &str) -> Option<Self> {
        if id.starts_with("addr:") || id.len() < 2 {
            return None;
        }
        if id.starts_with("d:") {
            // A district of the company's town (`places.districts`).
            return Some(PlaceKind::Locality);
        }
        match id.as_bytes()[0] {
            b'g' | b'v' => Some(PlaceKind::Locality),
            b'z' => Some(PlaceKind::Postcode),
            b'a' => Some(PlaceKind::Airport),
            _ => None,
        }
    }

    /// A whole town, village or postcode area: a pick-up there needs the street asked.
    pub fn names_no_street(self) -> bool {
        matches!(self, PlaceKind::Locality | PlaceKind::Postcode)
    }
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
    /// How others may be told of this place; see [`ListedPlace`].
    #[serde(skip)]
    #[ts(skip)]
    listing: ListedPlace,
}

impl PlaceDetails {
    /// A place the provider names itself: its words are its listing.
    pub(crate) fn new(
        id: String,
        formatted_address: String,
        display_name: String,
        kind: PlaceKind,
        approximate: bool,
        location: LatLon,
    ) -> Self {
        let listing = ListedPlace::new(display_name.clone(), formatted_address.clone());
        Self { id, formatted_address, display_name, kind, approximate, location, listing }
    }

    /// The place in words the server can vouch for (never text from its id).
    pub fn listing(&self) -> ListedPlace {
        self.listing.clone()
    }
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
    /// The site-wide budget of paid calls is used up: the call was not made.
    /// [`Places`] answers these from the offline gazetteer.
    #[error("the budget of calls to the provider is used up")]
    OverBudget,
}

/// What a places provider offers. Implemented by the gazetteer and by Google.
#[allow(async_fn_in_trait)]
pub trait PlacesProvider {
    /// At most 8 suggestions for what the visitor typed, in `lang`, NL/DE/BE only.
    async fn suggestions(
        &self,
        input: &str,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<Vec<Suggestion>, PlacesError>;
    /// The place behind a suggestion id; ends the search session.
    async fn details(
        &self,
        id: &PlaceId,
        lang: Lang,
        session: Option<&str>,
    ) -> Result<PlaceDetails, PlacesError>;
    /// Driving distance and time.
    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError>;
}

/// A new search session token, for a search the server makes itself (a route
/// typed as text): a random UUID v4, the form Google recommends. The browser
/// makes its own for the searches a visitor types.
pub fn new_session_token() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No random source: a unique-enough token still beats none for billing.
        bytes = fastrand::u128(..).to_le_bytes();
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

/// `GET /api/place-suggestions`.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct Suggestions {
    pub suggestions: Vec<Suggestion>,
}

#[cfg(test)]
mod kind_tests {
    use super::{new_session_token, PlaceKind};

    #[test]
    fn server_session_tokens_are_fresh_uuids_google_accepts() {
        let (a, b) = (new_session_token(), new_session_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4", "version 4: {a}");
        assert!(crate::places::google::is_valid_session_token(&a), "{a}");
    }

    #[test]
    fn kinds_from_gazetteer_ids() {
        let no_street = |id: &str| PlaceKind::of_id(id).is_some_and(PlaceKind::names_no_street);
        assert!(no_street("g2748000"));
        assert!(no_street("vnl-roermond-swalmen"));
        assert!(no_street("d:donderberg"), "a district of the company's town");
        assert!(no_street("z6041"), "a postcode area names no street");
        assert_eq!(PlaceKind::of_id("aAMS"), Some(PlaceKind::Airport));
        for other in [
            "s8000207",
            "addr:g2748000:TWFya3Q",
            "f:outlet",
            "ChIJLRb94DThxUcRiPHO8YMV1cc",
            "GhIJxyz",
            "",
            "g",
        ] {
            assert_eq!(PlaceKind::of_id(other), None, "{other}");
        }
    }
}
