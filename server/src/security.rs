//! Headers that tell browsers what this site may do, and the refusal of form
//! posts sent from other sites (cross-site request forgery).
use actix_web::{
    body::{BoxBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::{header, Method, StatusCode},
    middleware::{DefaultHeaders, Next},
    web, HttpResponse,
};

use crate::{config::Settings, domain::Lang, i18n::Locales};

/// No inline or eval'd script anywhere: pages load their scripts from `/assets`
/// and carry data in `<script type="application/json">`. Forms may post to the
/// site itself, whose WhatsApp form redirects to the chat link.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
    font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
    form-action 'self' https://wa.me https://api.whatsapp.com";

pub fn headers(hsts: bool) -> DefaultHeaders {
    let mut headers = DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"));
    if hsts {
        headers = headers.add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains"));
    }
    headers
}

/// Refuses a POST that a browser says comes from another site: by
/// `Sec-Fetch-Site`, or else by an `Origin` whose host is not the one asked.
pub async fn same_origin_posts(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.method() == Method::POST && is_cross_site(&req) {
        let lang = req.path().rsplit('/').next().and_then(Lang::parse).unwrap_or(Lang::En);
        let text = req.app_data::<web::Data<Locales>>().map(|l| l.text(lang, "api.crossSite").to_string()).unwrap_or_default();
        tracing::warn!(path = req.path(), "cross-site POST refused");
        let response = HttpResponse::Forbidden().json(serde_json::json!({ "errorMessage": text }));
        return Ok(req.into_response(response));
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

/// Requests whose headers together pass `http.max_header_bytes` get 431 (a JSON
/// message for the API, the error page otherwise). The HTTP parser already caps
/// the whole head at 128 KB; this is the tighter budget a page ever needs.
pub async fn header_limit(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let max = req.app_data::<web::Data<Settings>>().map_or(usize::MAX, |s| s.http.max_header_bytes);
    let size: usize = req.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    if size <= max {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    tracing::warn!(bytes = size, "request headers too large");
    let response = if req.path().starts_with("/api/") {
        let lang = crate::rate_limit::language_of(&req);
        let text = req.app_data::<web::Data<Locales>>().map(|l| l.text(lang, "api.headersTooLarge").to_string()).unwrap_or_default();
        HttpResponse::build(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE).json(serde_json::json!({ "errorMessage": text }))
    } else {
        HttpResponse::build(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE).finish()
    };
    Ok(req.into_response(response))
}

fn is_cross_site(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        // "none": typed or bookmarked; "same-origin": our own page.
        return !matches!(site, "same-origin" | "none");
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false; // not a browser, or an old one: nothing to go by
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    let origin_host = origin.split_once("://").map(|(_, rest)| rest).unwrap_or("");
    origin == "null" || !origin_host.eq_ignore_ascii_case(host)
}
