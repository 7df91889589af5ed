//! Content-hashed static files: cached for a year; a revalidation gets 304.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::render::respond::{answer, pick};
use crate::{edge::error::AppError, render::assets::Assets};

pub async fn asset(
    req: HttpRequest,
    assets: web::Data<Assets>,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let asset = assets.get(&name).ok_or(AppError::NotFound)?;
    let chosen = pick(&req, &asset.body, asset.gzip.as_ref(), asset.brotli.as_ref());
    let headers =
        [(header::CACHE_CONTROL, "public, max-age=31536000, immutable"), (header::VARY, "Accept-Encoding")];
    Ok(answer(&req, actix_web::http::StatusCode::OK, asset.content_type, chosen, &headers))
}

/// Browsers and crawlers ask for `/favicon.ico` by habit.
pub async fn favicon(assets: web::Data<Assets>) -> HttpResponse {
    HttpResponse::MovedPermanently().insert_header((header::LOCATION, assets.url("favicon.svg"))).finish()
}
