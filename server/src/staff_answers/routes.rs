//! `/staff/{reference}/{action}`: the page a button in the staff mail opens.
//!
//! GET shows the booking and the form of the chosen action and changes
//! nothing; POST (a plain form post, no JavaScript needed) records the answer
//! and queues the customer's mail, then redirects to the page (303). A post
//! made from a page showing another version of the booking (see
//! `bookings::version`) changes nothing and says what changed since; so does
//! an answer that lost the race to another. The link must be genuine and unexpired
//! (see `staff::links`); anything else gets the error page with 404, the same
//! whichever part was wrong. The page is in the staff language, `noindex`,
//! and sent with `Referrer-Policy: no-referrer`, so the signed link never
//! leaves in a `Referer` header.
use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};

use crate::edge::body::{has_content_type, read_body};
use crate::{
    booking_mail::{composer::Composer, views::step_times},
    bookings::{
        answer::{Action, DeclineReason, Status},
        answer_links,
        customer_step::CustomerAction,
        keeper::Keeper,
        model::Booking,
        record::Record,
        version::{Change, Version},
    },
    edge::{
        error::{AppError, Refusal},
        ClientKey,
    },
    forms::{FieldErrors, Input, Problems},
    i18n::format::{date_time_long, local},
    render::respond::encoded,
    site::{
        contract::FormState,
        private_page::{keep_private, LinkPages, LinkQuery},
    },
    staff_answers::{
        contract::{StaffPage, StaffRow},
        form,
    },
    types::Reference,
};

/// What every staff page uses, as the handlers get it.
pub type Staff = (web::Data<LinkPages>, web::Data<Keeper>, web::Data<Composer>);

pub(super) struct Context {
    pub(super) req: HttpRequest,
    link: web::Data<LinkPages>,
    pub(super) keeper: web::Data<Keeper>,
    pub(super) composer: web::Data<Composer>,
}

impl Context {
    pub(super) fn new(req: HttpRequest, (link, keeper, composer): Staff) -> Self {
        Self { req, link, keeper, composer }
    }
}

/// A genuine link opened: its action, the booking as read, and the link's query.
pub(super) struct Opened {
    pub(super) action: Action,
    pub(super) record: Record,
    pub(super) link: LinkQuery,
}

impl std::ops::Deref for Context {
    type Target = LinkPages;

    fn deref(&self) -> &LinkPages {
        &self.link
    }
}

pub async fn show(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    staff: Staff,
) -> Result<HttpResponse, AppError> {
    let cx = Context::new(req, staff);
    let opened = match open(&cx, &path).await {
        Ok(opened) => opened,
        Err(refused) => return Ok(refused),
    };
    if opened.action == Action::Junk {
        return cx.junk_page(&opened).await;
    }
    // Back from a post that was taken: say so while the booking still shows that answer.
    let lang = cx.settings.mail.staff_language;
    let sent = (opened.link.done == opened.action.code())
        .then_some(opened.record.last_change())
        .flatten()
        .filter(|change| matches!(change, Change::Answer(a) if a.action == opened.action))
        .map(|_| {
            FormState::accepted(
                cx.locales.text(lang, &format!("staff.sent.{}", opened.action.code())).to_string(),
            )
        });
    cx.page(StatusCode::OK, &opened, sent, None).await
}

