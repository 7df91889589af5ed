//! Sending a call to Google: bounded in time and size, retried once when that
//! helps, and every failure turned into a message for the log without the key.
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use secrecy::ExposeSecret;
use serde::Deserialize;

use crate::places::google::{mapping::parse_duration, GoogleMaps};
use crate::places::PlacesError;

/// Answers are a few kilobytes; anything beyond this is not Google.
const MAX_RESPONSE_BYTES: usize = 1 << 20;
/// One operation, retry included, takes at most this many times `timeout_ms`.
pub const BUDGET_FACTOR: u32 = 2;
/// Connecting takes at most this (and never more than `timeout_ms`).
pub const MAX_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Backoff before the retry: this, or a fifth of `timeout_ms` if smaller, plus up to a quarter of jitter.
const RETRY_BACKOFF: Duration = Duration::from_millis(200);
/// A `RetryInfo.retryDelay` from Google longer than this means: do not retry now.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(2);

/// The HTTP client for Google: each attempt bounded by `timeout`, connecting by
/// at most [`MAX_CONNECT_TIMEOUT`] of it.
///
/// # Panics
/// When the TLS backend cannot start (rustls with bundled roots: not expected).
pub(crate) fn http_client(timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .user_agent(concat!("taxi-server/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(timeout.min(MAX_CONNECT_TIMEOUT))
        .timeout(timeout)
        // Google's APIs do not redirect; following one would send the key elsewhere.
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(Duration::from_secs(60))
        .tcp_keepalive(Duration::from_secs(60))
        .build()
        .expect("the HTTP client for Google starts")
}

impl GoogleMaps {
    /// Replaces the key wherever it appears (Google may quote what it was sent).
    fn scrub(&self, text: &str) -> String {
        let key = self.key.expose_secret();
        if key.is_empty() {
            text.to_string()
        } else {
            text.replace(key, "[key]")
        }
    }

    fn backoff(&self) -> Duration {
        let base = RETRY_BACKOFF.min(self.timeout / 5);
        let jitter_ms = (base.as_millis() as u64 / 4).max(1);
        base + Duration::from_millis(fastrand::u64(..jitter_ms))
    }

    /// Sends the request `build` makes, retrying once when that is useful and fits
    /// in the budget. Logs a warning per failed attempt.
    pub(crate) async fn execute(
        &self,
        op: &'static str,
        build: impl Fn() -> reqwest::RequestBuilder,
    ) -> Result<Vec<u8>, Failure> {
        if !self.budget.try_spend(op) {
            // Not a failure of Google's: the budget logs once, not per call.
            return Err(Failure {
                over_budget: true,
                ..Failure::new(None, "BUDGET", "call budget used up", false)
            });
        }
        let deadline = Instant::now() + self.timeout * BUDGET_FACTOR;
        let min_attempt = (self.timeout / 4).max(Duration::from_millis(50)).min(self.timeout);
        let mut attempt = 1u32;
        loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            let failure = match self.attempt(&build, self.timeout.min(remaining)).await {
                Ok(body) => return Ok(body),
                Err(failure) => failure,
            };
            tracing::warn!(
                op,
                attempt,
                status = failure.status.map(|s| s.as_u16()),
                reason = %failure.reason,
                "Google call failed: {}",
                failure.message
            );
            if attempt >= 2 || !failure.retryable {
                return Err(failure);
            }
            let backoff = match failure.retry_after {
                Some(delay) if delay > MAX_RETRY_DELAY => return Err(failure),
                Some(delay) => delay.max(self.backoff()),
                None => self.backoff(),
            };
            if deadline.saturating_duration_since(Instant::now()) < backoff + min_attempt {
                return Err(failure);
            }
            tokio::time::sleep(backoff).await;
            attempt += 1;
        }
    }

    async fn attempt(
        &self,
        build: &impl Fn() -> reqwest::RequestBuilder,
        timeout: Duration,
    ) -> Result<Vec<u8>, Failure> {
        let Some(key) = &self.key_header else {
            return Err(Failure::new(
                None,
                "BAD_KEY",
                "the maps key has characters a header cannot carry",
                false,
            ));
        };
        let response = build()
            .header("X-Goog-Api-Key", key.clone())
            .timeout(timeout)
            .send()
            .await
            .map_err(|e| self.transport_failure(&e))?;
        let status = response.status();
        let body = read_bounded(response).await.map_err(|e| match e {
            ReadError::Transport(e) => self.transport_failure(&e),
            ReadError::TooLarge => {
                Failure::new(Some(status), "TOO_LARGE", "the response is larger than 1 MiB", false)
            }
        })?;
        if status.is_success() {
            Ok(body)
        } else {
            Err(self.google_failure(status, &body))
        }
    }

    fn transport_failure(&self, e: &reqwest::Error) -> Failure {
        let mut message = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(inner) = source {
            message.push_str(": ");
            message.push_str(&inner.to_string());
            source = inner.source();
        }
        let (reason, retryable) = if e.is_timeout() {
            ("TIMEOUT", true)
        } else if e.is_connect() {
            ("CONNECT", true)
        } else {
            ("TRANSPORT", false)
        };
        Failure::new(e.status(), reason, &self.scrub(&message), retryable)
    }

    /// Google's error JSON: `{"error":{"code","message","status","details":[{"reason"}]}}`.
    fn google_failure(&self, status: StatusCode, body: &[u8]) -> Failure {
        let error = serde_json::from_slice::<ErrorEnvelope>(body).ok().and_then(ErrorEnvelope::into_error);
        let retryable = matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504);
        let Some(error) = error else {
            let text: String = String::from_utf8_lossy(body).chars().take(200).collect();
            return Failure::new(Some(status), "", &self.scrub(&format!("HTTP {status}: {text}")), retryable);
        };
        let reasons: Vec<&str> = error.details.iter().filter_map(|d| d.reason.as_deref()).collect();
        let retry_after =
            error.details.iter().find_map(|d| d.retry_delay.as_deref().and_then(parse_duration));
        let google_status = error.status.as_deref().unwrap_or("");
        let text: String = error.message.as_deref().unwrap_or("").chars().take(300).collect();
        let message = format!("HTTP {} {google_status} [{}]: {text}", status.as_u16(), reasons.join(","));
        let mut failure = Failure::new(Some(status), &reasons.join(","), &self.scrub(&message), retryable);
        if failure.reason.is_empty() {
            failure.reason = google_status.to_string();
        }
        failure.retry_after = retry_after.map(Duration::from_secs_f64);
        failure
    }

    /// POSTs `body` as JSON, asking for the fields in `mask`, and reads the answer as `T`.
    pub(crate) async fn post_json<T: serde::de::DeserializeOwned>(
        &self,
        op: &'static str,
        url: &str,
        mask: &str,
        body: &serde_json::Value,
    ) -> Result<T, PlacesError> {
        let response = self
            .execute(op, || self.client.post(url).header("X-Goog-FieldMask", mask).json(body))
            .await
            .map_err(|f| self.unavailable(op, f))?;
        self.parse(op, &response)
    }

    pub(crate) fn unavailable(&self, op: &str, failure: Failure) -> PlacesError {
        if failure.over_budget {
            return PlacesError::OverBudget;
        }
        PlacesError::Unavailable(self.scrub(&format!("google {op}: {}", failure.message)))
    }

    pub(crate) fn parse<T: serde::de::DeserializeOwned>(
        &self,
        op: &str,
        body: &[u8],
    ) -> Result<T, PlacesError> {
        serde_json::from_slice(body).map_err(|e| {
            let message = self.scrub(&format!("google {op}: the response is not the expected JSON: {e}"));
            tracing::warn!(op, reason = "BAD_JSON", "Google call failed: {message}");
            PlacesError::Unavailable(message)
        })
    }
}

