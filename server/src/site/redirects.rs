//! The spec's permanent redirects, trailing-slash clean-up and the 404 fallback.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::edge::error::AppError;

/// Fixed old paths and where they live now.
const MOVED: &[(&str, &str)] = &[
    ("/de/preise", "/tarife"),
    ("/en/prices", "/prices"),
    ("/de/kontakt", "/kontakt"),
    ("/en/contact", "/contact-us"),
    ("/en/reservation", "/reservation"),
    ("/de/reservieren", "/reservieren"),
];

pub fn configure(cfg: &mut web::ServiceConfig) {
    for (from, to) in MOVED {
        cfg.route(
            from,
            crate::edge::read().to(move |req: HttpRequest| async move { moved_permanently(&req, to) }),
        );
    }
    // Old product pages: /en/{product}-english and /de/{product}-deutsch.
    cfg.route(
        "/en/{product}",
        crate::edge::read().to(|req: HttpRequest, product: web::Path<String>| async move {
            old_product_page(&req, &product, "-english", "/en")
        }),
    )
    .route(
        "/de/{product}",
        crate::edge::read().to(|req: HttpRequest, product: web::Path<String>| async move {
            old_product_page(&req, &product, "-deutsch", "/de")
        }),
    )
    .default_service(web::to(fallback));
}

fn old_product_page(
    req: &HttpRequest,
    product: &str,
    suffix: &str,
    to: &str,
) -> Result<HttpResponse, AppError> {
    match product.strip_suffix(suffix) {
        Some(name) if !name.is_empty() => Ok(moved_permanently(req, to)),
        _ => Err(AppError::NotFound),
    }
}

/// Unknown paths: a trailing slash is dropped with a redirect, straight to the
/// final page when the path without it redirects too; anything else is 404.
async fn fallback(req: HttpRequest) -> Result<HttpResponse, AppError> {
    let is_read = matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD);
    match resolve(req.path()) {
        Some(to) if is_read => Ok(moved_permanently(&req, &to)),
        _ => Err(AppError::NotFound),
    }
}

/// Where a path that redirects ends, in one hop (moved pages, old product pages,
/// trailing slashes); `None` when it does not redirect.
pub fn resolve(path: &str) -> Option<String> {
    let trimmed = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    if let Some((_, to)) = MOVED.iter().find(|(from, _)| *from == trimmed) {
        return Some(to.to_string());
    }
    for (prefix, suffix) in [("/en/", "-english"), ("/de/", "-deutsch")] {
        let name = trimmed.strip_prefix(prefix).and_then(|rest| rest.strip_suffix(suffix));
        if name.is_some_and(|name| !name.is_empty() && !name.contains('/')) {
            return Some(prefix.trim_end_matches('/').to_string());
        }
    }
    (trimmed != path).then(|| trimmed.to_string())
}

pub fn moved_permanently(req: &HttpRequest, to: &str) -> HttpResponse {
    // `//host` would make the redirect leave the site, and browsers read `/\host` so too.
    let to = if matches!(to.as_bytes(), [b'/', b'/' | b'\\', ..]) { "/" } else { to };
    let location = match req.query_string() {
        "" => to.to_string(),
        query => format!("{to}?{query}"),
    };
    HttpResponse::MovedPermanently().insert_header((header::LOCATION, location)).finish()
}
