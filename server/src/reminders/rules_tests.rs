use jiff::civil::DateTime;

use super::*;
use crate::{
    bookings::{
        answer::{Action, Answer},
        customer_step::{CustomerAction, CustomerStep, Moved},
    },
    config::Settings,
};

/// A local time in Europe/Amsterdam as an instant.
fn at(local: &str) -> Timestamp {
    local.parse::<DateTime>().unwrap().to_zoned(crate::types::company_zone()).unwrap().timestamp()
}

fn settings() -> Settings {
    let mut s = Settings::load_from(&Default::default()).expect("defaults");
    s.mail.answer_within_minutes = 30;
    s.mail.answer_from = ClockTime::parse("06:00").unwrap();
    s.mail.answer_until = ClockTime::parse("23:00").unwrap();
    s
}

fn record(received: &str, pickup: &str, status: Status) -> Record {
    let booking = crate::bookings::model::sample(at(received), pickup);
    Record {
        booking,
        status,
        sequence: 0,
        calendar_uid: "uid".into(),
        answer: None,
        customer_step: None,
        reminders_sent: Vec::new(),
    }
}

fn confirmed(received: &str, answered: &str, pickup: &str) -> Record {
    let mut r = record(received, pickup, Status::Confirmed);
    r.answer = Some(Answer {
        action: Action::Confirm,
        note: String::new(),
        proposed_pickup_at: None,
        reason: None,
        answered_at: at(answered),
    });
    r
}

fn due_at(r: &Record, s: &Settings, now: &str) -> Vec<Reminder> {
    due(r, &s.reminders, &s.mail, at(now))
}

#[test]
fn an_unanswered_request_reminds_staff_then_staff_and_customer_before_the_pickup() {
    let s = settings();
    // Received 14:00, answer promised by 14:30; pick-up 20:00.
    let r = record("2026-11-26T14:00", "2026-11-26T20:00", Status::Requested);
    assert_eq!(due_at(&r, &s, "2026-11-26T14:44"), []);
    assert_eq!(
        due_at(&r, &s, "2026-11-26T14:45"),
        [Reminder::StaffUnanswered],
        "15 minutes past the promise"
    );
    assert_eq!(due_at(&r, &s, "2026-11-26T18:00"), [Reminder::StaffUnanswered, Reminder::StaffBeforePickup]);
    assert_eq!(
        due_at(&r, &s, "2026-11-26T18:30"),
        [Reminder::StaffUnanswered, Reminder::StaffBeforePickup, Reminder::CustomerNoAnswer]
    );
    assert_eq!(due_at(&r, &s, "2026-11-26T20:00"), [], "nothing from the pick-up on");
    let mut sent = r.clone();
    sent.reminders_sent = vec![Reminder::StaffUnanswered.key(r.booking.pickup_at)];
    assert_eq!(due_at(&sent, &s, "2026-11-26T14:45"), [], "each once");
    // Moved to another pick-up, the before-pick-up reminders come again for it.
    sent.booking.pickup_at = "2026-11-26T21:00".parse().unwrap();
    assert_eq!(
        due_at(&sent, &s, "2026-11-26T19:00"),
        [Reminder::StaffUnanswered, Reminder::StaffBeforePickup]
    );
}

#[test]
fn times_before_the_request_are_skipped_and_zero_turns_a_reminder_off() {
    let mut s = settings();
    // Booked at 13:00 for 14:00: "two hours before" lay before the request.
    let r = record("2026-11-26T13:00", "2026-11-26T14:00", Status::Requested);
    assert_eq!(due_at(&r, &s, "2026-11-26T13:45"), [Reminder::StaffUnanswered]);
    s.reminders.staff_unanswered_after_minutes = 0;
    assert_eq!(due_at(&r, &s, "2026-11-26T13:59"), []);
    for status in [Status::Rescheduled, Status::Declined, Status::Cancelled] {
        assert_eq!(
            due_at(&record("2026-11-26T13:00", "2026-11-26T20:00", status), &s, "2026-11-26T19:00"),
            []
        );
    }
}

#[test]
fn a_confirmed_ride_is_recalled_the_evening_before_or_hours_before_when_confirmed_later() {
    let s = settings();
    let next_day = confirmed("2026-11-25T10:00", "2026-11-25T10:20", "2026-11-26T15:00");
    assert_eq!(due_at(&next_day, &s, "2026-11-25T18:59"), []);
    assert_eq!(
        due_at(&next_day, &s, "2026-11-25T19:00"),
        [Reminder::CustomerBeforeRide],
        "the evening before"
    );
    let same_day = confirmed("2026-11-26T08:00", "2026-11-26T08:10", "2026-11-26T15:00");
    assert_eq!(due_at(&same_day, &s, "2026-11-26T12:59"), []);
    assert_eq!(due_at(&same_day, &s, "2026-11-26T13:00"), [Reminder::CustomerBeforeRide], "two hours before");
    let soon = confirmed("2026-11-26T14:00", "2026-11-26T14:05", "2026-11-26T15:00");
    assert_eq!(due_at(&soon, &s, "2026-11-26T14:30"), [], "confirmed after both times: no reminder");
}

