//! The pages. The URL decides the language; only `/` looks at the visitor's
//! stored preference and browser language.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{
    antispam::FormGuard,
    config::Settings,
    domain::{landing, Lang, Page, ReservationMode},
    edge::lang::stored_lang,
    error::AppError,
    render::{encoded, PageKey, Pages},
};

#[derive(serde::Deserialize)]
pub struct PageQuery {
    mode: Option<String>,
}

pub async fn page(req: HttpRequest, pages: web::Data<Pages>, guard: web::Data<FormGuard>, query: web::Query<PageQuery>) -> Result<HttpResponse, AppError> {
    // The matched pattern, not the path: every spelling of the path is the same page.
    let (page, lang) = req.match_pattern().as_deref().and_then(Page::from_path).ok_or(AppError::NotFound)?;
    let mode = query.mode.as_deref().and_then(ReservationMode::parse).unwrap_or_default();
    let rendered = pages.get(PageKey::page(page, lang, mode)).await?;
    let mut response = encoded(&req, &rendered, actix_web::http::StatusCode::OK);
    if page.is_interactive() {
        // When the form was opened, for the minimum fill time (see `antispam`).
        let _ = response.add_cookie(&guard.opened_cookie(jiff::Timestamp::now()));
    }
    Ok(response)
}

/// The landing page of a fixed-price route.
pub async fn landing(req: HttpRequest, pages: web::Data<Pages>, settings: web::Data<Settings>) -> Result<HttpResponse, AppError> {
    let (index, lang) = req.match_pattern().as_deref().and_then(|path| landing::find(&settings.tariff, path)).ok_or(AppError::NotFound)?;
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
            .insert_header((header::LOCATION, match req.query_string() {
                "" => Page::Home.path(lang).to_string(),
                query => format!("{}?{query}", Page::Home.path(lang)),
            }))
            .insert_header(vary)
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish()),
        _ => {
            let rendered = pages.get(PageKey::page(Page::Home, Lang::Nl, ReservationMode::Mail)).await?;
            let mut response = encoded(&req, &rendered, actix_web::http::StatusCode::OK);
            response.headers_mut().insert(header::VARY, header::HeaderValue::from_static(vary.1));
            Ok(response)
        }
    }
}
