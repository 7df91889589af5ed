//! The landing page of each fixed-price destination: its path in each language,
//! made from the zone's and the destination's names (`/taxi-roermond-luchthaven-schiphol`,
//! `/de/taxi-roermond-flughafen-duesseldorf`, `/en/taxi-roermond-to-schiphol-airport`).
use crate::config::TariffSettings;

use crate::types::Lang;

pub fn path(tariff: &TariffSettings, index: usize, lang: Lang) -> String {
    let zone = slug(&tariff.zone.name);
    let to = slug(tariff.destinations[index].name.get(lang));
    match lang {
        Lang::Nl => format!("/taxi-{zone}-{to}"),
        Lang::De => format!("/de/taxi-{zone}-{to}"),
        Lang::En => format!("/en/taxi-{zone}-to-{to}"),
    }
}

/// The destination and language of a landing page's path.
pub fn find(tariff: &TariffSettings, path: &str) -> Option<(usize, Lang)> {
    // Every landing path has it; most paths asked for (the host check asks on each read) do not.
    if !path.contains("/taxi-") {
        return None;
    }
    (0..tariff.destinations.len())
        .flat_map(|index| Lang::ALL.iter().map(move |&lang| (index, lang)))
        .find(|&(index, lang)| self::path(tariff, index, lang) == path)
}

/// Lower-case ASCII words joined by `-`, with German and accented letters
/// spelled the way people type them (`ü` → `ue`, `è` → `e`).
fn slug(text: &str) -> String {
    let mut out = String::new();
    for ch in text.to_lowercase().chars() {
        let spelled = match ch {
            'ä' => "ae",
            'ö' => "oe",
            'ü' => "ue",
            'ß' => "ss",
            'à' | 'á' | 'â' => "a",
            'è' | 'é' | 'ê' | 'ë' => "e",
            'ì' | 'í' | 'î' | 'ï' => "i",
            'ò' | 'ó' | 'ô' => "o",
            'ù' | 'ú' | 'û' => "u",
            'ç' => "c",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        out.push_str(spelled);
    }
    out.split('-').filter(|part| !part.is_empty()).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{config::Settings, site::Page};

    #[test]
    fn paths_are_readable_unique_and_found_again() {
        let settings = Settings::load_from(&Default::default()).unwrap();
        let t = &settings.tariff;
        let dus = t.destinations.iter().position(|d| d.id == "dus").unwrap();
        assert_eq!(path(t, dus, Lang::De), "/de/taxi-roermond-flughafen-duesseldorf");
        assert_eq!(path(t, dus, Lang::En), "/en/taxi-roermond-to-duesseldorf-airport");
        let ams = t.destinations.iter().position(|d| d.id == "ams").unwrap();
        assert_eq!(path(t, ams, Lang::Nl), "/taxi-roermond-luchthaven-schiphol");
        let mut seen = std::collections::HashSet::new();
        for index in 0..t.destinations.len() {
            for lang in Lang::ALL {
                let p = path(t, index, lang);
                assert!(seen.insert(p.clone()), "{p} twice");
                assert!(Page::from_path(&p).is_none(), "{p} is a page");
                assert_eq!(find(t, &p), Some((index, lang)));
            }
        }
        assert_eq!(slug("Liège"), "liege");
        assert_eq!(slug("Maastricht Aachen Airport (Beek)"), "maastricht-aachen-airport-beek");
        assert_eq!(slug("Köln/Bonn"), "koeln-bonn");
    }
}
