//! One error type for handlers, and the middleware that turns bare error
//! responses into the localized error page.
//!
//! Handlers return [`AppError`]; its response carries only a status. The
//! [`error_pages`] middleware then fills in the error page in the visitor's
//! stored language (cookie `lang`, default English). Responses that already
//! have a body type (JSON API errors) pass through untouched. Causes are logged,
//! never shown.
use actix_web::{
    dev::ServiceResponse,
    http::{header, StatusCode},
    middleware::{ErrorHandlerResponse, ErrorHandlers},
    web, HttpRequest, HttpResponse, ResponseError,
};

use crate::{domain::Lang, render::{Pages, RenderError}, routes::respond::encoded};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("render failed: {0}")]
    Render(#[from] RenderError),
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Render(RenderError::Busy) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Render(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let mut response = HttpResponse::build(status);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response.insert_header((header::RETRY_AFTER, "1"));
        }
        response.finish()
    }
}

/// The language an error page is shown in (spec): the stored preference, else English.
pub fn error_language(req: &HttpRequest) -> Lang {
    req.cookie("lang").and_then(|c| Lang::parse(c.value())).unwrap_or(Lang::En)
}

pub fn error_pages<B: 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(|res: ServiceResponse<B>| {
        if res.response().headers().contains_key(header::CONTENT_TYPE) {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        Ok(ErrorHandlerResponse::Future(Box::pin(async move {
            let (req, original) = res.into_parts();
            let Some(pages) = req.app_data::<web::Data<Pages>>().cloned() else {
                return Ok(ServiceResponse::new(req, original).map_into_left_body());
            };
            let page = pages.error_page(error_language(&req)).await;
            let mut response = encoded(&req, &page, original.status());
            for (name, value) in original.headers() {
                if name == header::RETRY_AFTER || name == header::ALLOW {
                    response.headers_mut().insert(name.clone(), value.clone());
                }
            }
            response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
            Ok(ServiceResponse::new(req, response).map_into_right_body())
        })))
    })
}
