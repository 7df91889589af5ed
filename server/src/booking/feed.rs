//! The dispatchers' calendar: every booking from shortly before now on, as
//! events in the staff language with the booking's status first in the
//! title, so a phone subscribed to the feed shows each ride and what became
//! of it. Events keep the booking's calendar `UID` and `SEQUENCE`, as in the
//! staff mail's `.ics`.
use crate::{
    booking::{
        answer::{Action, Status},
        answer_links, ics,
        mails::Composer,
        Record,
    },
    i18n::format::date_time_long,
};

impl Composer {
    /// The feed of `records` (soonest first), fetched again every `refresh_minutes`.
    pub fn dispatch_calendar(&self, records: &[Record], refresh_minutes: u32) -> String {
        let lang = self.staff_lang;
        let name = self.locales.format(lang, "staff.calendar.name", &[("company", &self.company.name)]);
        let events: Vec<ics::Event> = records.iter().flat_map(|r| self.dispatch_events(r)).collect();
        ics::feed(&self.company.name, &name, refresh_minutes, &events)
    }

    fn dispatch_events(&self, record: &Record) -> Vec<ics::Event> {
        let (b, lang) = (&record.booking, self.staff_lang);
        let view = self.views().staff_booking(b, lang);
        let status = match record.status {
            Status::Requested | Status::Rescheduled => ics::Status::Tentative,
            Status::Confirmed => ics::Status::Confirmed,
            Status::Declined | Status::Cancelled => ics::Status::Cancelled,
        };
        let stamp = record.answer.as_ref().map_or(b.received_at, |a| a.answered_at);
        let revision = ics::Revision { sequence: record.sequence, status, stamp: Some(stamp) };
        let word =
            self.locales.text(lang, &format!("staff.calendar.status.{}", record.status.code())).to_string();
        let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at).map(|at| {
            let at = date_time_long(&self.locales, lang, at);
            self.locales.format(lang, "staff.calendar.proposed", &[("proposed", &at)])
        });
        // An unanswered booking links the page that answers it.
        let url = (record.status == Status::Requested).then(|| {
            let expires = answer_links::expires_at(b.pickup_at);
            let path = answer_links::signed_path(&self.key, &b.reference, Action::Confirm, expires);
            format!("{}{path}", self.base_url)
        });
        let mut events = self.ride_events(b, lang, &record.calendar_uid, &view, false, revision);
        for event in &mut events {
            event.summary = format!("[{word}] {}", event.summary);
            if let Some(proposed) = &proposed {
                event.description = format!("{proposed}\n\n{}", event.description);
            }
            event.url = url.clone();
        }
        events
    }
}
