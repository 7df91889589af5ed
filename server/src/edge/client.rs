//! Who is asking: the client address behind trusted reverse proxies and the key a
//! client is limited by.
//!
//! The rule (see `docs/decisions.md`, "Client addresses"): walk the forwarding
//! header from the right, over every line of it, skipping addresses of trusted
//! proxies; the first other address is the client. A value that does not parse
//! stops the walk and the request counts as the nearest proxy's own address, so
//! a client can neither pick its key nor hide behind a garbled header. Forwarded
//! values never grant anything: operator endpoints look at the socket peer only
//! (see [`crate::edge::operators`]).
use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr},
    sync::atomic::{AtomicBool, Ordering},
};

use actix_web::HttpRequest;
use ipnet::IpNet;

use crate::{config::LimitSettings, edge::operators::is_proxied};

/// The header a trusted proxy writes the client address into.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Header {
    /// RFC 7239 `Forwarded: for=…`.
    Forwarded,
    /// A comma-separated list of addresses, e.g. `X-Forwarded-For`.
    List(String),
}

pub struct ClientResolver {
    trusted: Vec<IpNet>,
    header: Header,
    ipv6_prefix: u8,
    /// The networks counted together: IPv4 and IPv6 prefix lengths.
    network_prefixes: (u8, u8),
    warned_untrusted_proxy: AtomicBool,
}

impl ClientResolver {
    /// `settings` are checked by `config`; a range that does not parse is skipped.
    pub fn new(settings: &LimitSettings) -> Self {
        let trusted = settings.trusted_proxies.iter().map(|p| p.0).collect();
        let header = if settings.forwarded_header.eq_ignore_ascii_case("forwarded") {
            Header::Forwarded
        } else {
            Header::List(settings.forwarded_header.to_ascii_lowercase())
        };
        Self {
            trusted,
            header,
            ipv6_prefix: settings.ipv6_prefix_len,
            network_prefixes: (settings.ipv4_network_prefix_len, settings.ipv6_network_prefix_len),
            warned_untrusted_proxy: AtomicBool::new(false),
        }
    }

    fn is_trusted(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The client's address as far as it can be believed.
    pub fn client(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip().to_canonical();
        if !self.is_trusted(peer) {
            self.warn_if_proxied(req, peer);
            return Some(peer);
        }
        let values = req.headers().get_all(self.header_name()).filter_map(|v| v.to_str().ok());
        let hops: Vec<&str> = values.flat_map(|line| line.split(',')).collect();
        let mut nearest = peer;
        for hop in hops.iter().rev() {
            let parsed = match self.header {
                Header::Forwarded => forwarded_for(hop),
                Header::List(_) => parse_addr(hop),
            };
            match parsed.map(|ip| ip.to_canonical()) {
                Some(ip) if self.is_trusted(ip) => nearest = ip,
                Some(ip) => return Some(ip),
                // Garbled: the request counts as the proxy that passed it on.
                None => return Some(nearest),
            }
        }
        Some(nearest)
    }

    /// The bucket a client is counted in: its address, or for IPv6 its network
    /// (one subscriber usually holds a whole /64).
    pub fn key(&self, ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V4(_) => ip,
            IpAddr::V6(_) => prefix(ip, self.ipv6_prefix),
        }
    }

    /// The network a client is also counted in with every other client of it:
    /// its IPv4 /24 or IPv6 /48 (`limits.ipv4_network_prefix_len`, `ipv6_…`).
    /// Many addresses of one provider or hosting network share its budget.
    pub fn network(&self, ip: IpAddr) -> IpAddr {
        let (v4, v6) = self.network_prefixes;
        prefix(ip, if ip.is_ipv4() { v4 } else { v6 })
    }

    fn header_name(&self) -> &str {
        match &self.header {
            Header::Forwarded => "forwarded",
            Header::List(name) => name,
        }
    }

    /// A proxy on this host or network that nobody told us about makes every
    /// visitor look alike: say once which setting fixes it.
    fn warn_if_proxied(&self, req: &HttpRequest, peer: IpAddr) {
        if !self.trusted.is_empty() || !is_local(peer) || !is_proxied(req.headers()) {
            return;
        }
        if !self.warned_untrusted_proxy.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %peer,
                "requests with forwarding headers come from a local proxy, but limits.trusted_proxies is empty: \
                 every visitor counts as the proxy's address; set limits.trusted_proxies to the proxy's address"
            );
        }
    }
}

/// `ip` with all but its first `len` bits cleared.
fn prefix(ip: IpAddr, len: u8) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let len = u32::from(len.min(32));
            let mask = if len == 0 { 0 } else { u32::MAX << (32 - len) };
            IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
        }
        IpAddr::V6(v6) => {
            let len = u32::from(len.min(128));
            let mask = if len == 0 { 0 } else { u128::MAX << (128 - len) };
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
        }
    }
}

fn is_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.is_unique_local() || v6.is_unicast_link_local(),
    }
}

/// One hop of a list header: `192.0.2.1`, `2001:db8::1`, `[2001:db8::1]:443`, `192.0.2.1:80`.
fn parse_addr(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    if let Ok(ip) = hop.parse() {
        return Some(ip);
    }
    if let Ok(socket) = hop.parse::<std::net::SocketAddr>() {
        return Some(socket.ip());
    }
    hop.strip_prefix('[').and_then(|rest| rest.split(']').next()).and_then(|ip| ip.parse().ok())
}

