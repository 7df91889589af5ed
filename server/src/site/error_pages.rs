//! The localized error page in place of every bare error answer on a page.
use actix_web::{
    dev::ServiceResponse,
    http::{header, ConnectionType},
    middleware::{ErrorHandlerResponse, ErrorHandlers},
    web,
};

use std::sync::Arc;

use crate::{
    edge::error::error_language,
    forms::submission::{Receipt, SummaryRow},
    render::{respond::encoded, EncodedPage},
    site::{
        document::{document, escape_html},
        pages::{PageKey, Pages},
        titles, Page,
    },
    types::Lang,
};

/// Fills every error answer that is not already a page or JSON with the
/// localized error page: bare answers, and the framework's own plain-text ones
/// (a query string it cannot read, a body of the wrong type). Pages (form
/// pages with their errors) and JSON errors pass through.
pub fn error_pages<B: 'static>(pages: web::Data<Pages>) -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(move |res: ServiceResponse<B>| {
        let content_type =
            res.response().headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        if content_type.starts_with("text/html") || content_type.starts_with("application/json") {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        let pages = pages.clone();
        Ok(ErrorHandlerResponse::Future(Box::pin(async move {
            let (req, original) = res.into_parts();
            let page = pages.error_page(error_language(&req)).await;
            let mut response = encoded(&req, &page, original.status());
            for (name, value) in original.headers() {
                if name == header::RETRY_AFTER || name == header::ALLOW {
                    response.headers_mut().insert(name.clone(), value.clone());
                }
            }
            if original.head().connection_type() == ConnectionType::Close {
                response.head_mut().set_connection_type(ConnectionType::Close);
            }
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
            Ok(ServiceResponse::new(req, response).map_into_right_body())
        })))
    })
}

impl Pages {
    /// The error page in `lang`. Never fails: if React cannot render it, a plain
    /// version with the same texts is built here.
    pub async fn error_page(&self, lang: Lang) -> Arc<EncodedPage> {
        match self.get(PageKey::Error(lang)).await {
            Ok(page) => page,
            Err(e) => {
                tracing::warn!(error = %e, "error page rendered without React");
                Arc::new(EncodedPage::new(self.fallback_error_html(lang)))
            }
        }
    }

    /// A form's success without React: what a stored post answers when its
    /// page cannot be rendered (queue full, client's share taken, a failing
    /// bundle). The post was kept and mailed, so the visitor must read that,
    /// not a 503 that invites sending it again.
    pub fn received_without_react(
        &self,
        page: Page,
        lang: Lang,
        message: &str,
        (summary, receipt): (&[SummaryRow], &Receipt),
    ) -> String {
        let rows: String = summary
            .iter()
            .map(|r| {
                format!(
                    "<div><dt>{}</dt><dd class=\"pre-line\">{}</dd></div>",
                    escape_html(&r.label),
                    escape_html(&r.value)
                )
            })
            .collect();
        let no_mail = receipt
            .no_mail
            .as_deref()
            .map(|text| format!("<p class=\"notice-box\">{}</p>", escape_html(text)));
        let manage = receipt.manage.as_ref().map(|link| {
            format!(
                "<p><a class=\"button\" href=\"{}\">{}</a></p>",
                escape_html(&link.href),
                escape_html(&link.label)
            )
        });
        let body = format!(
            "<main id=\"main\" class=\"wrap\"><div class=\"success-box\" role=\"status\"><p>{}</p>{}<dl class=\"booking-summary\">{rows}</dl>{}</div></main>",
            escape_html(message),
            no_mail.unwrap_or_default(),
            manage.unwrap_or_default(),
        );
        let company = &self.settings.company.name;
        let key = format!("meta.{}", page.key());
        let title = titles::compose(&self.locales, lang, &key, &[("company", company)], company);
        let description_key = format!("{key}.description");
        let description = self.locales.text(lang, &description_key);
        let share_image = self.absolute(lang, "share.png");
        document(&self.unindexed_shell(lang, (&title, description, ""), &share_image), &self.settings, &body)
    }

    /// The error page without React: same texts and links, built from the locales.
    fn fallback_error_html(&self, lang: Lang) -> String {
        let l = &self.locales;
        let link = |page: Page, key: &str| {
            format!("<li><a href=\"{}\">{}</a></li>", page.path(lang), escape_html(l.text(lang, key)))
        };
        let body = format!(
            "<main id=\"main\" class=\"wrap\"><h1>{}</h1><p>{}</p><ul class=\"options\">{}{}{}</ul></main>",
            escape_html(l.text(lang, "error.heading")),
            escape_html(l.text(lang, "error.apology")),
            link(Page::Home, "error.home"),
            link(Page::Reservation, "error.reservation"),
            link(Page::Contact, "error.contact"),
        );
        let company = &self.settings.company.name;
        let title = titles::compose(l, lang, "meta.error", &[("company", company)], company);
        let texts =
            (title.as_str(), l.text(lang, "meta.error.description"), l.text(lang, "meta.error.keywords"));
        let share_image = self.absolute(lang, "share.png");
        document(&self.unindexed_shell(lang, texts, &share_image), &self.settings, &body)
    }
}
