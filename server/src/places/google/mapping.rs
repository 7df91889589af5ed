//! Google's JSON (only the fields asked for in the field masks) and how it
//! becomes our suggestions, places and routes.
use serde::Deserialize;
use serde_json::json;

use crate::places::google::{is_valid_place_id, MAX_SUGGESTIONS};
use crate::{
    places::{PlaceDetails, PlaceKind, RouteEstimate, Suggestion},
    types::LatLon,
};

/// A point as Google's `LatLng` JSON.
pub(crate) fn lat_lng(p: LatLon) -> serde_json::Value {
    json!({"latitude": p.lat, "longitude": p.lon})
}

/// A protobuf `Duration` in JSON: seconds with an `s`, maybe with decimals (`"2460s"`, `"0.5s"`).
pub(crate) fn parse_duration(text: &str) -> Option<f64> {
    let seconds: f64 = text.trim().strip_suffix('s')?.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then_some(seconds)
}

impl AutocompleteResponse {
    /// The place predictions with a valid id and a text to show, in Google's order.
    pub(crate) fn into_suggestions(self) -> Vec<Suggestion> {
        self.suggestions
            .unwrap_or_default()
            .into_iter()
            .filter_map(|s| s.place_prediction)
            .filter_map(|p| {
                let id = p.place_id.filter(|id| is_valid_place_id(id))?;
                let kind = kind_of(&p.types);
                let (main, secondary) = match p.structured_format {
                    Some(f) => (f.main_text, f.secondary_text.map(|t| t.text)),
                    None => (None, None),
                };
                let main = main.filter(|t| !t.text.trim().is_empty()).or(p.text)?;
                let exact = main.matched_in_full();
                (!main.text.trim().is_empty()).then(|| Suggestion {
                    id,
                    main_text: main.text,
                    secondary_text: secondary.unwrap_or_default(),
                    approximate: false,
                    kind,
                    exact,
                    whole_words: exact,
                })
            })
            .take(MAX_SUGGESTIONS)
            .collect()
    }
}

impl PlaceResponse {
    /// The place asked for as `id`; `Err` says what is missing.
    pub(crate) fn into_details(self, id: &str) -> Result<PlaceDetails, &'static str> {
        let location = self
            .location
            .map(|l| LatLon { lat: l.latitude, lon: l.longitude })
            .filter(|l| is_valid_point(*l))
            .ok_or("no valid location")?;
        let display_name = self.display_name.map(|d| d.text).filter(|t| !t.trim().is_empty());
        let formatted_address = self.formatted_address.filter(|t| !t.trim().is_empty());
        let (display_name, formatted_address) = match (display_name, formatted_address) {
            (Some(name), Some(address)) => (name, address),
            (Some(one), None) | (None, Some(one)) => (one.clone(), one),
            (None, None) => return Err("no name or address"),
        };
        // The kind the rules need (a whole town asks for its street); an address else.
        Ok(PlaceDetails::new(
            self.id.filter(|i| is_valid_place_id(i)).unwrap_or_else(|| id.to_string()),
            formatted_address,
            display_name,
            kind_of(&self.types).unwrap_or(PlaceKind::Address),
            false,
            location,
        ))
    }
}

impl RoutesResponse {
    /// The first route; `Ok(None)` when Google found none, `Err` describing values
    /// that make no sense.
    pub(crate) fn into_estimate(self) -> Result<Option<RouteEstimate>, String> {
        // Proto3 JSON leaves out zero values: a route of 0 m and "0s" comes as `{}`.
        let Some(route) = self.routes.unwrap_or_default().into_iter().next() else {
            return Ok(None);
        };
        let distance_m = route.distance_meters.unwrap_or(0.0);
        let duration_s = match route.duration.as_deref() {
            None => Some(0.0),
            Some(text) => parse_duration(text),
        };
        match duration_s.filter(|_| distance_m.is_finite() && distance_m >= 0.0) {
            Some(duration_s) => Ok(Some(RouteEstimate { distance_m, duration_s })),
            None => {
                Err(format!("unexpected route values {:?} m, {:?}", route.distance_meters, route.duration))
            }
        }
    }
}

