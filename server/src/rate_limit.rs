//! Per-client request limits: a token bucket per client address, one set of
//! buckets for the form posts and a roomier one for address look-ups and price
//! indications. Over the limit: 429 with `Retry-After` and a localized message.
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::Mutex,
    time::Instant,
};

use actix_web::{
    body::{BoxBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::{header, Method},
    middleware::Next,
    web, HttpRequest, HttpResponse,
};

use crate::{config::LimitSettings, domain::{Lang, Page}, i18n::Locales};

/// Buckets kept at most; beyond that, full (idle) ones are forgotten first.
const MAX_CLIENTS: usize = 50_000;

pub struct Limiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute, buckets: Mutex::default() }
    }

    /// `Ok` when the client may go on; else the seconds until it may.
    pub fn check(&self, client: IpAddr) -> Result<(), u64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("lock");
        if buckets.len() >= MAX_CLIENTS {
            buckets.retain(|_, (tokens, at)| *tokens + at.elapsed().as_secs_f64() * per_second < capacity);
        }
        let (tokens, at) = buckets.entry(client).or_insert((capacity, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * per_second).min(capacity);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - *tokens) / per_second).ceil() as u64)
        }
    }
}

/// The two limiters and how to find the client's address.
pub struct RateLimits {
    pub forms: Limiter,
    pub lookups: Limiter,
    trusted_proxy: Option<IpAddr>,
    forwarded_header: String,
}

impl RateLimits {
    pub fn new(settings: &LimitSettings) -> Self {
        Self {
            forms: Limiter::new(settings.rate_limit_per_minute),
            lookups: Limiter::new(settings.lookup_rate_limit_per_minute),
            trusted_proxy: settings.trusted_proxy.parse().ok(),
            forwarded_header: settings.forwarded_header.clone(),
        }
    }

    /// The socket peer; behind the configured proxy (and only then), the last
    /// address that proxy put in the forwarding header.
    pub fn client(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if Some(peer) != self.trusted_proxy {
            return Some(peer);
        }
        let forwarded = req.headers().get(self.forwarded_header.as_str()).and_then(|v| v.to_str().ok());
        forwarded.and_then(|v| v.rsplit(',').next()).and_then(|v| v.trim().parse().ok()).or(Some(peer))
    }
}

pub async fn limit(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(limits) = req.app_data::<web::Data<RateLimits>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let path = req.path();
    let page_post = req.method() == Method::POST && Page::from_path(path).is_some();
    let limiter = if req.method() == Method::POST && path.starts_with("/api/") || page_post {
        &limits.forms
    } else if path.starts_with("/api/place") {
        &limits.lookups
    } else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let Some(client) = limits.client(req.request()) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    match limiter.check(client) {
        Ok(()) => Ok(next.call(req).await?.map_into_boxed_body()),
        Err(retry_after) => {
            tracing::warn!(%client, path, "rate limit reached");
            crate::metrics::rate_limited(req.match_pattern().unwrap_or_else(|| "unmatched".into()));
            let mut response = HttpResponse::TooManyRequests();
            response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            let response = if page_post {
                response.finish() // the error-page middleware fills in the page
            } else {
                let lang = language_of(&req);
                let text = req.app_data::<web::Data<Locales>>().map(|l| l.text(lang, "api.tooManyRequests").to_string()).unwrap_or_default();
                response.json(serde_json::json!({ "errorMessage": text }))
            };
            Ok(req.into_response(response))
        }
    }
}

/// `/api/…/{language}` or `?lang=`.
pub fn language_of(req: &ServiceRequest) -> Lang {
    let from_path = req.path().rsplit('/').next().and_then(Lang::parse);
    let from_query = req.query_string().split('&').find_map(|p| p.strip_prefix("lang=")).and_then(Lang::parse);
    from_path.or(from_query).unwrap_or(Lang::Nl)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_limit_then_asks_to_wait() {
        let limiter = Limiter::new(10);
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..10 {
            assert_eq!(limiter.check(client), Ok(()));
        }
        let wait = limiter.check(client).unwrap_err();
        assert!((1..=6).contains(&wait), "{wait}");
        assert_eq!(limiter.check("192.0.2.2".parse().unwrap()), Ok(()), "other clients unaffected");
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = Limiter::new(0);
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        assert!((0..1000).all(|_| limiter.check(client).is_ok()));
    }
}
