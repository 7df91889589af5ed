//! The booking, WhatsApp and contact calls (JSON), and the same forms posted
//! without JavaScript (urlencoded, answered with a page or a redirect).
use std::time::Duration;

use actix_web::{
    dev,
    http::{header, StatusCode},
    web, FromRequest, HttpRequest, HttpResponse,
};
use futures_util::future::LocalBoxFuture;

use crate::edge::body::{has_content_type, read_body, read_json};
use crate::{
    booking::{
        prefill::{prefilled_form, query_pickup, query_text},
        service::{BookingService, Outcome},
    },
    config::Settings,
    edge::{
        app_data,
        error::{AppError, Refusal},
        lang::PathLang,
    },
    forms::{antispam::FormGuard, FieldErrors, Input},
    i18n::Locales,
    places::Places,
    render::respond::encoded,
    site::{
        contract::{Accepted, FormState, Invalid, WhatsappReady},
        pages::{PageKey, Pages},
        routes as site_routes, Page, ReservationMode,
    },
    types::Lang,
};

/// What every JSON form call gets: the request, its language (from the path)
/// and its body, read within the size and time limits.
pub struct FormCall {
    req: HttpRequest,
    lang: Lang,
    input: Input,
}

impl FromRequest for FormCall {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut dev::Payload) -> Self::Future {
        let (req, lang, payload) =
            (req.clone(), PathLang::from_request(req, payload), web::Payload::from_request(req, payload));
        Box::pin(async move {
            let PathLang(lang) = lang.await?;
            let settings = web::Data::<Settings>::extract(&req)
                .await
                .map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
            let payload = payload.await.map_err(|_| Refusal::InvalidBody)?;
            let value = read_json(&req, payload, body_timeout(&settings)).await?;
            let input = Input::from_json(value).map_err(|_| Refusal::InvalidBody)?;
            Ok(Self { req, lang, input })
        })
    }
}

fn body_timeout(settings: &Settings) -> Duration {
    Duration::from_millis(settings.http.body_timeout_ms)
}

/// `POST /api/reservation/{language}`.
pub async fn reservation_api(
    call: FormCall,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
) -> Result<HttpResponse, AppError> {
    let verdict = guard.verdict(&call.req, &call.input, jiff::Timestamp::now());
    outcome_json(service.reservation(&call.input, call.lang, verdict).await)
}

/// `POST /api/contact/{language}`.
pub async fn contact_api(
    call: FormCall,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
) -> Result<HttpResponse, AppError> {
    let verdict = guard.verdict(&call.req, &call.input, jiff::Timestamp::now());
    outcome_json(service.contact(&call.input, call.lang, verdict).await)
}

/// `POST /api/whatsappreservation/{language}`.
pub async fn whatsapp_api(
    call: FormCall,
    service: web::Data<BookingService>,
    locales: web::Data<Locales>,
) -> Result<HttpResponse, AppError> {
    Ok(match service.whatsapp(&call.input, call.lang).await {
        Ok(url) => HttpResponse::Ok().json(WhatsappReady {
            message: locales.text(call.lang, "api.whatsappReady").to_string(),
            whatsapp_url: url,
        }),
        Err(errors) => HttpResponse::BadRequest().json(Invalid { errors }),
    })
}

