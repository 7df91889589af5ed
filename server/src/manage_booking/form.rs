//! The manage page's post, checked: which step, the time asked for (by the
//! booking form's rules), and the customer's optional words.
use jiff::Timestamp;

use crate::{
    booking::{customer_step::CustomerAction, form::pickup_time},
    config::BookingSettings,
    forms::{Checker, FieldErrors, Input},
    types::{limits::LIMITS, Pickup},
};

/// A step as posted: what, the customer's note, and the time asked for.
#[derive(Debug, PartialEq)]
pub struct Posted {
    pub action: CustomerAction,
    pub note: String,
    pub asked: Option<Pickup>,
}

/// `call_us`: the company's number, which the booking rules' refusals name.
pub fn validate(
    input: &Input,
    checker: Checker<'_>,
    rules: &BookingSettings,
    call_us: &str,
    now: Timestamp,
) -> Result<Posted, FieldErrors> {
    let mut c = checker;
    let action = input.line("action").ok().as_deref().and_then(CustomerAction::parse);
    if action.is_none() {
        c.fail("action", "required", &[]);
    }
    let note = input.text("note").unwrap_or_default();
    if note.chars().count() as u64 > LIMITS.message {
        c.fail("note", "tooLong", &[("max", &LIMITS.message.to_string())]);
    }
    let asked =
        (action == Some(CustomerAction::Ask)).then(|| pickup_time(&mut c, input, rules, call_us, now));
    // No action, no step: there is no default to fall back on.
    c.finish(|| Some(Posted { action: action?, note, asked }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{i18n::Locales, types::Lang};

    fn check(value: serde_json::Value) -> Result<Posted, FieldErrors> {
        let rules = BookingSettings {
            max_passengers: 8,
            lead_time_minutes: 30,
            max_days_ahead: 365,
            min_fill_seconds: 0,
            large_vehicle_above: 4,
        };
        let locales = Locales::load();
        let now: Timestamp = "2026-11-22T10:00:00Z".parse().unwrap();
        validate(&Input::from_json(value).unwrap(), Checker::new(Lang::De, &locales), &rules, "+31 475", now)
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
    fn another_time_is_asked_by_the_booking_forms_rules() {
        assert!(check(json!({"action": "ask"})).unwrap_err().contains_key("dateTime"));
        assert!(check(json!({"action": "ask", "dateTime": "2026-11-22T11:15"})).unwrap_err()["dateTime"]
            .contains("30"));
        let ok = check(json!({"action": "ask", "dateTime": "2026-11-24T16:45"})).unwrap();
        assert_eq!(ok.asked.map(|at| at.to_string()).as_deref(), Some("2026-11-24T16:45:00"));
    }
}
