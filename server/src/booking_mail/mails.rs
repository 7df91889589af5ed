//! A booking's mails: staff's mail with the answer buttons, the customer's
//! confirmation, and the calendar entry of the ride (built on the outbox's
//! [`Letterhead`] and layout).
use std::{sync::Arc, time::SystemTime};

use crate::{
    booking_mail::{
        customer_copy::{CustomerCopy, Shown},
        ics,
        views::{place_long, place_short},
    },
    bookings::{
        answer::Action,
        answer_links::{expires_at, manage_expires_at, manage_path, signed_path},
        model::Booking,
    },
    config::{CompanySettings, MailSettings, Settings},
    i18n::Locales,
    mail::{
        customer::{CustomerAddress, CustomerLetter, CustomerView, ServerMade},
        layout::{Link, MailView, Views},
        message::{safe_token, with_phone, Letter, Letterhead, MailKind, OutgoingMail},
        DeliveryError,
    },
    secret::SecretKey,
    types::{Lang, Pickup},
};

/// The staff mail of a booking request, with the answer buttons.
pub const STAFF_BOOKING: MailKind = MailKind::new("staff-booking");
/// The customer's confirmation that the request was received.
pub const CUSTOMER_BOOKING: MailKind = MailKind::new("customer-booking");

pub struct Composer {
    pub head: Letterhead,
    pub(crate) locales: Arc<Locales>,
    pub(crate) company: CompanySettings,
    pub(crate) mail: MailSettings,
    pub(crate) staff_lang: Lang,
    /// Who also gets the reminder shortly before an unanswered pick-up.
    pub(crate) escalation: Vec<lettre::message::Mailbox>,
    /// Signs the answer links in staff mails.
    pub(crate) key: SecretKey,
    /// The site's public origin, for links in mails.
    pub(crate) base_url: String,
}

impl Composer {
    /// `key`: the server's key, which signs the links in the mails.
    pub fn new(settings: &Settings, locales: Arc<Locales>, key: SecretKey) -> Self {
        Self {
            head: Letterhead::new(&settings.mail, locales.clone()),
            locales,
            company: settings.company.clone(),
            mail: settings.mail.clone(),
            staff_lang: settings.mail.staff_language,
            escalation: settings.reminders.escalation_recipients.iter().map(|r| r.0.clone()).collect(),
            key,
            base_url: settings.site.base_url.clone(),
        }
    }

    pub(crate) fn views(&self) -> Views<'_> {
        Views { locales: &self.locales, company: &self.company, mail: &self.mail }
    }

    /// The calendar UID of a booking: every `.ics` of it carries this one.
    pub fn calendar_uid(&self, reference: &str, nonce: &str) -> String {
        format!("{}.{}@{}", safe_token(reference), safe_token(nonce), self.head.domain())
    }

    /// Where the customer's mails about `b` go: nowhere when its address is
    /// unusable, or when the gate held back its first mail (a booking that
    /// could not mail its address at the start never does; staff phone).
    pub(crate) fn customer_of(&self, b: &Booking) -> Option<CustomerAddress> {
        self.head.customer_mailbox(&b.email).filter(|_| !b.confirmation_withheld)
    }

    /// The staff mail and, when the customer's address is usable, the
    /// customer's confirmation. `nonce` makes Message-IDs unique per request.
    pub fn booking(&self, b: &Booking, nonce: &str) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let customer = self.head.customer_mailbox(&b.email);
        let uid = self.calendar_uid(&b.reference, nonce);
        let date = SystemTime::from(b.received_at);
        let mut staff_view = self.views().staff_booking(b, self.staff_lang);
        staff_view.answers = self.answer_links(b);
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
                let v = &self.views();
                let view = CustomerView::draw(v, b, self.manage_link(b, None), customer_booking);
                let stamp = IcsStamp { uid: &uid, revision: ics::Revision::BOOKED };
                let attachment = Some(view.attach(v, b, stamp, customer_ics));
                let letter = CustomerLetter {
                    kind: CUSTOMER_BOOKING,
                    reference: &b.reference,
                    nonce,
                    view: &view,
                    date,
                    attachment,
                    opens: true,
                };
                mails.push(self.head.to_customer(letter, to)?);
            }
            None => {
                tracing::warn!(reference = %b.reference, "booking without a usable customer address: no confirmation mail")
            }
        }
        Ok(with_phone(mails, phone))
    }

    pub(crate) fn ics_name(&self, b: &Booking, lang: Lang) -> String {
        ics_name(&self.views(), b, lang)
    }

    /// The ride as a calendar (see [`ride_events`]).
    pub(crate) fn booking_ics(
        &self,
        b: &Booking,
        lang: Lang,
        uid: &str,
        view: &MailView,
        with_contact: bool,
        revision: ics::Revision,
    ) -> String {
        let events = ride_events(&self.views(), b, lang, uid, view, with_contact, revision);
        ics::calendar(&self.company.name, &events)
    }
}