#[test]
fn customer_reminders_keep_out_of_the_quiet_hours() {
    let mut s = settings();
    // Only pick-ups in the quiet hours get "call us" in them (see the night tests below).
    s.reminders.quiet_exempt_after_minutes = 0;
    // Requested at 20:00 for 08:00: 90 minutes before is 06:30, in the quiet hours until 07:00,
    // and 07:00 leaves an hour: moved to 07:00.
    let r = record("2026-11-25T20:00", "2026-11-26T08:00", Status::Requested);
    assert!(!due_at(&r, &s, "2026-11-26T06:45").contains(&Reminder::CustomerNoAnswer));
    assert!(due_at(&r, &s, "2026-11-26T07:00").contains(&Reminder::CustomerNoAnswer));
    // For 07:15, 07:00 would be too late: the start of the quiet hours the evening before.
    let early = record("2026-11-25T20:00", "2026-11-26T07:15", Status::Requested);
    assert!(!due_at(&early, &s, "2026-11-25T21:59").contains(&Reminder::CustomerNoAnswer));
    assert!(due_at(&early, &s, "2026-11-25T22:00").contains(&Reminder::CustomerNoAnswer));
    // Staff reminders keep their time at night.
    assert!(due_at(&early, &s, "2026-11-26T05:15").contains(&Reminder::StaffBeforePickup));
}

#[test]
fn a_customer_reminder_sent_late_still_waits_for_the_end_of_the_quiet_hours() {
    let s = settings();
    // Planned for 19:00 the evening before; the server was down from 18:30 to 02:00.
    let next_day = confirmed("2026-11-25T10:00", "2026-11-25T10:20", "2026-11-26T15:00");
    assert_eq!(due_at(&next_day, &s, "2026-11-26T02:00"), [], "not in the night");
    assert_eq!(due_at(&next_day, &s, "2026-11-26T06:59"), []);
    assert_eq!(due_at(&next_day, &s, "2026-11-26T07:00"), [Reminder::CustomerBeforeRide], "at their end");
    // "Call us" for 08:00, late at 06:40: 07:00 still leaves an hour, so it waits.
    let mut s = settings();
    s.reminders.quiet_exempt_after_minutes = 0;
    let r = record("2026-11-25T20:00", "2026-11-26T08:00", Status::Requested);
    assert!(!due_at(&r, &s, "2026-11-26T06:40").contains(&Reminder::CustomerNoAnswer));
    // For 07:15, waiting is too late: a late "call us" goes at once, as planned then.
    let early = record("2026-11-25T20:00", "2026-11-26T07:15", Status::Requested);
    assert!(due_at(&early, &s, "2026-11-26T02:00").contains(&Reminder::CustomerNoAnswer));
}

#[test]
fn each_reminder_keeps_its_stored_code_and_its_audience() {
    // The codes are stored with every booking (`reminders_sent`): a changed code
    // would send every reminder again after an upgrade.
    let codes: Vec<_> = Reminder::ALL.iter().map(|r| (r.code(), r.to_customer())).collect();
    assert_eq!(
        codes,
        [
            ("staffUnanswered", false),
            ("staffBeforePickup", false),
            ("customerNoAnswer", true),
            ("customerBeforeRide", true)
        ]
    );
    let pickup: crate::types::Pickup = "2026-11-24T14:30".parse().unwrap();
    assert_eq!(Reminder::CustomerBeforeRide.key(pickup), "customerBeforeRide@2026-11-24T14:30");
}

fn step(action: CustomerAction, when: &str) -> CustomerStep {
    let pickup_at = "2026-11-26T15:00".parse().unwrap();
    CustomerStep {
        action,
        note: String::new(),
        pickup_at,
        return_at: None,
        moved: Moved::Outward,
        at: at(when),
    }
}

#[test]
fn a_request_again_counts_from_the_ask_and_anything_else_from_the_booking() {
    let mut asked = record("2026-11-22T10:00", "2026-11-26T15:00", Status::Requested);
    asked.customer_step = Some(step(CustomerAction::Ask, "2026-11-25T20:00"));
    assert_eq!(requested_at(&asked), at("2026-11-25T20:00"));
    let mut accepted = confirmed("2026-11-22T10:00", "2026-11-22T11:00", "2026-11-26T15:00");
    accepted.customer_step = Some(step(CustomerAction::Accept, "2026-11-25T20:00"));
    assert_eq!(requested_at(&accepted), at("2026-11-22T10:00"));
}

