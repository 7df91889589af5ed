//! The manage page's post, checked: which step, the times asked for (by the
//! booking form's rules; on a round trip the outward ride, the return ride or
//! both, never crossing), whether a cancellation was confirmed, and the
//! customer's optional words.
use jiff::Timestamp;

use crate::{
    booking::form::pickup_time_in,
    bookings::customer_step::{Asked, CustomerAction},
    config::BookingSettings,
    forms::{request::request, Checker, Input, Problems},
    types::{limits::LIMITS, Pickup},
};

request! {
    /// What the manage page's forms post (plain HTML forms: each sends its
    /// own few of these, and one left out reads as empty).
    pub struct ManageRequest: MANAGE {
        /// The step: `accept`, `ask` or `cancel` (`CustomerAction`).
        action = "action",
        /// The booking's version the page showed (`bookings::version`).
        version = "version",
        /// The pick-up time asked for.
        date_time = "dateTime",
        /// The return ride's time asked for, on a round trip's page.
        return_date_time = "returnDateTime",
        /// The customer's words to staff.
        note = "note",
        /// `yes` from the cancellation's second thought: a cancel without it
        /// only asks "are you sure?".
        confirmed = "confirmed",
    }
}

/// A step as posted: what, the customer's note, the times asked for, and
/// (for a cancellation) whether the customer confirmed it.
#[derive(Debug, PartialEq)]
pub struct Posted {
    pub action: CustomerAction,
    pub note: String,
    pub asked: Option<Asked>,
    pub confirmed: bool,
}

/// `ride`: the ride's times as the page showed them, as an ask that moves nothing.
pub fn validate(
    input: &Input,
    rules: &BookingSettings,
    ride: Asked,
    now: Timestamp,
) -> Result<Posted, Problems> {
    let (f, mut c) = (MANAGE, Checker::new());
    let action = input.line(f.action).ok().as_deref().and_then(CustomerAction::parse);
    if action.is_none() {
        c.fail(f.action, "required", &[]);
    }
    let note = input.text(f.note).unwrap_or_default();
    if note.chars().count() as u64 > LIMITS.message {
        c.fail(f.note, "tooLong", &[("max", LIMITS.message.into())]);
    }
    let asked = (action == Some(CustomerAction::Ask)).then(|| asked(&mut c, input, rules, ride, now));
    let confirmed = input.line(f.confirmed).is_ok_and(|v| v == "yes");
    // No action, no step: there is no default to fall back on.
    c.finish(|| Some(Posted { action: action?, note, asked, confirmed }))
}

