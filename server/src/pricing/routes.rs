//! Address suggestions, place details and the price indication (JSON look-ups;
//! the language is the `lang` query parameter, see [`crate::edge::lang`]).
use actix_web::{web, HttpResponse};
use serde::Deserialize;

use crate::{
    config::Settings,
    edge::{
        error::{AppError, Refusal},
        lang::RequestLang,
    },
    i18n::Locales,
    places::{Places, PlacesError, PlacesProvider, Suggestions},
    pricing::{indication, taxibus::Vehicle},
    types::{limits::LIMITS, PlaceId},
};

#[derive(Deserialize)]
pub struct SuggestionQuery {
    input: Option<String>,
    session: Option<String>,
}

#[derive(Deserialize)]
pub struct SessionQuery {
    session: Option<String>,
}

pub async fn suggestions(
    query: web::Query<SuggestionQuery>,
    RequestLang(lang): RequestLang,
    places: web::Data<Places>,
) -> Result<HttpResponse, AppError> {
    let input: String = query.input.as_deref().unwrap_or("").chars().take(LIMITS.search_max_chars).collect();
    let list = places.suggestions(&input, lang, query.session.as_deref()).await.map_err(refusal)?;
    Ok(HttpResponse::Ok()
        .json(Suggestions { suggestions: list.into_iter().take(LIMITS.max_suggestions).collect() }))
}

pub async fn details(
    id: web::Path<String>,
    query: web::Query<SessionQuery>,
    RequestLang(lang): RequestLang,
    places: web::Data<Places>,
) -> Result<HttpResponse, AppError> {
    let id = PlaceId::parse(&id).ok_or(Refusal::PlaceNotFound)?;
    let place = places.details(&id, lang, query.session.as_deref()).await.map_err(refusal)?;
    Ok(HttpResponse::Ok().json(place))
}

#[derive(Deserialize)]
pub struct PriceQuery {
    /// `true`: the ride back too, and the total.
    #[serde(default, rename = "return")]
    with_return: bool,
    /// How many travel: above `booking.large_vehicle_above`, the taxibus's price
    /// (anything but a number from 1 to 255 counts as not said).
    #[serde(default)]
    passengers: Option<String>,
    /// A stop on the way there (a place id): the trip's rule with the stop
    /// (`pricing::stop`); the ride back is the direct route.
    #[serde(default)]
    via: Option<String>,
}

pub async fn price(
    ids: web::Path<(String, String)>,
    query: web::Query<PriceQuery>,
    RequestLang(lang): RequestLang,
    places: web::Data<Places>,
    settings: web::Data<Settings>,
    locales: web::Data<Locales>,
) -> Result<HttpResponse, AppError> {
    let (from, to) = ids.into_inner();
    let parse = |id: &str| PlaceId::parse(id).ok_or(Refusal::PlaceNotFound);
    let (from, to) = (parse(&from)?, parse(&to)?);
    let via = match query.via.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        Some(id) => Some(parse(id)?),
        None => None,
    };
    let passengers = query.passengers.as_deref().and_then(|n| n.trim().parse::<u8>().ok()).filter(|&n| n > 0);
    let vehicle = Vehicle::for_passengers(passengers, settings.booking.large_vehicle_above);
    let quote = |ends| indication::between_ids(&places, &settings.tariff, &locales, ends, (lang, vehicle));
    let there = quote((&from, via.as_ref(), &to));
    if !query.with_return {
        return Ok(HttpResponse::Ok().json(there.await.map_err(refusal)?));
    }
    let (there, back) = tokio::join!(there, quote((&to, None, &from)));
    let round_trip = indication::RoundTrip::new(there.map_err(refusal)?, back.map_err(refusal)?, lang);
    Ok(HttpResponse::Ok().json(round_trip))
}

/// Provider failures as refusals the visitor can read; the cause goes to the log only.
fn refusal(error: PlacesError) -> Refusal {
    match error {
        PlacesError::NotFound => Refusal::PlaceNotFound,
        PlacesError::NoRoute => Refusal::NoRoute,
        PlacesError::Unavailable(cause) => {
            tracing::warn!(%cause, "places provider failed");
            Refusal::PriceUnavailable
        }
        // `Places` answers these offline; kept apart so a new path cannot hide one.
        PlacesError::OverBudget => Refusal::PriceUnavailable,
    }
}
