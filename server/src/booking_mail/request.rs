//! The mails of a booking request: staff's, with the answer buttons and the
//! ride's calendar entry, and the customer's confirmation of receipt, with
//! the manage link and the same entry.
use std::time::SystemTime;

use crate::{
    booking_mail::{
        composer::{Composer, CUSTOMER_BOOKING},
        customer_copy::CustomerCopy,
        events::IcsStamp,
        ics,
    },
    bookings::model::Booking,
    mail::{
        layout::{Link, MailView, Views},
        message::{with_phone, Letter, MailKind, OutgoingMail},
        DeliveryError,
    },
};

/// The staff mail of a booking request, with the answer buttons.
pub const STAFF_BOOKING: MailKind = MailKind::new("staff-booking");

impl Composer {
    /// The staff mail and, when the customer's address is usable, the
    /// customer's confirmation. `nonce` makes Message-IDs unique per request.
    pub fn booking(&self, b: &Booking, nonce: &str) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let customer = self.head.customer_mailbox(&b.email);
        let uid = self.calendar_uid(&b.reference, nonce);
        let date = SystemTime::from(b.received_at);
        let mut staff_view = self.views().staff_booking(b, self.staff_lang);
        (staff_view.answers, staff_view.junk) = self.answer_links(b);
        let staff_ics = self.booking_ics(b, self.staff_lang, &uid, &staff_view, false, ics::Revision::BOOKED);
        let mut mails = vec![self.head.to_staff(
            Letter {
                kind: STAFF_BOOKING,
                reference: &b.reference,
                nonce,
                view: &staff_view,
                date,
                attachment: Some((self.ics_name(b, self.staff_lang), staff_ics)),
            },
            customer.as_ref(),
        )?];
        let phone = b.phone.as_deref().map(str::to_owned);
        let b = &CustomerCopy::of(b, &self.locales);
        match self.customer_of(b) {
            Some(to) => {
                let stamp = IcsStamp { uid: &uid, revision: ics::Revision::BOOKED };
                let manage = self.manage_link(b, None);
                let head = (CUSTOMER_BOOKING, to, b);
                mails.push(self.customer_mail(
                    head,
                    (manage, customer_booking),
                    Some(stamp),
                    (nonce, date),
                )?);
            }
            None => {
                tracing::warn!(reference = %b.reference, "booking without a usable customer address: no confirmation mail")
            }
        }
        Ok(with_phone(mails, phone))
    }
}

/// The customer's confirmation of receipt, with the manage link.
fn customer_booking(v: &Views<'_>, b: &CustomerCopy, manage: Link) -> MailView {
    let mut view = v.customer_booking(b);
    view.actions.push(manage);
    view
}
