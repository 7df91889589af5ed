//! Customers' phone numbers: checked and normalised with libphonenumber's
//! metadata (the `phonenumber` crate), so staff get a number they can call and
//! message with one tap.
//!
//! A number typed without a country code is read in the country of the page's
//! language (German page: Germany; Dutch and English pages: the Netherlands,
//! where the company is). A valid number of any other country, typed with its
//! code (`+32 …`, `0032 …`), is accepted as well. Numbers are kept in E.164
//! form (`+491512345678`). `docs/decisions.md` ("Phone numbers") explains the choices.
use phonenumber::{country::Id, metadata::DATABASE, Mode, PhoneNumber, Type};

use serde::{Deserialize, Serialize};

use crate::types::Lang;

/// A customer's phone number in E.164 form (`+31612345678`), parsed once
/// where it enters. Records this server wrote are read back as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    /// `None` when the text is not a valid phone number (see [`normalize`]).
    pub fn parse(raw: &str, lang: Lang) -> Option<Self> {
        normalize(raw, lang).map(Self)
    }
}

text_newtype!(Phone);

/// The country a number without a country code is read in.
pub fn default_country(lang: Lang) -> Id {
    match lang {
        Lang::De => Id::DE,
        Lang::Nl | Lang::En => Id::NL,
    }
}

/// The number in E.164 form (`+31612345678`), or `None` when it is not a valid
/// phone number (letters, too short or long, a range no operator uses, an extension).
pub fn normalize(raw: &str, lang: Lang) -> Option<String> {
    parse(raw, default_country(lang)).map(|n| n.format().mode(Mode::E164).to_string())
}

fn parse(raw: &str, country: Id) -> Option<PhoneNumber> {
    // The parser reads letters as a vanity number ('0800-TAXI'); nobody types their own number so.
    if raw.chars().any(char::is_alphabetic) {
        return None;
    }
    let number = phonenumber::parse(Some(country), raw.trim()).ok()?;
    (number.is_valid() && number.extension().is_none()).then_some(number)
}

/// A `tel:` link. A stored number is in E.164 form; anything else (older
/// records) is read as Dutch, or dialled as typed when that fails.
pub fn tel_url(stored: &str) -> Option<String> {
    if let Some(number) = parse(stored, Id::NL) {
        return Some(format!("tel:{}", number.format().mode(Mode::E164)));
    }
    let trimmed = stored.trim();
    let mut out = String::new();
    if trimmed.starts_with('+') {
        out.push('+');
    }
    out.extend(trimmed.chars().filter(char::is_ascii_digit));
    (out.trim_start_matches('+').len() >= 3).then(|| format!("tel:{out}"))
}

/// `https://wa.me/<digits>` for a number that can have WhatsApp: a valid
/// mobile number (or one whose country does not tell mobile from fixed lines).
pub fn whatsapp_url(stored: &str) -> Option<String> {
    let number = parse(stored, Id::NL)?;
    let messaging = matches!(
        number.number_type(&DATABASE),
        Type::Mobile | Type::FixedLineOrMobile | Type::PersonalNumber
    );
    let e164 = number.format().mode(Mode::E164).to_string();
    messaging.then(|| crate::types::links::whatsapp_chat(e164.trim_start_matches('+'), None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn national_numbers_are_read_in_the_page_language_s_country() {
        let cases = [
            ("06 12345678", Lang::Nl, "+31612345678"),
            ("06-12345678", Lang::En, "+31612345678"),
            ("0475 123456", Lang::Nl, "+31475123456"),
            ("0151 23456789", Lang::De, "+4915123456789"),
            ("02161 123456", Lang::De, "+492161123456"),
            ("(0 21 61) 12 34 56", Lang::De, "+492161123456"),
        ];
        for (raw, lang, want) in cases {
            assert_eq!(normalize(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
        }
    }

    #[test]
    fn international_numbers_are_accepted_on_every_page() {
        let cases = [
            ("+31 6 12345678", "+31612345678"),
            ("+31 (0)6 12345678", "+31612345678"),
            ("0031 6 1234 5678", "+31612345678"),
            ("+49 151 23456789", "+4915123456789"),
            ("0049 (0)2161 123456", "+492161123456"),
            ("+32 470 12 34 56", "+32470123456"),
            ("+44 20 7946 0958", "+442079460958"),
            (" +31.6.12.34.56.78 ", "+31612345678"),
        ];
        for lang in Lang::ALL {
            for (raw, want) in cases {
                assert_eq!(normalize(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
            }
        }
    }

    #[test]
    fn text_and_impossible_numbers_are_refused() {
        for raw in [
            "abc",
            "bel mij",
            "06 CALL TAXI",
            "0612",
            "12345",
            "+31 6 1234",
            "+31 6 123456789",
            "06 1234 5678 ext 2",
            "+",
            "00",
            "+1 23",
            "0000000000",
            "+999 1234567",
            &"1".repeat(30),
        ] {
            for lang in Lang::ALL {
                assert_eq!(normalize(raw, lang), None, "{raw} on a {lang} page");
            }
        }
        // A German mobile typed nationally is no Dutch number; German 0151 mobiles have 11 digits.
        assert_eq!(normalize("0151 23456789", Lang::Nl), None);
        assert_eq!(normalize("0151 2345678", Lang::De), None);
    }

    #[test]
    fn links_use_the_international_form() {
        assert_eq!(tel_url("+4915123456789").unwrap(), "tel:+4915123456789");
        assert_eq!(whatsapp_url("+4915123456789").unwrap(), "https://wa.me/4915123456789");
        assert_eq!(whatsapp_url("+31612345678").unwrap(), "https://wa.me/31612345678");
        assert_eq!(tel_url("+31475123456").unwrap(), "tel:+31475123456");
        assert_eq!(whatsapp_url("+31475123456"), None, "a Dutch landline has no WhatsApp");
        // Older records, typed nationally: read as Dutch, else dialled as typed.
        assert_eq!(tel_url("06 12345678").unwrap(), "tel:+31612345678");
        assert_eq!(tel_url("0151 2345678").unwrap(), "tel:01512345678");
        assert_eq!(whatsapp_url("0151 2345678"), None);
        assert_eq!(tel_url("bel mij"), None);
    }
}
