//! The spec's permanent redirects, trailing-slash and letter-case clean-up, and
//! the 404 fallback.
use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{config::Settings, edge::error::AppError, site};

/// Fixed old paths and where they live now.
const MOVED: &[(&str, &str)] = &[
    ("/de/preise", "/tarife"),
    ("/en/prices", "/prices"),
    ("/de/kontakt", "/kontakt"),
    ("/en/contact", "/contact-us"),
    ("/en/reservation", "/reservation"),
    ("/de/reservieren", "/reservieren"),
];

pub fn configure(cfg: &mut web::ServiceConfig) {
    for (from, to) in MOVED {
        cfg.route(
            from,
            crate::edge::read().to(move |req: HttpRequest| async move { moved_permanently(&req, to) }),
        );
    }
    // Old product pages: /en/{product}-english and /de/{product}-deutsch.
    // Old product pages (/en/{product}-english, /de/{product}-deutsch) and every
    // other unknown path: the fallback, which knows them all.
    cfg.default_service(web::to(fallback));
}

/// Unknown paths: a moved page, an old product page, a trailing slash or a page's
/// path in other letter case is redirected, straight to the final page; anything
/// else is 404.
async fn fallback(req: HttpRequest, settings: web::Data<Settings>) -> Result<HttpResponse, AppError> {
    let is_read = matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD);
    match resolve(req.path(), |path| site::page_lang(&settings, path).is_some()) {
        Some(to) if is_read => Ok(moved_permanently(&req, &to)),
        _ => Err(AppError::NotFound),
    }
}

/// Where a path that redirects ends, in one hop (moved pages, old product pages,
/// trailing slashes, and upper-case letters or percent-escapes in what is in plain
/// lower case a page or one of these); `None` when it does not redirect. `is_page`
/// tells the site's page paths.
pub fn resolve(path: &str, is_page: impl Fn(&str) -> bool) -> Option<String> {
    let trim = |path: &str| match path.trim_end_matches('/') {
        "" => "/".to_string(),
        trimmed => trimmed.to_string(),
    };
    // Only known paths are folded: a booking reference or a token keeps its case
    // and its escapes (and nothing decoded goes into a `Location` unchecked).
    let plain = percent_encoding::percent_decode_str(path).decode_utf8().map(|p| trim(&p).to_lowercase());
    let target = match plain {
        Ok(plain) if is_page(&plain) || moved(&plain).is_some() => plain,
        _ => trim(path),
    };
    moved(&target).or_else(|| (target != path).then_some(target))
}

/// A moved page's or an old product page's new path.
fn moved(path: &str) -> Option<String> {
    if let Some((_, to)) = MOVED.iter().find(|(from, _)| *from == path) {
        return Some(to.to_string());
    }
    [("/en/", "-english"), ("/de/", "-deutsch")].iter().find_map(|(prefix, suffix)| {
        let name = path.strip_prefix(prefix).and_then(|rest| rest.strip_suffix(suffix))?;
        (!name.is_empty() && !name.contains('/')).then(|| prefix.trim_end_matches('/').to_string())
    })
}

pub fn moved_permanently(req: &HttpRequest, to: &str) -> HttpResponse {
    // `//host` would make the redirect leave the site, and browsers read `/\host` so too.
    let to = if matches!(to.as_bytes(), [b'/', b'/' | b'\\', ..]) { "/" } else { to };
    let location = match req.query_string() {
        "" => to.to_string(),
        query => format!("{to}?{query}"),
    };
    HttpResponse::MovedPermanently().insert_header((header::LOCATION, location)).finish()
}

#[cfg(test)]
mod tests {
    use super::resolve;

    fn page(path: &str) -> bool {
        ["/", "/tarife", "/de", "/taxi-roermond-luchthaven-schiphol"].contains(&path)
    }

    #[test]
    fn each_spelling_ends_on_the_page_in_one_step() {
        let cases = [
            ("/Tarife", Some("/tarife")),
            ("/TARIFE/", Some("/tarife")),
            ("/De/Preise", Some("/tarife")),
            ("/de/preise/", Some("/tarife")),
            ("/EN/Taxi-English", Some("/en")),
            ("/en/taxi-english", Some("/en")),
            ("/en/-english", None),
            ("/Taxi-Roermond-Luchthaven-Schiphol", Some("/taxi-roermond-luchthaven-schiphol")),
            ("/tarife/", Some("/tarife")),
            ("/DE", Some("/de")),
            ("/tarife", None),
            ("/T%61rife", Some("/tarife")),
            ("/%64e/preise", Some("/tarife")),
            ("/tarife%2F", Some("/tarife")),
            ("/booking/ABC123", None),
            ("/booking/ABC%31", None),
            ("/Booking/ABC123", None),
            ("/assets/App.ABC.js", None),
        ];
        for (path, to) in cases {
            assert_eq!(resolve(path, page).as_deref(), to, "{path}");
        }
    }
}
