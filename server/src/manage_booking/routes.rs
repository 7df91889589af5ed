//! `/booking/{reference}`: the page the "Manage your booking" link of every
//! customer mail opens.
//!
//! GET shows where the booking stands and changes nothing; POST (a plain form
//! post) takes one step: accept the proposed time, or cancel. A step is taken
//! once, whoever taps twice or at once (a conditional update at the booking's
//! sequence); it is refused from the pick-up on, with the phone number. The
//! link must be genuine and unexpired; anything else gets the same 404 page as
//! a wrong staff link. The page is in the booking's language, `noindex`,
//! not cached and sent with `Referrer-Policy: no-referrer`.
use std::sync::Arc;

use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};

use crate::{
    booking::{answer::Status, answer_links, customer_step::CustomerStep, outbox::Bookings, Record},
    config::Settings,
    edge::{
        body::{has_content_type, read_body},
        error::{AppError, Refusal},
    },
    forms::{submission::Submissions, submission::SummaryRow, Checker, Input},
    i18n::{
        format::{date_time_long, local},
        Locales,
    },
    manage_booking::{contract::ManagePage, form},
    render::respond::encoded,
    secret::SecretKey,
    site::{contract::FormState, pages::Pages, private_page::keep_private},
    types::Reference,
};

/// What every manage request needs, handed over at start-up.
pub struct Manage {
    pub key: SecretKey,
    pub bookings: Arc<Bookings>,
    pub settings: Arc<Settings>,
    pub pages: web::Data<Pages>,
    pub locales: Arc<Locales>,
    /// For the disk floor, which steps respect like bookings.
    pub submissions: Arc<Submissions>,
}

pub async fn show(
    req: HttpRequest,
    reference: web::Path<String>,
    manage: web::Data<Manage>,
) -> Result<HttpResponse, AppError> {
    let Some(record) = open(&req, &manage, &reference).await? else { return not_found(&req, &manage).await };
    page(&req, &manage, StatusCode::OK, &record, None).await
}

