//! The answer form, checked: an optional note to the customer; for a proposal
//! a new date and time by the booking form's rules, before a round trip's
//! return ride (accepted, the proposal moves the outward ride alone); for a
//! decline a reason from the list, or typed.
use jiff::Timestamp;

use crate::{
    booking::form::pickup_time_in,
    bookings::answer::{Action, Answer, DeclineReason},
    config::BookingSettings,
    forms::{request::request, Checker, Input, Problems},
    types::{limits::LIMITS, Pickup},
};

request! {
    /// What the staff answer page's forms post (plain HTML forms: each sends
    /// its own few of these, and one left out reads as empty).
    pub struct StaffAnswerRequest: STAFF_ANSWER {
        /// The booking's version the page showed (`bookings::version`).
        version = "version",
        /// The pick-up time staff propose.
        date_time = "dateTime",
        /// Why staff decline: a `DeclineReason`.
        reason = "reason",
        /// Staff's words to the customer.
        note = "note",
        /// Junk: `one` or `network` (`staff_answers::junk`).
        scope = "scope",
        /// Junk: the moment the page listed the network's requests (seconds).
        through = "through",
    }
}

/// `back`: the booking's return ride, if any.
pub fn validate(
    action: Action,
    input: &Input,
    rules: &BookingSettings,
    back: Option<Pickup>,
    now: Timestamp,
) -> Result<Answer, Problems> {
    let (f, mut c) = (STAFF_ANSWER, Checker::new());
    let note = match input.text(f.note) {
        Ok(note) if note.chars().count() as u64 > LIMITS.message => {
            c.fail(f.note, "tooLong", &[("max", LIMITS.message.into())]);
            note
        }
        Ok(note) => note,
        Err(crate::forms::NotText) => {
            c.fail(f.note, "required", &[]);
            String::new()
        }
    };
    let proposed_pickup_at =
        (action == Action::Propose).then(|| pickup_time_in(&mut c, input, f.date_time, rules, now));
    // Accepted, a proposal after the return ride would leave a round trip nobody can drive.
    if let (Some(at), Some(back)) = (proposed_pickup_at, back) {
        if !c.failed(f.date_time) && back.instant() <= at.instant() {
            c.fail_with(f.date_time, "staff.dateTime.afterReturn", &[("back", back.into())]);
        }
    }
    let reason = match action {
        Action::Decline => {
            let reason = input.line(f.reason).ok().as_deref().and_then(DeclineReason::parse);
            match reason {
                None => c.fail(f.reason, "staffReasonRequired", &[]),
                Some(DeclineReason::Other) if note.is_empty() => {
                    c.fail(f.note, "staffReasonTextRequired", &[])
                }
                Some(_) => {}
            }
            reason
        }
        _ => None,
    };
    c.into_result(Answer { action, note, proposed_pickup_at, reason, answered_at: now })
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

    fn checked(action: Action, value: serde_json::Value, back: Option<&str>) -> Result<Answer, Problems> {
        let rules = BookingSettings::for_tests();
        let now: Timestamp = "2026-11-22T10:00:00Z".parse().unwrap();
        validate(action, &Input::from_json(value).unwrap(), &rules, back.map(|at| at.parse().unwrap()), now)
    }

    /// … worded in English, as the staff page's routes word them.
    fn check_with_return(
        action: Action,
        value: serde_json::Value,
        back: Option<&str>,
    ) -> Result<Answer, FieldErrors> {
        let phone = [("phone", "+31 475 000000")];
        checked(action, value, back).map_err(|p| worded(&p, Lang::En, &Locales::load(), &phone))
    }

    fn check(action: Action, value: serde_json::Value) -> Result<Answer, FieldErrors> {
        check_with_return(action, value, None)
    }

    #[test]
    fn a_confirmation_needs_nothing_but_keeps_its_note() {
        let answer = check(Action::Confirm, json!({"note": "  The driver will call on arrival.  "})).unwrap();
        assert_eq!(answer.note, "The driver will call on arrival.");
        assert_eq!(answer.proposed_pickup_at, None);
        assert!(check(Action::Confirm, json!({})).is_ok());
        let long = check(Action::Confirm, json!({"note": "x".repeat(501)})).unwrap_err();
        assert_eq!(long["note"], "Use at most 500 characters.");
    }

    #[test]
    fn a_proposal_needs_a_time_the_booking_form_would_take() {
        assert_eq!(
            check(Action::Propose, json!({})).unwrap_err()["dateTime"],
            "Enter the pick-up date and time."
        );
        assert_eq!(
            check(Action::Propose, json!({"dateTime": "soon"})).unwrap_err()["dateTime"],
            "Enter a valid date and time."
        );
        assert!(check(Action::Propose, json!({"dateTime": "2026-11-22T11:29"})).unwrap_err()["dateTime"]
            .contains("30 minutes"));
        let ok = check(Action::Propose, json!({"dateTime": "2026-11-24T15:30", "note": "One hour later?"}))
            .unwrap();
        assert_eq!(ok.proposed_pickup_at.unwrap().to_string(), "2026-11-24T15:30:00");
    }

    #[test]
    fn a_proposal_comes_before_a_round_trips_return_ride() {
        let back = Some("2026-11-24T20:00");
        let late =
            check_with_return(Action::Propose, json!({"dateTime": "2026-11-24T21:00"}), back).unwrap_err();
        assert!(late["dateTime"].contains("return ride") && late["dateTime"].contains("20:00"), "{late:?}");
        assert!(check_with_return(Action::Propose, json!({"dateTime": "2026-11-24T20:00"}), back).is_err());
        let problems = checked(Action::Propose, json!({"dateTime": "2026-11-24T21:00"}), back).unwrap_err();
        assert_eq!(problems["dateTime"].key, "staff.dateTime.afterReturn");
        assert_eq!(problems["dateTime"].args, [("back", Arg::Time("2026-11-24T20:00".parse().unwrap()))]);
        let ok = check_with_return(Action::Propose, json!({"dateTime": "2026-11-24T19:30"}), back).unwrap();
        assert_eq!(ok.proposed_pickup_at.unwrap().to_string(), "2026-11-24T19:30:00");
        assert!(
            check_with_return(Action::Confirm, json!({}), back).is_ok(),
            "only a proposal moves the ride"
        );
    }

    #[test]
    fn a_decline_needs_a_reason_from_the_list_or_typed() {
        assert!(check(Action::Decline, json!({})).unwrap_err().contains_key("reason"));
        assert!(check(Action::Decline, json!({"reason": "bored"})).unwrap_err().contains_key("reason"));
        assert!(check(Action::Decline, json!({"reason": "other"})).unwrap_err().contains_key("note"));
        let typed = check(Action::Decline, json!({"reason": "other", "note": "Road closed"})).unwrap();
        assert_eq!((typed.reason, typed.note.as_str()), (Some(DeclineReason::Other), "Road closed"));
        assert_eq!(
            check(Action::Decline, json!({"reason": "fullyBooked"})).unwrap().reason,
            Some(DeclineReason::FullyBooked)
        );
    }
}
