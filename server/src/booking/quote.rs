//! A route's prices for the booking forms: each end (and a stop on the way)
//! looked up once, priced by the server, with the places to choose from where
//! the text names several; and the form's fields shown again with the places chosen.
use std::collections::BTreeMap;

use crate::{
    booking::{
        chosen::{settle, show, End, Settled},
        request::{ENDS, VIA},
        service::BookingService,
    },
    places::{PlaceDetails, Resolution, Suggestion},
    pricing::{
        indication::{self, Priced},
        taxibus::Vehicle,
    },
    types::{Lang, PlaceId},
};

/// A route's prices, the places to choose from per field (see
/// [`BookingService::quote`]), and both ends as settled (departure, destination).
pub struct RouteQuote {
    pub price: Option<Priced>,
    pub return_price: Option<Priced>,
    pub choices: BTreeMap<String, Vec<Suggestion>>,
    pub ends: [Settled; 2],
    /// The stop on the way, as settled, when one was asked.
    pub via: Option<Settled>,
}

impl BookingService {
    /// The server's prices for a route, each end looked up once: from its
    /// chosen place id, else from its typed text (only text naming one place
    /// in full is priced). Text that may mean several places gives the places
    /// to choose from instead. A price that cannot be computed is `None`; the
    /// booking still goes through.
    pub async fn quote(
        &self,
        (from, via, to): (End<'_>, Option<End<'_>>, End<'_>),
        (with_return, vehicle): (bool, Vehicle),
        lang: Lang,
    ) -> RouteQuote {
        // Only the visitor reads a quote: one language.
        let (from, to, via) = tokio::join!(
            settle(&self.places, from, lang, lang),
            settle(&self.places, to, lang, lang),
            self.settle_stop(via, lang, lang)
        );
        let price = self.price_trip([&from, &to], via.as_ref(), vehicle).await;
        // The ride back is its own ride: the reversed route, priced by the server.
        let return_price = match with_return {
            true => self.price_between(to.place(), None, from.place(), vehicle).await,
            false => None,
        };
        let mut choices = BTreeMap::new();
        for (end, found) in ENDS.iter().zip([&from.found, &to.found]) {
            if let Some(Resolution::Choice(list)) = found {
                choices.insert(end.text.to_string(), list.clone());
            }
        }
        // A stop that may mean several places is asked like an end.
        if let Some(Resolution::Choice(list)) = via.as_ref().and_then(|stop| stop.found.as_ref()) {
            choices.insert(VIA.text.to_string(), list.clone());
        }
        RouteQuote { price, return_price, choices, ends: [from, to], via }
    }

    /// A form's fields as shown again: each end named as the place chosen (or
    /// the one its text names in full), in `lang`, whatever text its field held.
    pub async fn with_chosen_places(
        &self,
        values: &BTreeMap<String, String>,
        lang: Lang,
    ) -> BTreeMap<String, String> {
        let mut values = values.clone();
        for end in ENDS.into_iter().chain([VIA]) {
            let id = values.get(end.place_id).and_then(|id| PlaceId::parse(id));
            let text = values.get(end.text).cloned().unwrap_or_default();
            show(&mut values, end, &settle(&self.places, (&text, id.as_ref()), lang, lang).await);
        }
        values
    }

    /// A stop on the way, looked up like the ends; nothing without one.
    pub(super) async fn settle_stop(
        &self,
        stop: Option<End<'_>>,
        lang: Lang,
        staff_lang: Lang,
    ) -> Option<Settled> {
        Some(settle(&self.places, stop?, lang, staff_lang).await)
    }

    /// The ride's price: the direct route, or via the stop asked for. A stop that
    /// names no place leaves the ride unpriced (staff price it), never priced without it.
    pub(super) async fn price_trip(
        &self,
        [from, to]: [&Settled; 2],
        via: Option<&Settled>,
        vehicle: Vehicle,
    ) -> Option<Priced> {
        let stop = match via {
            Some(via) => Some(via.place()?),
            None => None,
        };
        self.price_between(from.place(), stop, to.place(), vehicle).await
    }

    /// The price from `from` to `to` (via `stop`), for `vehicle`; `None` when a
    /// place is missing or the provider cannot route it.
    pub(super) async fn price_between(
        &self,
        from: Option<&PlaceDetails>,
        stop: Option<&PlaceDetails>,
        to: Option<&PlaceDetails>,
        vehicle: Vehicle,
    ) -> Option<Priced> {
        let tariff = &self.settings.tariff;
        let result = indication::price_route(&self.places, tariff, from?, stop, to?).await;
        let priced = result.map_err(|e| tracing::info!(error = %e, "no price for this booking")).ok()?;
        Some(priced.for_vehicle(tariff, vehicle))
    }

    /// The vehicle `passengers` need (a taxibus above `booking.large_vehicle_above`).
    pub fn vehicle_for(&self, passengers: Option<u8>) -> Vehicle {
        Vehicle::for_passengers(passengers, self.settings.booking.large_vehicle_above)
    }
}
