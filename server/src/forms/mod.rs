//! Server-side validation of the three forms, the authority over what the
//! browser checked. Input arrives as JSON (the API) or as a urlencoded form post
//! (no JavaScript); both become an [`Input`] of loose text fields first, so a
//! number sent as a string or a string sent as a number is read the same way.
//! A check knows no language: every rejection is a [`Problem`] (a locale key,
//! a count, the values the check knows), keyed by the field names of the
//! form's request, declared once ([`request`]) for the checks and the UI
//! contract alike, and is worded once, at the edge ([`worded`]), where the
//! company's phone number and the request's language are known.
pub mod antispam;
pub mod caps;
pub mod phone_check;
pub mod proof;
pub mod refusals;
pub mod request;
pub mod submission;

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;
use validator::ValidateLength;

use crate::{
    i18n::{format::date_time_long, Locales},
    types::{limits::LIMITS, Country, Email, Lang, Phone, Pickup},
};

/// A field sent as a list or an object where text belongs (JSON only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotText;

/// Field name → localized message.
pub type FieldErrors = BTreeMap<&'static str, String>;

/// What is wrong with one field, before it is worded: the locale key of its
/// message, the number a message that counts is chosen by, and the values
/// the check knows, by the names the message uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `validation.tooLong`, `funnel.validation.flightNumber`, ….
    pub key: String,
    /// For a message that counts (`{key}_one` / `{key}_other`).
    pub count: Option<u64>,
    pub args: Vec<(&'static str, Arg)>,
}

/// A value a message names: text as it is, or a time, worded in the
/// language of the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Time(Pickup),
    /// A text the company wrote in each language (`booking.closed`'s messages).
    Own(crate::config::LocalizedText),
}

impl From<u64> for Arg {
    fn from(number: u64) -> Self {
        Self::Text(number.to_string())
    }
}

impl From<Pickup> for Arg {
    fn from(at: Pickup) -> Self {
        Self::Time(at)
    }
}

/// Field name → what is wrong with it (the first problem found).
pub type Problems = BTreeMap<&'static str, Problem>;

/// `problems` in `lang`: each field's message with its own values (times in
/// words) and `known`, what only the edge knows (the company's phone number,
/// which the refusals a call can solve name).
pub fn worded(problems: &Problems, lang: Lang, locales: &Locales, known: &[(&str, &str)]) -> FieldErrors {
    problems
        .iter()
        .map(|(field, problem)| {
            let own: Vec<(&str, String)> = (problem.args.iter())
                .map(|(name, arg)| match arg {
                    Arg::Text(text) => (*name, text.clone()),
                    Arg::Time(at) => (*name, date_time_long(locales, lang, *at)),
                    Arg::Own(text) => (*name, text.get(lang).to_string()),
                })
                .collect();
            let mut args: Vec<(&str, &str)> =
                own.iter().map(|(name, value)| (*name, value.as_str())).collect();
            args.extend_from_slice(known);
            let message = match problem.count {
                Some(count) => locales.plural(lang, &problem.key, count, &args),
                None => locales.format(lang, &problem.key, &args),
            };
            (*field, message)
        })
        .collect()
}

/// Why a request body could not even be read as a form.
#[derive(Debug, PartialEq, Eq)]
pub enum BodyError {
    NotAnObject,
}

/// The submitted fields as text. Values that are neither text nor numbers
/// (objects, arrays) are remembered as wrong so the field gets a message.
#[derive(Debug, Default, Clone)]
pub struct Input {
    fields: HashMap<String, Result<String, NotText>>,
}

impl Input {
    pub fn from_json(value: Value) -> Result<Self, BodyError> {
        let Value::Object(map) = value else { return Err(BodyError::NotAnObject) };
        let fields = map
            .into_iter()
            .map(|(k, v)| {
                let text = match v {
                    Value::String(s) => Ok(s),
                    Value::Number(n) => Ok(n.to_string()),
                    Value::Bool(b) => Ok(b.to_string()),
                    Value::Null => Ok(String::new()),
                    Value::Array(_) | Value::Object(_) => Err(NotText),
                };
                (k, text)
            })
            .collect();
        Ok(Self { fields })
    }

    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self { fields: pairs.into_iter().map(|(k, v)| (k, Ok(v))).collect() }
    }

    /// The field's text, trimmed, with control characters turned into spaces
    /// (nothing typed in a one-line field may break a mail header).
    pub fn line(&self, name: &str) -> Result<String, NotText> {
        self.raw(name).map(|s| {
            s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
        })
    }

    /// Multi-line text: keeps line breaks, drops other control characters.
    pub fn text(&self, name: &str) -> Result<String, NotText> {
        self.raw(name).map(|s| {
            s.replace("\r\n", "\n")
                .chars()
                .filter(|c| *c == '\n' || *c == '\t' || !c.is_control())
                .collect::<String>()
                .trim()
                .to_string()
        })
    }

    fn raw(&self, name: &str) -> Result<String, NotText> {
        match self.fields.get(name) {
            None => Ok(String::new()),
            Some(Ok(s)) => Ok(s.clone()),
            Some(Err(NotText)) => Err(NotText),
        }
    }

    /// The values as typed, for showing a form again after an error.
    pub fn values(&self) -> BTreeMap<String, String> {
        self.fields.iter().filter_map(|(k, v)| v.as_ref().ok().map(|v| (k.clone(), v.clone()))).collect()
    }
}

