//! Customers' phone numbers: checked and normalised with libphonenumber's
//! metadata (the `phonenumber` crate), so staff get a number they can call and
//! message with one tap.
//!
//! A number typed without a country code (`06 12345678`) is read in the
//! company's country when it is a valid number there, else in the region of the
//! page's language (German page: Germany); one typed with its code (`+32 …`,
//! `0032 …`) is read as typed. Numbers are kept in E.164 form (`+491512345678`)
//! and shown with their country (`+31 6 12345678 (Nederland)`) on the form
//! before sending and in staff mails. `docs/decisions.md` ("Phone numbers")
//! explains the choices.
use phonenumber::{country::Id, metadata::DATABASE, Mode, PhoneNumber, Type};

use serde::{Deserialize, Serialize};

use crate::types::{Country, Lang};

/// A customer's phone number in E.164 form (`+31612345678`), parsed once
/// where it enters. Records this server wrote are read back as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    /// `None` when the text is not a valid phone number (see [`normalize`]).
    pub fn parse(raw: &str, company: Country, lang: Lang) -> Option<Self> {
        normalize(raw, company, lang).map(Self)
    }
}

text_newtype!(Phone);

/// The region of the page's language: where a number that is no valid number
/// of the company's country is read next. English pages have none of their
/// own (their visitors are mostly tourists), so they read only the company's.
pub fn page_region(lang: Lang, company: Country) -> Country {
    match lang {
        Lang::De => Country::DE,
        Lang::Nl => Country::NL,
        Lang::En => company,
    }
}

/// The number in E.164 form (`+31612345678`), or `None` when it is not a valid
/// phone number (letters, too short or long, a range no operator uses, an extension).
pub fn normalize(raw: &str, company: Country, lang: Lang) -> Option<String> {
    read(raw, company, lang).map(|n| n.format().mode(Mode::E164).to_string())
}

/// The company's country first: a number typed with its country code reads
/// the same in any region, so only a national one can differ, and a number
/// valid in both (`06 12345678` is also a German landline) is the company's.
fn read(raw: &str, company: Country, lang: Lang) -> Option<PhoneNumber> {
    parse(raw, company.id()).or_else(|| parse(raw, page_region(lang, company).id()))
}

fn parse(raw: &str, country: Id) -> Option<PhoneNumber> {
    // The parser reads letters as a vanity number ('0800-TAXI'); nobody types their own number so.
    if raw.chars().any(char::is_alphabetic) {
        return None;
    }
    let raw = raw.trim();
    // A number with its country code is read in no region: read in one, its own
    // leading 0 went as that region's trunk prefix (+39 035 … is Italian, 0 and all).
    let number = match raw.strip_prefix('+').or_else(|| raw.strip_prefix("00")) {
        Some(international) => phonenumber::parse(None, format!("+{international}")).ok()?,
        None => phonenumber::parse(Some(country), raw).ok()?,
    };
    (number.is_valid() && number.extension().is_none()).then_some(number)
}