pub async fn step(
    req: HttpRequest,
    reference: web::Path<String>,
    payload: web::Payload,
    manage: web::Data<Manage>,
) -> Result<HttpResponse, AppError> {
    let Some(record) = open(&req, &manage, &reference).await? else { return not_found(&req, &manage).await };
    if !has_content_type(&req, "application/x-www-form-urlencoded") {
        return Err(Refusal::UnsupportedMediaType.into());
    }
    let body =
        read_body(payload, std::time::Duration::from_millis(manage.settings.http.body_timeout_ms)).await?;
    let input =
        Input::from_pairs(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    let (lang, now) = (record.booking.lang, jiff::Timestamp::now());
    if pickup_passed(&record, now) {
        tracing::info!(reference = %record.booking.reference, "customer step refused: the pick-up time has passed");
        return page(&req, &manage, StatusCode::CONFLICT, &record, None).await;
    }
    let call_us = manage.settings.company.phone_shown(lang);
    let checker = Checker::new(lang, &manage.locales);
    let posted = match form::validate(&input, checker, &manage.settings.booking, &call_us, now) {
        Ok(valid) => valid,
        Err(errors) => {
            let form = FormState::invalid(input.values(), errors);
            return page(&req, &manage, StatusCode::BAD_REQUEST, &record, Some(form)).await;
        }
    };
    // A second tap, or a step the booking no longer allows: the page as it stands.
    let action = posted.action;
    let Some(step) = CustomerStep::on(&record, action, posted.note, posted.asked, now) else {
        return page(&req, &manage, StatusCode::OK, &record, None).await;
    };
    let not_sent = || {
        let phone = manage.settings.company.phone_shown(lang);
        let message = manage.locales.format(lang, "manage.notSent", &[("phone", &phone)]);
        FormState::refused(input.values(), message)
    };
    if let Some(why) = manage.submissions.caps().disk_floor_reached() {
        tracing::error!(reference = %record.booking.reference, "customer step refused: {why}");
        return page(&req, &manage, StatusCode::SERVICE_UNAVAILABLE, &record, Some(not_sent())).await;
    }
    let taken = match super::mail::step(&manage.bookings, &record, &step).await {
        Ok(taken) => taken,
        Err(e) => {
            tracing::error!(reference = %record.booking.reference, error = %e, "the customer's step could not be stored; nothing was sent");
            return page(&req, &manage, StatusCode::SERVICE_UNAVAILABLE, &record, Some(not_sent())).await;
        }
    };
    let Some(now_stored) = manage.bookings.record(&record.booking.reference).await.map_err(internal)? else {
        return not_found(&req, &manage).await;
    };
    if !taken {
        tracing::info!(reference = %record.booking.reference, "customer step refused: the booking changed meanwhile");
        return page(&req, &manage, StatusCode::OK, &now_stored, None).await;
    }
    tracing::info!(reference = %record.booking.reference, step = action.code(), "customer step taken");
    let pickup = date_time_long(&manage.locales, lang, step.pickup_at);
    let done = manage.locales.format(lang, &format!("manage.done.{}", action.code()), &[("pickup", &pickup)]);
    page(&req, &manage, StatusCode::OK, &now_stored, Some(FormState::accepted(done))).await
}

/// The booking of a genuine, unexpired manage link.
async fn open(req: &HttpRequest, manage: &Manage, reference: &str) -> Result<Option<Record>, AppError> {
    let refused = || {
        tracing::info!("manage link refused");
        Ok(None)
    };
    let Some(reference) = Reference::parse(reference) else { return refused() };
    // Read by hand: a malformed or repeated parameter is one more wrong link, not a 400.
    let query: Vec<(String, String)> = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    let param = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap_or("");
    let now = jiff::Timestamp::now();
    if !answer_links::verify_manage(&manage.key, &reference, param("expires"), param("sig"), now) {
        return refused();
    }
    manage.bookings.record(&reference).await.map_err(internal)
}

/// From the pick-up on, nothing changes here: the customer phones.
fn pickup_passed(record: &Record, now: jiff::Timestamp) -> bool {
    answer_links::pickup_instant(record.booking.pickup_at) <= now
}

fn internal(e: crate::mail::DeliveryError) -> AppError {
    AppError::Internal(anyhow::Error::new(e))
}

async fn page(
    req: &HttpRequest,
    manage: &Manage,
    status: StatusCode,
    record: &Record,
    form: Option<FormState>,
) -> Result<HttpResponse, AppError> {
    let b = &record.booking;
    let (lang, locales) = (b.lang, &manage.locales);
    let phone = manage.settings.company.phone_shown(lang);
    let when = |at| date_time_long(locales, lang, at);
    let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at).map(when);
    let cancelled = record.customer_step.as_ref().map(|s| when(local(s.at))).unwrap_or_default();
    let args = [
        ("proposed", proposed.as_deref().unwrap_or("")),
        ("pickup", &when(b.pickup_at)),
        ("when", &cancelled),
        ("phone", &phone),
        ("reference", &b.reference),
    ];
    let passed = pickup_passed(record, jiff::Timestamp::now());
    let actions = match passed {
        true => Vec::new(),
        false => crate::booking::customer_step::CustomerAction::ALL
            .into_iter()
            .filter(|a| a.offered_on(record))
            .collect(),
    };
    let open_status = !matches!(record.status, Status::Declined | Status::Cancelled);
    let page = ManagePage {
        reference: b.reference.to_string(),
        status: record.status,
        status_text: locales.format(lang, &format!("manage.status.{}", record.status.code()), &args),
        pickup_value: b.pickup_at.strftime("%Y-%m-%dT%H:%M").to_string(),
        rows: (manage.bookings.composer().customer_summary(b).into_iter())
            .map(|(label, value)| SummaryRow { label, value })
            .collect(),
        form_action: format!("{}?{}", req.path(), req.query_string()),
        proposed: proposed.clone().filter(|_| record.status == Status::Rescheduled && !passed),
        closed: (passed && open_status).then(|| locales.format(lang, "manage.passed", &args)),
        other: locales.format(lang, "manage.other", &args),
        actions,
    };
    let rendered = manage.pages.manage(lang, page, form).await?;
    let mut response = encoded(req, &rendered, status);
    keep_private(&mut response);
    Ok(response)
}

/// The error page in the staff language (the link says nothing of the
/// booking), the same for every refused link and as a wrong staff link.
async fn not_found(req: &HttpRequest, manage: &Manage) -> Result<HttpResponse, AppError> {
    let page = manage.pages.error_page(manage.settings.mail.staff_language).await;
    let mut response = encoded(req, &page, StatusCode::NOT_FOUND);
    keep_private(&mut response);
    Ok(response)
}
