//! The mails of a customer's step on the manage page: staff are told (in the
//! staff language, with the booking as in their first mail), and the
//! customer gets the updated calendar entry (same UID, next SEQUENCE) in the
//! booking's language: confirmed at the accepted time, or cancelled.
use std::time::SystemTime;

use crate::{
    booking_mail::{
        composer::Composer,
        customer_copy::CustomerCopy,
        events::IcsStamp,
        ics,
        views::{place_short, step_times},
    },
    bookings::{
        answer::Status,
        customer_step::{CustomerAction, CustomerStep, Moved},
        model::{Address, Booking},
        record::Record,
    },
    i18n::format::{date_short, time},
    mail::{
        layout::{Link, MailView, Views, SHORT_MAX},
        message::{with_phone, Letter, MailKind, OutgoingMail},
        text::{header_line, one_line, paragraph, MESSAGE_MAX, SUBJECT_MAX},
        DeliveryError,
    },
    types::{Lang, Pickup},
};

/// The customer's step (accepted, another time asked, cancelled), to staff.
pub const STAFF_STEP: MailKind = MailKind::new("staff-step");
/// … and its confirmation to the customer, with the updated calendar entry.
pub const CUSTOMER_STEP: MailKind = MailKind::new("customer-step");

impl Composer {
    /// Staff's mail about `step` and the customer's, each with the calendar
    /// event at its next sequence.
    pub fn customer_step(
        &self,
        record: &Record,
        step: &CustomerStep,
        nonce: &str,
    ) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let moved = step.applied_to(&record.booking);
        let status = match step.action {
            CustomerAction::Accept => ics::Status::Confirmed,
            CustomerAction::Ask => ics::Status::Tentative,
            CustomerAction::Cancel => ics::Status::Cancelled,
        };
        let revision =
            ics::Revision { sequence: record.sequence + 1, status, stamp: Some(step.at), back: None };
        let (uid, date, lang) = (&record.calendar_uid, SystemTime::from(step.at), self.staff_lang);
        // The address of a junk booking gets nothing, ever (no step is allowed on one anyway).
        let customer = self.head.customer_mailbox(&moved.email).filter(|_| record.status != Status::Junk);
        let mut staff_view = staff_step(&self.views(), &moved, step, lang, &record.booking);
        if step.action == CustomerAction::Ask {
            // A request again: answered with the buttons of a new one.
            (staff_view.answers, staff_view.junk) = self.answer_links(&moved);
        }
        let staff_ics = self.booking_ics(&moved, lang, uid, &staff_view, false, revision);
        let mut mails = vec![self.head.to_staff(
            Letter {
                kind: STAFF_STEP,
                reference: &moved.reference,
                nonce,
                view: &staff_view,
                date,
                attachment: Some((self.ics_name(&moved, lang), staff_ics)),
            },
            customer.as_ref(),
        )?];
        if let Some(to) = self.customer_of(&moved) {
            let b = &CustomerCopy::after(&moved, record.answer.as_ref(), &self.locales);
            let ctx = (step.action, self.manage_link(b, None), step.at);
            let stamp = IcsStamp { uid, revision };
            mails.push(self.customer_mail(
                (CUSTOMER_STEP, to, b),
                (ctx, customer_step),
                Some(stamp),
                (nonce, date),
            )?);
        }
        Ok(with_phone(mails, moved.phone.as_deref().map(str::to_owned)))
    }
}