fn outcome_json(outcome: Outcome) -> Result<HttpResponse, AppError> {
    match outcome {
        Outcome::Accepted { message } => Ok(HttpResponse::Ok().json(Accepted { message })),
        Outcome::Invalid(errors) => Ok(HttpResponse::BadRequest().json(Invalid { errors })),
        Outcome::Refused(refusal) => Err(refusal.into()),
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
    settings: web::Data<Settings>,
) -> Result<HttpResponse, AppError> {
    // The matched pattern, not the path: every spelling of the path is the same page.
    let (page, lang) = req
        .match_pattern()
        .as_deref()
        .and_then(Page::from_path)
        .filter(|(p, _)| p.is_interactive())
        .ok_or(AppError::NotFound)?;
    if !has_content_type(&req, "application/x-www-form-urlencoded") {
        return Err(Refusal::UnsupportedMediaType.into());
    }
    // Refusals answer with the localized error page (see `error`).
    let body = read_body(payload, body_timeout(&settings)).await?;
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    let input = Input::from_pairs(pairs);
    let values = input.values();
    let mode = values.get("mode").and_then(|m| ReservationMode::parse(m)).unwrap_or_default();
    let key = PageKey::page(page, lang, mode);
    let answer = |status: StatusCode, form: FormState| {
        let pages = pages.clone();
        let req = req.clone();
        async move {
            let rendered = pages.with_form(key, form).await?;
            Ok::<_, AppError>(encoded(&req, &rendered, status))
        }
    };
    let invalid = |errors: FieldErrors| FormState::invalid(values.clone(), errors);
    let verdict = guard.verdict(&req, &input, jiff::Timestamp::now());
    let outcome_page = |outcome: Outcome| async {
        let (status, form, retry_after) = match outcome {
            Outcome::Accepted { message } => (StatusCode::OK, FormState::accepted(message), None),
            Outcome::Invalid(errors) => (StatusCode::BAD_REQUEST, invalid(errors), None),
            Outcome::Refused(refusal) => {
                let text = locales.format(lang, refusal.key(), &[("phone", &settings.company.phone_display)]);
                (refusal.status(), FormState::refused(values.clone(), text), refusal.retry_after())
            }
        };
        let mut response = answer(status, form).await?;
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, seconds.into());
        }
        Ok(response)
    };

    if page == Page::Contact {
        return outcome_page(service.contact(&input, lang, verdict).await).await;
    }
    if values.get("action").map(String::as_str) == Some("price") {
        let get = |k: &str| values.get(k).map(String::as_str).unwrap_or("");
        let id = |k: &str| Some(get(k)).filter(|v| !v.is_empty());
        let price = service
            .price(
                get("departure"),
                id("departurePlaceId"),
                get("destination"),
                id("destinationPlaceId"),
                lang,
            )
            .await;
        let return_price = match get("returnDateTime").trim() {
            "" => None,
            _ => {
                service
                    .price(
                        get("destination"),
                        id("destinationPlaceId"),
                        get("departure"),
                        id("departurePlaceId"),
                        lang,
                    )
                    .await
            }
        };
        let form = match price {
            Some(price) => FormState { return_price, ..FormState::priced(values.clone(), price) },
            None => {
                FormState::refused(values.clone(), locales.text(lang, "api.priceUnavailable").to_string())
            }
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

#[derive(serde::Deserialize, Default)]
struct ReservationQuery {
    mode: Option<String>,
    /// The route to fill in (free text).
    from: Option<String>,
    to: Option<String>,
    /// With a route: the pick-up time to fill in (a proposal of another time).
    #[serde(rename = "dateTime")]
    date_time: Option<String>,
}

/// The reservation page. Opened with a route (`?from=…&to=…`) it is a page of
/// its own: the places looked up and priced, rendered for this request and
/// never cached, so no query string can fill the cache. Otherwise the site's
/// cached page.
pub async fn reservation_page(
    req: HttpRequest,
    pages: web::Data<Pages>,
    guard: web::Data<FormGuard>,
    lang: Lang,
) -> actix_web::Result<HttpResponse> {
    let query = match req.query_string() {
        "" => return site_routes::page(req, pages, guard, (Page::Reservation, lang)).await,
        query => web::Query::<ReservationQuery>::from_query(query)?.into_inner(),
    };
    let (from, to) = (query_text(query.from.as_deref()), query_text(query.to.as_deref()));
    if from.is_empty() && to.is_empty() {
        return site_routes::page(req, pages, guard, (Page::Reservation, lang)).await;
    }
    let mode = query.mode.as_deref().and_then(ReservationMode::parse).unwrap_or_default();
    let (places, settings, locales) =
        (app_data::<Places>(&req)?, app_data::<Settings>(&req)?, app_data::<Locales>(&req)?);
    let pickup = query_pickup(query.date_time.as_deref());
    let form = prefilled_form(places, &settings.tariff, locales, (&from, &to), pickup, lang).await;
    let key = PageKey::page(Page::Reservation, lang, mode);
    let rendered = pages.with_form(key, form).await.map_err(AppError::from)?;
    Ok(site_routes::page_answer(&req, &rendered, &guard, Page::Reservation))
}
