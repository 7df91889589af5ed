//! The locale files (`locales/*.json`, i18next format) as the server reads them:
//! page metadata, error pages rendered without JavaScript, API messages and
//! every mail. The same files are bundled into the UI.
pub mod format;

use std::collections::HashMap;

use serde_json::Value;

use crate::types::{Country, Lang};

pub(crate) const SOURCES: [(Lang, &str); 3] = [
    (Lang::Nl, include_str!("../../../locales/nl.json")),
    (Lang::De, include_str!("../../../locales/de.json")),
    (Lang::En, include_str!("../../../locales/en.json")),
];

pub struct Locales {
    texts: HashMap<Lang, HashMap<String, String>>,
}

impl Locales {
    pub fn load() -> Self {
        let texts = SOURCES
            .iter()
            .map(|(lang, source)| {
                let value: Value = serde_json::from_str(source).expect("locale files are valid JSON");
                let mut flat = HashMap::new();
                flatten("", &value, &mut flat);
                (*lang, flat)
            })
            .collect();
        Self { texts }
    }

    /// The text under a dotted key. A missing key is a bug caught by the parity
    /// test; at run time it shows the key rather than failing the page.
    pub fn text<'a>(&'a self, lang: Lang, key: &'a str) -> &'a str {
        self.texts[&lang].get(key).map(String::as_str).unwrap_or(key)
    }

    /// The text with `{{name}}` placeholders filled in.
    pub fn format(&self, lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.text(lang, key).to_string();
        for (name, value) in args {
            text = text.replace(&format!("{{{{{name}}}}}"), value);
        }
        text
    }

    /// A text that depends on a number, as i18next plurals it: `{key}_one` or
    /// `{key}_other` by the language's plural rule, with `{{count}}` filled in.
    pub fn plural(&self, lang: Lang, key: &str, count: u64, args: &[(&str, &str)]) -> String {
        let count_text = count.to_string();
        let mut all = vec![("count", count_text.as_str())];
        all.extend_from_slice(args);
        self.format(lang, &format!("{key}_{}", plural_category(lang, count)), &all)
    }

    /// The country's name (`countries.NL` in the locale files, from CLDR by
    /// `scripts/country-names.mjs`); its code for one the files lack.
    pub fn country_name(&self, lang: Lang, country: Country) -> String {
        let name = self.texts[&lang].get(&format!("countries.{country}"));
        name.cloned().unwrap_or_else(|| country.to_string())
    }

    /// Keys of one language, for the parity test.
    pub fn keys(&self, lang: Lang) -> impl Iterator<Item = &str> {
        self.texts[&lang].keys().map(String::as_str)
    }
}

/// The CLDR cardinal plural category of a whole number. Dutch, German and
/// English share one rule: "one" for exactly 1 (without decimals), else "other";
/// the browser's `Intl.PluralRules` (and the server bundle's polyfill) agree.
pub fn plural_category(lang: Lang, count: u64) -> &'static str {
    match lang {
        Lang::Nl | Lang::De | Lang::En if count == 1 => "one",
        Lang::Nl | Lang::De | Lang::En => "other",
    }
}