/// Staff's mail about the customer's step: the booking as in their first
/// mail, headed by what the customer did.
/// `previous`: the booking before the step.
fn staff_step(v: &Views<'_>, b: &Booking, step: &CustomerStep, lang: Lang, previous: &Booking) -> MailView {
    let key = |part: &str| format!("mail.staffStep.{}.{part}", step.action.code());
    let pickup = step_times(v.locales, lang, step.action, b);
    let name = one_line(&b.name, SHORT_MAX);
    let moved = MovedRide::of(step);
    // The subject names the ride that moved: the return ride's time when it moved alone.
    let (ride, from, to) = moved.ride(b);
    let back = match moved {
        MovedRide::Both(back) => (date_short(v.locales, lang, back), time(back)),
        MovedRide::Outward | MovedRide::Back(_) => Default::default(),
    };
    let args = [
        ("reference", b.reference.as_str()),
        ("date", &date_short(v.locales, lang, ride)),
        ("time", &time(ride)),
        ("from", &place_short(from)),
        ("to", &place_short(to)),
        ("backDate", &back.0),
        ("backTime", &back.1),
        ("pickup", &pickup),
        ("previous", &step_times(v.locales, lang, step.action, previous)),
        ("name", &name),
    ];
    // Another time asked is a request again: whether it is urgent counts from the ask.
    let dispatch = match step.action {
        CustomerAction::Ask => v.dispatch_lines(&Booking { received_at: step.at, ..b.clone() }, lang),
        CustomerAction::Accept | CustomerAction::Cancel => v.dispatch_lines(b, lang),
    };
    let urgent_tag = dispatch.urgent_tag.clone().filter(|_| step.action == CustomerAction::Ask);
    let mut view = v.staff_booking_with(b, lang, dispatch);
    if let MovedRide::Back(at) = moved {
        view.lead = Some(v.return_lead(b, at, lang));
    }
    let subject = v.f(lang, &key(moved.subject()), &args);
    let subject = urgent_tag.into_iter().chain([subject]).collect::<Vec<_>>();
    view.subject = header_line(&subject.join(" · "), SUBJECT_MAX);
    view.heading = v.f(lang, &key("heading"), &args);
    view.intro = vec![v.f(lang, &key("intro"), &args)];
    view.outro = vec![v.t(lang, &format!("mail.staffStep.{}.calendar", step.action.code()))];
    if step.action == CustomerAction::Cancel {
        // What changed the dispatch no longer does.
        view.alerts.clear();
    }
    let reason = paragraph(&step.note, MESSAGE_MAX);
    if !reason.is_empty() {
        let label = v.t(lang, "mail.staffStep.reasonLabel");
        view.notes.push(format!("{label}: {}", one_line(&reason, MESSAGE_MAX)));
    }
    view
}

/// Which ride of a booking a step moved, as staff's subject names it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum MovedRide {
    /// The outward ride (or the step moved none: accepted, cancelled).
    Outward,
    /// The return ride alone, to this time: the outward time is unchanged.
    Back(Pickup),
    /// Both rides; the return ride to this time.
    Both(Pickup),
}

impl MovedRide {
    pub(super) fn of(step: &CustomerStep) -> Self {
        match (step.moved, step.return_at) {
            (Moved::Back, Some(at)) => Self::Back(at),
            (Moved::Both, Some(at)) => Self::Both(at),
            _ => Self::Outward,
        }
    }

    /// The pick-up and the ends of the ride that moved (of `b` after the step).
    pub(super) fn ride(self, b: &Booking) -> (Pickup, &Address, &Address) {
        match self {
            Self::Back(back) => (back, &b.destination, &b.departure),
            Self::Outward | Self::Both(_) => (b.pickup_at, &b.departure, &b.destination),
        }
    }

    /// The subject's text under the step's key.
    fn subject(self) -> &'static str {
        match self {
            Self::Outward => "subject",
            Self::Back(_) => "subjectReturn",
            Self::Both(_) => "subjectBoth",
        }
    }
}

/// The customer's mail about their own step, in the booking's language. It
/// does not repeat the note typed with the step: whoever holds the manage
/// link (shown on the thank-you page too) could mail any words to the address.
/// `at`: when the customer took the step.
fn customer_step(
    v: &Views<'_>,
    b: &CustomerCopy,
    (action, manage, at): (CustomerAction, Link, jiff::Timestamp),
) -> MailView {
    let lang = b.lang;
    let key = |part: &str| format!("mail.customerStep.{}.{part}", action.code());
    let pickup = step_times(v.locales, lang, action, b);
    let phone = v.company.phone_shown(lang);
    let args = [("reference", b.reference.as_str()), ("pickup", pickup.as_str()), ("phone", phone.as_str())];
    let mut view = v.customer_headed(b, &format!("mail.customerStep.{}", action.code()), &args);
    if action != CustomerAction::Cancel {
        view.actions = vec![manage];
    }
    if action == CustomerAction::Ask {
        // Another time asked at night for early next morning: phone, the answer comes too late.
        view.alerts.extend(v.before_answer_alert(at, b.pickup_at, lang));
    }
    view.rows_heading = Some(v.t(lang, "mail.customerBooking.summaryHeading"));
    view.rows = v.customer_trip_rows(b);
    if action != CustomerAction::Cancel {
        view.notes.extend(v.typed_address_note(b));
    }
    view.outro = vec![v.f(lang, &key("outro"), &args)];
    v.sign_off(&mut view);
    view
}
