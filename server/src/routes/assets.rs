//! Content-hashed static files: cached for a year, never revalidated.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::render::pick;
use crate::{assets::Assets, error::AppError};

pub async fn asset(req: HttpRequest, assets: web::Data<Assets>, name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let asset = assets.get(&name).ok_or(AppError::NotFound)?;
    let (body, encoding) = pick(&req, &asset.body, asset.gzip.as_ref(), asset.brotli.as_ref());
    let mut response = HttpResponse::Ok();
    response
        .content_type(asset.content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .insert_header((header::VARY, "Accept-Encoding"));
    if let Some(encoding) = encoding {
        response.insert_header((header::CONTENT_ENCODING, encoding));
    }
    Ok(response.body(body))
}

/// Browsers and crawlers ask for `/favicon.ico` by habit.
pub async fn favicon(assets: web::Data<Assets>) -> HttpResponse {
    HttpResponse::MovedPermanently().insert_header((header::LOCATION, assets.url("favicon.svg"))).finish()
}
