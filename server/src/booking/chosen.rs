//! The two ends of a route as the server settles them from a form: the
//! place chosen from the list (its id) is that place everywhere, whatever
//! text the field still holds. Without JavaScript the field keeps the typed
//! town ("Düsseldorf") while the radio button chose its airport: staff's mail,
//! its Maps link and calendar, the success box, the customer's mail and the
//! field shown again all name the airport. Staff read it in the staff language
//! (`mail.staff_language`), the customer in the booking's. Text chosen from
//! nothing is priced only when it names one place in full, and stays the
//! visitor's words.
use std::collections::BTreeMap;

use crate::{
    booking::request::EndFields,
    bookings::model::{Address, PlaceWords},
    places::{PlaceDetails, Places, PlacesProvider, Resolution},
    types::{Lang, PlaceId},
};

/// One end of a route as a form gives it: the typed text and the chosen place id.
pub type End<'a> = (&'a str, Option<&'a PlaceId>);

/// One end, settled.
#[derive(Debug, Default)]
pub struct Settled {
    /// What the chosen id or the text is (`None`: nothing typed, or the provider failed).
    pub found: Option<Resolution>,
    /// The place chosen, in the staff's words (`None` unless an id was chosen and found).
    staff: Option<PlaceDetails>,
    /// The id the booking keeps: the chosen one, also when it cannot be looked up
    /// now; never one the text typed since contradicts.
    id: Option<PlaceId>,
}

impl Settled {
    /// The place to price: the chosen one, or the one the text names in full.
    pub fn place(&self) -> Option<&PlaceDetails> {
        self.found.as_ref().and_then(Resolution::as_place)
    }

    /// The place the visitor chose from the list, in the booking's language.
    pub fn chosen(&self) -> Option<&PlaceDetails> {
        self.staff.as_ref().and(self.place())
    }

    /// The end as the booking keeps it: a chosen place in the staff's words
    /// and in the customer's (its own words and its listing), otherwise the
    /// visitor's text.
    pub fn address(&self, text: &str, typed_name: &str) -> Address {
        match (&self.staff, self.chosen()) {
            (Some(staff), Some(place)) => Address {
                name: staff.display_name.clone(),
                formatted: staff.formatted_address.clone(),
                place_id: self.id.clone(),
                listed: Some(place.listing()),
                own: Some(PlaceWords {
                    name: place.display_name.clone(),
                    formatted: place.formatted_address.clone(),
                }),
            },
            _ => Address {
                name: if typed_name.is_empty() { text.to_string() } else { typed_name.to_string() },
                formatted: text.to_string(),
                place_id: self.id.clone(),
                listed: None,
                own: None,
            },
        }
    }

    /// How the visitor's own page names this end: the chosen place, else what was typed.
    pub fn shown(&self, typed: &str) -> String {
        self.chosen().map(|p| p.display_name.clone()).unwrap_or_else(|| typed.to_string())
    }
}

/// Looks up one end: a chosen id in the booking's and the staff's language
/// (one look-up when they are the same), else the typed text.
///
/// A chosen id counts while the text is the place's own words (what a choice
/// with JavaScript, or the page shown again, puts in the field) or text it
/// answers (the typed town whose question offered it). Text that says
/// otherwise was typed after the choice, without JavaScript to clear the
/// hidden id: the text counts, as if nothing had been chosen.
pub async fn settle(places: &Places, (text, id): End<'_>, lang: Lang, staff_lang: Lang) -> Settled {
    let by_text = || async {
        match text.trim().is_empty() {
            true => None,
            // Only text naming one place in full is a place (never a guess).
            false => places.resolve_text(text, lang).await.ok(),
        }
    };
    let Some(id) = id else { return Settled { found: by_text().await, ..Settled::default() } };
    let Ok(place) = places.details(id, lang, None).await else {
        // Not to be looked up now: no price, the id kept for staff.
        return Settled { id: Some(id.clone()), ..Settled::default() };
    };
    if !in_its_words(&place, text) {
        match by_text().await {
            Some(Resolution::Choice(list)) if list.iter().any(|s| s.id == place.id) => {}
            Some(Resolution::Place(named)) if named.id == place.id => {}
            found => return Settled { found, ..Settled::default() },
        }
    }
    let staff = match staff_lang == lang {
        true => place.clone(),
        // Staff still get the place if their language's look-up fails.
        false => places.details(id, staff_lang, None).await.unwrap_or_else(|_| place.clone()),
    };
    Settled { found: Some(Resolution::Place(place)), staff: Some(staff), id: Some(id.clone()) }
}

/// Whether `text` is empty or the place's own name or address (as a choice leaves the field).
fn in_its_words(place: &PlaceDetails, text: &str) -> bool {
    let text = text.trim().to_lowercase();
    text.is_empty()
        || [&place.formatted_address, &place.display_name].iter().any(|w| w.trim().to_lowercase() == text)
}

/// The fields of one end as a choice from the list leaves them (`departure`,
/// `departurePlaceId`, `departureName`): how a form shown again names a place.
pub fn fill(values: &mut BTreeMap<String, String>, end: EndFields, place: &PlaceDetails) {
    values.insert(end.text.to_string(), place.formatted_address.clone());
    values.insert(end.place_id.to_string(), place.id.clone());
    values.insert(end.name.to_string(), place.display_name.clone());
}

/// A form shown again: each end names the place `settled` found, and an id
/// the text contradicted is dropped (see [`settle`]).
pub fn show(values: &mut BTreeMap<String, String>, end: EndFields, settled: &Settled) {
    match settled.place() {
        Some(place) => fill(values, end, place),
        None if settled.id.is_none() => {
            values.remove(end.place_id);
            values.remove(end.name);
        }
        None => {}
    }
}
