//! Answering with precompressed bodies in the encoding the client accepts.
use actix_web::{
    body::BoxBody,
    http::{
        header::{self, HeaderName, HeaderValue},
        Method, StatusCode,
    },
    HttpRequest, HttpResponse,
};

use crate::render::{variant::Variant, EncodedPage};

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
                && !parts.any(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
                })
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
pub fn pick<'a>(
    req: &HttpRequest,
    identity: &'a Variant,
    gzip: Option<&'a Variant>,
    brotli: Option<&'a Variant>,
) -> (&'a Variant, Option<&'static str>) {
    match (preferred_encoding(req), brotli, gzip) {
        (Encoding::Brotli, Some(br), _) => (br, Some("br")),
        (Encoding::Brotli | Encoding::Gzip, _, Some(gz)) => (gz, Some("gzip")),
        _ => (identity, None),
    }
}

/// `status` with the chosen body and `headers`. A successful GET or HEAD
/// carries the body's ETag, and a client that already holds that body
/// (`If-None-Match`) gets 304 with the same headers and no body instead.
///
/// Values are taken as `&'static str` and sent from where they are: a `&str`
/// given to actix's header builder would be copied into a new allocation, for
/// every header of every answer.
pub fn answer(
    req: &HttpRequest,
    status: StatusCode,
    content_type: &'static str,
    (variant, encoding): (&Variant, Option<&'static str>),
    headers: &[(HeaderName, &'static str)],
) -> HttpResponse {
    let validated = status == StatusCode::OK && matches!(*req.method(), Method::GET | Method::HEAD);
    let not_modified = validated && variant.is_cached_by(req);
    let mut response = HttpResponse::new(if not_modified { StatusCode::NOT_MODIFIED } else { status });
    let map = response.headers_mut();
    for (name, value) in headers {
        map.insert(name.clone(), HeaderValue::from_static(value));
    }
    if validated {
        map.insert(header::ETAG, variant.etag_header());
    }
    if not_modified {
        return response;
    }
    map.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Some(encoding) = encoding {
        map.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    response.set_body(BoxBody::new(variant.bytes.clone()))
}

/// An HTML page answer.
pub fn encoded(req: &HttpRequest, page: &EncodedPage, status: StatusCode) -> HttpResponse {
    encoded_varying(req, page, status, "Accept-Encoding")
}

/// An HTML page answer that also depends on the request headers named in `vary`.
pub fn encoded_varying(
    req: &HttpRequest,
    page: &EncodedPage,
    status: StatusCode,
    vary: &'static str,
) -> HttpResponse {
    let chosen = pick(req, &page.html, Some(&page.gzip), Some(&page.brotli));
    let headers = [(header::VARY, vary), (header::CACHE_CONTROL, "no-cache")];
    answer(req, status, "text/html; charset=utf-8", chosen, &headers)
}
