//! The outermost layer, around every request:
//!
//! 1. a request id ([`crate::telemetry::RequestId`]), current while the request
//!    is answered, so every log line written meanwhile carries it;
//! 2. the canonical host: a read for the wrong host is redirected (301) before
//!    anything else runs ([`super::host`]);
//! 3. the inner service (error pages, then the routes);
//! 4. the security headers ([`crate::edge::security`]) where the answer has none of
//!    its own, and `X-Request-Id`;
//! 5. the access-log line and the request metrics.
//!
//! One hand-written service rather than a middleware per step: each
//! `middleware::from_fn` layer boxes two futures per request, and these steps
//! run for every page view (see docs/performance.md).
use std::{
    future::{ready, Future, Ready},
    pin::Pin,
    rc::Rc,
    task::{ready, Context, Poll},
    time::Instant,
};

use actix_web::{
    body::{EitherBody, MessageBody},
    dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform},
    http::header::{self, HeaderName, HeaderValue},
    HttpResponse,
};
use tokio::task::futures::TaskLocalFuture;

use crate::{
    config::Settings,
    telemetry::{self, AccessLine, RequestId, REQUEST_ID},
};

/// The pattern a resource was registered with, kept as the resource's data
/// (`routes::configure` gives every resource one) so that the route of an
/// answer is known without matching its path again.
pub struct RoutePattern(pub Box<str>);

/// Where a read for a host that does not serve its page goes instead. The
/// site knows its origins (`site::host`); the edge only asks.
pub trait CanonicalHost {
    fn redirect_for(&self, req: &ServiceRequest) -> Option<String>;
}

/// The outermost layer; see the module docs.
pub struct Outer {
    hosts: Rc<dyn CanonicalHost>,
    security_headers: Rc<[(HeaderName, HeaderValue)]>,
}

impl Outer {
    pub fn new(settings: &Settings, hosts: Rc<dyn CanonicalHost>) -> Self {
        let security_headers = crate::edge::security::headers(settings.site.hsts).into();
        Outer { hosts, security_headers }
    }
}

impl<S, B> Transform<S, ServiceRequest> for Outer
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Transform = OuterService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, inner: S) -> Self::Future {
        ready(Ok(OuterService {
            inner,
            hosts: self.hosts.clone(),
            security_headers: self.security_headers.clone(),
        }))
    }
}

pub struct OuterService<S> {
    inner: S,
    hosts: Rc<dyn CanonicalHost>,
    security_headers: Rc<[(HeaderName, HeaderValue)]>,
}

impl<S, B> Service<ServiceRequest> for OuterService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Future = Answering<S::Future>;

    forward_ready!(inner);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let started = Instant::now();
        let id = RequestId::of(&req);
        let method = telemetry::method_label(req.method());
        let state = match self.hosts.redirect_for(&req) {
            Some(location) => {
                let moved =
                    HttpResponse::MovedPermanently().insert_header((header::LOCATION, location)).finish();
                State::Redirect { moved: Some(req.into_response(moved)) }
            }
            None => State::Inner { answer: telemetry::answering(id, self.inner.call(req)) },
        };
        Answering { state, started, id, method, security_headers: self.security_headers.clone() }
    }
}

pin_project_lite::pin_project! {
    /// The answer being made, then finished by [`OuterService`].
    pub struct Answering<F> {
        #[pin]
        state: State<F>,
        started: Instant,
        id: RequestId,
        method: &'static str,
        security_headers: Rc<[(HeaderName, HeaderValue)]>,
    }
}

pin_project_lite::pin_project! {
    #[project = StateProj]
    enum State<F> {
        Inner { #[pin] answer: TaskLocalFuture<RequestId, F> },
        Redirect { moved: Option<ServiceResponse> },
    }
}

impl<F, B> Future for Answering<F>
where
    F: Future<Output = Result<ServiceResponse<B>, actix_web::Error>>,
    B: MessageBody,
{
    type Output = Result<ServiceResponse<EitherBody<B>>, actix_web::Error>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = match this.state.project() {
            StateProj::Inner { answer } => ready!(answer.poll(cx))?.map_into_left_body(),
            StateProj::Redirect { moved } => {
                moved.take().expect("polled after completion").map_into_right_body()
            }
        };
        let headers = response.headers_mut();
        for (name, value) in this.security_headers.iter() {
            // One look-up where the answer has none of its own (nearly always);
            // an answer's own (the staff page's Referrer-Policy) is put back.
            let mut own = headers.insert(name.clone(), value.clone());
            if let Some(first) = own.next() {
                headers.insert(name.clone(), first);
                own.for_each(|value| headers.append(name.clone(), value));
            }
        }
        headers.insert(REQUEST_ID, this.id.header_value());
        // The pattern, not the path: bounded label values, no typed text in logs.
        // Carried by the resource; `match_pattern` (which matches the path
        // against the routes again, into a new string) only for the others.
        let matched;
        let route = match response.request().app_data::<RoutePattern>() {
            Some(RoutePattern(pattern)) => pattern,
            None => {
                matched = response.request().match_pattern();
                matched.as_deref().unwrap_or("unmatched")
            }
        };
        let (status, elapsed) = (response.status().as_u16(), this.started.elapsed());
        let quiet = matches!(route, "/healthz" | "/readyz" | "/metrics");
        AccessLine { request_id: this.id.as_str(), method: this.method, route, status, elapsed, quiet }.log();
        crate::telemetry::metrics::request(this.method, route, status, elapsed.as_secs_f64());
        Poll::Ready(Ok(response))
    }
}
