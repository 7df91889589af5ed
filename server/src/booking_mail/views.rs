//! What each mail says, as data: headings, paragraphs, labelled fields, links.
//!
//! The four mails (staff and customer for a booking, staff and sender for a
//! contact message) share one layout, so each is described here as a
//! [`MailView`] and drawn by the same two askama templates (plain text and
//! HTML, see `templates.rs`). Every visible word comes from `locales/*.json`
//! under `mail`; visitor text is cleaned and bounded on the way in (`text.rs`).
use crate::{
    booking_mail::{
        customer_copy::{CustomerCopy, Shown},
        dispatch::{answer_due, DispatchLines},
    },
    bookings::{
        customer_step::CustomerAction,
        model::{Address, Booking, TripExtras},
    },
    i18n::format::{date_short, date_time_long, local, time},
    types::{Lang, Pickup},
};
use jiff::Timestamp;

use crate::{
    booking_mail::maps::maps_directions,
    mail::layout::{Block, Link, MailView, Row, Views, SHORT_MAX},
    mail::text::{header_line, one_line, paragraph, FIELD_MAX, MESSAGE_MAX, SUBJECT_MAX},
};

impl Views<'_> {
    /// A night request for an early ride: the answer promised for a request made at
    /// `asked` comes after the pick-up, so the customer is told to phone instead.
    pub fn before_answer_alert(&self, asked: Timestamp, pickup: Pickup, lang: Lang) -> Option<String> {
        let answer_by = answer_due(asked, self.mail).filter(|due| pickup.civil() < *due)?;
        let at = date_time_long(self.locales, lang, answer_by);
        let phone = self.company.phone_shown(lang);
        let args = [("answerBy", at.as_str()), ("phone", phone.as_str())];
        Some(self.f(lang, "mail.customerBooking.beforeAnswer", &args))
    }

    /// The staff's mail for a booking request, in the staff language.
    /// The lead of a staff mail about the return ride moved alone, to `at`:
    /// its pick-up leads, not the unchanged outward one.
    pub(crate) fn return_lead(&self, b: &Booking, at: Pickup, lang: Lang) -> String {
        let pickup = date_time_long(self.locales, lang, at);
        self.f(
            lang,
            "mail.staffBooking.leadReturn",
            &[("pickup", &pickup), ("from", &place_long(&b.destination))],
        )
    }

    pub fn staff_booking(&self, b: &Booking, lang: Lang) -> MailView {
        self.staff_booking_with(b, lang, self.dispatch_lines(b, lang))
    }

    /// [`Views::staff_booking`] headed by `dispatch`: for lines that count from
    /// another time than the request's (an ask for another time).
    pub fn staff_booking_with(&self, b: &Booking, lang: Lang, dispatch: DispatchLines) -> MailView {
        let name = one_line(&b.name, FIELD_MAX);
        let short_name = one_line(&b.name, SHORT_MAX);
        let price = self.price_short(b, lang);
        let subject = self.f(
            lang,
            "mail.staffBooking.subject",
            &[
                ("date", &date_short(self.locales, lang, b.pickup_at)),
                ("time", &time(b.pickup_at)),
                ("from", &place_short(&b.departure)),
                ("to", &place_short(&b.destination)),
                ("price", &price),
            ],
        );
        // What changes the dispatch reads in the inbox list already.
        let subject = dispatch.urgent_tag.iter().chain([&subject]).chain(&dispatch.tags).cloned();
        let subject = subject.collect::<Vec<_>>().join(" · ");
        let mut view = MailView::new(
            lang,
            header_line(&subject, SUBJECT_MAX),
            self.f(lang, "mail.staffBooking.heading", &[("reference", &b.reference)]),
        );
        view.alerts = dispatch.alerts;
        // On a phone the rows start below the first screen: the pick-up comes first.
        let pickup = date_time_long(self.locales, lang, b.pickup_at);
        let from = pickup_place(b);
        view.lead = Some(self.f(lang, "mail.staffBooking.lead", &[("pickup", &pickup), ("from", &from)]));
        view.intro.push(self.f(lang, "mail.staffBooking.intro", &[("name", &short_name)]));
        view.actions = self.customer_actions(lang, &short_name, b.phone.as_deref());
        view.actions.push(Link {
            label: self.t(lang, "mail.action.route"),
            href: maps_directions(
                &b.departure,
                b.extras.pickup_street.as_deref(),
                b.extras.via.as_ref(),
                &b.destination,
            ),
        });
        view.rows = self.trip_rows(b, lang);
        view.rows.extend([
            self.row(lang, "name", name),
            self.link_row(
                lang,
                "email",
                one_line(&b.email, FIELD_MAX),
                Some(format!("mailto:{}", one_line(&b.email, FIELD_MAX))),
            ),
            self.phone_row(lang, b.phone.as_deref()),
            self.row(lang, "language", self.t(lang, &format!("nav.languageNames.{}", b.lang.code()))),
            self.row(lang, "received", date_time_long(self.locales, lang, local(b.received_at))),
        ]);
        if b.confirmation_withheld {
            view.notes.push(self.t(lang, "mail.staffBooking.confirmationWithheld"));
        }
        if let Some(remarks) = &b.extras.remarks {
            view.block = Some(Block {
                label: self.t(lang, "funnel.mail.remarks"),
                text: paragraph(remarks, MESSAGE_MAX),
            });
        }
        view.outro.push(self.t(lang, "mail.staffBooking.calendar"));
        view.footer.push(self.f(lang, "mail.automatic", &[("company", &self.company.name)]));
        view
    }

    /// The customer's confirmation of receipt, in the booking's language.
    pub fn customer_booking(&self, b: &CustomerCopy) -> MailView {
        let lang = b.lang;
        let mut view = MailView::new(
            lang,
            header_line(
                &self.f(lang, "mail.customerBooking.subject", &[("reference", &b.reference)]),
                SUBJECT_MAX,
            ),
            self.t(lang, "mail.customerBooking.heading"),
        );
        view.intro = vec![
            self.f(lang, "mail.greeting", &[("name", &one_line(&b.name, SHORT_MAX))]),
            self.f(lang, "mail.customerBooking.received", &[("company", &self.company.name)]),
            self.t(lang, "mail.customerBooking.notFinal"),
        ];
        let m = self.mail;
        if m.answer_within_minutes > 0 {
            let minutes = m.answer_within_minutes.to_string();
            let (from, until) = (m.answer_from.to_string(), m.answer_until.to_string());
            let args = [("minutes", minutes.as_str()), ("from", from.as_str()), ("until", until.as_str())];
            view.intro.push(self.f(lang, "mail.customerBooking.answerPromise", &args));
        }
        view.alerts.extend(self.before_answer_alert(b.received_at, b.pickup_at, lang));
        view.rows_heading = Some(self.t(lang, "mail.customerBooking.summaryHeading"));
        view.rows = self.customer_trip_rows(b);
        view.notes.extend(self.typed_address_note(b));
        if b.price.is_some() {
            view.notes.push(self.t(lang, "mail.price.note"));
        }
        let free_hours = self.company.free_cancellation_hours.get().into();
        view.outro = vec![
            self.f(
                lang,
                "mail.customerBooking.changes",
                &[("phone", &self.company.phone_shown(lang)), ("reference", &b.reference)],
            ),
            self.t(lang, "mail.customerBooking.calendar"),
            self.locales.plural(lang, "legal.cancellationShort", free_hours, &[]),
        ];
        self.sign_off(&mut view);
        view
    }

    /// A customer mail headed by the texts under `key` (`subject`, `heading`,
    /// `text`), greeting the customer by name.
    pub(crate) fn customer_headed(&self, b: &CustomerCopy, key: &str, args: &[(&str, &str)]) -> MailView {
        let lang = b.lang;
        let mut view = MailView::new(
            lang,
            header_line(&self.f(lang, &format!("{key}.subject"), args), SUBJECT_MAX),
            self.t(lang, &format!("{key}.heading")),
        );
        view.intro = vec![
            self.f(lang, "mail.greeting", &[("name", &one_line(&b.name, SHORT_MAX))]),
            self.f(lang, &format!("{key}.text"), args),
        ];
        view
    }

    /// Reference, pick-up, both ends, passengers, price, route, return ride and payment.
    pub(crate) fn trip_rows(&self, b: &Booking, lang: Lang) -> Vec<Row> {
        self.trip_rows_naming(b, lang, [place_long(&b.departure), place_long(&b.destination)])
    }

    /// The ride as a customer mail shows it: an end whose street the visitor
    /// typed says so in plain words and names its town (see [`CustomerCopy`]).
    pub(crate) fn customer_trip_rows(&self, b: &CustomerCopy) -> Vec<Row> {
        let [from, to] = b.ends();
        let end = |a: &Address, shown: Shown| match shown {
            Shown::Whole => place_long(a),
            Shown::Town => self.f(b.lang, "mail.value.typedStreet", &[("town", &place_short(a))]),
            Shown::Typed => self.t(b.lang, "mail.value.typedAddress"),
        };
        self.trip_rows_naming(b, b.lang, [end(&b.departure, from), end(&b.destination, to)])
    }

    /// Under the ride while a typed street is left out: why, where the
    /// customer sees it in full (the manage page), and how to correct it.
    pub(crate) fn typed_address_note(&self, b: &CustomerCopy) -> Option<String> {
        if b.ends() == [Shown::Whole; 2] {
            return None;
        }
        let phone = self.company.phone_shown(b.lang);
        let manage = self.t(b.lang, "mail.action.manage");
        let args = [("phone", phone.as_str()), ("manage", manage.as_str())];
        Some(self.f(b.lang, "mail.value.typedNote", &args))
    }

    /// The ride as the manage page shows it to whoever holds its signed link:
    /// the addresses as typed, each marked so, for the customer to check what
    /// the mails leave out (a page, not a mail to a typed address).
    pub(crate) fn typed_trip_rows(&self, b: &Booking) -> Vec<Row> {
        let lang = b.lang;
        let mark = |text: &str| self.f(lang, "manage.asTyped", &[("address", text)]);
        // Typed: not chosen from the list, or a street in a listed town.
        let end = |a: &Address| match &a.listed {
            Some(listed) if !listed.street_as_requested() => place_long(a),
            _ => mark(&place_long(a)),
        };
        let ends = [end(&b.departure), end(&b.destination)];
        // A whole town chosen, the street typed beside it.
        let street = b.extras.pickup_street.as_deref().map(|s| mark(&one_line(s, FIELD_MAX)));
        let shown = Booking { extras: TripExtras { pickup_street: street, ..b.extras.clone() }, ..b.clone() };
        self.trip_rows_naming(&shown, lang, ends)
    }
}

