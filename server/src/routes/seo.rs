//! `sitemap.xml` with language alternates, and `robots.txt` pointing to it.
use std::fmt::Write as _;

use actix_web::{web, HttpResponse};

use crate::{
    config::Settings,
    domain::{Lang, Page},
};

pub async fn sitemap(settings: web::Data<Settings>) -> HttpResponse {
    let base = &settings.site.base_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in Page::ALL {
        for lang in Lang::ALL {
            let _ = writeln!(xml, "  <url>\n    <loc>{base}{}</loc>", page.path(lang));
            for alt in Lang::ALL {
                let _ = writeln!(xml, "    <xhtml:link rel=\"alternate\" hreflang=\"{alt}\" href=\"{base}{}\"/>", page.path(alt));
            }
            let _ = writeln!(xml, "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}{}\"/>\n  </url>", page.path(Lang::Nl));
        }
    }
    xml.push_str("</urlset>\n");
    HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml)
}

pub async fn robots(settings: web::Data<Settings>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(format!("User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {}/sitemap.xml\n", settings.site.base_url))
}
