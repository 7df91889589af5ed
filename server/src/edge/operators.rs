//! Who may read the operator endpoints (`/metrics`, `/healthz/details`): a
//! request straight from loopback or from an address in `http.metrics_allowed`
//! (the socket peer, never a forwarded address), that did not come through a
//! proxy, and whose `Host` names this server as an operator on it does:
//! `localhost`, `127.0.0.1` or `[::1]` at the port the server listens on (what
//! `curl http://127.0.0.1:8080/metrics` sends), or one of `http.operator_hosts`.
//! For anyone else the endpoints do not exist: [`guard`] on their resources
//! lets the request fall through to the answer of an unknown page (404),
//! whatever its method.
//!
//! A proxy on the same host makes every visitor arrive from loopback, so the
//! peer alone cannot tell. A request is taken for a proxied one when
//! - it carries any forwarding header (`Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `Via`);
//! - its peer is a trusted proxy (`limits.trusted_proxies`): the proxy may send
//!   no forwarding header at all, and its own requests are no operator's;
//! - its `Host` is not an operator's. A proxy that passes the visitor's `Host`
//!   on lets the visitor write any, so a list of names alone would not do:
//!   `Host: 127.0.0.1` passed on by nginx (`$host` carries no port) arrives
//!   without the listening port, and is refused.
//!
//! Refusals that point at a proxy sending no forwarding header are named once
//! in the log. A proxy that passes the visitor's `Host` on with its port
//! (nginx's `$http_host`), or passes on neither a forwarding header nor the
//! visitor's `Host`, is indistinguishable from a local operator;
//! `docs/edge.md` has the nginx lines that avoid it.
use std::{
    net::IpAddr,
    sync::atomic::{AtomicBool, Ordering},
};

use actix_web::{
    dev::RequestHead,
    guard::{fn_guard, Guard},
    http::header::{self, HeaderMap},
    web,
};
use ipnet::IpNet;

use crate::config::Settings;

/// Headers by which a proxy says it forwarded a request.
pub(crate) const FORWARDING_HEADERS: [&str; 6] =
    ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "via"];

/// The operator endpoints' paths.
pub const METRICS: &str = "/metrics";
pub const DETAILS: &str = "/healthz/details";

/// The names of this machine an operator on it asks for (with the listening port).
const LOCAL_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

pub struct Operators {
    allowed: Vec<IpAddr>,
    proxies: Vec<IpNet>,
    /// Lower-case `http.operator_hosts`, at any port.
    hosts: Vec<String>,
    /// The port the server listens on, which a local name must carry.
    port: u16,
    /// Lower-case host names of the site's public origins (no addresses, no `localhost`).
    public_hosts: Vec<String>,
    warned_proxy_peer: AtomicBool,
    warned_public_host: AtomicBool,
    warned_other_host: AtomicBool,
}

impl Operators {
    /// For a server listening on `port`.
    pub fn new(settings: &Settings, port: u16) -> Self {
        let proxies: Vec<IpNet> = settings.limits.trusted_proxies.iter().map(|p| p.0).collect();
        let allowed: Vec<IpAddr> = settings.http.metrics_allowed.iter().map(|a| a.to_canonical()).collect();
        let hosts = settings.http.operator_hosts.iter().map(|h| h.trim_end_matches('.').to_ascii_lowercase());
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
        let hosts: Vec<String> = hosts.collect();
        if !allowed.is_empty() && hosts.is_empty() {
            tracing::warn!(
                "http.metrics_allowed names addresses but http.operator_hosts is empty: a scraper there \
                 asks for this server by an address or name of it, which must be listed in http.operator_hosts"
            );
        }
        Self {
            allowed,
            proxies,
            hosts,
            port,
            public_hosts,
            warned_proxy_peer: AtomicBool::new(false),
            warned_public_host: AtomicBool::new(false),
            warned_other_host: AtomicBool::new(false),
        }
    }

