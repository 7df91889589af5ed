//! The [`Composer`]: what every booking mail is drawn with (the outbox's
//! [`Letterhead`], the texts, the company, the signed links), and the parts
//! the mails share: the answer buttons, the manage link, the calendar entry
//! and the customer's letter. Each mail is a method of its own file: the
//! booking request's (`request.rs`), staff's answer (`answer.rs`), a
//! customer's step (`step.rs`) and the reminders (`reminder.rs`).
use std::{sync::Arc, time::SystemTime};

use crate::{
    booking_mail::{
        customer_copy::CustomerCopy,
        events::{customer_ics, ics_name, ride_events, IcsStamp},
        ics,
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
        message::{safe_token, Letterhead, MailKind, OutgoingMail},
        DeliveryError,
    },
    secret::SecretKey,
    types::{Lang, Pickup},
};

/// The customer's confirmation that a booking request was received
/// (`request.rs`): the first mail of a booking, the one the customer mail
/// gate counts against the address's day.
pub const CUSTOMER_BOOKING: MailKind = MailKind::new("customer-booking");

/// How a customer mail's view is drawn: a function (never a closure) of the
/// screened copy and what the server adds (see `mail::customer`).
pub(crate) type Draw<X> = fn(&Views<'_>, &CustomerCopy, X) -> MailView;

pub struct Composer {
    pub head: Letterhead,
    pub(crate) locales: Arc<Locales>,
    pub(crate) company: CompanySettings,
    pub(crate) mail: MailSettings,
    pub(crate) staff_lang: Lang,
    /// Who also gets the reminder shortly before an unanswered pick-up.
    pub(crate) escalation: Vec<lettre::message::Mailbox>,
    /// Signs the answer links in staff mails.
    key: SecretKey,
    /// The site's public origin, for links in mails.
    base_url: String,
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

    /// The texts, the company and the mail settings every view is drawn with.
    pub fn views(&self) -> Views<'_> {
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

    /// The customer's mail of `kind` about `b` to `to`: the view `draw`
    /// makes of `b` and `extra`, with the ride's calendar entry at `stamp`
    /// when given. The one way a booking mail reaches a customer.
    pub(crate) fn customer_mail<X: ServerMade>(
        &self,
        (kind, to, b): (MailKind, CustomerAddress, &CustomerCopy),
        (extra, draw): (X, Draw<X>),
        stamp: Option<IcsStamp<'_>>,
        (nonce, date): (&str, SystemTime),
    ) -> Result<OutgoingMail, DeliveryError> {
        let v = &self.views();
        let view = CustomerView::draw(v, b, extra, draw);
        let attachment = stamp.map(|stamp| view.attach(v, b, stamp, customer_ics));
        let opens = kind == CUSTOMER_BOOKING;
        let letter =
            CustomerLetter { kind, reference: &b.reference, nonce, view: &view, date, attachment, opens };
        self.head.to_customer(letter, to)
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

    /// The three answer buttons of the staff mail, as signed links.
    pub(crate) fn answer_links(&self, b: &Booking) -> (Vec<Link>, Option<Link>) {
        let expires = expires_at(b.pickup_at);
        let link = |action: Action| Link {
            label: self
                .locales
                .text(self.staff_lang, &format!("mail.staffBooking.answer.{}", action.code()))
                .to_string(),
            href: format!("{}{}", self.base_url, signed_path(&self.key, &b.reference, action, expires)),
        };
        let answers = Action::ALL.iter().filter(|&&a| a != Action::Junk).map(|&a| link(a)).collect();
        (answers, Some(link(Action::Junk)))
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

    /// The booking as the staff answer page shows it, in the staff language:
    /// what changes the dispatch, and every field as (label, value) pairs,
    /// the customer's remarks last.
    pub fn staff_summary(&self, b: &Booking) -> (Vec<String>, Vec<(String, String)>) {
        let view = self.views().staff_booking(b, self.staff_lang);
        let mut rows: Vec<(String, String)> = view.rows.into_iter().map(|r| (r.label, r.value)).collect();
        rows.extend(view.block.map(|block| (block.label, block.text)));
        (view.alerts, rows)
    }

    /// The ride as the manage page shows it, as (label, value) pairs in the
    /// booking's language: the mails' rows, but the addresses as typed (marked
    /// so), which the mails leave out until staff have read them. Unlike a
    /// mail, the page goes to nobody's inbox: only whoever holds its signed
    /// link sees it. Its "book again" links fill in nothing it does not show.
    /// Chosen places are named in the booking's language, not the staff's.
    pub fn page_summary(&self, b: &Booking) -> Vec<(String, String)> {
        let b = &b.in_its_language();
        self.views().typed_trip_rows(b).into_iter().map(|r| (r.label, r.value)).collect()
    }
}
