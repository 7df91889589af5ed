//! Customers' phone numbers: checked and normalised with libphonenumber's
//! metadata (the `phonenumber` crate), so staff get a number they can call and
//! message with one tap.
//!
//! A number typed without a country code (`06 12345678`, `0470 12 34 56`) is
//! read in the company's country when it is a valid number there, else in the
//! other countries the site serves, Dutch, Belgian, German in that order, then
//! in the page's region ([`reading_order`]); one typed with its code (`+32 …`,
//! `0032 …`) is read as typed. Numbers are kept in E.164 form (`+491512345678`)
//! and shown with their country (`+32 470 12 34 56 (België)`) on the form
//! before sending and in staff mails. `docs/decisions.md` ("Phone numbers")
//! explains the choices and lists the numbers valid in two countries.
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

/// The countries the site serves (its gazetteer's), in the order a number
/// typed without its country code is read in after the company's own: the two
/// with numbers of fixed length first, so that a number valid there is very
/// likely meant so; Germany last, as its metadata takes almost any length
/// (`0470 12 34 56` is a Belgian mobile and also "valid" German).
const SERVED: [Country; 3] = [Country::NL, Country::BE, Country::DE];

/// The region of the page's language (German page: Germany). English pages
/// have none of their own (their visitors are mostly tourists): the company's.
pub fn page_region(lang: Lang, company: Country) -> Country {
    match lang {
        Lang::De => Country::DE,
        Lang::Nl => Country::NL,
        Lang::En => company,
    }
}

/// Where a number typed without its country code is read, first to last: the
/// company's country (a number valid there always stays the company's), the
/// other served countries, then the page's region (one of those while the
/// pages are Dutch, German and English). The first in which it is valid wins.
pub fn reading_order(company: Country, lang: Lang) -> Vec<Country> {
    let mut order = vec![company];
    for country in SERVED.into_iter().chain([page_region(lang, company)]) {
        if !order.contains(&country) {
            order.push(country);
        }
    }
    order
}

/// The number in E.164 form (`+31612345678`), or `None` when it is not a valid
/// phone number (letters, too short or long, a range no operator uses, an extension).
pub fn normalize(raw: &str, company: Country, lang: Lang) -> Option<String> {
    read(raw, company, lang).map(|n| n.format().mode(Mode::E164).to_string())
}

/// A number typed with its country code reads the same in any region, so only
/// a national one depends on the order.
fn read(raw: &str, company: Country, lang: Lang) -> Option<PhoneNumber> {
    reading_order(company, lang).into_iter().find_map(|country| parse(raw, country.id()))
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
#[path = "phone_tests.rs"]
pub(crate) mod tests;
