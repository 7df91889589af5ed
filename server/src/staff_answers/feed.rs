//! The dispatchers' calendar: the rides still to drive or to answer, from
//! shortly before now to some weeks ahead, as events in the staff language
//! with the booking's status first in the title. Declined and cancelled
//! bookings are left out (calendar apps then drop their events), so a flood of
//! requests that staff decline takes no place from the real rides. Events keep
//! the booking's calendar `UID` and `SEQUENCE`, as in the staff mail's `.ics`.
//!
//! A safety cap bounds the feed; when it cuts, answered rides are kept first,
//! then the soonest requests, and an all-day event of today says so.
use crate::{
    booking_mail::{composer::Composer, events::ride_events, ics},
    bookings::{
        answer::{Action, Status},
        answer_links,
        record::Record,
    },
    i18n::format::{date_time_long, local},
    site::private_page::LinkPages,
};

/// The statuses the calendar lists: a ride requested, with another time
/// proposed (an open question to the customer) or confirmed. Any other,
/// including one added later, is left out until it is named here.
pub const LISTED: [Status; 3] = [Status::Requested, Status::Rescheduled, Status::Confirmed];

/// The feed of `records`, fetched again every `refresh_minutes`; with
/// `left_out` rides that the cap kept out, and a notice saying so. In the
/// staff language, each ride as in the staff mail's calendar entry.
pub fn dispatch_calendar(
    (link, composer): (&LinkPages, &Composer),
    records: &[Record],
    left_out: usize,
    refresh_minutes: u32,
) -> String {
    let (lang, locales, company) =
        (link.settings.mail.staff_language, &link.locales, &link.settings.company.name);
    let name = locales.format(lang, "staff.calendar.name", &[("company", company)]);
    let events: Vec<ics::Event> = records.iter().flat_map(|r| dispatch_events((link, composer), r)).collect();
    let notice = (left_out > 0).then(|| {
        let shown = records.len().to_string();
        let now = jiff::Timestamp::now();
        let base_url = &link.settings.site.base_url;
        let host = base_url.split_once("://").map_or(base_url.as_str(), |(_, host)| host);
        ics::Notice {
            uid: format!("dispatch-calendar-cut@{host}"),
            stamp: now,
            day: local(now).date(),
            summary: locales.format(lang, "staff.calendar.cut.summary", &[("shown", &shown)]),
            description: locales.plural(lang, "staff.calendar.cut.description", left_out as u64, &[]),
        }
    });
    ics::feed(company, &name, refresh_minutes, &events, notice.as_ref())
}

fn dispatch_events((link, composer): (&LinkPages, &Composer), record: &Record) -> Vec<ics::Event> {
    let (b, lang, locales) = (&record.booking, link.settings.mail.staff_language, &link.locales);
    let views = composer.views();
    let view = views.staff_booking(b, lang);
    let status = match record.status {
        Status::Requested | Status::Rescheduled => ics::Status::Tentative,
        Status::Confirmed => ics::Status::Confirmed,
        Status::Declined | Status::Cancelled | Status::Junk => ics::Status::Cancelled,
    };
    let stamp = record.answer.as_ref().map_or(b.received_at, |a| a.answered_at);
    let revision = ics::Revision { sequence: record.sequence, status, stamp: Some(stamp), back: None };
    let word = locales.text(lang, &format!("staff.calendar.status.{}", record.status.code())).to_string();
    let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at).map(|at| {
        let at = date_time_long(locales, lang, at);
        locales.format(lang, "staff.calendar.proposed", &[("proposed", &at)])
    });
    // An unanswered booking links the page that answers it.
    let url = (record.status == Status::Requested).then(|| {
        let expires = answer_links::expires_at(b.pickup_at);
        let path = answer_links::signed_path(&link.key, &b.reference, Action::Confirm, expires);
        format!("{}{path}", link.settings.site.base_url)
    });
    let mut events = ride_events(&views, b, lang, &record.calendar_uid, &view, false, revision);
    for event in &mut events {
        event.summary = format!("[{word}] {}", event.summary);
        if let Some(proposed) = &proposed {
            event.description = format!("{proposed}\n\n{}", event.description);
        }
        event.url = url.clone();
    }
    events
}
