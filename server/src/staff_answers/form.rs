//! The answer form, checked: an optional note to the customer; for a proposal
//! a new date and time by the booking form's rules; for a decline a reason
//! from the list, or typed.
use jiff::Timestamp;

use crate::{
    booking::{
        answer::{Action, Answer, DeclineReason},
        form::pickup_time,
    },
    config::BookingSettings,
    forms::{Checker, FieldErrors, Input},
    types::limits::LIMITS,
};

/// `call_us`: the company's number, which the booking rules' refusals name.
pub fn validate(
    action: Action,
    input: &Input,
    checker: Checker<'_>,
    rules: &BookingSettings,
    call_us: &str,
    now: Timestamp,
) -> Result<Answer, FieldErrors> {
    let mut c = checker;
    let note = match input.text("note") {
        Ok(note) if note.chars().count() as u64 > LIMITS.message => {
            c.fail("note", "tooLong", &[("max", &LIMITS.message.to_string())]);
            note
        }
        Ok(note) => note,
        Err(crate::forms::NotText) => {
            c.fail("note", "required", &[]);
            String::new()
        }
    };
    let proposed_pickup_at =
        (action == Action::Propose).then(|| pickup_time(&mut c, input, rules, call_us, now));
    let reason = match action {
        Action::Decline => {
            let reason = input.line("reason").ok().as_deref().and_then(DeclineReason::parse);
            match reason {
                None => c.fail("reason", "staffReasonRequired", &[]),
                Some(DeclineReason::Other) if note.is_empty() => {
                    c.fail("note", "staffReasonTextRequired", &[])
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
    use crate::{i18n::Locales, types::Lang};

    fn check(action: Action, value: serde_json::Value) -> Result<Answer, FieldErrors> {
        let rules = BookingSettings {
            max_passengers: 8,
            lead_time_minutes: 30,
            max_days_ahead: 365,
            min_fill_seconds: 0,
            large_vehicle_above: 4,
        };
        let locales = Locales::load();
        let now: Timestamp = "2026-11-22T10:00:00Z".parse().unwrap();
        validate(
            action,
            &Input::from_json(value).unwrap(),
            Checker::new(Lang::En, &locales),
            &rules,
            "+31 475 000000",
            now,
        )
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