#[test]
fn a_request_made_again_for_the_same_pickup_is_reminded_of_again() {
    let s = settings();
    // Confirmed after a reminder to staff; the customer then moved only the return ride,
    // so the booking is a request again for the same outward pick-up.
    let mut again = record("2026-11-22T10:00", "2026-11-26T15:00", Status::Requested);
    again.reminders_sent = vec![Reminder::StaffUnanswered.key_for(&again)];
    again.customer_step = Some(step(CustomerAction::Ask, "2026-11-25T20:00"));
    assert!(due_at(&again, &s, "2026-11-26T07:00").contains(&Reminder::StaffUnanswered), "{again:?}");
    again.reminders_sent.push(Reminder::StaffUnanswered.key_for(&again));
    assert!(!due_at(&again, &s, "2026-11-26T07:00").contains(&Reminder::StaffUnanswered), "and once");
}

#[test]
fn a_confirmation_after_the_evening_time_skips_the_evening_whoever_made_it_last() {
    let s = settings();
    // Booked on Sunday for Thursday 15:00, confirmed on Wednesday at 20:00: not at 20:30
    // (the evening time, 19:00, lay before), but two hours before the ride.
    let by_staff = confirmed("2026-11-22T10:00", "2026-11-25T20:00", "2026-11-26T15:00");
    let mut by_accepting = confirmed("2026-11-22T10:00", "2026-11-22T11:00", "2026-11-26T15:00");
    by_accepting.customer_step = Some(step(CustomerAction::Accept, "2026-11-25T20:00"));
    let mut by_step_alone = record("2026-11-22T10:00", "2026-11-26T15:00", Status::Confirmed);
    by_step_alone.customer_step = Some(step(CustomerAction::Accept, "2026-11-25T20:00"));
    for r in [&by_staff, &by_accepting, &by_step_alone] {
        assert_eq!(due_at(r, &s, "2026-11-25T20:30"), [], "{r:?}");
        assert_eq!(due_at(r, &s, "2026-11-26T13:00"), [Reminder::CustomerBeforeRide], "{r:?}");
    }
    // Confirmed on the stroke of the evening time: that time is not after it.
    let on_the_stroke = confirmed("2026-11-22T10:00", "2026-11-25T19:00", "2026-11-26T15:00");
    assert_eq!(due_at(&on_the_stroke, &s, "2026-11-25T19:30"), []);
    assert_eq!(due_at(&on_the_stroke, &s, "2026-11-26T13:00"), [Reminder::CustomerBeforeRide]);
}

#[test]
fn a_reminder_planned_for_the_moment_of_the_request_is_not_sent() {
    let s = settings();
    // Booked exactly two hours before: "two hours before" is the booking itself.
    let r = record("2026-11-26T18:00", "2026-11-26T20:00", Status::Requested);
    assert_eq!(due_at(&r, &s, "2026-11-26T18:10"), []);
}

#[test]
fn quiet_hours_within_one_day_and_their_exact_ends() {
    let mut s = settings();
    s.reminders.quiet_exempt_after_minutes = 0;
    s.reminders.quiet_from = ClockTime::parse("12:00").unwrap();
    s.reminders.quiet_until = ClockTime::parse("14:00").unwrap();
    let no_answer = |r: &Record, now: &str| due_at(r, &s, now).contains(&Reminder::CustomerNoAnswer);
    // 90 minutes before 11:30 is 10:00, outside: kept.
    let morning = record("2026-11-26T08:00", "2026-11-26T11:30", Status::Requested);
    assert!(no_answer(&morning, "2026-11-26T10:00"));
    // 13:45 is inside: moved to the end, 14:00.
    let afternoon = record("2026-11-26T08:00", "2026-11-26T15:15", Status::Requested);
    assert!(!no_answer(&afternoon, "2026-11-26T13:50"));
    assert!(no_answer(&afternoon, "2026-11-26T14:00"));
    // Planned at 14:00 exactly (20 minutes before 14:20): the end is not quiet, kept.
    s.reminders.customer_no_answer_minutes = 20;
    let at_the_end = record("2026-11-26T08:00", "2026-11-26T14:20", Status::Requested);
    let no_answer = |r: &Record, now: &str| due_at(r, &s, now).contains(&Reminder::CustomerNoAnswer);
    assert!(!no_answer(&at_the_end, "2026-11-26T12:30"));
    assert!(no_answer(&at_the_end, "2026-11-26T14:00"));
    // Over midnight, the same at 07:00: not moved to the evening before.
    s.reminders.quiet_from = ClockTime::parse("22:00").unwrap();
    s.reminders.quiet_until = ClockTime::parse("07:00").unwrap();
    s.reminders.customer_no_answer_minutes = 10;
    let early = record("2026-11-25T20:00", "2026-11-26T07:10", Status::Requested);
    let no_answer = |r: &Record, now: &str| due_at(r, &s, now).contains(&Reminder::CustomerNoAnswer);
    assert!(!no_answer(&early, "2026-11-25T22:30"));
    assert!(no_answer(&early, "2026-11-26T07:00"));
}

