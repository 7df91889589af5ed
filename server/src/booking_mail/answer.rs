//! The customer's mail about staff's answer: the ride confirmed, another
//! time proposed, or declined, in the booking's language, with the calendar
//! event updated (same UID, next SEQUENCE).
use std::time::SystemTime;

use crate::{
    booking_mail::{composer::Composer, customer_copy::CustomerCopy, events::IcsStamp, ics},
    bookings::{
        answer::{Action, Answer, DeclineReason, Status},
        record::Record,
    },
    i18n::format::date_time_long,
    mail::{
        layout::{Block, Link, MailView, Views},
        message::{with_phone, MailKind, OutgoingMail},
        text::{header_line, one_line, paragraph, MESSAGE_MAX, SUBJECT_MAX},
        DeliveryError,
    },
};

/// Staff's answer to the customer: confirmed, another time proposed, declined.
pub const CUSTOMER_ANSWER: MailKind = MailKind::new("customer-answer");

impl Composer {
    /// The customer's mail for `answer` with the updated calendar event;
    /// `None` when the booking has no usable customer address.
    pub fn answer(
        &self,
        record: &Record,
        answer: &Answer,
        nonce: &str,
    ) -> Result<Option<OutgoingMail>, DeliveryError> {
        let original = &record.booking;
        // Junk gets no mail, and neither does the address of a junk booking.
        if answer.action == Action::Junk || record.status == Status::Junk {
            return Ok(None);
        }
        let Some(to) = self.customer_of(original) else {
            tracing::info!(reference = %original.reference, "answered booking without a usable or open customer address: no mail");
            return Ok(None);
        };
        // Confirmed or given another time, a person read it: the mail carries the address in full.
        let b = &CustomerCopy::after(original, Some(answer), &self.locales);
        let mut manage = self.manage_link(b, answer.proposed_pickup_at);
        if answer.action == Action::Propose {
            manage.label = self.locales.text(b.lang, "mail.customerAnswer.propose.accept").to_string();
        }
        let status = match answer.action {
            Action::Confirm => ics::Status::Confirmed,
            Action::Propose | Action::Decline | Action::Junk => ics::Status::Cancelled,
        };
        // Another outward time proposed: that ride's time no longer stands, the return ride's does.
        let back = (answer.action == Action::Propose).then_some(ics::Status::Tentative);
        let revision =
            ics::Revision { sequence: record.sequence + 1, status, stamp: Some(answer.answered_at), back };
        let stamp = IcsStamp { uid: &record.calendar_uid, revision };
        let date = SystemTime::from(answer.answered_at);
        let head = (CUSTOMER_ANSWER, to, b);
        let mail =
            self.customer_mail(head, ((answer, manage), customer_answer), Some(stamp), (nonce, date))?;
        Ok(with_phone(vec![mail], original.phone.as_deref().map(str::to_owned)).pop())
    }
}

/// The customer's mail about staff's answer, in the booking's language.
fn customer_answer(v: &Views<'_>, b: &CustomerCopy, (answer, manage): (&Answer, Link)) -> MailView {
    let lang = b.lang;
    let key = |part: &str| format!("mail.customerAnswer.{}.{part}", answer.action.code());
    let pickup = date_time_long(v.locales, lang, b.pickup_at);
    let proposed =
        answer.proposed_pickup_at.map(|at| date_time_long(v.locales, lang, at)).unwrap_or_default();
    let note = paragraph(&answer.note, MESSAGE_MAX);
    let reason = match answer.reason {
        Some(DeclineReason::Other) | None => one_line(&note, MESSAGE_MAX),
        Some(reason) => v.t(lang, &format!("mail.declineReason.{}", reason.code())),
    };
    let phone = v.company.phone_shown(lang);
    let args = [
        ("reference", b.reference.as_str()),
        ("pickup", pickup.as_str()),
        ("proposed", proposed.as_str()),
        ("reason", reason.as_str()),
        ("phone", phone.as_str()),
        ("company", v.company.name.as_str()),
    ];
    let mut view = MailView::new(
        lang,
        header_line(&v.f(lang, &key("subject"), &args), SUBJECT_MAX),
        v.f(lang, &key("heading"), &args),
    );
    view.intro =
        vec![v.f(lang, "mail.greeting", &[("name", &one_line(&b.name, 40))]), v.f(lang, &key("text"), &args)];
    let reason_is_note =
        answer.action == Action::Decline && matches!(answer.reason, Some(DeclineReason::Other) | None);
    if !note.is_empty() && !reason_is_note {
        view.block = Some(Block { label: v.f(lang, "mail.customerAnswer.noteLabel", &args), text: note });
    }
    view.actions = vec![manage];
    view.rows_heading = Some(v.t(lang, "mail.customerBooking.summaryHeading"));
    view.rows = v.customer_trip_rows(b);
    if answer.action == Action::Propose {
        view.rows.insert(2, v.row(lang, "proposedPickup", proposed.clone()));
    }
    view.outro = vec![v.f(lang, &key("outro"), &args)];
    v.sign_off(&mut view);
    view
}
