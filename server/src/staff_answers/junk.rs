//! The page of the Junk button in staff's mails (`/staff/{reference}/junk`,
//! signed like the other three): what marking the request as junk does, one
//! button for this request and, when its network sent others in the last
//! hour, one for all of them. Plain form posts carrying the booking's version,
//! like every answer; what junk does is `booking::junk`. Any booking may be
//! marked whatever staff or the customer did with it, except one that is junk
//! already.
use actix_web::{http::StatusCode, HttpResponse};

use crate::{
    booking::{
        answer::{Action, Answer, Status},
        junk::Scope,
    },
    edge::error::AppError,
    forms::Input,
    i18n::format::{date_time_long, local},
    site::contract::FormState,
    staff_answers::{
        contract::JunkChoice,
        routes::{Context, Opened},
    },
};

/// The `done` of the redirect after each scope, and the text it shows.
fn done_code(scope: Scope) -> &'static str {
    match scope {
        Scope::One => "junk",
        Scope::Network => "junkNetwork",
    }
}

impl Context {
    /// `GET`: the page; back from a post that was taken, saying so while the
    /// booking is still junk.
    pub(super) async fn junk_page(&self, opened: &Opened) -> Result<HttpResponse, AppError> {
        let lang = self.settings.mail.staff_language;
        let done = [Scope::One, Scope::Network].into_iter().map(done_code).find(|d| *d == opened.link.done);
        let sent = done.filter(|_| opened.record.status == Status::Junk).map(|done| {
            FormState::accepted(self.locales.text(lang, &format!("staff.sent.{done}")).to_string())
        });
        self.page(StatusCode::OK, opened, sent, None).await
    }

    /// `POST`, of the booking's version: marks it (and with `scope=network`
    /// its network's other recent requests) as junk, then 303 to the page.
    pub(super) async fn junk(&self, opened: Opened, input: &Input) -> Result<HttpResponse, AppError> {
        let record = &opened.record;
        let reference = &record.booking.reference;
        if record.status == Status::Junk {
            return self.page(StatusCode::OK, &opened, None, None).await;
        }
        // The narrower choice when the field is missing or garbled (a hand-made post).
        let scope = input.line("scope").ok().as_deref().and_then(Scope::parse).unwrap_or(Scope::One);
        if let Some(why) = self.submissions.caps().disk_floor_reached() {
            tracing::error!(%reference, "junk refused: {why}");
            return self.not_sent(&opened, input).await;
        }
        match self.bookings.junk(record, scope, self.submissions.refusals().clone()).await {
            Ok(Some(junked)) => {
                tracing::info!(
                    %reference,
                    bookings = junked.references.len(),
                    dropped = junked.dropped,
                    scope = scope.code(),
                    "marked as junk: personal data deleted, its senders refused"
                );
                Ok(opened.link.see_page(self.req.path(), done_code(scope)))
            }
            Ok(None) => {
                tracing::info!(%reference, "junk refused: the booking was changed meanwhile");
                match self.bookings.record(reference).await {
                    Ok(Some(now)) => self.changed(&Opened { record: now, ..opened }).await,
                    Ok(None) => Ok(self.not_found().await),
                    Err(e) => Err(AppError::Internal(anyhow::Error::new(e))),
                }
            }
            Err(e) => {
                tracing::error!(%reference, error = %e, "junk could not be stored; nothing was changed");
                self.not_sent(&opened, input).await
            }
        }
    }

    /// What the Junk page offers for `opened`: nothing on another button's
    /// page, nor for a booking that is junk already.
    pub(super) async fn junk_choice(&self, opened: &Opened) -> Result<Option<JunkChoice>, AppError> {
        if opened.action != Action::Junk || opened.record.status == Status::Junk {
            return Ok(None);
        }
        let (lang, l) = (self.settings.mail.staff_language, &self.locales);
        let network = self
            .bookings
            .network_of(&opened.record.booking.reference)
            .await
            .map_err(|e| AppError::Internal(anyhow::Error::new(e)))?;
        let days = self.settings.limits.junk_refusal_days;
        let refused = match days {
            0 => l.text(lang, "staff.junk.notRefused").to_string(),
            days => l.plural(lang, "staff.junk.refused", u64::from(days), &[]),
        };
        Ok(Some(JunkChoice {
            intro: format!("{} {refused}", l.text(lang, "staff.junk.intro")),
            network: (network.recent > 1)
                .then(|| l.plural(lang, "staff.junk.network", network.recent as u64, &[])),
            no_network: network.tag.is_none().then(|| l.text(lang, "staff.junk.noNetwork").to_string()),
        }))
    }

    /// A junk booking, in words: when, and that nothing more reaches its address.
    pub(super) fn junked_text(&self, answer: &Answer) -> String {
        let lang = self.settings.mail.staff_language;
        let when = date_time_long(&self.locales, lang, local(answer.answered_at));
        self.locales.format(lang, "staff.junked", &[("when", &when)])
    }
}
