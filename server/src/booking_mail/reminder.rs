//! The reminders' mails: to staff, the booking as in their first mail with
//! the answer buttons, headed by how long it has waited; to the customer, in
//! the booking's language, the ride with the manage link and the phone.
use std::time::SystemTime;

use crate::{
    booking_mail::{
        composer::Composer, customer_copy::CustomerCopy, dispatch::answer_due, step::MovedRide,
        views::place_short,
    },
    bookings::{
        answer::Status,
        record::Record,
        reminder::{requested_at, Reminder},
    },
    i18n::format::{date_short, date_time_long, local, time},
    mail::{
        layout::{Link, MailView, Views, SHORT_MAX},
        message::{with_phone, Letter, MailKind, OutgoingMail},
        text::{header_line, one_line, SUBJECT_MAX},
        DeliveryError,
    },
};

/// A booking still unanswered, to staff (and the escalation addresses).
pub const STAFF_REMINDER: MailKind = MailKind::new("staff-reminder");
/// A ride near and unanswered, or a confirmed ride's reminder, to the customer.
pub const CUSTOMER_REMINDER: MailKind = MailKind::new("customer-reminder");

impl Composer {
    /// The mail of `reminder` for `record`, sent at `at`; none for a customer
    /// reminder when the booking has no usable customer address.
    pub fn reminder(
        &self,
        record: &Record,
        reminder: Reminder,
        nonce: &str,
        at: jiff::Timestamp,
    ) -> Result<Vec<OutgoingMail>, DeliveryError> {
        // A junk booking is reminded to nobody: its address gets nothing, ever.
        if record.status == Status::Junk {
            return Ok(Vec::new());
        }
        let b = &record.booking;
        let key = |part: &str| format!("mail.reminder.{}.{part}", reminder.code());
        let date = SystemTime::from(at);
        let customer = self.head.customer_mailbox(&b.email);
        let phone = b.phone.as_deref().map(str::to_owned);
        if !reminder.to_customer() {
            let lang = self.staff_lang;
            let asked = requested_at(record);
            let promised = answer_due(asked, &self.mail).unwrap_or(local(asked));
            // A request again for the return ride alone: that ride waits for the answer
            // (the reminder before the pick-up is about the outward ride, coming first).
            let moved = match (reminder, record.status, &record.customer_step) {
                (Reminder::StaffUnanswered, Status::Requested, Some(step)) => MovedRide::of(step),
                _ => MovedRide::Outward,
            };
            let subject = match moved {
                MovedRide::Back(_) => key("subjectReturn"),
                MovedRide::Outward | MovedRide::Both(_) => key("subject"),
            };
            let (ride, from, to) = moved.ride(b);
            let args = [
                ("reference", b.reference.as_str()),
                ("date", &date_short(&self.locales, lang, ride)),
                ("time", &time(ride)),
                ("from", &place_short(from)),
                ("to", &place_short(to)),
                ("pickup", &date_time_long(&self.locales, lang, b.pickup_at)),
                ("received", &date_time_long(&self.locales, lang, local(asked))),
                ("promised", &date_time_long(&self.locales, lang, promised)),
                ("name", &one_line(&b.name, SHORT_MAX)),
            ];
            let mut view = self.views().staff_booking(b, lang);
            if let MovedRide::Back(at) = moved {
                view.lead = Some(self.views().return_lead(b, at, lang));
            }
            view.subject = header_line(&self.locales.format(lang, &subject, &args), SUBJECT_MAX);
            view.heading = self.locales.format(lang, &key("heading"), &args);
            view.intro = vec![self.locales.format(lang, &key("text"), &args)];
            (view.answers, view.junk) = self.answer_links(b);
            view.outro.clear();
            let more = match reminder {
                Reminder::StaffBeforePickup => self.escalation.clone(),
                _ => Vec::new(),
            };
            let letter = Letter {
                kind: STAFF_REMINDER,
                reference: &b.reference,
                nonce,
                view: &view,
                date,
                attachment: None,
            };
            let mail = self.head.to_staff_and(letter, more, customer.as_ref())?;
            return Ok(with_phone(vec![mail], phone));
        }
        let Some(to) = self.customer_of(b) else { return Ok(Vec::new()) };
        let b = &CustomerCopy::after(b, record.answer.as_ref(), &self.locales);
        let ctx = (reminder, self.manage_link(b, None));
        let mail =
            self.customer_mail((CUSTOMER_REMINDER, to, b), (ctx, customer_reminder), None, (nonce, date))?;
        Ok(with_phone(vec![mail], phone))
    }
}

/// The customer's reminder, in the booking's language, with the manage link.
fn customer_reminder(v: &Views<'_>, b: &CustomerCopy, (reminder, manage): (Reminder, Link)) -> MailView {
    let lang = b.lang;
    let company_phone = v.company.phone_shown(lang);
    let args = [
        ("reference", b.reference.as_str()),
        ("pickup", &date_time_long(v.locales, lang, b.pickup_at)),
        ("from", &place_short(&b.departure)),
        ("to", &place_short(&b.destination)),
        ("phone", company_phone.as_str()),
    ];
    let mut view = v.customer_headed(b, &format!("mail.reminder.{}", reminder.code()), &args);
    view.actions = vec![manage];
    view.rows_heading = Some(v.t(lang, "manage.rideHeading"));
    view.rows = v.customer_trip_rows(b);
    view.notes.extend(v.typed_address_note(b));
    v.sign_off(&mut view);
    view
}
