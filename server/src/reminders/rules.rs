//! When a booking's reminders are due. Derived each time from the booking as
//! it stands, so a moved pick-up or an answer changes them at once; what was
//! sent is kept with the booking (`remind` in `booking/store.rs`), under a key naming
//! the pick-up it was for, so each is sent once per pick-up time.
//!
//! | reminder | to | while | when |
//! |---|---|---|---|
//! | staff unanswered | staff | requested | `staff_unanswered_after_minutes` after the promised answer, moved before the pick-up when that is later |
//! | staff before pick-up | staff, escalation | requested | `staff_before_pickup_minutes` before the pick-up |
//! | customer, no answer | customer | requested | `customer_no_answer_minutes` before the pick-up |
//! | customer, before the ride | customer | confirmed | the evening before, or `customer_same_day_minutes` before |
//!
//! A time that lay before the booking reached its state (a ride booked an
//! hour ahead) is skipped, none is sent from the pick-up on, and customer
//! reminders keep out of the quiet hours, except "not confirmed yet, call
//! us" for a ride in them or soon after (`quiet_exempt_after_minutes`): a
//! night request for an early ride would otherwise never be told.
use jiff::{civil::DateTime, SignedDuration, Timestamp, ToSpan};

use crate::{
    booking_mail::dispatch::answer_due,
    bookings::{
        answer::Status,
        record::Record,
        reminder::{requested_at, Reminder},
    },
    config::{MailSettings, ReminderSettings},
    types::ClockTime,
};

/// Customer reminders moved out of the quiet hours keep this much time before the pick-up.
const BEFORE_PICKUP_AT_LEAST: SignedDuration = SignedDuration::from_mins(30);

fn local(at: Timestamp) -> DateTime {
    at.to_zoned(crate::types::company_zone()).datetime()
}

/// `at` minus (or plus) `minutes`; `None` when 0 (that reminder is off).
fn shifted(at: DateTime, minutes: u32, sign: i64) -> Option<DateTime> {
    (minutes > 0).then(|| at.checked_add((sign * i64::from(minutes)).minutes()).ok()).flatten()
}

/// The reminders of `record` that are due at `now` and not yet sent.
pub fn due(record: &Record, r: &ReminderSettings, mail: &MailSettings, now: Timestamp) -> Vec<Reminder> {
    let (b, now) = (&record.booking, local(now));
    // Local times: the quiet hours and "the evening before" are read on the company's clock.
    let pickup = b.pickup_at.civil();
    if now >= pickup {
        return Vec::new();
    }
    // The moment the booking entered its state: reminders planned before it are skipped.
    let requested_at = requested_at(record);
    let entered = match (record.status, &record.customer_step, &record.answer) {
        (Status::Confirmed, Some(step), Some(answer)) => local(step.at.max(answer.answered_at)),
        (Status::Confirmed, Some(step), None) => local(step.at),
        (Status::Confirmed, None, Some(answer)) => local(answer.answered_at),
        _ => local(requested_at),
    };
    let quiet = |at| out_of_quiet_hours(at, pickup, r.quiet_from, r.quiet_until);
    // A customer reminder sent late (the server was down, or busy) still waits for the end of
    // the quiet hours, as its planned time did; it goes at once only where waiting would be
    // too close to the pick-up, as planned then too.
    let may_go_now = quiet(now) <= now;
    let planned: Vec<(Reminder, Option<DateTime>)> = match record.status {
        Status::Requested => {
            let unanswered = staff_unanswered_at(requested_at, pickup, r, mail);
            // "Call us" for a night ride: the quiet hours would hold it past the pick-up.
            let call_us = match night_ride(pickup, r) {
                true => shifted(pickup, r.customer_no_answer_minutes, -1),
                false => shifted(pickup, r.customer_no_answer_minutes, -1).map(quiet).filter(|_| may_go_now),
            };
            vec![
                (Reminder::StaffUnanswered, unanswered),
                (Reminder::StaffBeforePickup, shifted(pickup, r.staff_before_pickup_minutes, -1)),
                (Reminder::CustomerNoAnswer, call_us),
            ]
        }
        Status::Confirmed => {
            let evening = ClockTime::parse(&r.customer_evening_before)
                .and_then(|at| pickup.date().yesterday().ok().map(|day| day.to_datetime(at.time())));
            let same_day = shifted(pickup, r.customer_same_day_minutes, -1);
            let at = [evening, same_day].into_iter().flatten().find(|at| *at > entered);
            vec![(Reminder::CustomerBeforeRide, at.map(quiet).filter(|_| may_go_now))]
        }
        _ => Vec::new(),
    };
    planned
        .into_iter()
        .filter_map(|(reminder, at)| Some((reminder, at?)))
        .filter(|(reminder, at)| {
            *at > entered && *at <= now && !record.reminders_sent.contains(&reminder.key_for(record))
        })
        .map(|(reminder, _)| reminder)
        .collect()
}

