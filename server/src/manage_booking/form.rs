//! The manage page's post, checked: which step, and the customer's optional
//! words (a cancellation's reason).
use crate::{
    booking::customer_step::CustomerAction,
    forms::{Checker, FieldErrors, Input},
    types::limits::LIMITS,
};

/// The step asked for and its note.
pub fn validate(input: &Input, checker: Checker<'_>) -> Result<(CustomerAction, String), FieldErrors> {
    let mut c = checker;
    let action = input.line("action").ok().as_deref().and_then(CustomerAction::parse);
    if action.is_none() {
        c.fail("action", "required", &[]);
    }
    let note = input.text("note").unwrap_or_default();
    if note.chars().count() as u64 > LIMITS.message {
        c.fail("note", "tooLong", &[("max", &LIMITS.message.to_string())]);
    }
    c.into_result((action.unwrap_or(CustomerAction::Cancel), note))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{i18n::Locales, types::Lang};

    fn check(value: serde_json::Value) -> Result<(CustomerAction, String), FieldErrors> {
        let locales = Locales::load();
        validate(&Input::from_json(value).unwrap(), Checker::new(Lang::De, &locales))
    }

    #[test]
    fn a_step_from_the_list_with_a_note_of_bounded_length() {
        assert_eq!(check(json!({"action": "accept"})).unwrap(), (CustomerAction::Accept, String::new()));
        let (action, note) = check(json!({"action": "cancel", "note": "  Flug gestrichen  "})).unwrap();
        assert_eq!((action, note.as_str()), (CustomerAction::Cancel, "Flug gestrichen"));
        assert!(check(json!({"action": "confirm"})).unwrap_err().contains_key("action"));
        assert!(check(json!({})).unwrap_err().contains_key("action"));
        let long = check(json!({"action": "cancel", "note": "x".repeat(501)})).unwrap_err();
        assert!(long["note"].contains("500"), "{long:?}");
    }
}
