//! Page titles as search results show them: at most [`MAX_CHARS`] characters,
//! the brand once. A title's text names the page; the company name follows
//! when it fits and the text does not carry it already (a company called
//! "Taxi Roermond" would otherwise read twice on the route pages).
use crate::{i18n::Locales, types::Lang};

/// What Google shows of a title on a phone before cutting it off.
pub const MAX_CHARS: usize = 60;

/// The title of the page whose texts sit under `meta_key` (`{meta_key}.title`,
/// and a shorter `{meta_key}.titleShort` where the first may run long).
pub fn compose(
    locales: &Locales,
    lang: Lang,
    meta_key: &str,
    vars: &[(&str, &str)],
    company: &str,
) -> String {
    let short_key = format!("{meta_key}.titleShort");
    let mut candidates = vec![locales.format(lang, &format!("{meta_key}.title"), vars)];
    if locales.text(lang, &short_key) != short_key {
        candidates.push(locales.format(lang, &short_key, vars));
    }
    let fitting =
        candidates.iter().find(|text| chars(text) <= MAX_CHARS).unwrap_or(candidates.last().expect("one"));
    with_brand(fitting, company)
}

fn with_brand(text: &str, company: &str) -> String {
    let branded = format!("{text} – {company}");
    if contains_ignoring_case(text, company) || chars(&branded) > MAX_CHARS {
        text.to_string()
    } else {
        branded
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn contains_ignoring_case(text: &str, part: &str) -> bool {
    text.to_lowercase().contains(&part.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brand_follows_once_when_it_fits() {
        assert_eq!(
            with_brand("Tarieven en vaste prijzen", "Taxi Roermond"),
            "Tarieven en vaste prijzen – Taxi Roermond"
        );
        assert_eq!(
            with_brand("Taxi Roermond – Schiphol: € 230,00", "taxi roermond"),
            "Taxi Roermond – Schiphol: € 230,00"
        );
        let long = "Taxi Roermond – Luchthaven Schiphol: vaste prijs € 230,00";
        assert_eq!(with_brand(long, "Taxi Roermond Demo"), long, "no room: the page's own words win");
    }

    #[test]
    fn the_short_title_stands_in_when_the_long_one_runs_over() {
        let locales = Locales::load();
        let vars = [
            ("zone", "Roermond"),
            ("destination", "Flughafen Maastricht-Aachen (Beek)"),
            ("price", "70,00 €"),
        ];
        let title = compose(&locales, Lang::De, "landing.meta", &vars, "Taxi Roermond");
        assert_eq!(title, "Taxi Roermond – Flughafen Maastricht-Aachen (Beek), 70,00 €");
        assert!(chars(&title) <= MAX_CHARS);
        let vars = [("zone", "Roermond"), ("destination", "Flughafen Köln/Bonn"), ("price", "155,00 €")];
        let title = compose(&locales, Lang::De, "landing.meta", &vars, "Taxi Roermond");
        assert_eq!(title, "Taxi Roermond – Flughafen Köln/Bonn: Festpreis 155,00 €");
    }
}