/// The short name of a place for subjects: `Schiphol`.
pub fn place_short(a: &Address) -> String {
    let name = one_line(&a.name, SHORT_MAX);
    if name.is_empty() {
        one_line(&a.formatted, SHORT_MAX)
    } else {
        name
    }
}

/// Where the taxi picks up: the street typed for a whole town before the place.
pub fn pickup_place(b: &Booking) -> String {
    match &b.extras.pickup_street {
        Some(street) => one_line(&format!("{street}, {}", place_long(&b.departure)), FIELD_MAX),
        None => place_long(&b.departure),
    }
}

/// The full address, with the place's name in front when the address lacks it.
pub fn place_long(a: &Address) -> String {
    let formatted = one_line(&a.formatted, FIELD_MAX);
    let name = one_line(&a.name, FIELD_MAX);
    if name.is_empty() || formatted.to_lowercase().contains(&name.to_lowercase()) {
        formatted
    } else if formatted.is_empty() {
        name
    } else {
        one_line(&format!("{name}, {formatted}"), FIELD_MAX)
    }
}

/// The flight number as mails and the WhatsApp text give it: with "the landing
/// time is the pick-up time" for a flight the taxi meets.
pub fn flight_value(locales: &crate::i18n::Locales, lang: Lang, flight: &str, arriving: bool) -> String {
    match arriving {
        true => locales.format(lang, "funnel.mail.flightValue", &[("flight", flight)]),
        false => flight.to_string(),
    }
}

/// When the ride is, in words: its pick-up, and a round trip's return ride
/// too ("Monday 24 November 2026 at 14:30 (return ride Friday …)"), so a
/// text about a moved ride names both times.
pub fn ride_times(locales: &crate::i18n::Locales, lang: Lang, b: &Booking) -> String {
    let pickup = date_time_long(locales, lang, b.pickup_at);
    match &b.extras.return_trip {
        Some(back) => {
            let back = date_time_long(locales, lang, back.pickup_at);
            locales.format(lang, "mail.format.withReturn", &[("pickup", &pickup), ("back", &back)])
        }
        None => pickup,
    }
}

/// The times the texts about a step name, on `b` as the step left it (or as
/// it was before): after another time was asked, both rides of a round trip
/// (either may have moved); otherwise the pick-up.
pub fn step_times(locales: &crate::i18n::Locales, lang: Lang, action: CustomerAction, b: &Booking) -> String {
    match action {
        CustomerAction::Ask => ride_times(locales, lang, b),
        CustomerAction::Accept | CustomerAction::Cancel => date_time_long(locales, lang, b.pickup_at),
    }
}