fn flatten(prefix: &str, value: &Value, out: &mut HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                flatten(&key, v, out);
            }
        }
        Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_key_exists_in_every_language() {
        let locales = Locales::load();
        let all: BTreeSet<&str> = Lang::ALL.iter().flat_map(|&l| locales.keys(l)).collect();
        for lang in Lang::ALL {
            let have: BTreeSet<&str> = locales.keys(lang).collect();
            let missing: Vec<_> = all.difference(&have).collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            for key in &have {
                assert!(!locales.text(lang, key).trim().is_empty(), "{lang}: {key} is empty");
            }
        }
    }

    #[test]
    fn countries_are_named_in_every_language() {
        let l = Locales::load();
        let regions: Vec<Country> = Country::with_numbers().collect();
        assert!(regions.len() > 200, "{} regions", regions.len());
        for lang in Lang::ALL {
            for country in &regions {
                let key = format!("countries.{country}");
                assert!(
                    l.texts[&lang].contains_key(&key),
                    "{lang} lacks {key}: run scripts/country-names.mjs"
                );
            }
        }
        assert_eq!(l.country_name(Lang::De, Country::NL), "Niederlande");
        assert_eq!(l.country_name(Lang::Nl, Country::BE), "België");
    }

    #[test]
    fn spec_strings_are_exact() {
        let l = Locales::load();
        assert_eq!(l.text(Lang::En, "error.heading"), "Something went wrong!");
        assert_eq!(l.text(Lang::De, "error.heading"), "Etwas ist schief gelaufen!");
        assert_eq!(l.text(Lang::Nl, "error.heading"), "Er is iets mis gegaan!");
        assert_eq!(l.text(Lang::En, "nav.refreshQuestion"), "Would you like to refresh the page?");
    }

    #[test]
    fn counts_take_the_plural_form_of_their_language() {
        let l = Locales::load();
        let tariff = [("km", "0,4")];
        assert_eq!(
            l.plural(Lang::Nl, "form.ruleMetered", 1, &tariff),
            "Schatting volgens metertarief voor 0,4 km en 1 minuut."
        );
        assert_eq!(
            l.plural(Lang::Nl, "form.ruleMetered", 2, &tariff),
            "Schatting volgens metertarief voor 0,4 km en 2 minuten."
        );
        assert_eq!(
            l.plural(Lang::De, "form.ruleMetered", 1, &tariff),
            "Schätzung nach Taxameter-Tarif für 0,4 km und 1 Minute."
        );
        assert_eq!(
            l.plural(Lang::De, "form.ruleMetered", 0, &tariff),
            "Schätzung nach Taxameter-Tarif für 0,4 km und 0 Minuten."
        );
        assert_eq!(
            l.plural(Lang::En, "form.ruleMetered", 1, &[("km", "0.4")]),
            "Metered estimate for 0.4 km and 1 minute."
        );
        assert_eq!(
            l.plural(Lang::En, "form.ruleMetered", 11, &[("km", "0.4")]),
            "Metered estimate for 0.4 km and 11 minutes."
        );
        assert_eq!(
            l.plural(Lang::En, "mail.value.route", 1, &[("km", "0.5")]),
            "0.5 km, about 1 minute's drive"
        );
        assert_eq!(
            l.plural(Lang::De, "mail.value.route", 21, &[("km", "9,5")]),
            "9,5 km, etwa 21 Minuten Fahrzeit"
        );
    }

    /// Every text with a count has both forms in every language, and no text
    /// prints a count without them (`{{count}}` only in `_one`/`_other` keys).
    #[test]
    fn plural_keys_come_in_pairs() {
        let l = Locales::load();
        for lang in Lang::ALL {
            let keys: BTreeSet<&str> = l.keys(lang).collect();
            for key in &keys {
                if let Some(base) = key.strip_suffix("_one") {
                    assert!(keys.contains(format!("{base}_other").as_str()), "{lang}: {base}_other");
                } else if let Some(base) = key.strip_suffix("_other") {
                    assert!(keys.contains(format!("{base}_one").as_str()), "{lang}: {base}_one");
                } else {
                    assert!(
                        !l.text(lang, key).contains("{{count}}"),
                        "{lang}: {key} prints a count without plural forms"
                    );
                }
            }
        }
    }

    /// German names the debit card one way, and puts no place after a bare
    /// "nach": a place may be "Flughafen Düsseldorf", which needs "zum".
    #[test]
    fn german_names_the_card_one_way_and_a_place_without_a_missing_article() {
        let l = Locales::load();
        // Search phrases, not prose.
        for key in l.keys(Lang::De).filter(|key| !key.ends_with(".keywords")) {
            let text = l.text(Lang::De, key);
            assert!(!text.contains("Debitkarte") && !text.contains("EC-Karte"), "{key}: {text}");
            for place in ["destination", "to", "place", "town"] {
                assert!(!text.contains(&format!("nach {{{{{place}}}}}")), "{key}: {text}");
            }
        }
        assert_eq!(l.text(Lang::De, "mail.payment.debitcard"), l.text(Lang::De, "form.debitcard"));
        let fixed = l.format(Lang::De, "mail.price.fixed", &[("destination", "Flughafen Düsseldorf")]);
        assert_eq!(fixed, "Festpreis für das Ziel Flughafen Düsseldorf");
    }

    #[test]
    fn placeholders_are_filled() {
        let l = Locales::load();
        assert_eq!(l.format(Lang::En, "home.welcome", &[("company", "Taxi X")]), "Welcome to Taxi X");
    }
}
