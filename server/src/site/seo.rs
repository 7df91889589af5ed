//! `sitemap.xml` with language alternates and each page's own `lastmod`
//! ([`page_dates`]), and `robots.txt` pointing to it. Each origin lists the pages
//! whose canonical URL it holds (see [`crate::site`]).
use std::fmt::Write as _;

use actix_web::{
    http::{header, StatusCode},
    web::{self, Bytes},
    HttpRequest, HttpResponse,
};

use crate::{
    config::Settings,
    edge::error::AppError,
    render::{respond::answer, variant::Variant},
    site::{
        self, landing, page_dates,
        pages::{PageKey, Pages},
        Host, Page, ReservationMode,
    },
    types::Lang,
};

pub async fn sitemap(
    req: HttpRequest,
    settings: web::Data<Settings>,
    pages: web::Data<Pages>,
) -> Result<HttpResponse, AppError> {
    let here = served_origin(&req, &settings);
    let tariff = &settings.tariff;
    // Per page: its cache key and its path, in each language.
    type PerLang<'a, T> = Box<dyn Fn(Lang) -> T + 'a>;
    let mut sources: Vec<(PerLang<PageKey>, PerLang<String>)> = Vec::new();
    for page in Page::ALL {
        sources.push((
            Box::new(move |lang| PageKey::page(page, lang, ReservationMode::default())),
            Box::new(move |lang| page.path(lang).to_string()),
        ));
    }
    for index in 0..tariff.destinations.len() {
        sources.push((
            Box::new(move |lang| PageKey::Landing(index, lang)),
            Box::new(move |lang| landing::path(tariff, index, lang)),
        ));
    }
    // This origin's URLs, each with its page as rendered (to date its content).
    let mut urls = Vec::new();
    for (key, path) in &sources {
        for lang in Lang::ALL.into_iter().filter(|&lang| site::origin(&settings.site, lang) == here) {
            let rendered = pages.get(key(lang)).await?;
            urls.push((format!("{here}{}", path(lang)), site::alternates(&settings.site, path), rendered));
        }
    }
    let contents: Vec<_> = urls.iter().map(|(loc, _, page)| (loc.clone(), &page.html.bytes[..])).collect();
    let dates = pages.dates.dates(&contents, &page_dates::today());
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for ((loc, alternates, _), lastmod) in urls.iter().zip(dates) {
        let _ =
            writeln!(xml, "  <url>\n    <loc>{}</loc>\n    <lastmod>{lastmod}</lastmod>", xml_escape(loc));
        for (hreflang, url) in alternates {
            let _ = writeln!(
                xml,
                "    <xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>",
                xml_escape(url)
            );
        }
        xml.push_str("  </url>\n");
    }
    xml.push_str("</urlset>\n");
    Ok(validated(&req, "application/xml; charset=utf-8", xml))
}

pub async fn robots(req: HttpRequest, settings: web::Data<Settings>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {}/sitemap.xml\n",
        served_origin(&req, &settings)
    );
    validated(&req, "text/plain; charset=utf-8", body)
}

/// A text answer with an `ETag` (a repeated fetch gets a 304), checked by caches
/// before each reuse: both change when the configuration or the pages do.
fn validated(req: &HttpRequest, content_type: &'static str, body: String) -> HttpResponse {
    let variant = Variant::new(Bytes::from(body));
    answer(req, StatusCode::OK, content_type, (&variant, None), &[(header::CACHE_CONTROL, "no-cache")])
}

/// The origin a request was made for: the main one unless the host is the
/// canonical home of some languages.
fn served_origin<'a>(req: &HttpRequest, settings: &'a Settings) -> &'a str {
    let host = req.headers().get(header::HOST).and_then(|v| v.to_str().ok());
    match site::classify(&settings.site, host) {
        Host::Canonical { origin, .. } => origin,
        Host::Redirect { .. } | Host::Any => &settings.site.base_url,
    }
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
