//! The site's origins, and the one URL of each page in each language.
//!
//! `site.base_url` is the main origin. Each alternate domain either redirects to
//! it or is the canonical home of the languages it names (say, a `.de` domain for
//! German). A page in language L has exactly one URL, [`origin`]`(L)` + its path;
//! canonical links, hreflang, the sitemap and the host redirects
//! (`edge::host`) all ask [`origin`], so they cannot disagree.
pub mod assets;
pub mod booking_rules;
pub mod contract;
pub mod document;
pub mod error_pages;
pub mod form_page;
pub mod host;
pub mod landing;
pub mod landing_page;
pub mod legal;
mod page;
pub mod page_dates;
pub mod pages;
pub mod private_page;
pub mod redirects;
pub mod repeat_props;
pub mod route_story;
pub mod routes;
pub mod seo;
pub mod service_notes;
pub mod structured_data;
pub mod tariff_props;
pub mod titles;

pub use crate::site::page::{Page, ReservationMode};

use crate::config::authority;
use crate::{
    config::{Settings, SiteSettings, UnknownHosts},
    site::contract::Alternates,
    types::Lang,
};

/// The origin that serves the pages in `lang`.
pub fn origin(site: &SiteSettings, lang: Lang) -> &str {
    site.alternate_domains.iter().find(|d| d.languages.contains(&lang)).map_or(&site.base_url, |d| &d.origin)
}

/// hreflang code and URL of each language version of a page, then x-default
/// (the Dutch one, as `/` serves Dutch to anyone without a preference).
pub fn alternates(site: &SiteSettings, path: impl Fn(Lang) -> String) -> Vec<(&'static str, String)> {
    let url = |lang: Lang| format!("{}{}", origin(site, lang), path(lang));
    let mut links: Vec<_> = Lang::ALL.iter().map(|&lang| (lang.code(), url(lang))).collect();
    links.push(("x-default", url(Lang::Nl)));
    links
}

/// The header's language links: this page in each language, carrying the choice
/// (`?lang=`, stored by the server as the visitor's preference, so it works without
/// JavaScript and across domains). A version on another origin is linked by its
/// absolute URL, so no link goes through a cross-domain redirect; one on this page's
/// own origin by its path, which resolves to the same URL and keeps a development
/// server's visitors on it.
pub fn language_links(site: &SiteSettings, here: Lang, paths: &Alternates) -> Alternates {
    let link = |lang: Lang| {
        let origin = origin(site, lang);
        let prefix = if origin == self::origin(site, here) { "" } else { origin };
        format!("{prefix}{}?{}={lang}", paths.get(lang), crate::edge::lang::CHOICE_PARAM)
    };
    Alternates { nl: link(Lang::Nl), de: link(Lang::De), en: link(Lang::En) }
}

/// The language of the page at `path` (a page or a route's landing page), if it is one.
pub fn page_lang(settings: &Settings, path: &str) -> Option<Lang> {
    Page::from_path(path)
        .map(|(_, lang)| lang)
        .or_else(|| landing::find(&settings.tariff, path).map(|(_, lang)| lang))
}

/// What a request's `Host` is to the site.
#[derive(Debug, PartialEq, Eq)]
pub enum Host<'a> {
    /// The main origin or a domain that is home to some languages.
    Canonical { origin: &'a str, languages: &'a [Lang] },
    /// An alternate domain that only redirects (with the language it stands for,
    /// if it names one), or an unknown host set to redirect.
    Redirect { home_language: Option<Lang> },
    /// An IP address, `localhost`, no `Host` at all, or an unknown host set to be served.
    Any,
}

pub fn classify<'a>(site: &'a SiteSettings, host: Option<&str>) -> Host<'a> {
    let Some(host) = host.map(normalize_host) else { return Host::Any };
    let is = |origin: &str| authority(origin).eq_ignore_ascii_case(host);
    if is(&site.base_url) {
        return Host::Canonical { origin: &site.base_url, languages: &[] };
    }
    if let Some(domain) = site.alternate_domains.iter().find(|d| is(&d.origin)) {
        return match domain.languages.is_empty() {
            true => Host::Redirect { home_language: domain.home_language },
            false => Host::Canonical { origin: &domain.origin, languages: &domain.languages },
        };
    }
    match (is_local(host), site.unknown_hosts) {
        (true, _) | (false, UnknownHosts::Serve) => Host::Any,
        (false, UnknownHosts::Redirect) => Host::Redirect { home_language: None },
    }
}

/// The `Host` of the main origin spelled exactly as in `site.base_url`, when
/// that origin serves every page: a request naming it is answered where it is,
/// which one comparison decides (see `edge::host`). `None` when some language
/// lives on another domain, or the URL spells its host in a form [`classify`]
/// would normalize.
pub fn home_host(site: &SiteSettings) -> Option<&str> {
    let host = authority(&site.base_url);
    let serves_every_page = Lang::ALL.iter().all(|&lang| origin(site, lang) == site.base_url);
    (serves_every_page && normalize_host(host) == host).then_some(host)
}