#[test]
fn a_night_request_for_an_early_ride_reminds_staff_and_customer_before_the_pickup() {
    let s = settings();
    // Requested at 23:57 for 05:30; answers are promised from 06:00 (by 06:30), after the ride.
    let r = record("2026-11-25T23:57", "2026-11-26T05:30", Status::Requested);
    use Reminder::{CustomerNoAnswer as Customer, StaffBeforePickup as Soon, StaffUnanswered as Unanswered};
    // Not 06:45 (15 minutes after the promise, after the pick-up): as if staff answered
    // round the clock, 30 + 15 minutes after the request.
    assert_eq!(due_at(&r, &s, "2026-11-26T00:41"), []);
    assert_eq!(due_at(&r, &s, "2026-11-26T00:42"), [Unanswered]);
    assert_eq!(due_at(&r, &s, "2026-11-26T03:30"), [Unanswered, Soon], "two hours before");
    // 90 minutes before is 04:00, in the quiet hours, which end after the pick-up: sent then.
    assert_eq!(due_at(&r, &s, "2026-11-26T03:59"), [Unanswered, Soon]);
    assert_eq!(due_at(&r, &s, "2026-11-26T04:00"), [Unanswered, Soon, Customer]);
    assert_eq!(due_at(&r, &s, "2026-11-26T05:30"), [], "nothing from the pick-up on");
    // A ride even sooner: halfway between the request and the pick-up.
    let sooner = record("2026-11-25T23:57", "2026-11-26T00:30", Status::Requested);
    assert_eq!(due_at(&sooner, &s, "2026-11-26T00:13"), []);
    assert_eq!(due_at(&sooner, &s, "2026-11-26T00:14"), [Unanswered]);
}

#[test]
fn call_us_ignores_the_quiet_hours_up_to_two_hours_after_them() {
    let mut s = settings();
    s.reminders.customer_no_answer_minutes = 180;
    let no_answer = |r: &Record, now: &str| due_at(r, &s, now).contains(&Reminder::CustomerNoAnswer);
    // 09:00 is two hours after the quiet hours (22:00 to 07:00): "call us" at 06:00.
    let at_nine = record("2026-11-25T20:00", "2026-11-26T09:00", Status::Requested);
    assert!(!no_answer(&at_nine, "2026-11-26T05:59"));
    assert!(no_answer(&at_nine, "2026-11-26T06:00"));
    // A minute later it waits for their end.
    let later = record("2026-11-25T20:00", "2026-11-26T09:01", Status::Requested);
    assert!(!no_answer(&later, "2026-11-26T06:59"));
    assert!(no_answer(&later, "2026-11-26T07:00"));
    // The reminder of a confirmed ride keeps out of them whatever its pick-up: 04:00
    // is quiet, 07:00 too late, so at their start the evening before.
    let confirmed = confirmed("2026-11-25T21:00", "2026-11-25T21:05", "2026-11-26T06:00");
    assert_eq!(due_at(&confirmed, &s, "2026-11-25T21:59"), []);
    assert_eq!(due_at(&confirmed, &s, "2026-11-25T22:00"), [Reminder::CustomerBeforeRide]);
    assert!(!night_ride("2026-11-26T12:00".parse().unwrap(), &s.reminders));
    assert!(night_ride("2026-11-26T23:30".parse().unwrap(), &s.reminders));
}

#[test]
fn the_unanswered_reminder_never_falls_at_or_after_the_pickup() {
    let s = settings();
    let ask = |received: &str, pickup: &str| {
        staff_unanswered_at(at(received), pickup.parse().unwrap(), &s.reminders, &s.mail).unwrap()
    };
    // Every request of a night, for a ride every quarter of an hour of the next morning.
    for received in ["2026-11-25T22:59", "2026-11-25T23:00", "2026-11-25T23:57", "2026-11-26T03:00"] {
        for minutes in (15..=10 * 60).step_by(15) {
            let pickup =
                at("2026-11-26T00:00").checked_add(jiff::SignedDuration::from_mins(minutes)).unwrap();
            let pickup = local(pickup);
            if pickup <= received.parse().unwrap() {
                continue;
            }
            let reminded = ask(received, &pickup.to_string());
            assert!(reminded < pickup, "{received} for {pickup}: {reminded}");
        }
    }
    // A request in the answer hours keeps its time.
    assert_eq!(ask("2026-11-26T14:00", "2026-11-26T20:00").to_string(), "2026-11-26T14:45:00");
}
