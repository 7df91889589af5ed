//! `POST /api/phone/{language}` with `{"phone": "06 12345678"}`: the number as
//! the server reads it, for the forms to show under the phone field before
//! sending (`+31 6 12345678 (Niederlande)`), or why it is no number. The rule
//! and libphonenumber's metadata stay on the server (`types::phone`), far too
//! big for phones to download; sending still decides. Read-only: a POST only so
//! that the number stays out of URLs (proxy logs, history).
use actix_web::{http::header, web, HttpResponse};
use serde::Serialize;
use ts_rs::TS;

use crate::{
    config::Settings,
    forms::{request::request, submission::FormCall, worded, Checker},
    i18n::{format::phone_with_country, Locales},
    types::phone,
};

request! {
    /// A phone number to read, as the forms' phone field sends it.
    pub struct PhoneCheckRequest: PHONE_CHECK {
        phone = "phone",
    }
}

/// A typed phone number as read: all but `error` when it is a number,
/// only `error` when not, nothing for an empty field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
#[ts(optional_fields)]
pub struct PhoneReading {
    /// `+31 6 12345678`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub international: Option<String>,
    /// The number's country in the page's language (none for numbers of no country, `+800 …`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// Both as the form shows them: `+31 6 12345678 (Nederland)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown: Option<String>,
    /// What sending it would say under the field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

pub async fn phone_check(
    call: FormCall,
    settings: web::Data<Settings>,
    locales: web::Data<Locales>,
) -> HttpResponse {
    let lang = call.lang;
    // The forms' own check, so the answer is what sending would decide.
    let mut checker = Checker::new();
    let field = PHONE_CHECK.phone;
    let read = checker.phone(&call.input, field, (settings.company.country, lang));
    let reading = match read {
        Some(number) => {
            let (international, country) =
                phone::international(&number).unwrap_or_else(|| (number.to_string(), None));
            PhoneReading {
                international: Some(international),
                country: country.map(|c| locales.country_name(lang, c)),
                shown: Some(phone_with_country(&locales, lang, &number)),
                error: None,
            }
        }
        None => {
            let error = worded(&checker.problems, lang, &locales, &[]).remove(field);
            PhoneReading { error, ..PhoneReading::default() }
        }
    };
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(reading)
}
