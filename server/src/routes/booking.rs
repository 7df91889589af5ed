//! The booking and contact calls of spec section 7 (JSON), and the same forms
//! posted without JavaScript (urlencoded, answered with a page or a redirect).
use actix_web::{http::{header, StatusCode}, web, HttpRequest, HttpResponse};
use serde_json::json;

use super::{api::{error_message, path_language, read_body, read_json}, respond::encoded};
use crate::{
    antispam::FormGuard,
    booking::{BookingService, Outcome},
    domain::{Lang, Page, ReservationMode},
    error::AppError,
    forms::{FieldErrors, Input},
    i18n::Locales,
    render::{PageKey, Pages},
};

/// `POST /api/reservation/{language}` and `POST /api/contact/{language}`.
pub async fn submission_api(
    req: HttpRequest,
    language: web::Path<String>,
    payload: web::Payload,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
    locales: web::Data<Locales>,
) -> HttpResponse {
    let (lang, input) = match json_input(&req, &language, payload, &locales).await {
        Ok(ok) => ok,
        Err(response) => return response,
    };
    let verdict = guard.verdict(&req, &input, jiff::Timestamp::now());
    let outcome = if req.path().starts_with("/api/contact/") {
        service.contact(&input, lang, verdict).await
    } else {
        service.reservation(&input, lang, verdict).await
    };
    outcome_json(outcome, &locales, lang)
}

pub async fn whatsapp_api(req: HttpRequest, language: web::Path<String>, payload: web::Payload, service: web::Data<BookingService>, locales: web::Data<Locales>) -> HttpResponse {
    let (lang, input) = match json_input(&req, &language, payload, &locales).await {
        Ok(ok) => ok,
        Err(response) => return response,
    };
    match service.whatsapp(&input, lang).await {
        Ok(url) => HttpResponse::Ok().json(json!({ "message": locales.text(lang, "api.whatsappReady"), "whatsappUrl": url })),
        Err(errors) => HttpResponse::BadRequest().json(json!({ "errors": errors })),
    }
}

async fn json_input(req: &HttpRequest, language: &str, payload: web::Payload, locales: &Locales) -> Result<(Lang, Input), HttpResponse> {
    let lang = path_language(locales, language)?;
    let value = read_json(req, payload, locales, lang).await?;
    let input = Input::from_json(value).map_err(|_| error_message(locales, lang, StatusCode::BAD_REQUEST, "api.invalidBody"))?;
    Ok((lang, input))
}

fn outcome_json(outcome: Outcome, locales: &Locales, lang: Lang) -> HttpResponse {
    match outcome {
        Outcome::Accepted { message } => HttpResponse::Ok().json(json!({ "message": message })),
        Outcome::Invalid(errors) => HttpResponse::BadRequest().json(json!({ "errors": errors })),
        Outcome::Failed(key) => error_message(locales, lang, StatusCode::SERVICE_UNAVAILABLE, key),
        Outcome::Refused(key) => error_message(locales, lang, StatusCode::BAD_REQUEST, key),
    }
}

/// `POST` to the reservation or contact page itself: the no-JavaScript path.
pub async fn form_post(
    req: HttpRequest,
    payload: web::Payload,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
    pages: web::Data<Pages>,
    locales: web::Data<Locales>,
) -> Result<HttpResponse, AppError> {
    let (page, lang) = Page::from_path(req.path()).filter(|(p, _)| p.is_interactive()).ok_or(AppError::NotFound)?;
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    // Bare error statuses: the error-page middleware answers them with the localized page.
    let body = match read_body(&req, payload, &locales, lang).await {
        Ok(body) if is_form => body,
        Ok(_) => return Ok(HttpResponse::UnsupportedMediaType().finish()),
        Err(response) => return Ok(HttpResponse::build(response.status()).finish()),
    };
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let input = Input::from_pairs(pairs);
    let values = input.values();
    let mode = values.get("mode").and_then(|m| ReservationMode::parse(m)).unwrap_or_default();
    let key = PageKey::page(page, lang, mode);
    let answer = |status: StatusCode, form: serde_json::Value| {
        let pages = pages.clone();
        let req = req.clone();
        async move {
            let rendered = pages.with_form(key, form).await?;
            Ok::<_, AppError>(encoded(&req, &rendered, status))
        }
    };
    let invalid = |errors: FieldErrors| json!({ "values": values, "errors": errors });
    let verdict = guard.verdict(&req, &input, jiff::Timestamp::now());
    let outcome_page = |outcome: Outcome| {
        let (status, form) = match outcome {
            Outcome::Accepted { message } => (StatusCode::OK, json!({ "values": {}, "errors": {}, "success": message })),
            Outcome::Invalid(errors) => (StatusCode::BAD_REQUEST, invalid(errors)),
            Outcome::Failed(key) => (StatusCode::SERVICE_UNAVAILABLE, json!({ "values": values, "errors": {}, "errorMessage": locales.text(lang, key) })),
            Outcome::Refused(key) => (StatusCode::BAD_REQUEST, json!({ "values": values, "errors": {}, "errorMessage": locales.text(lang, key) })),
        };
        answer(status, form)
    };

    if page == Page::Contact {
        return outcome_page(service.contact(&input, lang, verdict).await).await;
    }
    if values.get("action").map(String::as_str) == Some("price") {
        let get = |k: &str| values.get(k).map(String::as_str).unwrap_or("");
        let id = |k: &str| Some(get(k)).filter(|v| !v.is_empty());
        let price = service.price(get("departure"), id("departurePlaceId"), get("destination"), id("destinationPlaceId"), lang).await;
        let form = match price {
            Some(p) => json!({ "values": values, "errors": {}, "price": { "text": format!("€ {}", p.price_indication), "explanation": p.explanation } }),
            None => json!({ "values": values, "errors": {}, "errorMessage": locales.text(lang, "api.priceUnavailable") }),
        };
        return answer(StatusCode::OK, form).await;
    }
    if mode == ReservationMode::Whatsapp {
        return match service.whatsapp(&input, lang).await {
            Ok(url) => Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, url)).finish()),
            Err(errors) => answer(StatusCode::BAD_REQUEST, invalid(errors)).await,
        };
    }
    outcome_page(service.reservation(&input, lang, verdict).await).await
}
