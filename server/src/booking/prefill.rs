//! The reservation page opened with `?from=…&to=…` (the home page's route box,
//! the prices page, landing pages): text that names one place in full fills
//! the form with that place, and when both ends do, the price is shown. Text
//! that may mean several places stays typed with the places to choose from
//! (and no price); text that finds nothing stays typed, with a message. A
//! `dateTime` fills the pick-up time (links in mails of earlier releases
//! carried staff's proposal so). Opened from a repeat link, the page is
//! filled from the booking instead ([`repeat_form`], `booking::repeat`).
use crate::{
    booking::{
        chosen::fill,
        repeat::{self, earlier_return, personal_values, stored_place, Direction},
        request::{FROM, RIDE, TO, VIA},
    },
    bookings::model::{Address, Booking},
    config::{Settings, TariffSettings},
    i18n::Locales,
    places::{PlaceKind, Places, PlacesProvider, Resolution},
    pricing::{indication, taxibus::Vehicle},
    site::{contract::FormState, repeat_props::EarlierReturn},
    types::{limits::LIMITS, Lang, Pickup},
};

/// Whether a page's query string carries a route (`from` or `to`) or a
/// booking to repeat: both look places up or make a page of their own. Any
/// `repeat`, even an empty one, is answered with a page made for the request
/// (the form that says the link no longer works), so it counts too.
pub fn has_route(query: &str) -> bool {
    // Asked for every page view: most carry no query at all, so skip the parse.
    if query.is_empty() {
        return false;
    }
    let own_page = |k: &str, v: &str| k == "repeat" || ((k == "from" || k == "to") && !v.trim().is_empty());
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .map(|pairs| pairs.iter().any(|(k, v)| own_page(k, v)))
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
    Pickup::parse(value?).map(Pickup::field_value)
}

/// One end of the route as the link gives it: its text, and what kind of place
/// it is when the link knows.
pub type RouteEnd<'a> = (&'a str, Option<PlaceKind>);

