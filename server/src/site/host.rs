//! One origin per page: requests for the wrong host are redirected (301) to the
//! page's canonical origin, path and query kept, in one hop with any redirect the
//! path itself needs (see [`crate::site`] for the rules).
//!
//! Reads only: a form post is answered where it arrives. Health and readiness
//! are answered on every host, so probes never follow redirects; the operator
//! endpoints on their operators' hosts only (`edge::operators`), and elsewhere
//! like any unknown path.
use std::sync::Arc;

use actix_web::{
    dev::ServiceRequest,
    http::{header, Method},
};

use crate::edge::{lang::chosen_lang_in, operators, outer::CanonicalHost};
use crate::{
    config::Settings,
    site::{self, redirects, routes::preferred_lang, Host, Page},
    types::Lang,
};

const EVERY_HOST: &[&str] = &["/healthz", "/readyz"];
const OPERATORS: &[&str] = &[operators::METRICS, operators::DETAILS];

/// The check of every request's host, with its common answer worked out at start-up.
pub struct HostCheck {
    settings: Arc<Settings>,
    /// The `Host` that needs no look-up at all ([`site::home_host`]).
    home: Option<String>,
}

impl HostCheck {
    pub fn new(settings: Arc<Settings>) -> Self {
        let home = site::home_host(&settings.site).map(str::to_owned);
        Self { settings, home }
    }

    /// Whether `host` names one of `http.operator_hosts` (addresses and
    /// `localhost` are served on every path anyway, see [`site::classify`]).
    fn operator_host(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        let name = host.rsplit_once(':').map_or(host, |(name, _)| name).trim_end_matches('.');
        self.settings.http.operator_hosts.iter().any(|o| o.trim_end_matches('.').eq_ignore_ascii_case(name))
    }
}

impl CanonicalHost for HostCheck {
    /// Where to send this request instead, if it is a read for a host that does not serve its page.
    fn redirect_for(&self, req: &ServiceRequest) -> Option<String> {
        if !matches!(*req.method(), Method::GET | Method::HEAD) || EVERY_HOST.contains(&req.path()) {
            return None;
        }
        let host = req.headers().get(header::HOST).and_then(|v| v.to_str().ok());
        if OPERATORS.contains(&req.path()) && self.operator_host(host) {
            return None;
        }
        if host.is_some_and(|host| self.home.as_deref() == Some(host)) {
            return None;
        }
        let preferred = || preferred_lang(req.request());
        redirect(&self.settings, host, req.path(), req.query_string(), preferred)
    }
}

/// The absolute URL to send a read of `path` on `host` to, if it is not served there.
/// `preferred` is the visitor's language, asked only when a redirect-only domain's `/`
/// must choose a home page.
pub fn redirect(
    settings: &Settings,
    host: Option<&str>,
    path: &str,
    query: &str,
    preferred: impl FnOnce() -> Option<Lang>,
) -> Option<String> {
    let site = &settings.site;
    let host = site::classify(site, host);
    if host == Host::Any {
        return None;
    }
    let resolved = redirects::resolve(path, |path| site::page_lang(settings, path).is_some());
    let target = resolved.as_deref().unwrap_or(path);
    let canonical = |lang: Lang| site::origin(site, lang);
    let to_origin = match host {
        Host::Any => return None,
        // The language the domain stands for, else the visitor's: straight to that home page.
        Host::Redirect { home_language } if target == "/" => {
            let lang = home_language.or_else(|| chosen_lang_in(query)).or_else(preferred).unwrap_or(Lang::Nl);
            return Some(with_query(canonical(lang), Page::Home.path(lang), query));
        }
        Host::Redirect { .. } => site::page_lang(settings, target).map_or(site.base_url.as_str(), canonical),
        Host::Canonical { origin, languages } => {
            // A language's own domain opens on its home page, not on the Dutch one.
            if let (Some(&first), "/") = (languages.first(), target) {
                if first != Lang::Nl {
                    return Some(with_query(origin, Page::Home.path(first), query));
                }
            }
            match site::page_lang(settings, target).map(canonical) {
                Some(home) if home != origin => home,
                // Here already: the route (or the fallback) answers, redirecting a moved path itself.
                _ => return None,
            }
        }
    };
    Some(with_query(to_origin, target, query))
}

fn with_query(origin: &str, path: &str, query: &str) -> String {
    // `//host` would make the path part of another origin.
    let path = if path.starts_with("//") { "/" } else { path };
    match query {
        "" => format!("{origin}{path}"),
        query => format!("{origin}{path}?{query}"),
    }
}
