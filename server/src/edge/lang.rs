//! The language of a request, by one rule:
//!
//! 1. the language the matched route names: a page's own path, the
//!    `{language}` segment of an API call, or the `lang` query parameter of a
//!    look-up;
//! 2. else the visitor's stored preference (the `lang` cookie);
//! 3. else English.
//!
//! Error pages skip step 1 (they follow the stored preference, default English),
//! and `/` alone also looks at the browser's `Accept-Language` to choose a home
//! page. Matching uses the route pattern, so every spelling of a path that
//! reaches a handler gets the same language.
use std::future::{ready, Ready};

use actix_web::{dev::Payload, FromRequest, HttpRequest};

use crate::{
    edge::error::{AppError, Refusal},
    types::Lang,
};

pub const COOKIE: &str = "lang";

/// The query parameter of a language link: the visitor's choice, which the
/// answer stores in [`COOKIE`].
pub const CHOICE_PARAM: &str = "lang";

/// The language a language link chose (`?lang=de`), if the query carries one.
pub fn chosen_lang(req: &HttpRequest) -> Option<Lang> {
    chosen_lang_in(req.query_string())
}

/// The choice in a query string.
pub fn chosen_lang_in(query: &str) -> Option<Lang> {
    query.split('&').find_map(|pair| pair.strip_prefix(CHOICE_PARAM)?.strip_prefix('=')).and_then(Lang::parse)
}

/// Stores `lang` as the visitor's preference for a year, on this host (a choice
/// made on another domain arrives with the link, see [`chosen_lang`]).
pub fn remember(response: &mut actix_web::HttpResponse, lang: Lang, secure: bool) {
    let cookie = actix_web::cookie::Cookie::build(COOKIE, lang.code())
        .path("/")
        .same_site(actix_web::cookie::SameSite::Lax)
        .secure(secure)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&cookie.to_string()) {
        response.headers_mut().append(actix_web::http::header::SET_COOKIE, value);
        // A stored choice is this visitor's alone.
        response.headers_mut().insert(
            actix_web::http::header::CACHE_CONTROL,
            actix_web::http::header::HeaderValue::from_static("private, no-cache"),
        );
    }
}

/// The language a page's own path names, given to the page's resource when
/// the routes are registered (the edge does not know the site's paths).
#[derive(Debug, Clone, Copy)]
pub struct RouteLang(pub Lang);

/// The visitor's stored language choice.
pub fn stored_lang(req: &HttpRequest) -> Option<Lang> {
    req.cookie(COOKIE).and_then(|c| Lang::parse(c.value()))
}

/// The language the matched route names, if any (step 1).
fn route_lang(req: &HttpRequest) -> Option<Lang> {
    if let Some(RouteLang(lang)) = req.app_data::<RouteLang>() {
        return Some(*lang);
    }
    if let Some(code) = req.match_info().get("language") {
        return Lang::parse(code);
    }
    chosen_lang_in(req.query_string())
}

pub fn request_lang(req: &HttpRequest) -> Lang {
    route_lang(req).or_else(|| stored_lang(req)).unwrap_or(Lang::En)
}

/// Extracts the request's language by the rule above.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLang(pub Lang);

impl FromRequest for RequestLang {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(RequestLang(request_lang(req))))
    }
}

/// The `{language}` of an API path, which must be one of ours (else 404).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathLang(pub Lang);

impl FromRequest for PathLang {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let lang = req.match_info().get("language").and_then(Lang::parse);
        ready(lang.map(PathLang).ok_or(AppError::Refused(Refusal::UnknownLanguage)))
    }
}

#[cfg(test)]
mod tests {
    use actix_web::{test::TestRequest, web, App};

    use super::*;

    async fn lang_of(uri: &str, cookie: Option<&str>) -> String {
        let app = actix_web::test::init_service(
            App::new()
                .service(
                    web::resource("/tarife")
                        .app_data(RouteLang(Lang::De))
                        .route(web::get().to(|l: RequestLang| async move { l.0.code() })),
                )
                .route("/api/x/{language}", web::get().to(|l: RequestLang| async move { l.0.code() }))
                .route("/api/look-up", web::get().to(|l: RequestLang| async move { l.0.code() })),
        )
        .await;
        let mut req = TestRequest::get().uri(uri);
        if let Some(value) = cookie {
            req = req.cookie(actix_web::cookie::Cookie::new(COOKIE, value.to_string()));
        }
        let body = actix_web::test::call_and_read_body(&app, req.to_request()).await;
        String::from_utf8(body.to_vec()).unwrap()
    }

    #[actix_web::test]
    async fn the_route_decides_then_the_cookie_then_english() {
        assert_eq!(lang_of("/tarife", Some("nl")).await, "de");
        assert_eq!(lang_of("/t%61rife", None).await, "de", "every spelling of the path");
        assert_eq!(lang_of("/api/x/nl", Some("de")).await, "nl");
        assert_eq!(lang_of("/api/x/fr", Some("de")).await, "de");
        assert_eq!(lang_of("/api/look-up?input=a&lang=de", None).await, "de");
        assert_eq!(lang_of("/api/look-up", Some("nl")).await, "nl");
        assert_eq!(lang_of("/api/look-up", None).await, "en");
    }
}
