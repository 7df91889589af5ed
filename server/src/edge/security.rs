//! Headers that tell browsers what this site may do. (Posts from other sites
//! are refused at the edge: see [`crate::edge`].)
use actix_web::http::header::{self, HeaderName, HeaderValue};

/// No inline or eval'd script anywhere: pages load their scripts from `/assets`
/// and carry data in `<script type="application/json">`. Forms may post to the
/// site itself, whose WhatsApp form redirects to the chat link.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
    font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
    form-action 'self' https://wa.me https://api.whatsapp.com";

/// The headers every answer carries unless it sets its own (`edge::outer` adds them).
pub fn headers(hsts: bool) -> Vec<(HeaderName, HeaderValue)> {
    let mut headers = vec![
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    if hsts {
        headers.push((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains"));
    }
    headers.into_iter().map(|(name, value)| (name, HeaderValue::from_static(value))).collect()
}