/// Collects what is wrong with each field, in no language.
#[derive(Debug, Default)]
pub struct Checker {
    pub problems: Problems,
}

impl Checker {
    pub fn new() -> Self {
        Self::default()
    }

    /// A problem under `validation.{key}`.
    pub fn fail(&mut self, field: &'static str, key: &str, args: &[(&'static str, Arg)]) {
        self.fail_with(field, &format!("validation.{key}"), args);
    }

    /// Like [`Checker::fail`] with the message's full locale key.
    pub fn fail_with(&mut self, field: &'static str, locale_key: &str, args: &[(&'static str, Arg)]) {
        self.add(field, Problem { key: locale_key.to_string(), count: None, args: args.to_vec() });
    }

    /// Like [`Self::fail`], for a message that counts something (`{key}_one`/`_other`).
    pub fn fail_counting(&mut self, field: &'static str, key: &str, count: u64) {
        self.add(field, Problem { key: format!("validation.{key}"), count: Some(count), args: Vec::new() });
    }

    /// The field's first problem stays.
    fn add(&mut self, field: &'static str, problem: Problem) {
        self.problems.entry(field).or_insert(problem);
    }

    /// Whether `field` has a problem already.
    pub fn failed(&self, field: &str) -> bool {
        self.problems.contains_key(field)
    }

    /// An optional phone number, in E.164 form (`+31612345678`); a number without
    /// a country code is read in the `company`'s country first, then in the
    /// Netherlands, Belgium, Germany, then the region of the page's language
    /// `lang` (`types::phone::reading_order`).
    pub fn phone(
        &mut self,
        input: &Input,
        field: &'static str,
        (company, lang): (Country, Lang),
    ) -> Option<Phone> {
        let typed = self.optional(input, field, LIMITS.phone);
        if typed.is_empty() || self.failed(field) {
            return None;
        }
        let parsed = Phone::parse(&typed, company, lang);
        if parsed.is_none() {
            self.fail(field, "phone", &[]);
        }
        parsed
    }

    /// A one-line field that may be empty, at most `max` characters.
    pub fn optional(&mut self, input: &Input, field: &'static str, max: u64) -> String {
        match input.line(field) {
            Err(NotText) => {
                self.fail(field, "required", &[]);
                String::new()
            }
            Ok(value) => {
                if !value.validate_length(None, Some(max), None) {
                    self.fail(field, "tooLong", &[("max", max.into())]);
                }
                value
            }
        }
    }

    /// A one-line field that must be filled in; `required_key` names its message.
    pub fn required(&mut self, input: &Input, field: &'static str, max: u64, required_key: &str) -> String {
        let value = self.optional(input, field, max);
        if value.is_empty() {
            self.fail(field, required_key, &[]);
        }
        value
    }

    /// The visitor's name: required, and no web address, e-mail address or
    /// phone number in it (it reaches the company's mails).
    pub fn name(&mut self, input: &Input, field: &'static str) -> String {
        let value = self.required(input, field, LIMITS.name, "nameRequired");
        if crate::types::person_name::carries_contact(&value) {
            self.fail(field, "nameOnly", &[]);
        }
        value
    }

    /// A required e-mail address a mail can reach; `None` after its problem.
    pub fn email(&mut self, input: &Input, field: &'static str) -> Option<Email> {
        let value = self.required(input, field, LIMITS.email, "emailRequired");
        if value.is_empty() {
            return None;
        }
        let email = Email::parse(&value);
        if email.is_none() {
            self.fail(field, "email", &[]);
        }
        email
    }

    pub fn into_result<T>(self, value: T) -> Result<T, Problems> {
        self.finish(|| Some(value))
    }

    /// The checked value, or every field's problem. `build` gets the fields
    /// that parsed; one that did not has left its problem, so `build` returns
    /// `None` only when there are problems to show.
    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, Problems> {
        match (self.problems.is_empty(), build()) {
            (true, Some(value)) => Ok(value),
            _ => Err(self.problems),
        }
    }
}

#[cfg(test)]
mod checker_tests;
