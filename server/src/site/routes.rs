//! The pages. The URL decides the language; only `/` looks at the visitor's
//! stored preference and browser language.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{
    edge::{error::AppError, lang::stored_lang},
    forms::antispam::FormGuard,
    render::{
        respond::{encoded, encoded_varying},
        EncodedPage,
    },
    site::{
        pages::{PageKey, Pages},
        Page, ReservationMode,
    },
    types::Lang,
};

#[derive(serde::Deserialize, Default)]
pub struct PageQuery {
    mode: Option<String>,
}

/// One of the four pages in one language (`/` aside: see [`index`]), for
/// every spelling of its path that actix routes to it. (The reservation page
/// opened with a route is the booking's: `booking::routes::reservation_page`.)
pub async fn page(
    req: HttpRequest,
    pages: web::Data<Pages>,
    guard: web::Data<FormGuard>,
    (page, lang): (Page, Lang),
) -> actix_web::Result<HttpResponse> {
    // Most views carry no query: parsed only when there is one.
    let query = match req.query_string() {
        "" => PageQuery::default(),
        query => web::Query::<PageQuery>::from_query(query)?.into_inner(),
    };
    let mode = query.mode.as_deref().and_then(ReservationMode::parse).unwrap_or_default();
    cached_page(&req, &pages, &guard, (page, lang, mode)).await
}

/// The cached page for this page, language and form mode.
pub async fn cached_page(
    req: &HttpRequest,
    pages: &Pages,
    guard: &FormGuard,
    (page, lang, mode): (Page, Lang, ReservationMode),
) -> actix_web::Result<HttpResponse> {
    let rendered = pages.get(PageKey::page(page, lang, mode)).await.map_err(AppError::from)?;
    Ok(page_answer(req, &rendered, guard, page))
}

/// A rendered page as the answer, with the form-opened cookie on the pages
/// that carry a form.
pub fn page_answer(req: &HttpRequest, rendered: &EncodedPage, guard: &FormGuard, page: Page) -> HttpResponse {
    let mut response = encoded(req, rendered, actix_web::http::StatusCode::OK);
    if page.is_interactive() {
        // When the form was opened, for the minimum fill time (see `antispam`).
        response.headers_mut().append(header::SET_COOKIE, guard.opened_header(jiff::Timestamp::now()));
    }
    response
}

/// The landing page of the fixed-price route to the `index`th destination.
pub async fn landing(
    req: HttpRequest,
    pages: web::Data<Pages>,
    (index, lang): (usize, Lang),
) -> Result<HttpResponse, AppError> {
    let rendered = pages.get(PageKey::Landing(index, lang)).await?;
    Ok(encoded(&req, &rendered, actix_web::http::StatusCode::OK))
}

/// `/`: a visitor whose stored choice or browser prefers German or English goes
/// to `/de` or `/en`; everyone else, crawlers included, gets the Dutch home page.
pub async fn index(req: HttpRequest, pages: web::Data<Pages>) -> Result<HttpResponse, AppError> {
    let stored = stored_lang(&req);
    let browser = || {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::from_accept_language)
    };
    let vary = (header::VARY, "Cookie, Accept-Language, Accept-Encoding");
    match stored.or_else(browser) {
        // The query goes along: campaign parameters must survive the language choice.
        Some(lang @ (Lang::De | Lang::En)) => Ok(HttpResponse::Found()
            .insert_header((
                header::LOCATION,
                match req.query_string() {
                    "" => Page::Home.path(lang).to_string(),
                    query => format!("{}?{query}", Page::Home.path(lang)),
                },
            ))
            .insert_header(vary)
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish()),
        _ => {
            let rendered = pages.get(PageKey::page(Page::Home, Lang::Nl, ReservationMode::Mail)).await?;
            Ok(encoded_varying(&req, &rendered, actix_web::http::StatusCode::OK, vary.1))
        }
    }
}