/// Whether `p` is a point on earth (finite, within ±90° and ±180°).
pub(crate) fn is_valid_point(p: LatLon) -> bool {
    p.lat.is_finite() && p.lon.is_finite() && p.lat.abs() <= 90.0 && p.lon.abs() <= 180.0
}

#[derive(Deserialize)]
pub(crate) struct AutocompleteResponse {
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
    #[serde(default)]
    types: Vec<String>,
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
    /// Which parts of `text` the input matched (autocomplete only).
    #[serde(default)]
    matches: Vec<StringRange>,
}

/// Offsets in characters; proto3 JSON leaves out a `startOffset` of 0.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StringRange {
    #[serde(default)]
    start_offset: usize,
    #[serde(default)]
    end_offset: usize,
}

impl FormattableText {
    /// Every letter and digit of the text lies in a matched range: the input
    /// names the whole of it ("Düsseldorf" for Düsseldorf, not for its airport).
    fn matched_in_full(&self) -> bool {
        !self.matches.is_empty()
            && self.text.chars().enumerate().all(|(i, c)| {
                !c.is_alphanumeric() || self.matches.iter().any(|m| m.start_offset <= i && i < m.end_offset)
            })
    }
}

/// The kinds of place the rules tell apart, from Google's place types.
fn kind_of(types: &[String]) -> Option<PlaceKind> {
    let has = |t: &str| types.iter().any(|x| x == t);
    if has("airport") {
        Some(PlaceKind::Airport)
    } else if has("train_station") || has("transit_station") {
        Some(PlaceKind::Station)
    } else if has("locality") || has("postal_town") {
        Some(PlaceKind::Locality)
    } else if has("postal_code") {
        Some(PlaceKind::Postcode)
    } else if has("street_address") || has("premise") || has("route") {
        Some(PlaceKind::Address)
    } else {
        None
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlaceResponse {
    id: Option<String>,
    formatted_address: Option<String>,
    display_name: Option<FormattableText>,
    location: Option<GoogleLatLng>,
    #[serde(default)]
    types: Vec<String>,
}

#[derive(Deserialize)]
struct GoogleLatLng {
    #[serde(default)]
    latitude: f64,
    #[serde(default)]
    longitude: f64,
}

#[derive(Deserialize)]
pub(crate) struct RoutesResponse {
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
    use super::*;

    fn suggestions(predictions: serde_json::Value) -> Vec<Suggestion> {
        serde_json::from_value::<AutocompleteResponse>(json!({ "suggestions": predictions }))
            .unwrap()
            .into_suggestions()
    }

    #[test]
    fn a_main_text_matched_in_full_is_exact_and_types_give_the_kind() {
        let prediction = |id: &str, main: &str, matches: serde_json::Value, types: serde_json::Value| {
            json!({"placePrediction": {"placeId": id, "types": types,
                "structuredFormat": {"mainText": {"text": main, "matches": matches}}}})
        };
        let list = suggestions(json!([
            prediction(
                "ChIJtown",
                "Düsseldorf",
                json!([{"endOffset": 10}]),
                json!(["locality", "political"])
            ),
            prediction(
                "ChIJairport",
                "Düsseldorf Airport (DUS)",
                json!([{"endOffset": 10}]),
                json!(["airport"])
            ),
            // Two ranges covering every letter and digit; offsets count characters, not bytes.
            prediction(
                "ChIJstreet",
                "Münsterplein 1",
                json!([{"endOffset": 12}, {"startOffset": 13, "endOffset": 14}]),
                json!(["street_address"])
            ),
            prediction("ChIJnone", "Roermond", json!([]), json!([])),
        ]));
        let seen: Vec<(bool, Option<PlaceKind>)> = list.iter().map(|s| (s.exact, s.kind)).collect();
        assert_eq!(
            seen,
            [
                (true, Some(PlaceKind::Locality)),
                (false, Some(PlaceKind::Airport)),
                (true, Some(PlaceKind::Address)),
                (false, None)
            ]
        );
    }
}