impl Composer {
    /// The three answer buttons of the staff mail, as signed links.
    pub(crate) fn answer_links(&self, b: &Booking) -> Vec<Link> {
        let expires = expires_at(b.pickup_at);
        Action::ALL
            .iter()
            .map(|&action| Link {
                label: self
                    .locales
                    .text(self.staff_lang, &format!("mail.staffBooking.answer.{}", action.code()))
                    .to_string(),
                href: format!("{}{}", self.base_url, signed_path(&self.key, &b.reference, action, expires)),
            })
            .collect()
    }

    /// The customer's manage page, signed until an hour after the last
    /// pick-up this mail knows of (`proposed`: a time staff proposed).
    pub(crate) fn manage_link(&self, b: &Booking, proposed: Option<Pickup>) -> Link {
        let expires = manage_expires_at(b, proposed);
        Link {
            label: self.locales.text(b.lang, "mail.action.manage").to_string(),
            href: format!("{}{}", self.base_url, manage_path(&self.key, &b.reference, expires)),
        }
    }
}

/// The customer's confirmation of receipt, with the manage link.
fn customer_booking(v: &Views<'_>, b: &CustomerCopy, manage: Link) -> MailView {
    let mut view = v.customer_booking(b);
    view.actions.push(manage);
    view
}

/// Which calendar event a customer's `.ics` updates: its UID (made by
/// [`Composer::calendar_uid`] from the reference and a nonce) and revision.
pub(crate) struct IcsStamp<'a> {
    pub uid: &'a str,
    pub revision: ics::Revision,
}

// Both parts are made by the server.
impl ServerMade for IcsStamp<'_> {}

/// A customer's calendar file: name and `.ics`, from the screened copy and
/// the view it comes with, with the company's contact details.
pub(crate) fn customer_ics(
    v: &Views<'_>,
    b: &CustomerCopy,
    view: &MailView,
    at: IcsStamp<'_>,
) -> (String, String) {
    let mut events = ride_events(v, b, b.lang, at.uid, view, true, at.revision);
    // A place to navigate to, never a sentence: an address typed without a choice has none.
    let [from, to] = b.ends().map(|shown| shown == Shown::Typed);
    for (event, typed) in events.iter_mut().zip([from, to]) {
        if typed {
            event.location.clear();
        }
    }
    (ics_name(v, b, b.lang), ics::calendar(&v.company.name, &events))
}

fn ics_name(v: &Views<'_>, b: &Booking, lang: Lang) -> String {
    v.locales.format(lang, "mail.calendar.fileName", &[("reference", &safe_token(&b.reference))])
}

/// The ride as a calendar event, and the ride back as a second one; the
/// description repeats the mail's fields (and, for the customer, how to
/// reach the company).
pub(crate) fn ride_events(
    v: &Views<'_>,
    b: &Booking,
    lang: Lang,
    uid: &str,
    view: &MailView,
    with_contact: bool,
    revision: ics::Revision,
) -> Vec<ics::Event> {
    let summary = v.locales.format(
        lang,
        "mail.calendar.summary",
        &[
            ("from", &place_short(&b.departure)),
            ("to", &place_short(&b.destination)),
            ("reference", &b.reference),
        ],
    );
    let mut lines: Vec<String> = view.rows.iter().map(|r| format!("{}: {}", r.label, r.value)).collect();
    if let Some(block) = &view.block {
        lines.push(format!("{}: {}", block.label, block.text));
    }
    if with_contact {
        lines.push(String::new());
        lines.push(v.company.name.clone());
        lines.extend(view.contact.iter().map(|r| format!("{}: {}", r.label, r.value)));
    }
    let duration_min = b
        .price
        .as_ref()
        .map(|p| p.duration_min)
        .filter(|m| m.is_finite() && *m >= 1.0)
        .map(|m| m.ceil() as i64)
        .unwrap_or(ics::DEFAULT_DURATION_MIN);
    let outward = ics::Event {
        uid: uid.to_string(),
        stamp: revision.stamp.unwrap_or(b.received_at),
        sequence: revision.sequence,
        status: revision.status,
        start: b.pickup_at.civil(),
        duration_min,
        summary,
        location: match &b.extras.pickup_street {
            Some(street) => format!("{street}, {}", place_long(&b.departure)),
            None => place_long(&b.departure),
        },
        description: lines.join("\n"),
        url: None,
    };
    // The ride back as a second event, from the destination.
    let back = b.extras.return_trip.as_ref().map(|back| ics::Event {
        uid: format!("return.{uid}"),
        start: back.pickup_at.civil(),
        summary: v.locales.format(
            lang,
            "funnel.mail.calendarReturnSummary",
            &[
                ("from", &place_short(&b.destination)),
                ("to", &place_short(&b.departure)),
                ("reference", &b.reference),
            ],
        ),
        location: place_long(&b.destination),
        status: revision.back.unwrap_or(revision.status),
        ..outward.clone()
    });
    [Some(outward), back].into_iter().flatten().collect()
}
