//! Answering with precompressed bodies in the encoding the client accepts.
use actix_web::{
    http::{
        header::{self, HeaderName},
        Method, StatusCode,
    },
    HttpRequest, HttpResponse,
};

use crate::{render::EncodedPage, variant::Variant};

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
pub fn pick<'a>(req: &HttpRequest, identity: &'a Variant, gzip: Option<&'a Variant>, brotli: Option<&'a Variant>) -> (&'a Variant, Option<&'static str>) {
    match (preferred_encoding(req), brotli, gzip) {
        (Encoding::Brotli, Some(br), _) => (br, Some("br")),
        (Encoding::Brotli | Encoding::Gzip, _, Some(gz)) => (gz, Some("gzip")),
        _ => (identity, None),
    }
}

/// `status` with the chosen body and `headers`. A successful GET or HEAD
/// carries the body's ETag, and a client that already holds that body
/// (`If-None-Match`) gets 304 with the same headers and no body instead.
pub fn answer(req: &HttpRequest, status: StatusCode, content_type: &'static str, (variant, encoding): (&Variant, Option<&'static str>), headers: &[(HeaderName, &'static str)]) -> HttpResponse {
    let validated = status == StatusCode::OK && matches!(*req.method(), Method::GET | Method::HEAD);
    let not_modified = validated && variant.is_cached_by(req);
    let mut response = HttpResponse::build(if not_modified { StatusCode::NOT_MODIFIED } else { status });
    for (name, value) in headers {
        response.insert_header((name.clone(), *value));
    }
    if validated {
        response.insert_header((header::ETAG, variant.etag_header()));
    }
    if not_modified {
        return response.finish();
    }
    response.content_type(content_type);
    if let Some(encoding) = encoding {
        response.insert_header((header::CONTENT_ENCODING, encoding));
    }
    response.body(variant.bytes.clone())
}

/// An HTML page answer.
pub fn encoded(req: &HttpRequest, page: &EncodedPage, status: StatusCode) -> HttpResponse {
    let chosen = pick(req, &page.html, Some(&page.gzip), Some(&page.brotli));
    let headers = [(header::VARY, "Accept-Encoding"), (header::CACHE_CONTROL, "no-cache")];
    answer(req, status, "text/html; charset=utf-8", chosen, &headers)
}
