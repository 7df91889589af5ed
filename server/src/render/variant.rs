//! A response body in one content encoding, with a strong ETag computed once
//! from exactly those bytes: identity, gzip and brotli of a page each have their
//! own, as a strong validator must (RFC 9110, section 8.8.3.3).
use actix_web::{
    http::header::{EntityTag, Header as _, HeaderValue, IfNoneMatch, IF_NONE_MATCH},
    web::Bytes,
    HttpRequest,
};

#[derive(Clone)]
pub struct Variant {
    pub bytes: Bytes,
    etag: EntityTag,
    /// The same tag, ready to send: built once, not per request.
    etag_header: HeaderValue,
}

impl Variant {
    pub fn new(bytes: Bytes) -> Self {
        // Hash and length: equal bytes give equal tags across restarts and servers.
        let etag = EntityTag::new_strong(format!("{:016x}-{:x}", fnv1a(&bytes), bytes.len()));
        let etag_header =
            HeaderValue::from_str(&etag.to_string()).expect("hex digits are a valid header value");
        Self { bytes, etag, etag_header }
    }

    pub fn etag_header(&self) -> HeaderValue {
        self.etag_header.clone()
    }

    /// Whether the client's `If-None-Match` names this body (or `*`). The weak
    /// comparison is the one that header asks for.
    pub fn is_cached_by(&self, req: &HttpRequest) -> bool {
        if !req.headers().contains_key(IF_NONE_MATCH) {
            return false;
        }
        match IfNoneMatch::parse(req) {
            Ok(IfNoneMatch::Any) => true,
            Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|tag| tag.weak_eq(&self.etag)),
            Err(_) => false,
        }
    }
}

/// A stable 64-bit content hash (FNV-1a) for names and validators; not for security.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100000001b3))
}
