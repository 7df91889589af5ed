//! Who may read the operator endpoints (`/metrics`, `/healthz/details`): a
//! request straight from loopback or from an address in `http.metrics_allowed`,
//! judged by the socket peer alone, and not one that came through a proxy.
//!
//! A proxy on the same host makes every visitor arrive from loopback, so the
//! peer alone cannot tell. A request is taken for a proxied one when
//! - it carries any forwarding header (`Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `Via`);
//! - its peer is a trusted proxy (`limits.trusted_proxies`): the proxy may send
//!   no forwarding header at all, and its own requests are no operator's;
//! - its `Host` is one of the site's public names (`site.base_url`, the alternate
//!   domains): an operator on the host asks for `localhost` or an address, a
//!   proxy passing the visitor's `Host` on asks for the public name.
//!
//! The last two mean a proxy sends no forwarding header: the server says so once
//! in the log. A proxy that passes neither the header nor the `Host` is
//! indistinguishable from a local operator; `docs/edge.md` has the nginx lines.
use std::{
    net::IpAddr,
    sync::atomic::{AtomicBool, Ordering},
};

use actix_web::{http::header, HttpRequest};
use ipnet::IpNet;

use crate::config::Settings;

/// Headers by which a proxy says it forwarded a request.
pub(crate) const FORWARDING_HEADERS: [&str; 6] =
    ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "via"];

pub struct Operators {
    allowed: Vec<IpAddr>,
    proxies: Vec<IpNet>,
    /// Lower-case host names of the site's public origins (no addresses, no `localhost`).
    public_hosts: Vec<String>,
    warned_proxy_peer: AtomicBool,
    warned_public_host: AtomicBool,
}

impl Operators {
    pub fn new(settings: &Settings) -> Self {
        let proxies: Vec<IpNet> = settings.limits.trusted_proxies.iter().map(|p| p.0).collect();
        let allowed: Vec<IpAddr> = settings.http.metrics_allowed.iter().map(|a| a.to_canonical()).collect();
        let origins = std::iter::once(&settings.site.base_url)
            .chain(settings.site.alternate_domains.iter().map(|d| &d.origin));
        let public_hosts = origins
            .filter_map(|origin| url::Url::parse(origin).ok())
            .filter_map(|url| match url.host() {
                Some(url::Host::Domain(name)) if !name.eq_ignore_ascii_case("localhost") => {
                    Some(name.to_ascii_lowercase())
                }
                _ => None,
            })
            .collect();
        let shadowed: Vec<String> = proxies
            .iter()
            .filter(|net| {
                ["127.0.0.1", "::1"].iter().any(|l| net.contains(&l.parse::<IpAddr>().expect("an address")))
                    || allowed.iter().any(|a| net.contains(a))
            })
            .map(ToString::to_string)
            .collect();
        if !shadowed.is_empty() {
            tracing::warn!(
                proxies = %shadowed.join(", "),
                "/metrics and /healthz/details are refused to requests from the trusted proxies {}: \
                 a proxy may send no forwarding header, and its requests are not an operator's; \
                 let the proxy connect from an address of its own (nginx: proxy_bind 127.0.0.2;) \
                 and list only that in limits.trusted_proxies (docs/edge.md)",
                shadowed.join(", ")
            );
        }
        Self {
            allowed,
            proxies,
            public_hosts,
            warned_proxy_peer: AtomicBool::new(false),
            warned_public_host: AtomicBool::new(false),
        }
    }

    /// Whether `req` comes straight from an operator.
    pub fn admits(&self, req: &HttpRequest) -> bool {
        let Some(peer) = req.peer_addr().map(|a| a.ip().to_canonical()) else { return false };
        if !(peer.is_loopback() || self.allowed.contains(&peer)) || is_proxied(req) {
            return false;
        }
        if self.proxies.iter().any(|net| net.contains(&peer)) {
            self.warn_once(&self.warned_proxy_peer, req, peer, "the peer is a trusted proxy");
            return false;
        }
        let host = req.headers().get(header::HOST).and_then(|v| v.to_str().ok()).map(host_name);
        if host.is_some_and(|h| self.public_hosts.iter().any(|p| p.eq_ignore_ascii_case(h))) {
            self.warn_once(&self.warned_public_host, req, peer, "its Host is the site's public name");
            return false;
        }
        true
    }

