//! The localized error page in place of every bare error answer on a page.
use actix_web::{
    dev::ServiceResponse,
    http::{header, ConnectionType},
    middleware::{ErrorHandlerResponse, ErrorHandlers},
    web,
};

use crate::{edge::error::error_language, render::respond::encoded, site::pages::Pages};

/// Fills every error answer that is not already a page or JSON with the
/// localized error page: bare answers, and the framework's own plain-text ones
/// (a query string it cannot read, a body of the wrong type). Pages (form
/// pages with their errors) and JSON errors pass through.
pub fn error_pages<B: 'static>(pages: web::Data<Pages>) -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(move |res: ServiceResponse<B>| {
        let content_type =
            res.response().headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        if content_type.starts_with("text/html") || content_type.starts_with("application/json") {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        let pages = pages.clone();
        Ok(ErrorHandlerResponse::Future(Box::pin(async move {
            let (req, original) = res.into_parts();
            let page = pages.error_page(error_language(&req)).await;
            let mut response = encoded(&req, &page, original.status());
            for (name, value) in original.headers() {
                if name == header::RETRY_AFTER || name == header::ALLOW {
                    response.headers_mut().insert(name.clone(), value.clone());
                }
            }
            if original.head().connection_type() == ConnectionType::Close {
                response.head_mut().set_connection_type(ConnectionType::Close);
            }
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
            Ok(ServiceResponse::new(req, response).map_into_right_body())
        })))
    })
}
