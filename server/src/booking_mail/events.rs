//! The ride as calendar events: the `.ics` of staff's mails and of the
//! customer's, and the events of the dispatchers' feed, all drawn from the
//! fields of the mail they come with.
use crate::{
    booking_mail::{
        customer_copy::{CustomerCopy, Shown},
        ics,
        views::{pickup_place, place_long, place_short},
    },
    bookings::model::Booking,
    mail::{
        customer::ServerMade,
        layout::{MailView, Views},
        message::safe_token,
    },
    types::Lang,
};

/// Which calendar event a customer's `.ics` updates: its UID (made by
/// [`crate::booking_mail::composer::Composer::calendar_uid`] from the
/// reference and a nonce) and revision.
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

/// The file name of a booking's `.ics` in `lang`.
pub(crate) fn ics_name(v: &Views<'_>, b: &Booking, lang: Lang) -> String {
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
    // Staff's calendars (the mail's file and the dispatchers' feed) flag in the title what decides
    // the vehicle and what must be read, as the staff mail's subject does; the customer's not.
    let flags = match with_contact {
        true => Vec::new(),
        false => v.vehicle_flags(b, lang),
    };
    let flagged = |title: String| match flags.is_empty() {
        true => title,
        false => format!("{title} [{}]", flags.join(", ")),
    };
    let summary = flagged(summary);
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
        location: pickup_place(b),
        description: lines.join("\n"),
        url: None,
    };
    // The ride back as a second event, from the destination.
    let back = b.extras.return_trip.as_ref().map(|back| ics::Event {
        uid: format!("return.{uid}"),
        start: back.pickup_at.civil(),
        summary: flagged(v.locales.format(
            lang,
            "funnel.mail.calendarReturnSummary",
            &[
                ("from", &place_short(&b.destination)),
                ("to", &place_short(&b.departure)),
                ("reference", &b.reference),
            ],
        )),
        location: place_long(&b.destination),
        status: revision.back.unwrap_or(revision.status),
        ..outward.clone()
    });
    [Some(outward), back].into_iter().flatten().collect()
}