    /// Whether the request of `head` comes straight from an operator.
    pub fn admits(&self, head: &RequestHead) -> bool {
        let Some(peer) = head.peer_addr.map(|a| a.ip().to_canonical()) else { return false };
        if !(peer.is_loopback() || self.allowed.contains(&peer)) || is_proxied(&head.headers) {
            return false;
        }
        if self.proxies.iter().any(|net| net.contains(&peer)) {
            self.warn_once(&self.warned_proxy_peer, head, peer, "the peer is a trusted proxy");
            return false;
        }
        let host = head.headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
        let (name, port) = split_host(host);
        let name = name.to_ascii_lowercase();
        if self.hosts.contains(&name) {
            return true;
        }
        // No port: HTTP's own, 80.
        let port = port.map_or(Some(80), |p| p.parse::<u16>().ok());
        if LOCAL_NAMES.contains(&name.as_str()) && port == Some(self.port) {
            return true;
        }
        if self.public_hosts.contains(&name) {
            self.warn_once(&self.warned_public_host, head, peer, "its Host is the site's public name");
        } else if !self.warned_other_host.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %peer,
                host,
                "an operator endpoint was asked for with a Host that is not an operator's: refused (404). \
                 Operators ask for localhost, 127.0.0.1 or [::1] at port {}, or a name in http.operator_hosts; \
                 a proxy passing a visitor's Host on should also send X-Forwarded-For (docs/edge.md)",
                self.port
            );
        }
        false
    }

    fn warn_once(&self, flag: &AtomicBool, head: &RequestHead, peer: IpAddr, why: &'static str) {
        if !flag.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %peer,
                path = head.uri.path(),
                why,
                "an operator endpoint was asked for through a proxy that sends no forwarding header \
                 ({why}): refused. Have the proxy send one (nginx: proxy_set_header X-Forwarded-For \
                 $proxy_add_x_forwarded_for;) and set limits.trusted_proxies to its address (docs/edge.md)"
            );
        }
    }
}

/// The guard of the operator endpoints' resources: for anyone but an operator
/// the resource is not there, and the request gets an unknown page's answer.
pub fn guard() -> impl Guard {
    fn_guard(|ctx| ctx.app_data::<web::Data<Operators>>().is_some_and(|ops| ops.admits(ctx.head())))
}

/// Whether a request with `headers` carries any forwarding header, i.e. came through a proxy.
pub fn is_proxied(headers: &HeaderMap) -> bool {
    FORWARDING_HEADERS.iter().any(|h| headers.contains_key(*h))
}

/// `Host` as name and port: `example.nl:443` → (`example.nl`, `443`),
/// `[::1]:80` → (`[::1]`, `80`), `[::1]` → (`[::1]`, none); a trailing dot dropped.
fn split_host(host: &str) -> (&str, Option<&str>) {
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port))
            if !name.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit())
                && (!name.contains(':') || name.ends_with(']')) =>
        {
            (name, Some(port))
        }
        _ => (host, None),
    };
    (name.trim_end_matches('.'), port)
}

#[cfg(test)]
mod tests {
    use actix_web::{test::TestRequest, HttpRequest};

    use super::*;

    const PORT: u16 = 8080;

    fn operators(toml: &str) -> Operators {
        let dir =
            std::env::temp_dir().join(format!("taxi-operators-{}-{}", std::process::id(), fastrand::u64(..)));
        std::fs::write(&dir, toml).unwrap();
        let env = [("TAXI_CONFIG".to_string(), dir.display().to_string())].into_iter().collect();
        let settings = Settings::load_from(&env).expect("settings");
        let _ = std::fs::remove_file(&dir);
        Operators::new(&settings, PORT)
    }

    fn request(peer: &str, headers: &[(&str, &str)]) -> HttpRequest {
        let mut req = TestRequest::default().peer_addr(peer.parse().unwrap());
        for (name, value) in headers {
            req = req.append_header((*name, *value));
        }
        req.to_http_request()
    }

