//! The manage page's content for one booking as it stands: where it stands,
//! the ride and who booked it, the steps open now, and the links to book it
//! again. What the page shows bounds what its "book again" links fill in:
//! both come from the same booking, and the links only from this page.
use actix_web::{web, HttpRequest};

use crate::{
    booking::repeat::{self, Direction},
    booking_mail::{composer::Composer, views::ride_times},
    bookings::{
        answer::Status,
        customer_step::CustomerAction,
        keeper::Keeper,
        model::Booking,
        record::{proposal_passed, Record},
        version::Version,
    },
    forms::submission::SummaryRow,
    i18n::format::{date_time_long, local},
    manage_booking::contract::{BookAgain, ManagePage},
    site::private_page::{LinkPages, LinkQuery},
};

/// What the manage page's handlers get: what every page of a signed link
/// needs, the bookings, and the mail kit (whose rows the page shows).
pub type Signed = (web::Data<LinkPages>, web::Data<Keeper>, web::Data<Composer>);

/// [`Signed`], as one request uses it.
pub(super) struct Manage {
    link: web::Data<LinkPages>,
    pub(super) keeper: web::Data<Keeper>,
    pub(super) composer: web::Data<Composer>,
}

impl From<Signed> for Manage {
    fn from((link, keeper, composer): Signed) -> Self {
        Self { link, keeper, composer }
    }
}

impl std::ops::Deref for Manage {
    type Target = LinkPages;

    fn deref(&self) -> &LinkPages {
        &self.link
    }
}

/// What the page is asked to show besides the booking.
#[derive(Debug, Default)]
pub(super) struct Showing {
    /// Why a post changed nothing.
    pub notice: Option<String>,
    /// The customer tapped "cancel": ask them to confirm.
    pub confirm_cancel: bool,
}

/// The page of the booking of `record`, opened from the genuine `link` at `path`.
pub(super) fn manage_page(
    manage: &Manage,
    (record, link): (&Record, &LinkQuery),
    path: &str,
    now: jiff::Timestamp,
    showing: Showing,
) -> ManagePage {
    let b = &record.booking;
    let (lang, locales) = (b.lang, &manage.locales);
    let phone = manage.settings.company.phone_shown(lang);
    let when = |at: jiff::civil::DateTime| date_time_long(locales, lang, at);
    let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at).map(|at| when(at.civil()));
    let cancelled = record.customer_step.as_ref().map(|s| when(local(s.at))).unwrap_or_default();
    let args = [
        ("proposed", proposed.as_deref().unwrap_or("")),
        ("pickup", &when(b.pickup_at.civil())),
        ("when", &cancelled),
        ("phone", &phone),
        ("reference", &b.reference),
    ];
    let passed = pickup_passed(record, now);
    let actions: Vec<CustomerAction> = match passed {
        true => Vec::new(),
        false => CustomerAction::ALL.into_iter().filter(|a| a.offered_on(record, now)).collect(),
    };
    let open_status = !matches!(record.status, Status::Declined | Status::Cancelled | Status::Junk);
    let rescheduled = record.status == Status::Rescheduled && !passed;
    let expired = rescheduled && proposal_passed(record, now);
    let junk = record.status == Status::Junk;
    let page_link = link.page(path);
    let confirm_cancel = (showing.confirm_cancel && actions.contains(&CustomerAction::Cancel)).then(|| {
        let ride = ride_times(locales, lang, b);
        let free_hours = manage.settings.company.free_cancellation_hours.get().into();
        let policy = locales.plural(lang, "legal.cancellationShort", free_hours, &[]);
        format!("{} {policy}", locales.format(lang, "manage.cancel.confirm.text", &[("pickup", &ride)]))
    });
    ManagePage {
        reference: b.reference.to_string(),
        status: record.status,
        version: Version::of(record).number(),
        status_text: locales.format(lang, &format!("manage.status.{}", record.status.code()), &args),
        pickup_value: b.pickup_at.field_value(),
        return_value: b.extras.return_trip.as_ref().map(|back| back.pickup_at.field_value()),
        // A junk booking's ride and details are deleted: its page says only that it is no longer active.
        rows: match junk {
            true => Vec::new(),
            false => (manage.composer.page_summary(b).into_iter())
                .map(|(label, value)| SummaryRow { label, value })
                .collect(),
        },
        details: match junk {
            true => Vec::new(),
            false => details(manage, b),
        },
        book_again: repeat::fills(record).then(|| {
            let path = |d| repeat::path(&manage.key, &b.reference, lang, d, &link.expires);
            BookAgain { again: path(Direction::Again), back: path(Direction::Back) }
        }),
        cancel_href: format!("{page_link}&confirm=cancel"),
        confirm_cancel,
        form_action: page_link,
        proposed: proposed.clone().filter(|_| rescheduled && !expired),
        closed: (passed && open_status).then(|| locales.format(lang, "manage.passed", &args)),
        expired: expired.then(|| locales.format(lang, "manage.proposalPassed", &args)),
        notice: showing.notice,
        other: locales.format(lang, "manage.other", &args),
        review_href: (manage.settings.company.review_url.as_ref())
            .filter(|_| open_status && ride_past(record, now))
            .map(url::Url::to_string),
        actions,
    }
}

/// Name, e-mail and phone as booked, labelled by the mails' own rows.
fn details(manage: &Manage, b: &Booking) -> Vec<SummaryRow> {
    let v = manage.composer.views();
    let phone = b.phone.as_deref().map(|p| v.row(b.lang, "phone", repeat::phone_as_read(p)));
    [v.row(b.lang, "name", b.name.clone()), v.row(b.lang, "email", b.email.to_string())]
        .into_iter()
        .chain(phone)
        .map(|r| SummaryRow { label: r.label, value: r.value })
        .collect()
}

/// From the pick-up on, nothing changes here: the customer phones. Staff's
/// proposal of a later time keeps the page open until that time, while it
/// may still be accepted: the ride the customer would take is then.
pub(super) fn pickup_passed(record: &Record, now: jiff::Timestamp) -> bool {
    let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at);
    let open_proposal = proposed.filter(|_| record.status == Status::Rescheduled);
    let last = open_proposal.map_or(record.booking.pickup_at.instant(), |at| {
        at.instant().max(record.booking.pickup_at.instant())
    });
    last <= now
}

/// The ride has been driven, as far as the page can tell: its pick-up (and a
/// proposed later one, as [`pickup_passed`]) and a return ride's are before `now`.
pub(super) fn ride_past(record: &Record, now: jiff::Timestamp) -> bool {
    let back = record.booking.extras.return_trip.as_ref().map(|r| r.pickup_at.instant());
    pickup_passed(record, now) && back.is_none_or(|at| at <= now)
}

/// Whether the page was opened to confirm a cancellation (`&confirm=cancel`).
pub(super) fn confirming_cancel(req: &HttpRequest) -> bool {
    let query: Vec<(String, String)> = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    query.iter().any(|(k, v)| k == "confirm" && v == "cancel")
}
