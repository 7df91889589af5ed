//! A form posted to its own page without JavaScript (urlencoded): read within
//! the size and time limits, answered with the same page showing the values,
//! the errors, the confirmation or a refusal.
use std::collections::BTreeMap;

use actix_web::{
    http::{header, StatusCode},
    web, HttpRequest, HttpResponse,
};

use crate::{
    config::Settings,
    edge::{
        body::{has_content_type, read_body},
        error::{AppError, Refusal},
        ClientKey,
    },
    forms::{
        submission::{body_timeout, Outcome},
        FieldErrors, Input,
    },
    i18n::Locales,
    render::respond::encoded,
    site::{
        contract::FormState,
        pages::{PageKey, Pages},
        Page, ReservationMode,
    },
    types::Lang,
};

pub struct FormPost {
    pub req: HttpRequest,
    pub page: Page,
    pub lang: Lang,
    pub input: Input,
    /// The fields as typed, to show them again.
    pub values: BTreeMap<String, String>,
    pub mode: ReservationMode,
}

impl FormPost {
    /// Reads the post. Refusals answer with the localized error page (see `error_pages`).
    pub async fn read(
        req: HttpRequest,
        payload: web::Payload,
        settings: &Settings,
    ) -> Result<Self, AppError> {
        // The matched pattern, not the path: every spelling of the path is the same page.
        let (page, lang) = req
            .match_pattern()
            .as_deref()
            .and_then(Page::from_path)
            .filter(|(p, _)| p.is_interactive())
            .ok_or(AppError::NotFound)?;
        if !has_content_type(&req, "application/x-www-form-urlencoded") {
            return Err(Refusal::UnsupportedMediaType.into());
        }
        let body = read_body(payload, body_timeout(settings)).await?;
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
        let input = Input::from_pairs(pairs);
        let values = input.values();
        let mode = values.get("mode").and_then(|m| ReservationMode::parse(m)).unwrap_or_default();
        Ok(Self { req, page, lang, input, values, mode })
    }

    /// The page again with `form` in it.
    pub async fn answer(
        &self,
        pages: &Pages,
        status: StatusCode,
        form: FormState,
    ) -> Result<HttpResponse, AppError> {
        let key = PageKey::page(self.page, self.lang, self.mode);
        let rendered = pages.with_form(key, form, ClientKey::get(&self.req)).await?;
        Ok(encoded(&self.req, &rendered, status))
    }

    /// The page with the fields refused one by one.
    pub fn invalid(&self, errors: FieldErrors) -> FormState {
        FormState::invalid(self.values.clone(), errors)
    }

    /// The page with the outcome of a submission.
    pub async fn outcome(
        &self,
        pages: &Pages,
        locales: &Locales,
        settings: &Settings,
        outcome: Outcome,
    ) -> Result<HttpResponse, AppError> {
        let (status, form, retry_after) = match outcome {
            Outcome::Accepted { message, summary, receipt } => {
                (StatusCode::OK, FormState { summary, receipt, ..FormState::accepted(message) }, None)
            }
            Outcome::Invalid(errors) => (StatusCode::BAD_REQUEST, self.invalid(errors), None),
            Outcome::Refused(refusal) => {
                let text = locales.format(
                    self.lang,
                    refusal.page_key(),
                    &[("phone", &settings.company.phone_shown(self.lang))],
                );
                (refusal.status(), FormState::refused(self.values.clone(), text), refusal.retry_after())
            }
        };
        let stored =
            form.success.clone().map(|message| (message, form.summary.clone(), form.receipt.clone()));
        let mut response = match (self.answer(pages, status, form).await, stored) {
            (Ok(response), _) => response,
            (Err(AppError::Render(e)), Some((message, summary, receipt))) => {
                tracing::warn!(error = %e, "a stored post's page could not be rendered: answered without React");
                let html = pages.received_without_react(self.page, self.lang, &message, (&summary, &receipt));
                let page = crate::render::EncodedPage::new(html);
                encoded(&self.req, &page, StatusCode::OK)
            }
            (Err(e), _) => return Err(e),
        };
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, seconds.into());
        }
        Ok(response)
    }
}
