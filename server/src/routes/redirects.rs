//! The spec's permanent redirects, trailing-slash clean-up and the 404 fallback.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::error::AppError;

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
        cfg.route(from, super::read().to(move |req: HttpRequest| async move { moved_permanently(&req, to) }));
    }
    // Old product pages: /en/{product}-english and /de/{product}-deutsch.
    cfg.route("/en/{product}", super::read().to(|req: HttpRequest, product: web::Path<String>| async move {
        old_product_page(&req, &product, "-english", "/en")
    }))
    .route("/de/{product}", super::read().to(|req: HttpRequest, product: web::Path<String>| async move {
        old_product_page(&req, &product, "-deutsch", "/de")
    }))
    .default_service(web::to(fallback));
}

fn old_product_page(req: &HttpRequest, product: &str, suffix: &str, to: &str) -> Result<HttpResponse, AppError> {
    match product.strip_suffix(suffix) {
        Some(name) if !name.is_empty() => Ok(moved_permanently(req, to)),
        _ => Err(AppError::NotFound),
    }
}

/// Unknown paths: a trailing slash is dropped with a redirect; anything else is 404.
async fn fallback(req: HttpRequest) -> Result<HttpResponse, AppError> {
    let path = req.path();
    let is_read = matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD);
    if is_read && path.len() > 1 && path.ends_with('/') {
        let trimmed = path.trim_end_matches('/');
        return Ok(moved_permanently(&req, if trimmed.is_empty() { "/" } else { trimmed }));
    }
    Err(AppError::NotFound)
}

fn moved_permanently(req: &HttpRequest, to: &str) -> HttpResponse {
    // `//host` would make the redirect leave the site.
    let to = if to.starts_with("//") { "/" } else { to };
    let location = match req.query_string() {
        "" => to.to_string(),
        query => format!("{to}?{query}"),
    };
    HttpResponse::MovedPermanently().insert_header((header::LOCATION, location)).finish()
}
