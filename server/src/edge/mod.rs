//! The HTTP edge: what happens to a request between the socket and a handler.
//!
//! Around every request, [`outer`]: the request id, the canonical host
//! ([`host`]), the security headers, the access log and the metrics.
//!
//! Every route is registered with a [`Kind`] (see `routes::configure`), and the
//! kind alone decides which checks run and how a refusal is worded: actix
//! matches routes on the decoded path, so `/%61pi/contact/nl` reaches the same
//! handler, with the same limits, as `/api/contact/nl`. Nothing here looks at
//! the raw path. In order:
//!
//! 1. header budget (`http.max_header_bytes`) → 431;
//! 2. for posts, the origin check → 403 when a browser says another site sent it;
//! 3. the per-client limit of the kind, then the same for the client's network
//!    (an IPv4 /24, an IPv6 /48) → 429 with `Retry-After`; a page opened
//!    with a route beyond the client's smaller burst of such pages is served
//!    without place look-ups ([`PlaceLookups`]);
//! 4. the handler;
//! 5. for JSON kinds, any error answer without a JSON body becomes
//!    `{"errorMessage": …}` in the request's language ([`lang`]); pages get the
//!    localized error page from [`crate::site::error_pages::error_pages`].
//!
//! Everything the edge needs is handed to it at start-up ([`Edge::new`]), so no
//! protection can switch itself off because some state was not registered.
pub mod body;
pub mod client;
pub mod error;
pub mod lang;
pub mod operators;
pub mod outer;
pub mod rate_limit;
pub mod security;

use std::sync::Arc;

use actix_web::{
    body::BoxBody,
    dev::{ServiceRequest, ServiceResponse},
    http::{header, Method},
    HttpMessage as _, HttpResponse,
};

use crate::edge::client::ClientResolver;
use crate::{
    config::Settings,
    edge::{
        error::{AppError, ErrorText, Refusal},
        rate_limit::{Limiter, RateLimits},
    },
    i18n::Locales,
};

pub use crate::types::ClientKey;

/// The keys the edge counted a request's client by, put on the request for limits further in.
impl ClientKey {
    /// The client's own key.
    pub fn of(req: &actix_web::HttpRequest) -> Option<std::net::IpAddr> {
        Self::get(req).map(|k| k.client)
    }

    pub fn get(req: &actix_web::HttpRequest) -> Option<ClientKey> {
        req.extensions().get::<ClientKey>().copied()
    }
}

/// Put on a page request by the edge when the page may look places up (its
/// client is within `limits.prefill_lookups_per_minute`). Without it the page
/// shows the route as typed: missing means no paid calls, never more.
#[derive(Debug, Clone, Copy)]
pub struct PlaceLookups;

impl PlaceLookups {
    pub fn granted(req: &actix_web::HttpRequest) -> bool {
        req.extensions().contains::<PlaceLookups>()
    }
}

/// What a route is, for the edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Answered with HTML or files: pages (and forms posted to them without
    /// JavaScript, which count against the form-post limit), assets, operations.
    Page,
    /// A booking, WhatsApp or contact call: JSON, the form-post limit.
    Submission,
    /// An address look-up or price indication: JSON, the look-up limit.
    Lookup,
    /// A page made for one person from a signed link (staff answers, the
    /// manage page): a page, rendered afresh at every request, so it counts
    /// as a look-up and always carries its [`ClientKey`] for the client's
    /// share of the render queue.
    Private,
}

impl Kind {
    fn is_json(self) -> bool {
        matches!(self, Kind::Submission | Kind::Lookup)
    }
}

pub struct Edge {
    settings: Arc<Settings>,
    locales: Arc<Locales>,
    limits: RateLimits,
    clients: ClientResolver,
    /// Whether a page's query makes the page look places up (a reservation
    /// page opened with a route): such a view counts as a look-up.
    query_looks_up: fn(&str) -> bool,
}

impl Edge {
    pub fn new(settings: Arc<Settings>, locales: Arc<Locales>, query_looks_up: fn(&str) -> bool) -> Self {
        Self {
            query_looks_up,
            limits: RateLimits::new(&settings.limits),
            clients: ClientResolver::new(&settings.limits),
            settings,
            locales,
        }
    }

    /// The client's limiter of the request, and its network's.
    fn limiter(&self, kind: Kind, req: &ServiceRequest) -> Option<(&Limiter, &Limiter)> {
        let limits = &self.limits;
        let forms = Some((&limits.forms, &limits.network_forms));
        let lookups = Some((&limits.lookups, &limits.network_lookups));
        match kind {
            Kind::Page | Kind::Private if req.method() == Method::POST => forms,
            // Rendered afresh (and a page opened with a route looks places up): a look-up.
            Kind::Private => lookups,
            Kind::Page if self.looks_up(req) => lookups,
            Kind::Page => None,
            Kind::Submission => forms,
            Kind::Lookup => lookups,
        }
    }

