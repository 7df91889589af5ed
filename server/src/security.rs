//! Headers that tell browsers what this site may do. (Posts from other sites
//! are refused at the edge: see [`crate::edge`].)
use actix_web::{http::header, middleware::DefaultHeaders};

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
