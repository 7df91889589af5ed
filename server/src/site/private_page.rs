//! Pages made for one person from a signed link (staff's answer page, the
//! customer's manage page): rendered per request, not hydrated (plain form
//! posts), without canonical or alternates, `noindex`, and answered with
//! headers that keep them out of caches, indexes and `Referer`s.
use actix_web::{http::header, HttpResponse};

use crate::{
    render::{pool::RenderError, EncodedPage},
    site::{
        contract::PageProps,
        document::{document, Shell},
        pages::Pages,
    },
    types::Lang,
};

impl Pages {
    /// Renders `props` (a page of `props.lang`) with this title and description.
    pub async fn private_page(
        &self,
        props: PageProps,
        title: &str,
        description: &str,
    ) -> Result<EncodedPage, RenderError> {
        let lang = props.lang;
        let body = self.pool.render(serde_json::to_string(&props).expect("page props serialize")).await?;
        let share_image = self.absolute(lang, "share.png");
        let shell = self.unindexed_shell(lang, (title, description, ""), &share_image);
        let html = document(&shell, &self.settings, &body);
        actix_web::web::block(move || EncodedPage::new_fast(html)).await.map_err(|_| RenderError::Unavailable)
    }

    /// The shell of a page search engines do not index (error and private pages): no
    /// canonical or alternates (so `noindex`), no structured data, the site's small script.
    pub(crate) fn unindexed_shell<'a>(
        &'a self,
        lang: Lang,
        (title, description, keywords): (&'a str, &'a str, &'a str),
        share_image: &'a str,
    ) -> Shell<'a> {
        Shell {
            lang,
            paths: None,
            title,
            description,
            keywords,
            stylesheet: self.assets.url("styles.css"),
            icon: self.assets.url("favicon.svg"),
            script: self.assets.url("site.js"),
            first_scripts: vec![],
            hydration_props: None,
            json_ld: &[],
            share_image,
            share_image_alt: self.share_image_alt(lang),
        }
    }
}

/// No referrer (the URL is a key), no caching, no indexing.
pub fn keep_private(response: &mut HttpResponse) {
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, header::HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    headers
        .insert(header::HeaderName::from_static("x-robots-tag"), header::HeaderValue::from_static("noindex"));
}