/// A number as people read it, `+31 6 12345678`, with its country (none for
/// numbers of no country, `+800 …`). A stored number is in E.164 form; older
/// records are read as Dutch; `None` when even that fails.
pub fn international(stored: &str) -> Option<(String, Option<Country>)> {
    let number = parse(stored, Id::NL)?;
    let country = number.country().id().map(Country::from_id);
    Some((number.format().mode(Mode::International).to_string(), country))
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

    /// The company's country in the settings (`company.country`).
    const HOME: Country = Country::NL;

    fn read_on(raw: &str, lang: Lang) -> Option<String> {
        normalize(raw, HOME, lang)
    }

    #[test]
    fn a_number_typed_with_its_country_code_keeps_its_own_leading_zero() {
        // Italian numbers keep their 0 after +39 (Rome 06, Bergamo 035): read as if
        // it were the Dutch trunk prefix, +39 035 … became another, valid number.
        for lang in Lang::ALL {
            for (raw, want) in [
                ("+39 06 1234 5678", "+390612345678"),
                ("+39 035 123 4567", "+390351234567"),
                ("0039 035 123 4567", "+390351234567"),
                ("+39 347 123 4567", "+393471234567"),
            ] {
                assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on {lang:?}");
            }
        }
    }

    #[test]
    fn national_numbers_are_read_in_the_company_s_country_first() {
        // Valid Dutch numbers are Dutch on every page, also where they would be
        // German landlines too (06123 is Eltville's area code): the bug of issue 40.
        for lang in Lang::ALL {
            for (raw, want) in [
                ("06 12345678", "+31612345678"),
                ("06-12345678", "+31612345678"),
                ("0475 123456", "+31475123456"),
                ("612345678", "+31612345678"),
            ] {
                assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
            }
        }
        // Valid in both, the company's country wins even for a German number: an
        // Aachen landline typed nationally is a Nijmegen one, shown so before sending.
        assert_eq!(read_on("0241 123456", Lang::De).as_deref(), Some("+31241123456"));
        assert_eq!(read_on("+49 241 123456", Lang::De).as_deref(), Some("+49241123456"));
    }

    #[test]
    fn numbers_not_valid_in_the_company_s_country_are_read_in_the_page_s_region() {
        // Dutch numbers have 9 digits after the 0; German mobiles 10 or 11, and many landlines too.
        for (raw, want) in [
            ("0151 23456789", "+4915123456789"),
            ("02161 123456", "+492161123456"),
            ("(0 21 61) 12 34 56", "+492161123456"),
        ] {
            assert_eq!(read_on(raw, Lang::De).as_deref(), Some(want), "{raw} on the German page");
            // The Dutch and English pages have no second region: typed so, it is refused.
            assert_eq!(read_on(raw, Lang::Nl), None, "{raw} on the Dutch page");
            assert_eq!(read_on(raw, Lang::En), None, "{raw} on the English page");
        }
    }

    #[test]
    fn a_belgian_mobile_typed_nationally_is_refused_or_read_in_the_page_s_region() {
        // 0470 12 34 56 is no Dutch number: the Dutch and English forms refuse it
        // (their message shows the +code form), the German form reads it as the
        // German number it also is and shows "+49 470 123456 (Deutschland)" before
        // sending. Typed with its code, it is Belgian on every page.
        assert_eq!(read_on("0470 12 34 56", Lang::Nl), None);
        assert_eq!(read_on("0470 12 34 56", Lang::En), None);
        assert_eq!(read_on("0470 12 34 56", Lang::De).as_deref(), Some("+49470123456"));
        for lang in Lang::ALL {
            assert_eq!(
                read_on("+32 470 12 34 56", lang).as_deref(),
                Some("+32470123456"),
                "on a {lang} page"
            );
            assert_eq!(
                read_on("0032 470 12 34 56", lang).as_deref(),
                Some("+32470123456"),
                "on a {lang} page"
            );
        }
    }

    #[test]
    fn the_company_s_country_comes_from_its_settings() {
        // A German company: a national number is German first, on every page.
        for lang in Lang::ALL {
            assert_eq!(normalize("0151 23456789", Country::DE, lang).as_deref(), Some("+4915123456789"));
        }
        // Not valid in Germany (0470 has too few digits there), valid on the Dutch page.
        assert_eq!(normalize("0470 12 34 56", Country::BE, Lang::De).as_deref(), Some("+32470123456"));
        assert_eq!(page_region(Lang::En, Country::BE), Country::BE);
        assert_eq!(page_region(Lang::De, Country::BE), Country::DE);
    }

    #[test]
    fn international_numbers_are_read_as_typed_on_every_page() {
        let cases = [
            ("+31 6 12345678", "+31612345678"),
            ("+31 (0)6 12345678", "+31612345678"),
            ("0031 6 1234 5678", "+31612345678"),
            ("+49 151 23456789", "+4915123456789"),
            ("+49 6123 45678", "+49612345678"),
            ("0049 (0)2161 123456", "+492161123456"),
            ("+32 470 12 34 56", "+32470123456"),
            ("+44 20 7946 0958", "+442079460958"),
            (" +31.6.12.34.56.78 ", "+31612345678"),
        ];
        for lang in Lang::ALL {
            for (raw, want) in cases {
                assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
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
                assert_eq!(read_on(raw, lang), None, "{raw} on a {lang} page");
            }
        }
        // German 0151 mobiles have 11 digits.
        assert_eq!(read_on("0151 2345678", Lang::De), None);
    }

    #[test]
    fn shown_internationally_with_the_country() {
        let shown = |stored: &str| international(stored).map(|(n, c)| (n, c.map(|c| c.to_string())));
        let pair = |n: &str, c: &str| Some((n.to_string(), Some(c.to_string())));
        assert_eq!(shown("+31612345678"), pair("+31 6 12345678", "NL"));
        // libphonenumber's grouping: 01512 is the prefix of this German mobile.
        assert_eq!(shown("+4915123456789"), pair("+49 1512 3456789", "DE"));
        assert_eq!(shown("+32470123456"), pair("+32 470 12 34 56", "BE"));
        assert_eq!(shown("+442079460958"), pair("+44 20 7946 0958", "GB"));
        // Older records, typed nationally: read as Dutch, else not at all.
        assert_eq!(shown("06 12345678"), pair("+31 6 12345678", "NL"));
        assert_eq!(shown("0151 2345678"), None);
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
