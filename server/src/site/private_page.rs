//! Pages made for one person from a signed link (staff's answer page, the
//! customer's manage page): rendered per request, not hydrated (plain form
//! posts), without canonical or alternates, `noindex`, and answered with
//! headers that keep them out of caches, indexes and `Referer`s. Their props
//! are the capability's own type: the site's props (`PageProps`) flattened
//! beside its page, which the site does not know. What those pages share is
//! [`LinkPages`], handed over at start-up.

use std::sync::Arc;

use actix_web::{http::header, web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::{
    config::Settings,
    forms::submission::Submissions,
    i18n::Locales,
    render::{pool::RenderError, EncodedPage},
    secret::SecretKey,
    site::{
        document::{document, Shell},
        pages::Pages,
    },
    types::{ClientKey, Lang},
};

impl Pages {
    /// Renders `props` (a page in `lang`: the site's props and the
    /// capability's page) with this title and description, within the share
    /// of the render queue of `client` (the edge's key), like any page made
    /// for one visitor.
    pub async fn private_page(
        &self,
        (lang, client): (Lang, Option<ClientKey>),
        props: &impl Serialize,
        title: &str,
        description: &str,
    ) -> Result<EncodedPage, RenderError> {
        let props = serde_json::to_string(props).expect("page props serialize");
        let body = self.pool.render_for(client, props).await?;
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

/// What every page opened from a signed link needs besides the bookings
/// (staff's answer page, the customer's manage page, the reservation page of
/// a repeat link), handed over at start-up.
pub struct LinkPages {
    /// Checks the links' signatures and signs the links the pages offer.
    pub key: SecretKey,
    pub settings: Arc<Settings>,
    pub pages: web::Data<Pages>,
    pub locales: Arc<Locales>,
    /// For the disk floor, which answers and steps respect like bookings, and
    /// the refused senders junk adds to.
    pub submissions: Arc<Submissions>,
}

/// No referrer (the URL is a key), no caching, no indexing.
pub fn keep_private(response: &mut HttpResponse) {
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, header::HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    headers
        .insert(header::HeaderName::from_static("x-robots-tag"), header::HeaderValue::from_static("noindex"));
}

/// The query of a signed link as read: the expiry and signature that make it
/// genuine, and `done`, which the redirect after a post adds to say what was
/// just done (the page believes it only when the booking agrees).
pub struct LinkQuery {
    pub expires: String,
    pub sig: String,
    pub done: String,
}

impl LinkQuery {
    /// Read by hand: a malformed or repeated parameter is one more wrong link, not a 400.
    pub fn of(req: &HttpRequest) -> Self {
        let query: Vec<(String, String)> = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
        let param =
            |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
        Self { expires: param("expires"), sig: param("sig"), done: param("done") }
    }

    /// The page at `path` with the signature and nothing else: where its forms post.
    pub fn page(&self, path: &str) -> String {
        let query =
            serde_urlencoded::to_string([("expires", &self.expires), ("sig", &self.sig)]).unwrap_or_default();
        format!("{path}?{query}")
    }

    /// After a post that changed the booking: 303 to the page, saying `done`
    /// (POST/redirect/GET, so a reload or Back never posts again).
    pub fn see_page(&self, path: &str, done: &str) -> HttpResponse {
        let location = format!(
            "{}&{}",
            self.page(path),
            serde_urlencoded::to_string([("done", done)]).unwrap_or_default()
        );
        let mut response = HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish();
        keep_private(&mut response);
        response
    }
}