/// A `Host` header as an origin's authority spells it: no trailing dot, no
/// default port. Borrowed: this runs for every page view.
fn normalize_host(host: &str) -> &str {
    let host = host.trim();
    let host = host.strip_suffix(":443").or_else(|| host.strip_suffix(":80")).unwrap_or(host);
    host.strip_suffix('.').unwrap_or(host)
}

/// Development and test hosts: IP literals and `localhost`, with any port.
fn is_local(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => return v6.split(']').next().is_some_and(|ip| ip.parse::<std::net::Ipv6Addr>().is_ok()),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let ends_with_ignoring_case = |suffix: &str| {
        name.len() >= suffix.len()
            && name.as_bytes()[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
    };
    name.eq_ignore_ascii_case("localhost")
        || ends_with_ignoring_case(".localhost")
        || name.parse::<std::net::Ipv4Addr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::validate;
    use crate::config::AlternateDomain;

    fn site(alternates: &[(&str, &[Lang])], unknown_hosts: UnknownHosts) -> SiteSettings {
        SiteSettings {
            base_url: "https://www.taxi.example".into(),
            alternate_domains: alternates
                .iter()
                .map(|(o, l)| AlternateDomain {
                    origin: o.to_string(),
                    languages: l.to_vec(),
                    home_language: None,
                })
                .collect(),
            unknown_hosts,
            hsts: false,
            legal_dir: String::new(),
        }
    }

    #[test]
    fn each_language_has_one_origin_and_hreflang_follows_it() {
        let s = site(
            &[("https://taxi.example", &[]), ("https://taxi.example.de", &[Lang::De])],
            UnknownHosts::Redirect,
        );
        assert_eq!(origin(&s, Lang::Nl), "https://www.taxi.example");
        assert_eq!(origin(&s, Lang::De), "https://taxi.example.de");
        let links = alternates(&s, |lang| format!("/{lang}"));
        assert_eq!(
            links,
            vec![
                ("nl", "https://www.taxi.example/nl".to_string()),
                ("de", "https://taxi.example.de/de".to_string()),
                ("en", "https://www.taxi.example/en".to_string()),
                ("x-default", "https://www.taxi.example/nl".to_string()),
            ]
        );
    }

    #[test]
    fn hosts_are_classified_and_local_ones_always_served() {
        let s = site(
            &[("https://taxi.example", &[]), ("https://taxi.example.de", &[Lang::De])],
            UnknownHosts::Redirect,
        );
        assert_eq!(
            classify(&s, Some("WWW.Taxi.Example.")),
            Host::Canonical { origin: "https://www.taxi.example", languages: &[] }
        );
        assert_eq!(
            classify(&s, Some("www.taxi.example:443")),
            Host::Canonical { origin: "https://www.taxi.example", languages: &[] }
        );
        assert_eq!(
            classify(&s, Some("taxi.example.de")),
            Host::Canonical { origin: "https://taxi.example.de", languages: &[Lang::De] }
        );
        assert_eq!(classify(&s, Some("taxi.example")), Host::Redirect { home_language: None });
        assert_eq!(classify(&s, Some("evil.example")), Host::Redirect { home_language: None });
        for local in [
            "127.0.0.1:8080",
            "localhost",
            "localhost:3000",
            "[::1]:8080",
            "10.0.0.5",
            "app.localhost",
            "LocalHost:80",
            "App.LOCALHOST.",
        ] {
            assert_eq!(classify(&s, Some(local)), Host::Any, "{local}");
        }
        assert_eq!(classify(&s, None), Host::Any);
        assert_eq!(classify(&site(&[], UnknownHosts::Serve), Some("evil.example")), Host::Any);
    }

    #[test]
    fn the_home_host_is_the_main_origin_only_when_it_serves_every_page() {
        let one_origin = site(&[("https://taxi.example", &[])], UnknownHosts::Redirect);
        assert_eq!(home_host(&one_origin), Some("www.taxi.example"));
        assert_eq!(
            classify(&one_origin, home_host(&one_origin)),
            Host::Canonical { origin: "https://www.taxi.example", languages: &[] }
        );
        // German lives elsewhere: the main origin must look each path up.
        assert_eq!(
            home_host(&site(&[("https://taxi.example.de", &[Lang::De])], UnknownHosts::Redirect)),
            None
        );
        // A spelling the header would be normalized from is never compared as is.
        for base_url in ["http://www.taxi.example:80", "https://www.taxi.example."] {
            let spelled = SiteSettings { base_url: base_url.into(), ..site(&[], UnknownHosts::Redirect) };
            assert_eq!(home_host(&spelled), None, "{base_url}");
        }
    }

    #[test]
    fn duplicate_domains_and_languages_are_refused() {
        assert!(validate(&site(&[("https://www.taxi.example", &[])], UnknownHosts::Serve)).is_err());
        assert!(validate(&site(
            &[("https://a.example", &[Lang::De]), ("https://b.example", &[Lang::De])],
            UnknownHosts::Serve
        ))
        .is_err());
        assert!(validate(&site(&[("https://a.example", &[Lang::De, Lang::En])], UnknownHosts::Serve)).is_ok());
    }
}
