//! `/booking/{reference}`: the page the "Manage your booking" link of every
//! customer mail opens.
//!
//! GET shows where the booking stands and changes nothing; POST (a plain form
//! post) takes one step: accept the proposed time, ask for another (on a round
//! trip for either ride or both), or cancel, then redirects to the page (303).
//! Cancelling takes two taps: the first (a link, `&confirm=cancel`, or a post
//! without `confirmed=yes`) only shows the page asking "cancel this ride?". A step is taken once, whoever taps twice
//! or at once (a conditional update at the booking's sequence). A post from a
//! page showing another version of the booking (an old tab, see
//! `bookings::version`) or one that lost the race changes nothing, and the page
//! says what changed. Steps are refused from the pick-up on, and a proposal
//! whose time has passed cannot be accepted; both give the phone number. The
//! link must be genuine and unexpired; anything else gets the same 404 page as
//! a wrong staff link. The page is in the booking's language, `noindex`,
//! not cached and sent with `Referrer-Policy: no-referrer`.
use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};

use crate::{
    booking_mail::views::{ride_times, step_times},
    bookings::{
        answer::Status,
        answer_links,
        customer_step::{Asked, CustomerAction, CustomerStep},
        record::Record,
        version::{Change, Version},
    },
    edge::{
        body::{has_content_type, read_body},
        error::{error_language, AppError, Refusal},
        ClientKey,
    },
    forms::{FieldErrors, Input, Problems},
    i18n::format::date_time_long,
    manage_booking::{
        form::{self, MANAGE},
        view::{confirming_cancel, manage_page, pickup_passed, Manage, Showing, Signed},
    },
    render::respond::encoded,
    site::{
        contract::FormState,
        private_page::{keep_private, LinkQuery},
    },
    types::{Lang, Reference},
};

pub async fn show(
    req: HttpRequest,
    reference: web::Path<String>,
    manage: Signed,
) -> Result<HttpResponse, AppError> {
    let manage = Manage::from(manage);
    let (record, link) = match open(&req, &manage, &reference).await {
        Ok(opened) => opened,
        Err(refused) => return Ok(refused),
    };
    // Back from a step that was taken: say so while it is still the booking's last change.
    let done = match record.last_change() {
        Some(Change::Step(step))
            if link.done == step.action.code() && record.status == step.action.status() =>
        {
            let key = format!("manage.done.{}", step.action.code());
            // The booking is stored as the step left it: applying it again only gives the step's times.
            let moved = step.applied_to(&record.booking);
            let pickup = step_times(&manage.locales, record.booking.lang, step.action, &moved);
            Some(FormState::accepted(manage.locales.format(
                record.booking.lang,
                &key,
                &[("pickup", &pickup)],
            )))
        }
        _ => None,
    };
    let showing = Showing { confirm_cancel: confirming_cancel(&req), ..Showing::default() };
    page(&req, &manage, StatusCode::OK, (&record, &link), done, showing).await
}

