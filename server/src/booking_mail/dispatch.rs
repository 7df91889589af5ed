//! What changes the dispatch of a ride, found once per booking: a larger
//! vehicle, a wheelchair, child seats, remarks, a flight, a ride back, and urgency. The staff mail puts
//! these in its subject and first lines, above the answer buttons, and the
//! answer page at its top: on a phone, the dispatcher decides from the first
//! screen (`docs/staff-answers.md`).
use jiff::{civil::DateTime, Timestamp, ToSpan};

use crate::{
    bookings::model::Booking,
    config::MailSettings,
    i18n::{
        format::{date_time_long, time},
        Locales,
    },
    mail::{
        layout::{Views, SHORT_MAX},
        text::one_line,
    },
    types::{Lang, Pickup},
};

/// Remarks quoted in the first lines are cut here; the whole text follows below.
const REMARKS_PREVIEW: usize = 120;

/// What the staff mail says first about a booking.
pub struct DispatchLines {
    /// Short words for the subject: urgency goes in front, the rest behind.
    pub urgent_tag: Option<String>,
    pub tags: Vec<String>,
    /// Whole sentences for the first lines, the most pressing first.
    pub alerts: Vec<String>,
}

impl Views<'_> {
    /// The staff mail's and answer page's first lines for `b`, in `lang`.
    pub fn dispatch_lines(&self, b: &Booking, lang: Lang) -> DispatchLines {
        let key = |part: &str| format!("mail.staffBooking.{part}");
        let mut lines = DispatchLines { urgent_tag: None, tags: Vec::new(), alerts: Vec::new() };
        if let Some(urgency) = urgency(b, self.mail) {
            lines.urgent_tag = Some(self.t(lang, &key("tags.urgent")));
            lines.alerts.push(match urgency {
                Urgency::Soon { hours } => {
                    self.f(lang, &key("alerts.soon"), &[("hours", &hours.to_string())])
                }
                Urgency::BeforeAnswer { answer_by } => {
                    let at = answer_by_text(self.locales, lang, answer_by, b.pickup_at);
                    self.f(lang, &key("alerts.beforeAnswer"), &[("answerBy", &at)])
                }
            });
        }
        lines.tags = self.vehicle_flags(b, lang);
        if b.extras.large_vehicle {
            let passengers = u64::from(b.passengers);
            lines.alerts.push(self.locales.plural(lang, "funnel.mail.largeVehicle", passengers, &[]));
        }
        let needs = &b.extras.needs;
        if needs.wheelchair {
            lines.alerts.push(self.t(lang, &key("alerts.wheelchair")));
        }
        if needs.child_seats > 0 {
            let seats = needs.child_seats.into();
            lines.alerts.push(self.locales.plural(lang, &key("alerts.childSeats"), seats, &[]));
        }
        if let Some(remarks) = b.extras.remarks.as_deref().filter(|r| !r.trim().is_empty()) {
            let preview = one_line(remarks, REMARKS_PREVIEW);
            lines.alerts.push(self.f(lang, &key("alerts.remarks"), &[("remarks", &preview)]));
        }
        if let Some(flight) = &b.extras.flight_number {
            let flight = one_line(flight, SHORT_MAX);
            lines.tags.push(self.f(lang, &key("tags.flight"), &[("flight", &flight)]));
            lines.alerts.push(self.f(lang, &key("alerts.flight"), &[("flight", &flight)]));
        }
        if let Some(back) = &b.extras.return_trip {
            lines.tags.push(self.t(lang, &key("tags.returnRide")));
            let when = date_time_long(self.locales, lang, back.pickup_at);
            lines.alerts.push(self.f(lang, &key("alerts.returnRide"), &[("when", &when)]));
        }
        lines
    }

    /// What decides the vehicle and what must be read, in short words: in the
    /// staff mail's subject and the titles of staff's calendars.
    pub fn vehicle_flags(&self, b: &Booking, lang: Lang) -> Vec<String> {
        let tag = |part: &str| self.t(lang, &format!("mail.staffBooking.tags.{part}"));
        let needs = &b.extras.needs;
        let remarks = b.extras.remarks.as_deref().is_some_and(|r| !r.trim().is_empty());
        let seats = (needs.child_seats > 0).then(|| {
            self.locales.plural(lang, "mail.staffBooking.tags.childSeats", needs.child_seats.into(), &[])
        });
        [
            b.extras.large_vehicle.then(|| tag("largeVehicle")),
            needs.wheelchair.then(|| tag("wheelchair")),
            seats,
            b.extras.via.is_some().then(|| tag("stop")),
            remarks.then(|| tag("remarks")),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Why a ride is urgent, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// The pick-up is less than `mail.urgent_within_hours` after the request.
    Soon { hours: u32 },
    /// The pick-up comes before the answer the customer was promised
    /// (`mail.answer_within_minutes` within the answer hours): a night
    /// request for an early ride.
    BeforeAnswer { answer_by: DateTime },
}

/// When staff's answer can reach the customer at the latest, as the booking
/// mail promises it: within `answer_within_minutes` of the request during the
/// answer hours, else of the next opening. `None` without a promise.
pub fn answer_due(received: Timestamp, mail: &MailSettings) -> Option<DateTime> {
    if mail.answer_within_minutes == 0 {
        return None;
    }
    let tz = crate::types::company_zone();
    let local = received.to_zoned(tz).datetime();
    let (from, until) = (mail.answer_from.time(), mail.answer_until.time());
    let start = if local.time() >= from && local.time() < until {
        local
    } else if local.time() < from {
        local.date().to_datetime(from)
    } else {
        local.date().tomorrow().ok()?.to_datetime(from)
    };
    start.checked_add(i64::from(mail.answer_within_minutes).minutes()).ok()
}

/// The promised answer's time as a note about a ride at `pickup` names it:
/// the time alone on the ride's day, else the whole date.
pub fn answer_by_text(locales: &Locales, lang: Lang, answer_by: DateTime, pickup: Pickup) -> String {
    if answer_by.date() == pickup.civil().date() {
        time(answer_by)
    } else {
        date_time_long(locales, lang, answer_by)
    }
}

/// Whether the ride is urgent for staff, and why (the nearer reason first).
pub fn urgency(b: &Booking, mail: &MailSettings) -> Option<Urgency> {
    let pickup = b.pickup_at.instant();
    if mail.urgent_within_hours > 0 {
        let soon = b.received_at.checked_add(i64::from(mail.urgent_within_hours).hours()).ok()?;
        if pickup < soon {
            return Some(Urgency::Soon { hours: mail.urgent_within_hours });
        }
    }
    let answer_by = answer_due(b.received_at, mail)?;
    (b.pickup_at.civil() < answer_by).then_some(Urgency::BeforeAnswer { answer_by })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::ClockTime;

    fn mail(within: u32, urgent_hours: u32) -> MailSettings {
        let mut settings = crate::config::Settings::load_from(&Default::default()).expect("defaults");
        settings.mail.answer_within_minutes = within;
        settings.mail.answer_from = ClockTime::parse("06:00").unwrap();
        settings.mail.answer_until = ClockTime::parse("23:00").unwrap();
        settings.mail.urgent_within_hours = urgent_hours;
        settings.mail
    }

    /// A local time in Europe/Amsterdam as an instant.
    fn at(local: &str) -> Timestamp {
        let tz = crate::types::company_zone();
        local.parse::<DateTime>().unwrap().to_zoned(tz).unwrap().timestamp()
    }

    #[test]
    fn the_answer_is_due_within_the_promise_during_the_answer_hours_and_after_opening_otherwise() {
        let m = mail(30, 0);
        let due = |received: &str| answer_due(at(received), &m).map(|d| d.to_string());
        assert_eq!(due("2026-11-26T14:00").as_deref(), Some("2026-11-26T14:30:00"));
        assert_eq!(due("2026-11-26T23:30").as_deref(), Some("2026-11-27T06:30:00"), "after hours: tomorrow");
        assert_eq!(due("2026-11-26T03:10").as_deref(), Some("2026-11-26T06:30:00"), "before hours: today");
        assert_eq!(answer_due(at("2026-11-26T14:00"), &mail(0, 0)), None, "no promise, no due time");
    }

    fn booking(received: &str, pickup: &str) -> Booking {
        crate::bookings::model::sample(at(received), pickup)
    }

    #[test]
    fn a_ride_soon_after_its_request_or_before_the_promised_answer_is_urgent() {
        let m = mail(30, 3);
        let urgency = |received: &str, pickup: &str| urgency(&booking(received, pickup), &m);
        assert_eq!(urgency("2026-11-26T14:00", "2026-11-26T16:59"), Some(Urgency::Soon { hours: 3 }));
        assert_eq!(urgency("2026-11-26T14:00", "2026-11-26T17:01"), None);
        // 23:30 for 05:00: answered at 06:30 at the latest, after the pick-up.
        let answer_by = "2026-11-27T06:30".parse().unwrap();
        assert_eq!(
            urgency("2026-11-26T23:30", "2026-11-27T05:00"),
            Some(Urgency::BeforeAnswer { answer_by })
        );
        assert_eq!(urgency("2026-11-26T23:30", "2026-11-27T07:00"), None, "after the promised answer");
    }
}
