//! The page of the Junk button in staff's mails (`/staff/{reference}/junk`,
//! signed like the other three): what marking the request as junk does, one
//! button for this request and, when its network sent other requests in the
//! last hour that nobody answered, one for all of them, above the list of
//! what that tap marks and what it leaves alone (answered by staff or acted
//! on by the customer), each with its reference, pick-up and status. Plain
//! form posts carrying the booking's version, like every answer, and the
//! moment of the list, so a tap marks nothing the page did not show; what
//! junk does is `bookings::junk`. The booking of the link may be marked
//! whatever staff or the customer did with it, except when junk already.
use actix_web::{http::StatusCode, HttpResponse};

use crate::{
    bookings::{
        answer::{Action, Answer, Status},
        junk::{Listed, Scope},
    },
    edge::error::AppError,
    forms::Input,
    i18n::format::{date_time_long, local},
    site::contract::FormState,
    staff_answers::{
        contract::{JunkChoice, JunkList, JunkRow},
        form::STAFF_ANSWER,
        routes::{Context, Opened},
    },
};

/// The `done` of the redirect after each scope (and the key of the text it shows).
const DONE: [&str; 2] = ["junk", "junkNetwork"];

fn done_code(scope: Scope) -> &'static str {
    match scope {
        Scope::One => DONE[0],
        Scope::Network(_) => DONE[1],
    }
}

/// The scope a post asks for: the network's needs the moment its page listed
/// it (`through`); without one (a hand-made post, a page from before), the
/// narrower choice, like a missing or garbled `scope`.
fn scope_of(input: &Input) -> Scope {
    let through = input.line(STAFF_ANSWER.through).ok().and_then(|t| t.parse::<i64>().ok());
    let scope = input.line(STAFF_ANSWER.scope);
    match (scope.ok().as_deref(), through.and_then(|t| jiff::Timestamp::from_second(t).ok())) {
        (Some("network"), Some(through)) => Scope::Network(through),
        _ => Scope::One,
    }
}

impl Context {
    /// `GET`: the page; back from a post that was taken, saying so while the
    /// booking is still junk.
    pub(super) async fn junk_page(&self, opened: &Opened) -> Result<HttpResponse, AppError> {
        let lang = self.settings.mail.staff_language;
        let done = DONE.into_iter().find(|d| *d == opened.link.done);
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
        let scope = scope_of(input);
        if let Some(why) = self.submissions.caps().disk_floor_reached() {
            tracing::error!(%reference, "junk refused: {why}");
            return self.not_sent(&opened, input).await;
        }
        match self.keeper.junk(record, scope, self.submissions.refusals().clone()).await {
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
                match self.keeper.record(reference).await {
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
        let through = jiff::Timestamp::now();
        let network = self
            .keeper
            .network_of(&opened.record.booking.reference, through)
            .await
            .map_err(|e| AppError::Internal(anyhow::Error::new(e)))?;
        let days = self.settings.limits.junk_refusal_days;
        let refused = match days {
            0 => l.text(lang, "staff.junk.notRefused").to_string(),
            days => l.plural(lang, "staff.junk.refused", u64::from(days), &[]),
        };
        let (swept, spared) = (network.swept.len() as u64, network.spared.len() as u64);
        let swept_text = l.plural(lang, "staff.junk.swept", swept, &[]);
        let listed = (swept > 1).then(|| JunkList {
            through: through.as_second().to_string(),
            swept_heading: match days {
                0 => swept_text.clone(),
                _ => format!("{swept_text} {}", l.text(lang, "staff.junk.othersNotRefused")),
            },
            swept: network.swept.iter().map(|b| self.junk_row(b, None)).collect(),
            spared_heading: (spared > 0).then(|| l.plural(lang, "staff.junk.spared", spared, &[])),
            spared: network
                .spared
                .iter()
                .map(|b| {
                    let who = if b.by_customer() { "customer" } else { "staff" };
                    self.junk_row(b, Some(l.text(lang, &format!("staff.junk.why.{who}")).to_string()))
                })
                .collect(),
        });
        Ok(Some(JunkChoice {
            intro: format!("{} {refused}", l.text(lang, "staff.junk.intro")),
            network: listed.as_ref().map(|_| l.plural(lang, "staff.junk.network", swept, &[])),
            listed,
            no_network: network.tag.is_none().then(|| l.text(lang, "staff.junk.noNetwork").to_string()),
        }))
    }

    /// A booking of the network's hour in the staff language: no more than its mails show.
    fn junk_row(&self, b: &Listed, why: Option<String>) -> JunkRow {
        let lang = self.settings.mail.staff_language;
        JunkRow {
            reference: b.reference.clone(),
            pickup: date_time_long(&self.locales, lang, local(b.pickup_at)),
            status: self
                .locales
                .text(lang, &format!("staff.calendar.status.{}", b.status.code()))
                .to_string(),
            why,
        }
    }

    /// A junk booking, in words: when, and that nothing more reaches its address.
    pub(super) fn junked_text(&self, answer: &Answer) -> String {
        let lang = self.settings.mail.staff_language;
        let when = date_time_long(&self.locales, lang, local(answer.answered_at));
        self.locales.format(lang, "staff.junked", &[("when", &when)])
    }
}
