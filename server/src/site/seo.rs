//! `sitemap.xml` with language alternates, and `robots.txt` pointing to it. Each
//! origin lists the pages whose canonical URL it holds (see [`crate::site`]).
use std::fmt::Write as _;

use actix_web::{http::header, web, HttpRequest, HttpResponse};

use crate::{
    config::Settings,
    site::{self, landing, Host, Page},
    types::Lang,
};

pub async fn sitemap(req: HttpRequest, settings: web::Data<Settings>) -> HttpResponse {
    let here = served_origin(&req, &settings);
    let lastmod = content_date();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let tariff = &settings.tariff;
    let pages = Page::ALL
        .iter()
        .map(|&page| Box::new(move |lang| page.path(lang).to_string()) as Box<dyn Fn(Lang) -> String>);
    let landings = (0..tariff.destinations.len())
        .map(|index| Box::new(move |lang| landing::path(tariff, index, lang)) as Box<dyn Fn(Lang) -> String>);
    for path in pages.chain(landings) {
        for lang in Lang::ALL.into_iter().filter(|&lang| site::origin(&settings.site, lang) == here) {
            let _ = writeln!(
                xml,
                "  <url>\n    <loc>{here}{}</loc>\n    <lastmod>{lastmod}</lastmod>",
                xml_escape(&path(lang))
            );
            for (hreflang, url) in site::alternates(&settings.site, &path) {
                let _ = writeln!(
                    xml,
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>",
                    xml_escape(&url)
                );
            }
            xml.push_str("  </url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml)
}

pub async fn robots(req: HttpRequest, settings: web::Data<Settings>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {}/sitemap.xml\n",
        served_origin(&req, &settings)
    ))
}

/// The origin a request was made for: the main one unless the host is the
/// canonical home of some languages.
fn served_origin<'a>(req: &HttpRequest, settings: &'a Settings) -> &'a str {
    let host = req.headers().get(header::HOST).and_then(|v| v.to_str().ok());
    match site::classify(&settings.site, host) {
        Host::Canonical { origin, .. } => origin,
        Host::Redirect | Host::Any => &settings.site.base_url,
    }
}

/// The day the pages' texts last changed (the UI build's date), as W3C date.
fn content_date() -> String {
    jiff::Timestamp::from_second(crate::render::assets::CONTENT_BUILT_UNIX)
        .map(|t| t.strftime("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