enum ReadError {
    Transport(reqwest::Error),
    TooLarge,
}

async fn read_bounded(mut response: reqwest::Response) -> Result<Vec<u8>, ReadError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(ReadError::Transport)? {
        if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
            return Err(ReadError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// A failed attempt, for the log and the retry decision. Never holds the key.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: Option<StatusCode>,
    /// `details[].reason`, else Google's `status`, else ours (`TIMEOUT`, `CONNECT`, …).
    reason: String,
    message: String,
    retryable: bool,
    retry_after: Option<Duration>,
    /// The call was not made: the site-wide budget is used up.
    over_budget: bool,
}

impl Failure {
    fn new(status: Option<StatusCode>, reason: &str, message: &str, retryable: bool) -> Self {
        Self {
            status,
            reason: reason.to_string(),
            message: message.to_string(),
            retryable,
            retry_after: None,
            over_budget: false,
        }
    }
}

// Google's error JSON.

#[derive(Deserialize)]
#[serde(untagged)]
enum ErrorEnvelope {
    One {
        error: GoogleError,
    },
    /// Some Google front ends wrap the error in an array.
    List(Vec<ErrorEnvelopeItem>),
}

#[derive(Deserialize)]
struct ErrorEnvelopeItem {
    error: GoogleError,
}

impl ErrorEnvelope {
    fn into_error(self) -> Option<GoogleError> {
        match self {
            ErrorEnvelope::One { error } => Some(error),
            ErrorEnvelope::List(items) => items.into_iter().next().map(|i| i.error),
        }
    }
}

#[derive(Deserialize)]
struct GoogleError {
    message: Option<String>,
    status: Option<String>,
    #[serde(default)]
    details: Vec<GoogleErrorDetail>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoogleErrorDetail {
    reason: Option<String>,
    /// In `google.rpc.RetryInfo`.
    retry_delay: Option<String>,
}
