//! The contact form: its request (`forms::request`) and its check.
use crate::forms::{request::request, Checker, Input, Problems};
use crate::types::{limits::LIMITS, Country, Email, Lang, Phone};

request! {
    /// A question from the contact form.
    pub struct ContactRequest: CONTACT {
        name = "name",
        email = "email",
        phone = "phone",
        subject = "subject",
        message = "message",
    }
}

/// A valid contact form.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactInput {
    pub name: String,
    pub email: Email,
    pub phone: Option<Phone>,
    pub subject: String,
    pub message: String,
}

/// `phone_read`: where a phone number without its country code is read: the
/// company's country first, then its neighbours (`types::phone::reading_order`).
pub fn validate_contact(input: &Input, phone_read: (Country, Lang)) -> Result<ContactInput, Problems> {
    let (f, mut c) = (CONTACT, Checker::new());
    let name = c.name(input, f.name);
    let email = c.email(input, f.email);
    let phone = c.phone(input, f.phone, phone_read);
    let subject = c.required(input, f.subject, LIMITS.subject, "subjectRequired");
    let message = match input.text(f.message) {
        Err(crate::forms::NotText) => {
            c.fail(f.message, "messageRequired", &[]);
            String::new()
        }
        Ok(text) if text.is_empty() => {
            c.fail(f.message, "messageRequired", &[]);
            text
        }
        Ok(text) if text.chars().count() as u64 > LIMITS.message => {
            c.fail(f.message, "tooLong", &[("max", LIMITS.message.into())]);
            text
        }
        Ok(text) => text,
    };
    c.finish(|| Some(ContactInput { name, email: email?, phone, subject, message }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        forms::{worded, FieldErrors},
        i18n::Locales,
    };
    use serde_json::json;

    /// Checked on a page in `lang` and worded in it, as the contact routes word it.
    fn check(value: serde_json::Value, lang: Lang) -> Result<ContactInput, FieldErrors> {
        validate_contact(&Input::from_json(value).unwrap(), (Country::NL, lang))
            .map_err(|p| worded(&p, lang, &Locales::load(), &[]))
    }

    #[test]
    fn each_problem_is_a_code() {
        let input = json!({"name": "", "email": "nope", "subject": "x".repeat(51), "message": ""});
        let problems =
            validate_contact(&Input::from_json(input).unwrap(), (Country::NL, Lang::Nl)).unwrap_err();
        let keys: Vec<_> = problems.iter().map(|(field, p)| (*field, p.key.as_str())).collect();
        assert_eq!(
            keys,
            [
                ("email", "validation.email"),
                ("message", "validation.messageRequired"),
                ("name", "validation.nameRequired"),
                ("subject", "validation.tooLong")
            ]
        );
        assert_eq!(problems["subject"].args, [("max", 50.into())]);
    }

    #[test]
    fn accepts_a_complete_message_and_keeps_line_breaks() {
        let ok = check(json!({"name": "Anna", "email": "anna@example.nl", "phone": "", "subject": "Vraag", "message": "Regel 1\r\nRegel 2"}), Lang::Nl).unwrap();
        assert_eq!(ok.message, "Regel 1\nRegel 2");
        assert_eq!(ok.phone, None);
    }

    #[test]
    fn rejects_each_field_with_a_localized_message() {
        let errors = check(json!({"name": "", "email": "nope", "phone": "1".repeat(31), "subject": "x".repeat(51), "message": "y".repeat(501)}), Lang::De).unwrap_err();
        assert_eq!(errors["name"], "Bitte geben Sie Ihren Namen ein.");
        assert!(errors["email"].contains("gültige E-Mail-Adresse"));
        assert_eq!(errors["phone"], "Bitte verwenden Sie höchstens 30 Zeichen.");
        assert_eq!(errors["subject"], "Bitte verwenden Sie höchstens 50 Zeichen.");
        assert_eq!(errors["message"], "Bitte verwenden Sie höchstens 500 Zeichen.");
    }

    #[test]
    fn boundaries_are_inclusive_and_count_characters_not_bytes() {
        let ok = check(
            json!({"name": "é".repeat(100), "email": "a@b.nl", "subject": "ü".repeat(50), "message": "ß".repeat(500), "phone": "0031 (0)6 - 12 - 34 - 56 -  78"}),
            Lang::En,
        );
        assert!(ok.is_ok(), "{ok:?}");
    }

    #[test]
    fn dutch_belgian_and_german_numbers_are_read_on_every_page() {
        let message =
            json!({"name": "Anna", "email": "anna@example.nl", "subject": "Vraag", "message": "Hallo"});
        let phone = |typed: &str, lang| {
            let mut value = message.clone();
            value["phone"] = json!(typed);
            check(value, lang).map(|ok| ok.phone)
        };
        for lang in Lang::ALL {
            for &(typed, e164) in crate::types::phone::tests::NEIGHBOURS_TYPED {
                assert_eq!(phone(typed, lang).unwrap().as_deref(), Some(e164), "{typed} on a {lang} page");
            }
            // The reservation form's message, which names the three countries' forms.
            let refused = phone("06 1234", lang).unwrap_err();
            assert_eq!(refused["phone"], Locales::load().text(lang, "validation.phone"));
            assert!(refused["phone"].contains("(0470 12 34 56)"), "{refused:?}");
        }
    }

    #[test]
    fn wrong_types_are_field_errors() {
        let errors =
            check(json!({"name": {"x": 1}, "email": ["a@b.nl"], "subject": "s", "message": "m"}), Lang::En)
                .unwrap_err();
        assert!(errors.contains_key("name") && errors.contains_key("email"));
    }
}
