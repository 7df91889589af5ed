//! The request id: taken from a proxy in front when plausible, else made up;
//! echoed in `X-Request-Id` and put on every log line written while answering
//! the request (`edge::outer` sets it up for every request).
//!
//! The id travels with the request's future as a task-local value rather than
//! in a `tracing` span: a span per request is registered, formatted, entered
//! and left on every poll, and closed again, which cost about a tenth of a page
//! view's CPU time (see docs/performance.md). The log formats read the id with
//! [`with_current`] and write it as the span did (`request{request_id="…"}` in
//! text, `"span":{"request_id":…,"name":"request"}` in JSON).
use std::future::Future;

use actix_web::{
    dev::ServiceRequest,
    http::{
        header::{HeaderName, HeaderValue},
        Method,
    },
};
use tokio::task::futures::TaskLocalFuture;

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
    pub fn of(req: &ServiceRequest) -> RequestId {
        req.headers()
            .get(&REQUEST_ID)
            .and_then(|id| RequestId::parse(id.as_bytes()))
            .unwrap_or_else(RequestId::random)
    }

    fn parse(id: &[u8]) -> Option<RequestId> {
        let plausible = (1..=MAX_LEN).contains(&id.len())
            && id.iter().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(b));
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

    pub fn header_value(&self) -> HeaderValue {
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

/// `answer`, with `id` as the current request id while it runs.
pub fn answering<F: Future>(id: RequestId, answer: F) -> TaskLocalFuture<RequestId, F> {
    CURRENT.scope(id, answer)
}

/// The method as a metrics label: known methods only, since any token is a
/// valid method and labels must stay few.
pub fn method_label(method: &Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn a_plausible_incoming_id_is_kept_and_anything_else_replaced() {
        let with = |value: &str| {
            RequestId::of(&TestRequest::default().insert_header((REQUEST_ID, value)).to_srv_request())
                .as_str()
                .to_string()
        };
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