/// When staff are reminded of a request still unanswered: some minutes after
/// the answer promised to the customer, but never at or after the pick-up. A
/// night request for an early ride is promised an answer after its pick-up;
/// then the reminder comes as if the answer hours were round the clock (the
/// promise's minutes after the request), at the latest halfway to the pick-up.
pub fn staff_unanswered_at(
    requested_at: Timestamp,
    pickup: DateTime,
    r: &ReminderSettings,
    mail: &MailSettings,
) -> Option<DateTime> {
    let (after, requested) = (r.staff_unanswered_after_minutes, local(requested_at));
    let promised = answer_due(requested_at, mail).unwrap_or(requested);
    let planned = shifted(promised, after, 1)?;
    if planned < pickup {
        return Some(planned);
    }
    let round_the_clock = shifted(requested, mail.answer_within_minutes + after, 1)?;
    let halfway = requested.checked_add(requested.duration_until(pickup) / 2).ok()?;
    Some(round_the_clock.min(halfway))
}

/// Whether the pick-up lies in the quiet hours or at most
/// `quiet_exempt_after_minutes` after their end: its "call us" may not wait for them.
pub fn night_ride(pickup: DateTime, r: &ReminderSettings) -> bool {
    let (from, until) = (r.quiet_from.time(), r.quiet_until.time());
    if from == until {
        return false;
    }
    if is_quiet(pickup.time(), from, until) {
        return true;
    }
    // The end of the quiet hours last before the pick-up: today's, or yesterday's.
    let today = pickup.date().to_datetime(until);
    let end = match today <= pickup {
        true => today,
        false => pickup.date().yesterday().map(|d| d.to_datetime(until)).unwrap_or(today),
    };
    end.duration_until(pickup) <= SignedDuration::from_mins(i64::from(r.quiet_exempt_after_minutes))
}

fn is_quiet(time: jiff::civil::Time, from: jiff::civil::Time, until: jiff::civil::Time) -> bool {
    match from.cmp(&until) {
        std::cmp::Ordering::Less => time >= from && time < until,
        std::cmp::Ordering::Greater => time >= from || time < until,
        std::cmp::Ordering::Equal => false,
    }
}

/// `at`, or when it falls in the quiet hours their end, or their start when
/// the end leaves less than half an hour before the pick-up.
fn out_of_quiet_hours(at: DateTime, pickup: DateTime, from: ClockTime, until: ClockTime) -> DateTime {
    let (from, until, time) = (from.time(), until.time(), at.time());
    if !is_quiet(time, from, until) {
        return at;
    }
    let (start_day, end_day) = match (from > until, time >= from) {
        // Over midnight, evening part: ends tomorrow.
        (true, true) => (at.date(), at.date().tomorrow().unwrap_or(at.date())),
        // Over midnight, morning part: began yesterday.
        (true, false) => (at.date().yesterday().unwrap_or(at.date()), at.date()),
        (false, _) => (at.date(), at.date()),
    };
    let end = end_day.to_datetime(until);
    let latest = pickup.checked_sub(BEFORE_PICKUP_AT_LEAST).unwrap_or(pickup);
    if end <= latest {
        end
    } else {
        start_day.to_datetime(from)
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
