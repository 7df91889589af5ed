//! `/staff/{reference}/{action}`: the page a button in the staff mail opens.
//!
//! GET shows the booking and the form of the chosen action and changes
//! nothing; POST (a plain form post, no JavaScript needed) records the answer
//! and queues the customer's mail. The link must be genuine and unexpired
//! (see `staff::links`); anything else gets the error page with 404, the same
//! whichever part was wrong. The page is in the staff language, `noindex`,
//! and sent with `Referrer-Policy: no-referrer`, so the signed link never
//! leaves in a `Referer` header.
use std::sync::Arc;

use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};

use crate::edge::body::{has_content_type, read_body};
use crate::{
    booking::{
        answer::{Action, DeclineReason, Status},
        answer_links,
        customer_step::CustomerAction,
        outbox::Bookings,
        Record,
    },
    config::Settings,
    edge::error::{AppError, Refusal},
    forms::{submission::Submissions, Checker, Input},
    i18n::{
        format::{date_time_long, local},
        Locales,
    },
    render::respond::encoded,
    secret::SecretKey,
    site::{contract::FormState, pages::Pages, private_page::keep_private},
    staff_answers::{
        contract::{StaffPage, StaffRow},
        form,
    },
    types::Reference,
};

/// What every staff request needs, handed over at start-up.
pub struct Staff {
    pub key: SecretKey,
    pub bookings: Arc<Bookings>,
    pub settings: Arc<Settings>,
    pub pages: web::Data<Pages>,
    pub locales: Arc<Locales>,
    /// For the disk floor, which answers respect like bookings.
    pub submissions: Arc<Submissions>,
}

struct Context {
    req: HttpRequest,
    staff: web::Data<Staff>,
}

impl std::ops::Deref for Context {
    type Target = Staff;

    fn deref(&self) -> &Staff {
        &self.staff
    }
}

pub async fn show(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    staff: web::Data<Staff>,
) -> Result<HttpResponse, AppError> {
    let cx = Context { req, staff };
    let Some((action, record)) = open(&cx, &path).await? else { return cx.not_found().await };
    cx.page(StatusCode::OK, action, &record, None).await
}