pub async fn answer(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    payload: web::Payload,
    staff: Staff,
) -> Result<HttpResponse, AppError> {
    let cx = Context::new(req, staff);
    let opened = match open(&cx, &path).await {
        Ok(opened) => opened,
        Err(refused) => return Ok(refused),
    };
    let (action, record) = (opened.action, &opened.record);
    if !has_content_type(&cx.req, "application/x-www-form-urlencoded") {
        return Err(Refusal::UnsupportedMediaType.into());
    }
    let body = read_body(payload, std::time::Duration::from_millis(cx.settings.http.body_timeout_ms)).await?;
    let input =
        Input::from_pairs(serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body).unwrap_or_default());
    if !record.is_at(Version::posted(&input, form::STAFF_ANSWER.version)) {
        tracing::info!(reference = %record.booking.reference, "answer refused: posted from a page of another version");
        return cx.changed(&opened).await;
    }
    if action == Action::Junk {
        return cx.junk(opened, &input).await;
    }
    if record.status != Status::Requested {
        return cx.page(StatusCode::OK, &opened, None, None).await;
    }
    if pickup_passed(record, jiff::Timestamp::now()) {
        tracing::info!(reference = %record.booking.reference, "answer refused: the pick-up time has passed");
        return cx.page(StatusCode::CONFLICT, &opened, None, None).await;
    }
    let answer = match form::validate(
        action,
        &input,
        &cx.settings.booking,
        opened.record.booking.extras.return_trip.as_ref().map(|back| back.pickup_at),
        jiff::Timestamp::now(),
    ) {
        Ok(answer) => answer,
        Err(problems) => {
            let form = FormState::invalid(input.values(), cx.worded(&problems));
            return cx.page(StatusCode::BAD_REQUEST, &opened, Some(form), None).await;
        }
    };
    if let Some(why) = cx.submissions.caps().disk_floor_reached() {
        tracing::error!(reference = %record.booking.reference, "answer refused: {why}");
        return cx.not_sent(&opened, &input).await;
    }
    let answered = match super::mail::answer((&cx.keeper, &cx.composer), record, &answer).await {
        Ok(answered) => answered,
        Err(e) => {
            tracing::error!(reference = %record.booking.reference, error = %e, "the answer could not be stored; nothing was sent");
            return cx.not_sent(&opened, &input).await;
        }
    };
    if answered {
        tracing::info!(reference = %record.booking.reference, action = action.code(), "booking answered");
        return Ok(opened.link.see_page(cx.req.path(), action.code()));
    }
    tracing::info!(reference = %record.booking.reference, "answer refused: the booking was changed meanwhile");
    let Some(now) = cx.keeper.record(&record.booking.reference).await.map_err(internal)? else {
        return Ok(cx.not_found().await);
    };
    cx.changed(&Opened { record: now, ..opened }).await
}

/// The action and the booking of a genuine, unexpired link to a stored
/// booking; otherwise the page to answer with.
async fn open(cx: &Context, path: &(String, String)) -> Result<Opened, HttpResponse> {
    let (reference, action) = path;
    let refused = || async {
        tracing::info!(route = cx.req.match_pattern().as_deref().unwrap_or(""), "staff link refused");
        Err(cx.not_found().await)
    };
    let Some(reference) = Reference::parse(reference) else {
        return refused().await;
    };
    let link = LinkQuery::of(&cx.req);
    let now = jiff::Timestamp::now();
    let Some(action) = answer_links::verify(&cx.key, &reference, action, &link.expires, &link.sig, now)
    else {
        return refused().await;
    };
    match cx.keeper.record(&reference).await {
        Ok(Some(record)) => Ok(Opened { action, record, link }),
        Ok(None) => Err(cx.not_found().await),
        // In the staff language, like the page it stands for.
        Err(e) => {
            tracing::error!(%reference, error = %e, "the staff page cannot read its booking");
            Err(cx.error_page(StatusCode::INTERNAL_SERVER_ERROR).await)
        }
    }
}

/// Whether the ride's pick-up time is over: an answer would reach the
/// customer too late (the link still opens for an hour, to say so).
fn pickup_passed(record: &Record, now: jiff::Timestamp) -> bool {
    record.booking.pickup_at.instant() <= now
}

fn internal(e: crate::mail::DeliveryError) -> AppError {
    AppError::Internal(anyhow::Error::new(e))
}

impl Context {
    /// The page of `opened`; `changed`: why a post was not taken, and what changed.
    pub(super) async fn page(
        &self,
        status: StatusCode,
        opened: &Opened,
        form: Option<FormState>,
        changed: Option<String>,
    ) -> Result<HttpResponse, AppError> {
        let (lang, record) = (self.settings.mail.staff_language, &opened.record);
        let b = &record.booking;
        // A junk booking has nothing left to show but its reference and what became of it.
        let (mut alerts, rows) = match record.status {
            Status::Junk => Default::default(),
            _ => self.composer.staff_summary(b),
        };
        if let Some(step) = record.customer_step.as_ref().filter(|s| s.action == CustomerAction::Ask) {
            alerts.insert(0, self.step_text(step, b));
        }
        let asked_again = |step: &crate::bookings::customer_step::CustomerStep| {
            step.action == CustomerAction::Ask && record.status == Status::Requested
        };
        let answered = match record.last_change() {
            // A request again, at the time the customer asked: answered like any.
            Some(Change::Step(step)) if asked_again(step) => None,
            Some(change) => Some(self.change_text(change, b)),
            None if pickup_passed(record, jiff::Timestamp::now()) => {
                let when = date_time_long(&self.locales, lang, b.pickup_at);
                Some(self.locales.format(lang, "staff.pickupPassed", &[("when", &when)]))
            }
            None => None,
        };
        let page = StaffPage {
            reference: b.reference.to_string(),
            action: opened.action,
            version: Version::of(record).number(),
            alerts,
            rows: rows.into_iter().map(|(label, value)| StaffRow { label, value }).collect(),
            form_action: opened.link.page(self.req.path()),
            pickup_value: b.pickup_at.field_value(),
            reasons: DeclineReason::ALL.to_vec(),
            note_language: self
                .locales
                .text(lang, &format!("staff.noteLanguage.{}", b.lang.code()))
                .to_string(),
            answered,
            changed,
            junk: self.junk_choice(opened).await?,
        };
        let rendered = self.pages.staff((lang, ClientKey::get(&self.req)), page, form).await?;
        Ok(private(encoded(&self.req, &rendered, status)))
    }

