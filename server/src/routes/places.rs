//! Address suggestions, place details and the price indication (spec section 7).
use actix_web::{http::StatusCode, web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::api::{error_message, query_language};
use crate::{
    config::Settings,
    i18n::Locales,
    indication,
    places::{Places, PlacesError, PlacesProvider},
};

#[derive(Deserialize)]
pub struct SuggestionQuery {
    input: Option<String>,
    lang: Option<String>,
    session: Option<String>,
}

#[derive(Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
    session: Option<String>,
}

pub async fn suggestions(query: web::Query<SuggestionQuery>, places: web::Data<Places>, locales: web::Data<Locales>) -> HttpResponse {
    let lang = query_language(query.lang.as_deref());
    let input: String = query.input.as_deref().unwrap_or("").chars().take(200).collect();
    match places.suggestions(&input, lang, query.session.as_deref()).await {
        Ok(list) => HttpResponse::Ok().json(json!({ "suggestions": list.into_iter().take(8).collect::<Vec<_>>() })),
        Err(e) => failure(&locales, lang, &e),
    }
}

pub async fn details(id: web::Path<String>, query: web::Query<LangQuery>, places: web::Data<Places>, locales: web::Data<Locales>) -> HttpResponse {
    let lang = query_language(query.lang.as_deref());
    match places.details(&id, lang, query.session.as_deref()).await {
        Ok(place) => HttpResponse::Ok().json(place),
        Err(e) => failure(&locales, lang, &e),
    }
}

pub async fn price(
    ids: web::Path<(String, String)>,
    query: web::Query<LangQuery>,
    places: web::Data<Places>,
    settings: web::Data<Settings>,
    locales: web::Data<Locales>,
) -> HttpResponse {
    let lang = query_language(query.lang.as_deref());
    let (from, to) = ids.into_inner();
    match indication::between_ids(&places, &settings.tariff, &locales, &from, &to, lang).await {
        Ok(answer) => HttpResponse::Ok().json(answer),
        Err(e) => failure(&locales, lang, &e),
    }
}

/// Provider failures as localized messages; the cause goes to the log only.
fn failure(locales: &Locales, lang: crate::domain::Lang, error: &PlacesError) -> HttpResponse {
    match error {
        PlacesError::NotFound => error_message(locales, lang, StatusCode::NOT_FOUND, "api.placeNotFound"),
        PlacesError::NoRoute => error_message(locales, lang, StatusCode::UNPROCESSABLE_ENTITY, "api.noRoute"),
        PlacesError::Unavailable(cause) => {
            tracing::warn!(%cause, "places provider failed");
            error_message(locales, lang, StatusCode::BAD_GATEWAY, "api.priceUnavailable")
        }
    }
}