pub async fn step(
    req: HttpRequest,
    reference: web::Path<String>,
    payload: web::Payload,
    manage: Signed,
) -> Result<HttpResponse, AppError> {
    let manage = Manage::from(manage);
    let (record, link) = match open(&req, &manage, &reference).await {
        Ok(opened) => opened,
        Err(refused) => return Ok(refused),
    };
    let opened = (&record, &link);
    if !has_content_type(&req, "application/x-www-form-urlencoded") {
        return Err(Refusal::UnsupportedMediaType.into());
    }
    let body =
        read_body(payload, std::time::Duration::from_millis(manage.settings.http.body_timeout_ms)).await?;
    let input =
        Input::from_pairs(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    let (lang, now) = (record.booking.lang, jiff::Timestamp::now());
    if !record.is_at(Version::posted(&input, MANAGE.version)) {
        tracing::info!(reference = %record.booking.reference, "customer step refused: posted from a page of another version");
        return changed(&req, &manage, opened).await;
    }
    if pickup_passed(&record, now) {
        tracing::info!(reference = %record.booking.reference, "customer step refused: the pick-up time has passed");
        return page(&req, &manage, StatusCode::CONFLICT, opened, None, Showing::default()).await;
    }
    let b = &record.booking;
    let ride = Asked { pickup: b.pickup_at, back: b.extras.return_trip.as_ref().map(|r| r.pickup_at) };
    // The cancellation's errors and its question are shown where its form is: on the "are you sure?" page.
    let cancelling = input.line(MANAGE.action).is_ok_and(|a| a == CustomerAction::Cancel.code());
    let asking = Showing { confirm_cancel: cancelling, ..Showing::default() };
    let posted = match form::validate(&input, &manage.settings.booking, ride, now) {
        Ok(valid) => valid,
        Err(problems) => {
            let form = FormState::invalid(input.values(), worded(&manage, &problems, lang));
            return page(&req, &manage, StatusCode::BAD_REQUEST, opened, Some(form), asking).await;
        }
    };
    let action = posted.action;
    if action == CustomerAction::Cancel && !posted.confirmed {
        // The first tap on "cancel" (an older page's form, a hand-made post): only the question.
        let form = FormState { values: input.values(), ..FormState::default() };
        return page(&req, &manage, StatusCode::OK, opened, Some(form), asking).await;
    }
    let unchanged = posted.asked == Some(ride);
    if action == CustomerAction::Ask && unchanged && record.status != Status::Rescheduled {
        let ride = ride_times(&manage.locales, lang, b);
        let same = manage.locales.format(lang, "manage.sameTime", &[("pickup", &ride)]);
        let showing = Showing { notice: Some(same), ..Showing::default() };
        return page(&req, &manage, StatusCode::OK, opened, None, showing).await;
    }
    // A step the booking does not allow (a proposal whose time has passed, a
    // hand-made post): the page as it stands, which says why.
    let Some(step) = CustomerStep::on(&record, action, posted.note, posted.asked, now) else {
        return page(&req, &manage, StatusCode::CONFLICT, opened, None, Showing::default()).await;
    };
    let not_sent = || {
        let phone = manage.settings.company.phone_shown(lang);
        let message = manage.locales.format(lang, "manage.notSent", &[("phone", &phone)]);
        FormState::refused(input.values(), message)
    };
    if let Some(why) = manage.submissions.caps().disk_floor_reached() {
        tracing::error!(reference = %record.booking.reference, "customer step refused: {why}");
        let showing = Showing::default();
        return page(&req, &manage, StatusCode::SERVICE_UNAVAILABLE, opened, Some(not_sent()), showing).await;
    }
    let taken = match super::mail::step((&manage.keeper, &manage.composer), &record, &step).await {
        Ok(taken) => taken,
        Err(e) => {
            tracing::error!(reference = %record.booking.reference, error = %e, "the customer's step could not be stored; nothing was sent");
            let showing = Showing::default();
            return page(&req, &manage, StatusCode::SERVICE_UNAVAILABLE, opened, Some(not_sent()), showing)
                .await;
        }
    };
    if taken {
        tracing::info!(reference = %record.booking.reference, step = action.code(), "customer step taken");
        return Ok(link.see_page(req.path(), action.code()));
    }
    tracing::info!(reference = %record.booking.reference, "customer step refused: the booking changed meanwhile");
    let Some(now_stored) = manage.keeper.record(&record.booking.reference).await.map_err(internal)? else {
        return Ok(not_found(&req, &manage).await);
    };
    changed(&req, &manage, (&now_stored, &link)).await
}

/// The booking of a genuine, unexpired manage link, and the link's query;
/// otherwise the page to answer with: not found, or (a booking whose row
/// cannot be read) the error page in the booking's language.
async fn open(
    req: &HttpRequest,
    manage: &Manage,
    reference: &str,
) -> Result<(Record, LinkQuery), HttpResponse> {
    let Some(reference) = Reference::parse(reference) else { return Err(not_found(req, manage).await) };
    let link = LinkQuery::of(req);
    let now = jiff::Timestamp::now();
    if !answer_links::verify_manage(&manage.key, &reference, &link.expires, &link.sig, now) {
        return Err(not_found(req, manage).await);
    }
    match manage.keeper.record(&reference).await {
        Ok(Some(record)) => Ok((record, link)),
        Ok(None) => Err(not_found(req, manage).await),
        Err(e) => {
            tracing::error!(%reference, error = %e, "the manage page cannot read its booking");
            let lang = manage.keeper.language_of(&reference).await.unwrap_or_else(|| error_language(req));
            Err(error_page(req, manage, lang, StatusCode::INTERNAL_SERVER_ERROR).await)
        }
    }
}

/// A step that changed nothing because the booking is not as the customer's
/// page showed it (an old tab, or staff answered first): 409, in the booking's
/// language, with what changed and the choices there are now.
async fn changed(
    req: &HttpRequest,
    manage: &Manage,
    (record, link): (&Record, &LinkQuery),
) -> Result<HttpResponse, AppError> {
    let (lang, locales) = (record.booking.lang, &manage.locales);
    let when = |at| date_time_long(locales, lang, at);
    // Each change names its time: the ride's after a step or a confirmation, a proposal's own.
    let (code, pickup, proposed) = match record.last_change() {
        Some(Change::Answer(a)) => (a.action.code(), when(record.booking.pickup_at), a.proposed_pickup_at),
        Some(Change::Step(step)) => (
            step.action.code(),
            step_times(locales, lang, step.action, &step.applied_to(&record.booking)),
            None,
        ),
        None => ("", String::new(), None),
    };
    let change = match code {
        "" => String::new(),
        code => {
            let proposed = proposed.map(when).unwrap_or_default();
            let args = [("pickup", pickup.as_str()), ("proposed", proposed.as_str())];
            locales.format(lang, &format!("manage.change.{code}"), &args)
        }
    };
    let text = locales.format(lang, "manage.changed", &[("change", &change)]);
    let showing = Showing { notice: Some(text.trim_end().to_string()), ..Showing::default() };
    page(req, manage, StatusCode::CONFLICT, (record, link), None, showing).await
}

/// The post's problems in the booking's language (`lang`), with the
/// company's phone, which the refusals a call can solve name.
fn worded(manage: &Manage, problems: &Problems, lang: Lang) -> FieldErrors {
    let phone = manage.settings.company.phone_shown(lang);
    crate::forms::worded(problems, lang, &manage.locales, &[("phone", &phone)])
}

fn internal(e: crate::mail::DeliveryError) -> AppError {
    AppError::Internal(anyhow::Error::new(e))
}

/// The page of the booking of `record`, showing `showing` besides it.
async fn page(
    req: &HttpRequest,
    manage: &Manage,
    status: StatusCode,
    opened: (&Record, &LinkQuery),
    form: Option<FormState>,
    showing: Showing,
) -> Result<HttpResponse, AppError> {
    let lang = opened.0.booking.lang;
    let page = manage_page(manage, opened, req.path(), jiff::Timestamp::now(), showing);
    let rendered = manage.pages.manage((lang, ClientKey::get(req)), page, form).await?;
    let mut response = encoded(req, &rendered, status);
    keep_private(&mut response);
    Ok(response)
}

/// The error page in the staff language (the link says nothing of the
/// booking), the same for every refused link and as a wrong staff link.
async fn not_found(req: &HttpRequest, manage: &Manage) -> HttpResponse {
    error_page(req, manage, manage.settings.mail.staff_language, StatusCode::NOT_FOUND).await
}

async fn error_page(req: &HttpRequest, manage: &Manage, lang: Lang, status: StatusCode) -> HttpResponse {
    let page = manage.pages.error_page(lang).await;
    let mut response = encoded(req, &page, status);
    keep_private(&mut response);
    response
}