    /// A post that changed nothing because the booking is not as its page
    /// showed it (staff posted an old page, or lost the race): 409, with what
    /// changed and the booking as it stands.
    pub(super) async fn changed(&self, opened: &Opened) -> Result<HttpResponse, AppError> {
        let lang = self.settings.mail.staff_language;
        let text = match opened.record.last_change() {
            Some(change) => {
                let change = self.change_text(change, &opened.record.booking);
                self.locales.format(lang, "staff.changed", &[("change", &change)])
            }
            None => self.locales.text(lang, "staff.outdated").to_string(),
        };
        self.page(StatusCode::CONFLICT, opened, None, Some(text)).await
    }

    /// A change in words, in the staff language: what was answered and when,
    /// or the customer's step (on booking `b`).
    fn change_text(&self, change: Change<'_>, b: &Booking) -> String {
        let lang = self.settings.mail.staff_language;
        match change {
            Change::Step(step) => self.step_text(step, b),
            Change::Answer(a) if a.action == Action::Junk => self.junked_text(a),
            Change::Answer(a) => {
                let when = date_time_long(&self.locales, lang, local(a.answered_at));
                let status = a.action.status().code();
                let what = self.locales.text(lang, &format!("staff.status.{status}")).to_string();
                self.locales.format(lang, "staff.answered", &[("answer", &what), ("when", &when)])
            }
        }
    }

    /// The customer's step in words; another time asked names both rides of a round trip.
    fn step_text(&self, step: &crate::bookings::customer_step::CustomerStep, b: &Booking) -> String {
        let lang = self.settings.mail.staff_language;
        let when = date_time_long(&self.locales, lang, local(step.at));
        let pickup = step_times(&self.locales, lang, step.action, &step.applied_to(b));
        let key = format!("staff.customerStep.{}", step.action.code());
        self.locales.format(lang, &key, &[("when", &when), ("pickup", &pickup)])
    }

    /// The answer could not be stored (full disk, store trouble): nothing was
    /// sent. The form again, with the answer typed and a message in the staff
    /// language; 503, so that trying again later is the expected move.
    pub(super) async fn not_sent(&self, opened: &Opened, input: &Input) -> Result<HttpResponse, AppError> {
        let message = self.locales.text(self.settings.mail.staff_language, "staff.notSent").to_string();
        let form = FormState::refused(input.values(), message);
        self.page(StatusCode::SERVICE_UNAVAILABLE, opened, Some(form), None).await
    }

    /// The answer form's problems in the staff language, with the company's
    /// phone, which the refusals a call can solve name.
    fn worded(&self, problems: &Problems) -> FieldErrors {
        let lang = self.settings.mail.staff_language;
        let phone = self.settings.company.phone_shown(lang);
        crate::forms::worded(problems, lang, &self.locales, &[("phone", &phone)])
    }

    /// The error page in the staff language, the same for every refused link.
    pub(super) async fn not_found(&self) -> HttpResponse {
        self.error_page(StatusCode::NOT_FOUND).await
    }

    async fn error_page(&self, status: StatusCode) -> HttpResponse {
        let page = self.pages.error_page(self.settings.mail.staff_language).await;
        private(encoded(&self.req, &page, status))
    }
}

/// No referrer (the URL is a key), no caching, no indexing.
fn private(mut response: HttpResponse) -> HttpResponse {
    keep_private(&mut response);
    response
}