pub async fn answer(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    payload: web::Payload,
    staff: web::Data<Staff>,
) -> Result<HttpResponse, AppError> {
    let cx = Context { req, staff };
    let bookings = &cx.bookings;
    let Some((action, record)) = open(&cx, &path).await? else { return cx.not_found().await };
    if !has_content_type(&cx.req, "application/x-www-form-urlencoded") {
        return Err(Refusal::UnsupportedMediaType.into());
    }
    let body = read_body(payload, std::time::Duration::from_millis(cx.settings.http.body_timeout_ms)).await?;
    let input =
        Input::from_pairs(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    if record.status != Status::Requested {
        return cx.page(StatusCode::OK, action, &record, None).await;
    }
    if pickup_passed(&record, jiff::Timestamp::now()) {
        tracing::info!(reference = %record.booking.reference, "answer refused: the pick-up time has passed");
        return cx.page(StatusCode::CONFLICT, action, &record, None).await;
    }
    let lang = cx.settings.mail.staff_language;
    let checker = Checker::new(lang, &cx.locales);
    let answer = match form::validate(
        action,
        &input,
        checker,
        &cx.settings.booking,
        &cx.settings.company.phone_shown(lang),
        jiff::Timestamp::now(),
    ) {
        Ok(answer) => answer,
        Err(errors) => {
            let form = FormState::invalid(input.values(), errors);
            return cx.page(StatusCode::BAD_REQUEST, action, &record, Some(form)).await;
        }
    };
    if let Some(why) = cx.submissions.caps().disk_floor_reached() {
        tracing::error!(reference = %record.booking.reference, "answer refused: {why}");
        return cx.not_sent(action, &record, &input).await;
    }
    let answered = match super::mail::answer(bookings, &record, &answer).await {
        Ok(answered) => answered,
        Err(e) => {
            tracing::error!(reference = %record.booking.reference, error = %e, "the answer could not be stored; nothing was sent");
            return cx.not_sent(action, &record, &input).await;
        }
    };
    let Some(now) = bookings.record(&record.booking.reference).await.map_err(internal)? else {
        return cx.not_found().await;
    };
    if answered {
        tracing::info!(reference = %record.booking.reference, action = action.code(), "booking answered");
        let sent = cx.locales.text(lang, &format!("staff.sent.{}", action.code())).to_string();
        return cx.page(StatusCode::OK, action, &now, Some(FormState::accepted(sent))).await;
    }
    tracing::info!(reference = %record.booking.reference, "answer refused: the booking was answered meanwhile");
    cx.page(StatusCode::OK, action, &now, None).await
}

/// The action and the booking of a genuine, unexpired link to a stored booking.
async fn open(cx: &Context, path: &(String, String)) -> Result<Option<(Action, Record)>, AppError> {
    let (reference, action) = path;
    let refused = || {
        tracing::info!(route = cx.req.match_pattern().as_deref().unwrap_or(""), "staff link refused");
        Ok(None)
    };
    let Some(reference) = Reference::parse(reference) else {
        return refused();
    };
    // Read by hand: a malformed or repeated parameter is one more wrong link, not a 400.
    let query: Vec<(String, String)> = serde_urlencoded::from_str(cx.req.query_string()).unwrap_or_default();
    let param = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap_or("");
    let Some(action) = answer_links::verify(
        &cx.key,
        &reference,
        action,
        param("expires"),
        param("sig"),
        jiff::Timestamp::now(),
    ) else {
        return refused();
    };
    Ok(cx.bookings.record(&reference).await.map_err(internal)?.map(|record| (action, record)))
}

/// Whether the ride's pick-up time is over: an answer would reach the
/// customer too late (the link still opens for an hour, to say so).
fn pickup_passed(record: &Record, now: jiff::Timestamp) -> bool {
    answer_links::pickup_instant(record.booking.pickup_at) <= now
}

fn internal(e: crate::mail::DeliveryError) -> AppError {
    AppError::Internal(anyhow::Error::new(e))
}

impl Context {
    async fn page(
        &self,
        status: StatusCode,
        action: Action,
        record: &Record,
        form: Option<FormState>,
    ) -> Result<HttpResponse, AppError> {
        let lang = self.settings.mail.staff_language;
        let b = &record.booking;
        let (mut alerts, rows) = self.bookings.composer().staff_summary(b);
        if let Some(step) = record.customer_step.as_ref().filter(|s| s.action == CustomerAction::Ask) {
            let when = date_time_long(&self.locales, lang, local(step.at));
            let pickup = date_time_long(&self.locales, lang, step.pickup_at);
            alerts.insert(
                0,
                self.locales.format(lang, "staff.customerStep.ask", &[("when", &when), ("pickup", &pickup)]),
            );
        }
        let page = StaffPage {
            reference: b.reference.to_string(),
            action,
            alerts,
            rows: rows.into_iter().map(|(label, value)| StaffRow { label, value }).collect(),
            form_action: format!("{}?{}", self.req.path(), self.req.query_string()),
            pickup_value: b.pickup_at.strftime("%Y-%m-%dT%H:%M").to_string(),
            reasons: DeclineReason::ALL.to_vec(),
            note_language: self
                .locales
                .text(lang, &format!("staff.noteLanguage.{}", b.lang.code()))
                .to_string(),
            answered: match (&record.customer_step, &record.answer) {
                // A request again, at the time the customer asked: answered like any.
                (Some(step), _)
                    if step.action == CustomerAction::Ask && record.status == Status::Requested =>
                {
                    None
                }
                // Whichever came last: the customer's step, or an answer to the time they asked.
                (Some(step), Some(a)) if a.answered_at > step.at => Some(self.answered_text(a)),
                (Some(step), _) => {
                    let when = date_time_long(&self.locales, lang, local(step.at));
                    let pickup = date_time_long(&self.locales, lang, step.pickup_at);
                    let key = format!("staff.customerStep.{}", step.action.code());
                    Some(self.locales.format(lang, &key, &[("when", &when), ("pickup", &pickup)]))
                }
                (None, Some(a)) => Some(self.answered_text(a)),
                (None, None) if pickup_passed(record, jiff::Timestamp::now()) => {
                    let when = date_time_long(&self.locales, lang, b.pickup_at);
                    Some(self.locales.format(lang, "staff.pickupPassed", &[("when", &when)]))
                }
                (None, None) => None,
            },
        };
        let rendered = self.pages.staff(lang, page, form).await?;
        Ok(private(encoded(&self.req, &rendered, status)))
    }

    /// What was answered and when, in the staff language.
    fn answered_text(&self, a: &crate::booking::answer::Answer) -> String {
        let lang = self.settings.mail.staff_language;
        let when = date_time_long(&self.locales, lang, local(a.answered_at));
        let what = self.locales.text(lang, &format!("staff.status.{}", a.action.status().code())).to_string();
        self.locales.format(lang, "staff.answered", &[("answer", &what), ("when", &when)])
    }

    /// The answer could not be stored (full disk, store trouble): nothing was
    /// sent. The form again, with the answer typed and a message in the staff
    /// language; 503, so that trying again later is the expected move.
    async fn not_sent(
        &self,
        action: Action,
        record: &Record,
        input: &Input,
    ) -> Result<HttpResponse, AppError> {
        let message = self.locales.text(self.settings.mail.staff_language, "staff.notSent").to_string();
        let form = FormState::refused(input.values(), message);
        self.page(StatusCode::SERVICE_UNAVAILABLE, action, record, Some(form)).await
    }

    /// The error page in the staff language, the same for every refused link.
    async fn not_found(&self) -> Result<HttpResponse, AppError> {
        let page = self.pages.error_page(self.settings.mail.staff_language).await;
        Ok(private(encoded(&self.req, &page, StatusCode::NOT_FOUND)))
    }
}

/// No referrer (the URL is a key), no caching, no indexing.
fn private(mut response: HttpResponse) -> HttpResponse {
    keep_private(&mut response);
    response
}
