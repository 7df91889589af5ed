//! Dates, times and numbers as people read them, per language, from the locale
//! files: mails, the WhatsApp message and the price explanation all write them here.
//!
//! Mails are read by people, not parsed: 'maandag 24 november 2025 om 14:30',
//! 'Montag, 24. November 2025 um 14:30 Uhr'. Subjects use the short numeric
//! form ('24-11', '24.11.', '24/11') to stay short; the WhatsApp message the
//! full numeric date ('24-11-2025'). Times are always 24-hour. A customer's
//! phone number is shown internationally with its country's name.
use jiff::{
    civil::{Date, DateTime, Weekday},
    Timestamp,
};

use crate::{
    i18n::Locales,
    types::{phone, Lang},
};

/// `24-11` (nl), `24.11.` (de), `24/11` (en).
pub fn date_short(locales: &Locales, lang: Lang, at: impl Into<DateTime>) -> String {
    let at: DateTime = at.into();
    locales.format(
        lang,
        "mail.format.dateShort",
        &[("day", &format!("{:02}", at.day())), ("month", &format!("{:02}", at.month()))],
    )
}

/// `24-11-2025` (nl), `24.11.2025` (de), `24/11/2025` (en).
pub fn date_numeric(locales: &Locales, lang: Lang, date: Date) -> String {
    let (day, month) = (format!("{:02}", date.day()), format!("{:02}", date.month()));
    locales.format(
        lang,
        "mail.format.dateNumeric",
        &[("day", &day), ("month", &month), ("year", &date.year().to_string())],
    )
}

/// `14:30`.
pub fn time(at: impl Into<DateTime>) -> String {
    let at: DateTime = at.into();
    format!("{:02}:{:02}", at.hour(), at.minute())
}

/// `maandag 24 november 2025`.
pub fn date_long(locales: &Locales, lang: Lang, at: impl Into<DateTime>) -> String {
    let at: DateTime = at.into();
    let weekday = match at.weekday() {
        Weekday::Monday => "monday",
        Weekday::Tuesday => "tuesday",
        Weekday::Wednesday => "wednesday",
        Weekday::Thursday => "thursday",
        Weekday::Friday => "friday",
        Weekday::Saturday => "saturday",
        Weekday::Sunday => "sunday",
    };
    locales.format(
        lang,
        "mail.format.dateLong",
        &[
            ("weekday", locales.text(lang, &format!("mail.weekday.{weekday}"))),
            ("day", &at.day().to_string()),
            ("monthName", locales.text(lang, &format!("mail.month.{}", at.month()))),
            ("year", &at.year().to_string()),
        ],
    )
}

/// `maandag 24 november 2025 om 14:30`.
pub fn date_time_long(locales: &Locales, lang: Lang, at: impl Into<DateTime>) -> String {
    let at: DateTime = at.into();
    locales.format(
        lang,
        "mail.value.dateTime",
        &[("date", &date_long(locales, lang, at)), ("time", &time(at))],
    )
}

/// A moment as local time in the company's time zone.
pub fn local(at: Timestamp) -> DateTime {
    let tz = crate::types::company_zone();
    at.to_zoned(tz).datetime()
}

/// One decimal, with the language's decimal separator: `178,4` or `178.4`.
pub fn decimal1(value: f64, lang: Lang) -> String {
    let text = format!("{:.1}", value);
    match lang {
        Lang::Nl | Lang::De => text.replace('.', ","),
        Lang::En => text,
    }
}

/// `+31 6 12345678 (Nederland)`: a stored phone number as the form shows it
/// before sending and staff read it, the country named in `lang`. A number of
/// no country (`+800 …`) is shown without one; one that cannot be read, as stored.
pub fn phone_with_country(locales: &Locales, lang: Lang, stored: &str) -> String {
    match phone::international(stored) {
        Some((number, Some(country))) => locales.format(
            lang,
            "form.phoneWithCountry",
            &[("number", &number), ("country", &locales.country_name(lang, country))],
        ),
        Some((number, None)) => number,
        None => stored.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_with_their_country_in_each_language() {
        let l = Locales::load();
        let shown = |lang, stored| phone_with_country(&l, lang, stored);
        assert_eq!(shown(Lang::Nl, "+31612345678"), "+31 6 12345678 (Nederland)");
        assert_eq!(shown(Lang::De, "+31612345678"), "+31 6 12345678 (Niederlande)");
        assert_eq!(shown(Lang::En, "+31612345678"), "+31 6 12345678 (Netherlands)");
        assert_eq!(shown(Lang::Nl, "+4915123456789"), "+49 1512 3456789 (Duitsland)");
        assert_eq!(shown(Lang::De, "+32470123456"), "+32 470 12 34 56 (Belgien)");
        assert_eq!(shown(Lang::De, "+31241123456"), "+31 24 112 3456 (Niederlande)");
        assert_eq!(shown(Lang::En, "+442079460958"), "+44 20 7946 0958 (United Kingdom)");
        assert_eq!(shown(Lang::En, "+80012345678"), "+800 1234 5678", "no country");
        assert_eq!(shown(Lang::Nl, "0151 2345678"), "0151 2345678", "an older record, as stored");
    }

    #[test]
    fn dates_per_language() {
        let l = Locales::load();
        let at: DateTime = "2025-11-24T14:30".parse().unwrap();
        assert_eq!(date_short(&l, Lang::Nl, at), "24-11");
        assert_eq!(date_short(&l, Lang::De, at), "24.11.");
        assert_eq!(date_short(&l, Lang::En, at), "24/11");
        assert_eq!(date_time_long(&l, Lang::Nl, at), "maandag 24 november 2025 om 14:30");
        assert_eq!(date_time_long(&l, Lang::De, at), "Montag, 24. November 2025 um 14:30 Uhr");
        assert_eq!(date_time_long(&l, Lang::En, at), "Monday 24 November 2025 at 14:30");
        let early: DateTime = "2026-03-01T06:05".parse().unwrap();
        assert_eq!(date_short(&l, Lang::Nl, early), "01-03");
        let date = jiff::civil::date(2026, 11, 4);
        assert_eq!(date_numeric(&l, Lang::Nl, date), "04-11-2026");
        assert_eq!(date_numeric(&l, Lang::De, date), "04.11.2026");
        assert_eq!(date_numeric(&l, Lang::En, date), "04/11/2026");
        assert_eq!(time(early), "06:05");
    }

    #[test]
    fn local_time_follows_summer_time() {
        assert_eq!(local("2025-11-20T09:15:00Z".parse().unwrap()).to_string(), "2025-11-20T10:15:00");
        assert_eq!(local("2025-07-20T09:15:00Z".parse().unwrap()).to_string(), "2025-07-20T11:15:00");
        assert_eq!(decimal1(178.44, Lang::Nl), "178,4");
        assert_eq!(decimal1(12.0, Lang::En), "12.0");
    }
}