/// The form state of a reservation page prefilled from `from`, `to` and the pick-up time.
/// Without `look_up` (the client opened more such pages than its burst allows)
/// the texts are filled in as typed, with no call to the provider and no price:
/// the page still works, the visitor picks the places from the list.
pub async fn prefilled_form(
    places: &Places,
    tariff: &TariffSettings,
    locales: &Locales,
    route: [RouteEnd<'_>; 2],
    pickup: Option<String>,
    (lang, look_up): (Lang, bool),
    phone: &str,
) -> FormState {
    let [(from, from_kind), (to, to_kind)] = route;
    let resolve = |text: &str, kind: Option<PlaceKind>| {
        let text = text.to_string();
        async move {
            if text.is_empty() || !look_up {
                return None;
            }
            // A provider that fails finds nothing, as far as the visitor can tell.
            Some(places.resolve_text_as(&text, kind, lang).await.unwrap_or(Resolution::NotFound))
        }
    };
    let (from_found, to_found) = tokio::join!(resolve(from, from_kind), resolve(to, to_kind));
    let mut state = FormState::default();
    state.values.extend(pickup.map(|at| (RIDE.date_time.to_string(), at)));
    for (end, text, found) in [(FROM, from, &from_found), (TO, to, &to_found)] {
        if text.is_empty() {
            continue;
        }
        match found {
            Some(Resolution::Place(place)) => fill(&mut state.values, end, place),
            found => {
                state.values.insert(end.text.to_string(), text.to_string());
                match found {
                    Some(Resolution::Choice(list)) => {
                        state.choices.insert(end.text.to_string(), list.clone());
                    }
                    Some(Resolution::NotFound) => {
                        let message = locales.format(lang, "funnel.prefillNotFound", &[("phone", phone)]);
                        state.errors.insert(end.text, message);
                    }
                    _ => {}
                }
            }
        }
    }
    let place = |found: Option<Resolution>| found.and_then(Resolution::place);
    state.price = match (place(from_found), place(to_found)) {
        (Some(a), Some(b)) => {
            let trip = (&a, None, &b);
            indication::between_places(places, (tariff, locales), trip, (lang, Vehicle::Car)).await.ok()
        }
        _ => None,
    };
    state
}

/// The form state of a reservation page filled from booking `b` to book it
/// again or the way back (`booking::repeat`): the booking's details, both
/// places as a choice from the list leaves them, looked up again and priced,
/// the date to open at and a round trip's return ride.
/// Without `look_up`, or when the provider no longer knows a place, the
/// places are filled as the booking has them, without a price.
pub async fn repeat_form(
    places: &Places,
    settings: &Settings,
    locales: &Locales,
    (b, direction): (&Booking, Direction),
    (lang, look_up): (Lang, bool),
) -> FormState {
    let tariff = &settings.tariff;
    // Priced as the form will ask: with the stop, for the same group.
    let vehicle = Vehicle::for_passengers(Some(b.passengers), settings.booking.large_vehicle_above);
    let (from, to) = direction.ends(b);
    let details = |a: &Address| {
        let id = a.place_id.clone().filter(|_| look_up);
        async move {
            // A provider that fails leaves the place as booked, unpriced.
            places.details(&id?, lang, None).await.ok()
        }
    };
    let stop = b.extras.via.as_ref().filter(|_| direction == Direction::Again);
    let stop_details = async {
        match stop {
            Some(stop) => details(stop).await,
            None => None,
        }
    };
    let (from_found, stop_found, to_found) = tokio::join!(details(from), stop_details, details(to));
    // A stop that cannot be looked up leaves the ride unpriced, as Send would.
    let unpriced = stop.is_some() && stop_found.is_none();
    let mut values = personal_values(b, direction);
    repeat::keep_offered_payment(&mut values, &settings.booking.payment_methods);
    let mut state = FormState {
        values,
        // Everything else is filled in: the page opens at the date.
        focus: Some(RIDE.date_time.to_string()),
        earlier_return: earlier_return(b, direction).map(|(days, time)| {
            let key = match days {
                0 => "manage.again.returnSameDay",
                1 => "manage.again.returnNextDay",
                _ => "manage.again.returnDaysLater",
            };
            let note = locales.format(lang, key, &[("time", &time), ("days", &days.to_string())]);
            EarlierReturn { days, time, note }
        }),
        ..FormState::default()
    };
    // The way back to a whole town drops off where the ride there picked up: the street the
    // form has no field for at a destination goes to the driver in the remarks.
    if let (Direction::Back, Some(street)) = (direction, &b.extras.pickup_street) {
        let remark = locales.format(lang, "manage.again.dropoffStreet", &[("street", street)]);
        state.values.insert(RIDE.remarks.into(), remark);
    }
    for (end, stored, found) in [(FROM, from, &from_found), (TO, to, &to_found)] {
        match found {
            Some(place) => fill(&mut state.values, end, place),
            None => stored_place(&mut state.values, end, stored),
        }
    }
    if let Some(place) = &stop_found {
        fill(&mut state.values, VIA, place);
    }
    state.price = match (from_found, to_found) {
        _ if unpriced => None,
        (Some(a), Some(b)) => {
            let trip = (&a, stop_found.as_ref(), &b);
            indication::between_places(places, (tariff, locales), trip, (lang, vehicle)).await.ok()
        }
        _ => None,
    };
    state
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_query_answered_with_a_page_of_its_own_counts_as_a_route() {
        for query in
            ["from=Roermond", "to=Venlo&mode=whatsapp", "repeat=again&booking=R-1", "repeat=", "repeat=+"]
        {
            assert!(super::has_route(query), "{query}");
        }
        for query in ["", "mode=whatsapp", "from=&to=+", "lang=de"] {
            assert!(!super::has_route(query), "{query}");
        }
    }
}