    fn looks_up(&self, req: &ServiceRequest) -> bool {
        req.method() != Method::POST && (self.query_looks_up)(req.query_string())
    }

    /// Steps 1 to 3; `Err` is the refusal to answer with. A request that is
    /// limited per client also gets its [`ClientKey`]; a page that may look
    /// places up gets [`PlaceLookups`].
    pub fn admit(&self, kind: Kind, req: &ServiceRequest) -> Result<(), AppError> {
        let size: usize =
            req.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
        if size > self.settings.http.max_header_bytes {
            tracing::warn!(bytes = size, "request headers too large");
            return Err(Refusal::HeadersTooLarge.into());
        }
        if req.method() == Method::POST && is_cross_site(req) {
            tracing::warn!(route = req.match_pattern().as_deref().unwrap_or(""), "cross-site POST refused");
            return Err(Refusal::CrossSite.into());
        }
        let Some((own, network)) = self.limiter(kind, req) else { return Ok(()) };
        // No peer address (not a TCP connection): nothing to count by.
        let Some(client) = self.clients.client(req.request()) else { return Ok(()) };
        let (key, network_key) = (self.clients.key(client), self.clients.network(client));
        // The client's own budget first: what it is refused takes nothing from its neighbours'.
        own.check(key).and_then(|()| network.check(network_key)).map_err(|retry_after| {
            tracing::warn!(%client, route = req.match_pattern().as_deref().unwrap_or(""), "rate limit reached");
            crate::telemetry::metrics::rate_limited(req.match_pattern().unwrap_or_else(|| "unmatched".into()));
            AppError::Refused(Refusal::TooManyRequests { retry_after })
        })?;
        req.extensions_mut().insert(ClientKey { client: key, network: network_key });
        if kind == Kind::Page && self.looks_up(req) {
            match self.limits.prefills.check(key) {
                Ok(()) => {
                    req.extensions_mut().insert(PlaceLookups);
                }
                Err(_) => tracing::info!(%client, "prefilled pages beyond the burst: shown without look-ups"),
            }
        }
        Ok(())
    }

    /// Step 5 for the answer of a request of `kind`.
    pub fn finish(&self, kind: Kind, response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
        if kind.is_json() {
            self.json_errors(response)
        } else {
            response
        }
    }

    /// Step 5: an error answer without a JSON body gets `{"errorMessage"}`.
    fn json_errors(&self, response: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
        let status = response.status();
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if !(status.is_client_error() || status.is_server_error()) || is_json {
            return response;
        }
        let key =
            response.response().extensions().get::<ErrorText>().map_or_else(|| default_text(status), |t| t.0);
        let lang = lang::request_lang(response.request());
        let text = self.locales.format(lang, key, &[("phone", &self.settings.company.phone_shown(lang))]);
        let (req, original) = response.into_parts();
        let mut answer = HttpResponse::build(status);
        for name in [header::RETRY_AFTER, header::ALLOW] {
            if let Some(value) = original.headers().get(&name) {
                answer.insert_header((name, value.clone()));
            }
        }
        let mut answer = answer.json(crate::edge::error::Failure { error_message: text });
        answer.head_mut().set_connection_type(original.head().connection_type());
        ServiceResponse::new(req, answer)
    }
}

/// The text for error answers that came without one (e.g. the framework's own).
fn default_text(status: actix_web::http::StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "api.invalidBody",
        404 | 405 => "api.notFound",
        _ => "api.somethingWentWrong",
    }
}

/// Whether a browser says another site sent this request: by `Sec-Fetch-Site`,
/// or else by an `Origin` whose host is not the one asked.
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

/// GET and HEAD: every readable resource answers both.
pub fn read() -> actix_web::Route {
    actix_web::web::route().guard(actix_web::guard::Any(actix_web::guard::Get()).or(actix_web::guard::Head()))
}

/// Shared state that only some answers need, looked up when they do rather
/// than extracted for every request.
pub fn app_data<T: 'static>(req: &actix_web::HttpRequest) -> Result<&T, AppError> {
    req.app_data::<actix_web::web::Data<T>>().map(|data| data.get_ref()).ok_or_else(|| {
        AppError::Internal(anyhow::anyhow!("{} is not registered", std::any::type_name::<T>()))
    })
}
