//! Logging set-up (human-readable text by default, JSON lines for log shippers)
//! and the outermost middleware: a request id for every request, echoed in
//! `X-Request-Id` and attached to every log line written while answering it,
//! one access-log line, and the request metrics.
//!
//! Access-log lines hold method, route pattern, status and time; not the query
//! string or client address, which may be personal data (typed addresses).
mod log_buffer;
mod text_format;

use std::{io::IsTerminal as _, time::Instant};

use actix_web::{
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header::{HeaderName, HeaderValue},
    middleware::Next,
};
use tracing::Instrument as _;
use tracing_subscriber::{fmt, EnvFilter};

use crate::config::LogFormat;
pub use log_buffer::{LogBuffer, LogGuard};

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Log lines go to stdout through [`LogBuffer`]: a request never waits for the
/// terminal, pipe or disk, and lines are written in batches, at least every
/// second. Keep the returned guard alive until the end of `main`: dropping it
/// writes out what is still buffered. `None` when the writer thread could not
/// start; lines then go straight to stdout.
pub fn init(format: LogFormat) -> Option<LogGuard> {
    match LogBuffer::start(std::io::stdout(), log_buffer::FLUSH_EVERY) {
        Ok((writer, guard)) => {
            install(format, writer);
            Some(guard)
        }
        Err(e) => {
            eprintln!("taxi-server: no log writer thread ({e}); logging straight to stdout");
            install(format, std::io::stdout);
            None
        }
    }
}

fn install(format: LogFormat, writer: impl for<'a> fmt::MakeWriter<'a> + Send + Sync + 'static) {
    let colour = std::io::stdout().is_terminal();
    let filter = EnvFilter::try_from_env("RUST_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = fmt().with_env_filter(filter).with_target(false).with_ansi(colour).with_writer(writer);
    let _ = match format {
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
        LogFormat::Text if colour => builder.try_init(),
        LogFormat::Text => builder.fmt_fields(text_format::PlainFields).event_format(text_format::PlainText).try_init(),
    };
}

/// An id that a proxy in front already assigned (if it looks like one), else a
/// new one; as a header value, so that echoing it copies nothing.
fn request_id(req: &ServiceRequest) -> HeaderValue {
    let plausible = |id: &&HeaderValue| {
        (1..=64).contains(&id.len()) && id.as_bytes().iter().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(b))
    };
    if let Some(id) = req.headers().get(&REQUEST_ID).filter(plausible) {
        return id.clone();
    }
    let mut hex = [0u8; 16];
    let random = fastrand::u64(..);
    for (i, digit) in hex.iter_mut().enumerate() {
        *digit = b"0123456789abcdef"[(random >> (60 - 4 * i) & 0xf) as usize];
    }
    HeaderValue::from_bytes(&hex).expect("hex digits are a valid header value")
}

pub async fn observe(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = request_id(&req);
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
    // The pattern, not the path: bounded label values, no typed text in logs.
    let route = req.match_pattern().unwrap_or_else(|| "unmatched".into());
    let span = tracing::info_span!("request", request_id = id.to_str().unwrap_or_default());
    let mut response = next.call(req).instrument(span.clone()).await?;
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    let quiet = matches!(route.as_str(), "/healthz" | "/readyz" | "/metrics");
    response.headers_mut().insert(REQUEST_ID, id);
    span.in_scope(|| {
        let ms = (seconds * 1e4).round() / 10.0;
        if quiet {
            tracing::debug!(method, route, status, ms, "answered");
        } else {
            tracing::info!(method, route, status, ms, "answered");
        }
    });
    crate::metrics::request(method, &route, status, seconds);
    Ok(response)
}

/// What a log writer wrote, for tests: the bytes and how many writes.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Captured(std::sync::Arc<std::sync::Mutex<(Vec<u8>, usize)>>);

#[cfg(test)]
impl Captured {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().0.clone()).unwrap()
    }

    pub fn writes(&self) -> usize {
        self.0.lock().unwrap().1
    }
}

#[cfg(test)]
impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut out = self.0.lock().unwrap();
        out.0.extend_from_slice(bytes);
        out.1 += 1;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl<'a> fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Captured {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn a_plausible_incoming_id_is_kept_and_anything_else_replaced() {
        let with = |value: &str| request_id(&TestRequest::default().insert_header((REQUEST_ID, value)).to_srv_request());
        assert_eq!(with("abc-123_x.y"), "abc-123_x.y");
        let replaced = with("evil\" injected=1");
        assert_eq!(replaced.len(), 16);
        assert!(replaced.as_bytes().iter().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(with(&"a".repeat(65)).len(), 16);
        assert_ne!(request_id(&TestRequest::default().to_srv_request()), request_id(&TestRequest::default().to_srv_request()));
    }
}
