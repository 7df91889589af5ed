//! The outermost middleware: a request id for every request, echoed in
//! `X-Request-Id` and put on every log line written while answering it, one
//! access-log line, and the request metrics.
//!
//! The id travels with the request's future as a task-local value rather than
//! in a `tracing` span: a span per request is registered, formatted, entered
//! and left on every poll, and closed again, which cost about a tenth of a page
//! view's CPU time (see docs/performance.md). The log formats read the id with
//! [`with_current`] and write it as the span did (`request{request_id="…"}` in
//! text, `"span":{"request_id":…,"name":"request"}` in JSON).
use std::time::Instant;

use super::access::Answer;
use actix_web::{
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header::{HeaderName, HeaderValue},
    middleware::Next,
};

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest id taken from a proxy in front.
const MAX_LEN: usize = 64;

/// A request id: ASCII letters, digits, `-`, `_` and `.`, at most 64 of them.
#[derive(Clone, Copy)]
pub struct RequestId {
    len: u8,
    bytes: [u8; MAX_LEN],
}

impl RequestId {
    /// An id that a proxy in front already assigned (if it looks like one), else a new one.
    fn of(req: &ServiceRequest) -> RequestId {
        req.headers().get(&REQUEST_ID).and_then(|id| RequestId::parse(id.as_bytes())).unwrap_or_else(RequestId::random)
    }

    fn parse(id: &[u8]) -> Option<RequestId> {
        let plausible = (1..=MAX_LEN).contains(&id.len()) && id.iter().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(b));
        plausible.then(|| {
            let mut bytes = [0; MAX_LEN];
            bytes[..id.len()].copy_from_slice(id);
            RequestId { len: id.len() as u8, bytes }
        })
    }

    /// 16 hex digits.
    fn random() -> RequestId {
        let random = fastrand::u64(..);
        let mut bytes = [0; MAX_LEN];
        for (i, digit) in bytes[..16].iter_mut().enumerate() {
            *digit = b"0123456789abcdef"[(random >> (60 - 4 * i) & 0xf) as usize];
        }
        RequestId { len: 16, bytes }
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored (`parse`, `random`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }

    fn header_value(&self) -> HeaderValue {
        HeaderValue::from_str(self.as_str()).expect("the id's characters are valid in a header")
    }
}

tokio::task_local! {
    static CURRENT: RequestId;
}

/// Calls `f` with the id of the request being answered by the calling task, if any.
pub fn with_current<R>(f: impl FnOnce(Option<&str>) -> R) -> R {
    let id = CURRENT.try_with(|id| *id).ok();
    f(id.as_ref().map(RequestId::as_str))
}

/// Runs `f` as if answering the request with this id (one that
/// [`RequestId::parse`] takes, else a new one).
pub fn scoped_by<R>(id: &str, f: impl FnOnce() -> R) -> R {
    CURRENT.sync_scope(RequestId::parse(id.as_bytes()).unwrap_or_else(RequestId::random), f)
}

pub async fn observe(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = RequestId::of(&req);
    // Known methods only: any token is a valid method, and labels must stay few.
    let method = match req.method().as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    };
    let mut response = CURRENT.scope(id, next.call(req)).await?;
    let status = response.status().as_u16();
    let elapsed = started.elapsed();
    // The pattern, not the path: bounded label values, no typed text in logs.
    // Asked of the answered request, whose route is known: asked before routing,
    // actix would match the path against every route again.
    let route = response.request().match_pattern().unwrap_or_else(|| "unmatched".into());
    response.headers_mut().insert(REQUEST_ID, id.header_value());
    let quiet = matches!(route.as_str(), "/healthz" | "/readyz" | "/metrics");
    Answer { request_id: id.as_str(), method, route: &route, status, elapsed, quiet }.log();
    crate::metrics::request(method, &route, status, elapsed.as_secs_f64());
    Ok(response)
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn a_plausible_incoming_id_is_kept_and_anything_else_replaced() {
        let with = |value: &str| RequestId::of(&TestRequest::default().insert_header((REQUEST_ID, value)).to_srv_request()).as_str().to_string();
        assert_eq!(with("abc-123_x.y"), "abc-123_x.y");
        assert_eq!(with(&"a".repeat(64)), "a".repeat(64));
        for bad in ["evil\" injected=1", &"a".repeat(65), "a b", "ä"] {
            let replaced = with(bad);
            assert_eq!(replaced.len(), 16, "{bad:?} → {replaced}");
            assert!(replaced.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        let new = || RequestId::of(&TestRequest::default().to_srv_request()).as_str().to_string();
        assert_ne!(new(), new());
    }

    #[actix_web::test]
    async fn the_id_is_current_inside_the_request_and_nowhere_else() {
        let id = RequestId::parse(b"abc").unwrap();
        let inside = CURRENT
            .scope(id, async {
                tokio::task::yield_now().await;
                with_current(|id| id.map(str::to_string))
            })
            .await;
        assert_eq!(inside.as_deref(), Some("abc"));
        assert_eq!(with_current(|id| id.map(str::to_string)), None);
    }
}
