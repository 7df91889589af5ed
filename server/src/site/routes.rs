//! The pages. The URL decides the language; only `/` looks at the visitor's
//! stored preference and browser language.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{
    config::Settings,
    edge::{
        error::AppError,
        lang::{self, chosen_lang, stored_lang},
    },
    forms::antispam::FormGuard,
    render::{
        respond::{encoded, encoded_varying},
        EncodedPage,
    },
    site::{
        self,
        pages::{PageKey, Pages},
        Page, ReservationMode,
    },
    types::Lang,
};

#[derive(serde::Deserialize, Default)]
pub struct PageQuery {
    mode: Option<String>,
}

/// One of the seven pages in one language (`/` aside: see [`index`]), for
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
    let mut response = page_answer(req, &rendered, guard, page);
    remember_choice(req, pages, &mut response, lang);
    Ok(response)
}

/// A language link was followed to this page (`?lang=`, see `site::language_links`):
/// the answer stores the choice.
fn remember_choice(req: &HttpRequest, pages: &Pages, response: &mut HttpResponse, lang: Lang) {
    if chosen_lang(req) == Some(lang) {
        lang::remember(response, lang, pages.settings.site.base_url.starts_with("https://"));
    }
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
    let mut response = encoded(&req, &rendered, actix_web::http::StatusCode::OK);
    remember_choice(&req, &pages, &mut response, lang);
    Ok(response)
}

/// `/`: a visitor whose choice (a language link's, else the stored one) or browser
/// prefers German or English goes to that home page, in one hop wherever it lives;
/// everyone else, crawlers included, gets the Dutch home page.
pub async fn index(req: HttpRequest, pages: web::Data<Pages>) -> Result<HttpResponse, AppError> {
    let chosen = chosen_lang(&req);
    let vary = (header::VARY, "Cookie, Accept-Language, Accept-Encoding");
    match chosen.or_else(|| preferred_lang(&req)) {
        // The query goes along: campaign parameters must survive the language choice.
        Some(lang @ (Lang::De | Lang::En)) => {
            let mut response = HttpResponse::Found()
                .insert_header((header::LOCATION, home_url(&pages.settings, lang, req.query_string())))
                .insert_header(vary)
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish();
            if chosen.is_some() {
                remember_choice(&req, &pages, &mut response, lang);
            }
            Ok(response)
        }
        _ => {
            let rendered = pages.get(PageKey::page(Page::Home, Lang::Nl, ReservationMode::Mail)).await?;
            let mut response = encoded_varying(&req, &rendered, actix_web::http::StatusCode::OK, vary.1);
            remember_choice(&req, &pages, &mut response, Lang::Nl);
            Ok(response)
        }
    }
}

/// The visitor's stored choice, else the language their browser asks for first.
pub fn preferred_lang(req: &HttpRequest) -> Option<Lang> {
    stored_lang(req).or_else(|| {
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Lang::from_accept_language)
    })
}

/// The home page of `lang`: its path when it lives on the main origin, else its
/// absolute URL (the redirect must not pass through another).
pub fn home_url(settings: &Settings, lang: Lang, query: &str) -> String {
    let origin = site::origin(&settings.site, lang);
    let origin = if origin == settings.site.base_url { "" } else { origin };
    match query {
        "" => format!("{origin}{}", Page::Home.path(lang)),
        query => format!("{origin}{}?{query}", Page::Home.path(lang)),
    }
}
