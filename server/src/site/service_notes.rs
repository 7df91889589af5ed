//! What the form pages say of the company's service beside the form: the hours in
//! which requests are answered (from the settings the booking mail's promise uses)
//! and the next closure (`booking.closed`), worded on the server in the page's
//! language. The cached pages that carry them are kept per closure era, so a
//! closure that ends leaves them without a restart.
use jiff::Timestamp;

use crate::{
    config::{Closure, Settings},
    i18n::{format::date_time_long, Locales},
    site::contract::ServiceNotes,
    types::Lang,
};

/// How many of the closures have ended at `now`: the pages' cache era. Closures end
/// in the order of their `until`, so the count tells which are left.
pub fn closures_ended(closed: &[Closure], now: Timestamp) -> usize {
    closed.iter().filter(|c| c.until.instant() <= now).count()
}

/// The closure still to come (or under way) that starts first.
fn next_closure(closed: &[Closure], now: Timestamp) -> Option<&Closure> {
    closed.iter().filter(|c| c.until.instant() > now).min_by_key(|c| c.from)
}

/// The notes in `lang`; none of them when there is nothing to say.
pub fn service_notes(
    settings: &Settings,
    locales: &Locales,
    lang: Lang,
    now: Timestamp,
) -> Option<ServiceNotes> {
    let m = &settings.mail;
    let answers = (m.answer_within_minutes > 0).then(|| {
        let (minutes, from, until) =
            (m.answer_within_minutes.to_string(), m.answer_from.to_string(), m.answer_until.to_string());
        locales.format(lang, "service.answers", &[("minutes", &minutes), ("from", &from), ("until", &until)])
    });
    let closure = next_closure(&settings.booking.closed, now).map(|c| {
        let (from, until) = (date_time_long(locales, lang, c.from), date_time_long(locales, lang, c.until));
        locales.format(
            lang,
            "service.closed",
            &[("from", &from), ("until", &until), ("message", c.message.get(lang))],
        )
    });
    (answers.is_some() || closure.is_some()).then_some(ServiceNotes { answers, closure })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{config::LocalizedText, types::Pickup};

    fn closure(from: &str, until: &str) -> Closure {
        let text = LocalizedText { nl: "nl".into(), de: "de".into(), en: "en".into() };
        Closure { from: Pickup::parse(from).unwrap(), until: Pickup::parse(until).unwrap(), message: text }
    }

    #[test]
    fn the_era_counts_ended_closures_and_the_next_is_the_earliest_left() {
        let closed = [
            closure("2030-12-24T18:00", "2030-12-27T06:00"),
            closure("2030-08-01T00:00", "2030-08-15T00:00"),
        ];
        let at = |text: &str| Pickup::parse(text).unwrap().instant();
        assert_eq!(closures_ended(&closed, at("2030-07-01T00:00")), 0);
        assert_eq!(
            next_closure(&closed, at("2030-07-01T00:00")),
            Some(&closed[1]),
            "the earlier one, listed second"
        );
        assert_eq!(next_closure(&closed, at("2030-08-10T00:00")), Some(&closed[1]), "under way");
        assert_eq!(closures_ended(&closed, at("2030-08-15T00:00")), 1, "`until` is open again");
        assert_eq!(next_closure(&closed, at("2030-08-15T00:00")), Some(&closed[0]));
        assert_eq!(closures_ended(&closed, at("2030-12-27T06:00")), 2);
        assert_eq!(next_closure(&closed, at("2030-12-27T06:00")), None);
    }
}