/// The `for=` of one RFC 7239 element, e.g. `for=192.0.2.60;proto=http;by=203.0.113.43`.
/// Obfuscated identifiers (`_hidden`) and `unknown` do not parse.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    element.split(';').find_map(|pair| {
        let (name, value) = pair.split_once('=')?;
        name.trim().eq_ignore_ascii_case("for").then(|| parse_addr(value)).flatten()
    })
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn resolver(trusted: &[&str], header: &str) -> ClientResolver {
        ClientResolver::new(&LimitSettings {
            trusted_proxies: trusted
                .iter()
                .map(|s| s.to_string().try_into().expect("test proxies"))
                .collect(),
            forwarded_header: header.into(),
            ..crate::config::Settings::load_from(&Default::default()).expect("defaults").limits
        })
    }

    fn request(peer: &str, headers: &[(&str, &str)]) -> HttpRequest {
        let mut req = TestRequest::default().peer_addr(peer.parse().unwrap());
        for (name, value) in headers {
            req = req.append_header((*name, *value));
        }
        req.to_http_request()
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client() {
        let r = resolver(&[], "X-Forwarded-For");
        assert_eq!(
            r.client(&request("127.0.0.1:5000", &[("x-forwarded-for", "203.0.113.9")])),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn the_right_most_untrusted_address_counts_across_all_lines() {
        let r = resolver(&["127.0.0.1", "10.0.0.0/8"], "X-Forwarded-For");
        // A client may write anything on the left; the proxies append on the right.
        let req = request(
            "127.0.0.1:5000",
            &[("x-forwarded-for", "6.6.6.6, 198.51.100.7"), ("x-forwarded-for", "10.1.2.3")],
        );
        assert_eq!(r.client(&req), ip("198.51.100.7"));
        let only_proxies = request("127.0.0.1:5000", &[("x-forwarded-for", "10.0.0.9")]);
        assert_eq!(r.client(&only_proxies), ip("10.0.0.9"));
    }

    #[test]
    fn garbage_counts_as_the_nearest_proxy() {
        let r = resolver(&["127.0.0.1", "10.0.0.0/8"], "X-Forwarded-For");
        assert_eq!(
            r.client(&request("127.0.0.1:5000", &[("x-forwarded-for", "1.2.3.4, nonsense, 10.0.0.2")])),
            ip("10.0.0.2")
        );
        assert_eq!(r.client(&request("127.0.0.1:5000", &[("x-forwarded-for", "")])), ip("127.0.0.1"));
    }

    #[test]
    fn mapped_ipv4_is_normalised_and_ipv6_keys_by_network() {
        let r = resolver(&["127.0.0.1"], "X-Forwarded-For");
        assert_eq!(
            r.client(&request("[::ffff:127.0.0.1]:5000", &[("x-forwarded-for", "::ffff:192.0.2.1")])),
            ip("192.0.2.1")
        );
        let a = r.key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = r.key("2001:db8:1:2:bbbb::2".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(a, "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(a, r.key("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(r.key("192.0.2.1".parse().unwrap()), "192.0.2.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn clients_are_also_counted_by_their_slash_24_or_slash_48() {
        let r = resolver(&[], "X-Forwarded-For");
        let net = |s: &str| r.network(s.parse().unwrap()).to_string();
        assert_eq!(net("198.51.100.7"), "198.51.100.0");
        assert_eq!(net("198.51.100.255"), "198.51.100.0");
        assert_eq!(net("198.51.101.7"), "198.51.101.0");
        assert_eq!(net("2001:db8:1:2:aaaa::1"), "2001:db8:1::");
        assert_eq!(net("2001:db8:1:ffff::1"), "2001:db8:1::");
        assert_eq!(net("2001:db8:2::1"), "2001:db8:2::");
    }

    #[test]
    fn rfc7239_forwarded_is_read_when_configured() {
        let r = resolver(&["127.0.0.1"], "Forwarded");
        let req =
            request("127.0.0.1:1", &[("forwarded", r#"for=6.6.6.6, for="[2001:db8::7]:4711";proto=https"#)]);
        assert_eq!(r.client(&req), ip("2001:db8::7"));
        assert_eq!(r.client(&request("127.0.0.1:1", &[("forwarded", "for=_hidden")])), ip("127.0.0.1"));
        assert_eq!(
            r.client(&request("127.0.0.1:1", &[("forwarded", "for=192.0.2.4;by=127.0.0.1")])),
            ip("192.0.2.4")
        );
    }

    #[test]
    fn an_unconfigured_local_proxy_gets_one_warning_naming_the_setting() {
        let log = crate::telemetry::Captured::logs_of(|| {
            let quiet = resolver(&[], "X-Forwarded-For");
            quiet.client(&request("203.0.113.1:1", &[("x-forwarded-for", "198.51.100.1")]));
            quiet.client(&request("127.0.0.1:1", &[]));
            let r = resolver(&[], "X-Forwarded-For");
            for peer in ["127.0.0.1:1", "10.0.0.2:1", "[::1]:1"] {
                r.client(&request(peer, &[("x-forwarded-for", "198.51.100.1")]));
            }
            resolver(&["127.0.0.1"], "X-Forwarded-For")
                .client(&request("127.0.0.1:1", &[("x-forwarded-for", "198.51.100.1")]));
        });
        assert_eq!(log.lines().filter(|l| l.contains("limits.trusted_proxies")).count(), 1, "{log}");
    }
}