/// The times an ask names. A time left as the ride has it is kept as it is
/// (no lead time asked of it); a new one passes the booking form's rules. A
/// page from before return rides could move posts no return time: the
/// return ride keeps its own.
fn asked(c: &mut Checker, input: &Input, rules: &BookingSettings, ride: Asked, now: Timestamp) -> Asked {
    let (outward, back_field) = (MANAGE.date_time, MANAGE.return_date_time);
    let kept = |field: &str, current: Pickup| {
        input.line(field).ok().as_deref().and_then(Pickup::parse).filter(|at| *at == current)
    };
    let pickup = kept(outward, ride.pickup).unwrap_or_else(|| pickup_time_in(c, input, outward, rules, now));
    let back = ride.back.and_then(|current| {
        if !input.values().contains_key(back_field) {
            return Some(current);
        }
        if input.line(back_field).is_ok_and(|text| text.is_empty()) {
            c.fail_with(back_field, "funnel.validation.returnInvalid", &[]);
            return None;
        }
        Some(kept(back_field, current).unwrap_or_else(|| pickup_time_in(c, input, back_field, rules, now)))
    });
    let checked = !c.failed(outward) && !c.failed(back_field);
    if let Some(at) = back.filter(|at| checked && at.instant() <= pickup.instant()) {
        // The message goes under the time the customer changed: the return ride's when they moved it.
        match Some(at) != ride.back {
            true => c.fail_with(back_field, "manage.ask.returnBeforeOutward", &[("pickup", pickup.into())]),
            false => c.fail_with(outward, "manage.ask.outwardAfterReturn", &[("back", at.into())]),
        }
    }
    Asked { pickup, back }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{
        forms::{worded, Arg, FieldErrors},
        i18n::Locales,
        types::Lang,
    };

    const ONE_WAY: &str = "2026-11-24T14:30";

    fn time(text: &str) -> Pickup {
        text.parse().unwrap()
    }

    /// `value` posted on the page of a ride at 14:30 on 24 November (and
    /// back at `back`), on 22 November or at `now`: its problems.
    fn checked_at(back: Option<&str>, now: &str, value: serde_json::Value) -> Result<Posted, Problems> {
        let rules = BookingSettings::for_tests();
        let ride = Asked { pickup: time(ONE_WAY), back: back.map(time) };
        validate(&Input::from_json(value).unwrap(), &rules, ride, now.parse().unwrap())
    }

    /// … worded in German, as the manage page's routes word them.
    fn check_at(back: Option<&str>, now: &str, value: serde_json::Value) -> Result<Posted, FieldErrors> {
        checked_at(back, now, value)
            .map_err(|p| worded(&p, Lang::De, &Locales::load(), &[("phone", "+31 475")]))
    }

    fn check(value: serde_json::Value) -> Result<Posted, FieldErrors> {
        check_at(None, "2026-11-22T10:00:00Z", value)
    }

    fn round_trip(value: serde_json::Value) -> Result<Posted, FieldErrors> {
        check_at(Some("2026-11-24T20:00"), "2026-11-22T10:00:00Z", value)
    }

    #[test]
    fn a_step_from_the_list_with_a_note_of_bounded_length() {
        let accept = check(json!({"action": "accept"})).unwrap();
        assert_eq!((accept.action, accept.note.as_str(), accept.asked), (CustomerAction::Accept, "", None));
        let cancel = check(json!({"action": "cancel", "note": "  Flug gestrichen  "})).unwrap();
        assert_eq!((cancel.action, cancel.note.as_str()), (CustomerAction::Cancel, "Flug gestrichen"));
        assert!(check(json!({"action": "confirm"})).unwrap_err().contains_key("action"));
        assert!(check(json!({})).unwrap_err().contains_key("action"));
        let long = check(json!({"action": "cancel", "note": "x".repeat(501)})).unwrap_err();
        assert!(long["note"].contains("500"), "{long:?}");
    }

    #[test]
    fn a_cancellation_is_confirmed_only_by_the_confirmations_field() {
        assert!(!check(json!({"action": "cancel"})).unwrap().confirmed);
        assert!(!check(json!({"action": "cancel", "confirmed": "no"})).unwrap().confirmed);
        assert!(check(json!({"action": "cancel", "confirmed": "yes"})).unwrap().confirmed);
    }

    #[test]
    fn another_time_is_asked_by_the_booking_forms_rules() {
        assert!(check(json!({"action": "ask"})).unwrap_err().contains_key("dateTime"));
        assert!(check(json!({"action": "ask", "dateTime": "2026-11-22T11:15"})).unwrap_err()["dateTime"]
            .contains("30"));
        let ok = check(json!({"action": "ask", "dateTime": "2026-11-24T16:45"})).unwrap();
        assert_eq!(ok.asked, Some(Asked { pickup: time("2026-11-24T16:45"), back: None }));
    }

    #[test]
    fn a_round_trips_rides_move_alone_or_together_but_never_cross() {
        let asked = |value| round_trip(value).map(|p| p.asked.unwrap());
        let both = asked(
            json!({"action": "ask", "dateTime": "2026-11-25T08:00", "returnDateTime": "2026-11-25T18:00"}),
        );
        assert_eq!(
            both.unwrap(),
            Asked { pickup: time("2026-11-25T08:00"), back: Some(time("2026-11-25T18:00")) }
        );
        let back_only =
            asked(json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": "2026-11-26T09:00"}));
        assert_eq!(back_only.unwrap(), Asked { pickup: time(ONE_WAY), back: Some(time("2026-11-26T09:00")) });
        // A page from before return rides could move: the return ride keeps its time.
        let old_page = asked(json!({"action": "ask", "dateTime": "2026-11-24T16:00"})).unwrap();
        assert_eq!(old_page.back, Some(time("2026-11-24T20:00")));

        // The outward ride moved past the return ride: said under the outward time, naming the return.
        let late = round_trip(
            json!({"action": "ask", "dateTime": "2026-11-24T21:00", "returnDateTime": "2026-11-24T20:00"}),
        );
        let late = late.unwrap_err();
        assert!(late["dateTime"].contains("Rückfahrt") && late["dateTime"].contains("20:00"), "{late:?}");
        assert!(!late.contains_key(MANAGE.return_date_time), "{late:?}");
        // The return ride moved before (or to) the outward ride: said under the return time.
        for back in ["2026-11-24T12:00", "2026-11-24T14:30"] {
            let early = round_trip(json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": back}))
                .unwrap_err();
            assert!(early[MANAGE.return_date_time].contains("14:30"), "{early:?}");
        }
        let emptied =
            round_trip(json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": ""})).unwrap_err();
        assert!(emptied[MANAGE.return_date_time].contains("Rückfahrt"), "{emptied:?}");
        let too_far =
            round_trip(json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": "2028-01-01T10:00"}));
        assert!(too_far.unwrap_err().contains_key(MANAGE.return_date_time));
    }

    #[test]
    fn crossing_rides_are_a_problem_naming_the_other_rides_time() {
        let now = "2026-11-22T10:00:00Z";
        let late =
            json!({"action": "ask", "dateTime": "2026-11-24T21:00", "returnDateTime": "2026-11-24T20:00"});
        let problems = checked_at(Some("2026-11-24T20:00"), now, late).unwrap_err();
        let problem = &problems["dateTime"];
        assert_eq!(problem.key, "manage.ask.outwardAfterReturn");
        assert_eq!(problem.args, [("back", Arg::Time(time("2026-11-24T20:00")))]);
        let early = json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": "2026-11-24T12:00"});
        let problems = checked_at(Some("2026-11-24T20:00"), now, early).unwrap_err();
        assert_eq!(problems[MANAGE.return_date_time].key, "manage.ask.returnBeforeOutward");
        assert_eq!(problems[MANAGE.return_date_time].args, [("pickup", Arg::Time(time(ONE_WAY)))]);
    }

    #[test]
    fn a_time_left_as_it_is_is_kept_even_within_the_lead_time() {
        // 20 minutes before the pick-up, only the return ride is moved: the outward time stands.
        let now = "2026-11-24T13:10:00Z";
        let back = json!({"action": "ask", "dateTime": ONE_WAY, "returnDateTime": "2026-11-24T21:00"});
        let moved = check_at(Some("2026-11-24T20:00"), now, back).unwrap().asked.unwrap();
        assert_eq!(moved, Asked { pickup: time(ONE_WAY), back: Some(time("2026-11-24T21:00")) });
        // A new time that soon is refused as the booking form would.
        let soon =
            json!({"action": "ask", "dateTime": "2026-11-24T14:35", "returnDateTime": "2026-11-24T20:00"});
        assert!(check_at(Some("2026-11-24T20:00"), now, soon).unwrap_err()["dateTime"].contains("30"));
    }
}