    fn warn_once(&self, flag: &AtomicBool, req: &HttpRequest, peer: IpAddr, why: &'static str) {
        if !flag.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %peer,
                path = req.match_pattern().as_deref().unwrap_or(""),
                why,
                "an operator endpoint was asked for through a proxy that sends no forwarding header \
                 ({why}): refused. Have the proxy send one (nginx: proxy_set_header X-Forwarded-For \
                 $proxy_add_x_forwarded_for;) and set limits.trusted_proxies to its address (docs/edge.md)"
            );
        }
    }
}

/// Whether the request carries any forwarding header, i.e. came through a proxy.
pub fn is_proxied(req: &HttpRequest) -> bool {
    FORWARDING_HEADERS.iter().any(|h| req.headers().contains_key(*h))
}

/// `Host` without its port: `example.nl:443` → `example.nl`, `[::1]:80` → `[::1]`.
fn host_name(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port)) if !name.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
    .trim_end_matches('.')
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn operators(toml: &str) -> Operators {
        let dir =
            std::env::temp_dir().join(format!("taxi-operators-{}-{}", std::process::id(), fastrand::u64(..)));
        std::fs::write(&dir, toml).unwrap();
        let env = [("TAXI_CONFIG".to_string(), dir.display().to_string())].into_iter().collect();
        let settings = Settings::load_from(&env).expect("settings");
        let _ = std::fs::remove_file(&dir);
        Operators::new(&settings)
    }

    fn request(peer: &str, headers: &[(&str, &str)]) -> HttpRequest {
        let mut req = TestRequest::default().peer_addr(peer.parse().unwrap());
        for (name, value) in headers {
            req = req.append_header((*name, *value));
        }
        req.to_http_request()
    }

    #[test]
    fn operators_are_direct_loopback_or_allowed_peers() {
        let ops = operators("[http]\nmetrics_allowed = [\"192.0.2.50\"]\n");
        assert!(ops.admits(&request("127.0.0.1:1", &[("host", "127.0.0.1:8080")])));
        assert!(ops.admits(&request("[::ffff:192.0.2.50]:1", &[])));
        assert!(!ops.admits(&request("192.0.2.51:1", &[])));
        for forwarded in ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-proto", "via"] {
            assert!(!ops.admits(&request("127.0.0.1:1", &[(forwarded, "127.0.0.1")])), "{forwarded}");
        }
    }

    #[test]
    fn a_proxy_without_forwarding_headers_is_recognised_and_named_once() {
        let log = crate::telemetry::Captured::logs_of(|| {
            // The proxy passes the visitor's Host on, but no X-Forwarded-For.
            let ops = operators("[site]\nbase_url = \"https://www.taxi.example\"\n");
            for host in ["www.taxi.example", "WWW.taxi.example:443", "www.taxi.example."] {
                assert!(!ops.admits(&request("127.0.0.1:1", &[("host", host)])), "{host}");
            }
            assert!(ops.admits(&request("127.0.0.1:1", &[("host", "localhost:8080")])));
            // The proxy is configured as trusted, and sends nothing at all.
            let ops = operators("[limits]\ntrusted_proxies = [\"127.0.0.1\"]\n");
            for _ in 0..3 {
                assert!(!ops.admits(&request("127.0.0.1:1", &[("host", "127.0.0.1:8080")])));
            }
            assert!(ops.admits(&request("[::1]:1", &[])), "another loopback address is no proxy");
        });
        let refusals = log.lines().filter(|l| l.contains("sends no forwarding header")).count();
        assert_eq!(refusals, 2, "once per cause and server:\n{log}");
        assert_eq!(log.lines().filter(|l| l.contains("proxy_bind")).count(), 1, "start-up warning:\n{log}");
    }
}
