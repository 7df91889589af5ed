//! The reservation page opened with `?from=…&to=…` (the home page's route box,
//! the prices page, landing pages): each text resolved to the provider's first
//! suggestion, the form filled with the chosen places and, when both resolve,
//! the price shown. Text that finds nothing stays typed, with a message. A
//! `dateTime` (staff's proposal of another time) fills the pick-up time.
use std::collections::BTreeMap;

use crate::{
    booking::form::parse_pickup_time,
    config::TariffSettings,
    forms::FieldErrors,
    i18n::Locales,
    places::{PlaceDetails, Places},
    pricing::indication,
    site::contract::FormState,
    types::{limits::LIMITS, Lang},
};

/// Whether a page's query string carries a route (`from` or `to`).
pub fn has_route(query: &str) -> bool {
    // Asked for every page view: most carry no query at all, so skip the parse.
    if query.is_empty() {
        return false;
    }
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .map(|pairs| pairs.iter().any(|(k, v)| (k == "from" || k == "to") && !v.trim().is_empty()))
        .unwrap_or(false)
}

/// The query's text for one field: one line, at most as long as a search.
pub fn query_text(value: Option<&str>) -> String {
    let line: String = value
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(LIMITS.search_max_chars)
        .collect();
    line.trim().to_string()
}

/// The pick-up time of the query, when it is one (`2026-11-24T14:30`).
pub fn query_pickup(value: Option<&str>) -> Option<String> {
    let (local, _) = parse_pickup_time(value?)?;
    Some(local.strftime("%Y-%m-%dT%H:%M").to_string())
}

/// The form state of a reservation page prefilled from `from`, `to` and the pick-up time.
/// Without `look_up` (the client opened more such pages than its burst allows)
/// the texts are filled in as typed, with no call to the provider and no price:
/// the page still works, the visitor picks the places from the list.
pub async fn prefilled_form(
    places: &Places,
    tariff: &TariffSettings,
    locales: &Locales,
    route: (&str, &str),
    pickup: Option<String>,
    (lang, look_up): (Lang, bool),
) -> FormState {
    let (from, to) = route;
    let resolve = |text: &str| {
        let text = text.to_string();
        async move {
            if text.is_empty() || !look_up {
                return None;
            }
            indication::resolve_text(places, &text, lang).await.ok()
        }
    };
    let (from_place, to_place) = tokio::join!(resolve(from), resolve(to));
    let mut values = BTreeMap::new();
    values.extend(pickup.map(|at| ("dateTime".to_string(), at)));
    let mut errors = FieldErrors::new();
    for (field, text, place) in [("departure", from, &from_place), ("destination", to, &to_place)] {
        match place {
            Some(place) => fill(&mut values, field, place),
            None if !text.is_empty() => {
                values.insert(field.to_string(), text.to_string());
                if look_up {
                    errors.insert(field, locales.text(lang, "funnel.prefillNotFound").to_string());
                }
            }
            None => {}
        }
    }
    let price = match (&from_place, &to_place) {
        (Some(a), Some(b)) => indication::between_places(places, tariff, locales, a, b, lang).await.ok(),
        _ => None,
    };
    FormState { values, errors, price, ..FormState::default() }
}

/// The field, its place id and name, as a choice from the list would leave them.
fn fill(values: &mut BTreeMap<String, String>, field: &str, place: &PlaceDetails) {
    values.insert(field.to_string(), place.formatted_address.clone());
    values.insert(format!("{field}PlaceId"), place.id.clone());
    values.insert(format!("{field}Name"), place.display_name.clone());
}
