//! Answering with precompressed bodies in the encoding the client accepts.
use actix_web::{
    http::{header, StatusCode},
    web::Bytes,
    HttpRequest, HttpResponse,
};

use crate::render::EncodedPage;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// Brotli if accepted, else gzip, else none (q=0 means refused).
pub fn preferred_encoding(req: &HttpRequest) -> Encoding {
    let Some(accept) = req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
        return Encoding::Identity;
    };
    let accepts = |name: &str| {
        accept.split(',').any(|item| {
            let mut parts = item.split(';');
            parts.next().is_some_and(|t| t.trim().eq_ignore_ascii_case(name))
                && !parts.any(|p| p.trim().strip_prefix("q=").is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)))
        })
    };
    if accepts("br") {
        Encoding::Brotli
    } else if accepts("gzip") {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// A body in up to three encodings, chosen per request.
pub fn pick(req: &HttpRequest, identity: &Bytes, gzip: Option<&Bytes>, brotli: Option<&Bytes>) -> (Bytes, Option<&'static str>) {
    match (preferred_encoding(req), brotli, gzip) {
        (Encoding::Brotli, Some(br), _) => (br.clone(), Some("br")),
        (Encoding::Brotli | Encoding::Gzip, _, Some(gz)) => (gz.clone(), Some("gzip")),
        _ => (identity.clone(), None),
    }
}

/// An HTML page answer.
pub fn encoded(req: &HttpRequest, page: &EncodedPage, status: StatusCode) -> HttpResponse {
    let (body, encoding) = pick(req, &page.html, Some(&page.gzip), Some(&page.brotli));
    let mut response = HttpResponse::build(status);
    response
        .content_type("text/html; charset=utf-8")
        .insert_header((header::VARY, "Accept-Encoding"))
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if let Some(encoding) = encoding {
        response.insert_header((header::CONTENT_ENCODING, encoding));
    }
    response.body(body)
}
