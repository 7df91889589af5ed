//! One error type for handlers and the edge, whatever the route's kind.
//!
//! An [`AppError`] answers with its status only, and remembers which localized
//! text explains it. What the visitor then sees depends on the kind of route
//! that matched (see [`crate::edge`]): JSON routes get `{"errorMessage": …}` in
//! the request's language; pages get the localized error page from
//! `site::error_pages`. Causes are logged, never shown.
use actix_web::{
    http::{header, StatusCode},
    HttpRequest, HttpResponse, ResponseError,
};

use crate::{edge::lang::stored_lang, render::pool::RenderError, types::Lang};

/// Why a request was not served, as the visitor is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    InvalidBody,
    BodyTooLarge,
    UnsupportedMediaType,
    BodyTimeout,
    CrossSite,
    HeadersTooLarge,
    UnknownLanguage,
    PlaceNotFound,
    NoRoute,
    PriceUnavailable,
    /// Sent sooner after opening the form than a person can type it.
    TooFast,
    /// The store could not take it: try again in a minute.
    StoreFailed,
    /// Per-client limit: wait this many seconds.
    TooManyRequests {
        retry_after: u64,
    },
    /// Site-wide limit, or too much mail queued: try later or call.
    Overloaded {
        retry_after: u64,
    },
    /// Many posts arrive: this one must carry a proof of work (`forms::proof`),
    /// or one of the current level.
    ProofRequired,
    /// Its proof is not genuine, not solved or expired.
    ProofInvalid,
    /// Its proof was used for another post already.
    ProofSpent,
    /// The sender's network or e-mail address was marked as junk: call instead.
    SenderRefused,
}

impl Refusal {
    pub fn status(self) -> StatusCode {
        match self {
            Self::InvalidBody => StatusCode::BAD_REQUEST,
            Self::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::CrossSite => StatusCode::FORBIDDEN,
            Self::HeadersTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::UnknownLanguage | Self::PlaceNotFound => StatusCode::NOT_FOUND,
            Self::NoRoute => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PriceUnavailable => StatusCode::BAD_GATEWAY,
            Self::TooFast => StatusCode::BAD_REQUEST,
            Self::StoreFailed => StatusCode::SERVICE_UNAVAILABLE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Overloaded { .. } => StatusCode::SERVICE_UNAVAILABLE,
            // The browser's cue to solve a (new) challenge and send again.
            Self::ProofRequired | Self::ProofInvalid | Self::ProofSpent => StatusCode::PRECONDITION_REQUIRED,
            Self::SenderRefused => StatusCode::FORBIDDEN,
        }
    }

    /// The locale key of the text that explains it (may use `{{phone}}`).
    pub fn key(self) -> &'static str {
        match self {
            Self::InvalidBody => "api.invalidBody",
            Self::BodyTooLarge => "api.bodyTooLarge",
            Self::UnsupportedMediaType => "api.unsupportedMediaType",
            Self::BodyTimeout => "api.requestTimeout",
            Self::CrossSite => "api.crossSite",
            Self::HeadersTooLarge => "api.headersTooLarge",
            Self::UnknownLanguage => "api.unknownLanguage",
            Self::PlaceNotFound => "api.placeNotFound",
            Self::NoRoute => "api.noRoute",
            Self::PriceUnavailable => "api.priceUnavailable",
            Self::TooFast => "api.tooFast",
            Self::StoreFailed => "api.storeFailed",
            Self::TooManyRequests { .. } => "api.tooManyRequests",
            Self::Overloaded { .. } => "api.overloaded",
            Self::ProofRequired => "api.proofRequired",
            Self::ProofInvalid => "api.proofInvalid",
            Self::ProofSpent => "api.proofSpent",
            Self::SenderRefused => "api.senderRefused",
        }
    }

    /// The text for a form posted without JavaScript: a proof can only come
    /// from the browser's script, so all three ask to switch it on or to call.
    pub fn page_key(self) -> &'static str {
        match self {
            Self::ProofRequired | Self::ProofInvalid | Self::ProofSpent => "api.proofNeedsScript",
            other => other.key(),
        }
    }

    pub fn retry_after(self) -> Option<u64> {
        match self {
            Self::TooManyRequests { retry_after } | Self::Overloaded { retry_after } => Some(retry_after),
            _ => None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("refused: {0:?}")]
    Refused(Refusal),
    #[error("render failed: {0}")]
    Render(#[from] RenderError),
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        AppError::Refused(refusal)
    }
}

/// Carried in the extensions of an error answer: which text explains it.
#[derive(Debug, Clone, Copy)]
pub struct ErrorText(pub &'static str);

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Refused(refusal) => refusal.status(),
            AppError::Render(RenderError::Busy) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Render(RenderError::ClientBusy) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Render(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() && !matches!(self, AppError::Refused(_)) {
            tracing::error!(error = %self, "request failed");
        }
        let mut response = HttpResponse::build(status);
        let text = match self {
            AppError::NotFound => "api.notFound",
            AppError::Refused(refusal) => refusal.key(),
            AppError::Render(RenderError::Busy) => "api.overloaded",
            AppError::Render(RenderError::ClientBusy) => "api.tooManyRequests",
            AppError::Render(_) | AppError::Internal(_) => "api.somethingWentWrong",
        };
        let retry_after = match self {
            AppError::Refused(refusal) => refusal.retry_after(),
            AppError::Render(RenderError::Busy | RenderError::ClientBusy) => Some(1),
            _ => None,
        };
        if let Some(seconds) = retry_after {
            response.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if matches!(self, AppError::Refused(Refusal::BodyTimeout)) {
            // The rest of the body may still trickle in: do not wait for it.
            response.force_close();
        }
        let mut response = response.finish();
        response.extensions_mut().insert(ErrorText(text));
        response
    }
}

/// The language an error page is shown in: the stored preference, else English.
pub fn error_language(req: &HttpRequest) -> Lang {
    stored_lang(req).unwrap_or(Lang::En)
}

/// Any other refusal or failure, in the request's language.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    pub error_message: String,
}