    fn admits(ops: &Operators, peer: &str, headers: &[(&str, &str)]) -> bool {
        ops.admits(request(peer, headers).head())
    }

    #[test]
    fn operators_are_direct_loopback_or_allowed_peers() {
        let ops = operators("[http]\nmetrics_allowed = [\"192.0.2.50\"]\noperator_hosts = [\"10.0.0.1\"]\n");
        assert!(admits(&ops, "127.0.0.1:1", &[("host", "127.0.0.1:8080")]));
        assert!(admits(&ops, "[::ffff:192.0.2.50]:1", &[("host", "10.0.0.1:9100")]));
        assert!(!admits(&ops, "192.0.2.51:1", &[("host", "10.0.0.1:9100")]));
        for forwarded in ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-proto", "via"] {
            let headers = [("host", "127.0.0.1:8080"), (forwarded, "127.0.0.1")];
            assert!(!admits(&ops, "127.0.0.1:1", &headers), "{forwarded}");
        }
    }

    #[test]
    fn the_host_must_be_a_local_name_at_the_listening_port_or_an_operator_host() {
        let ops = operators("[http]\noperator_hosts = [\"Ops.Internal\", \"[fd00::1]\"]\n");
        for host in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "LOCALHOST:8080", "localhost.:8080"] {
            assert!(admits(&ops, "127.0.0.1:1", &[("host", host)]), "{host}");
        }
        for host in ["ops.internal", "ops.internal:1234", "[fd00::1]:80", "OPS.INTERNAL."] {
            assert!(admits(&ops, "[::1]:1", &[("host", host)]), "{host}: configured, any port");
        }
        // What a proxy passing the visitor's Host on (nginx: $host, no port) delivers.
        for host in ["127.0.0.1", "localhost", "[::1]", "127.0.0.1:80", "127.0.0.1:9", "127.0.0.1:", "::1"] {
            assert!(!admits(&ops, "127.0.0.1:1", &[("host", host)]), "{host}: not the listening port");
        }
        for host in ["203.0.113.5:8080", "127.0.0.2:8080", "evil.example:8080", "localhost.evil.example:8080"]
        {
            assert!(!admits(&ops, "127.0.0.1:1", &[("host", host)]), "{host}");
        }
        assert!(!admits(&ops, "127.0.0.1:1", &[]), "no Host at all");
    }

    #[test]
    fn a_proxy_without_forwarding_headers_is_recognised_and_named_once() {
        let log = crate::telemetry::Captured::logs_of(|| {
            // The proxy passes the visitor's Host on, but no X-Forwarded-For.
            let ops = operators("[site]\nbase_url = \"https://www.taxi.example\"\n");
            for host in ["www.taxi.example", "WWW.taxi.example:443", "www.taxi.example."] {
                assert!(!admits(&ops, "127.0.0.1:1", &[("host", host)]), "{host}");
            }
            assert!(admits(&ops, "127.0.0.1:1", &[("host", "localhost:8080")]));
            for host in ["127.0.0.1", "other.example"] {
                assert!(!admits(&ops, "127.0.0.1:1", &[("host", host)]), "{host}");
            }
            // The proxy is configured as trusted, and sends nothing at all.
            let ops = operators("[limits]\ntrusted_proxies = [\"127.0.0.1\"]\n");
            for _ in 0..3 {
                assert!(!admits(&ops, "127.0.0.1:1", &[("host", "127.0.0.1:8080")]));
            }
            assert!(
                admits(&ops, "[::1]:1", &[("host", "[::1]:8080")]),
                "another loopback address is no proxy"
            );
        });
        let refusals = log.lines().filter(|l| l.contains("sends no forwarding header")).count();
        assert_eq!(refusals, 2, "once per cause and server:\n{log}");
        let other = log.lines().filter(|l| l.contains("a Host that is not an operator's")).count();
        assert_eq!(other, 1, "once:\n{log}");
        assert_eq!(log.lines().filter(|l| l.contains("proxy_bind")).count(), 1, "start-up warning:\n{log}");
    }
}
