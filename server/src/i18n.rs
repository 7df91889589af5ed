//! The locale files (`locales/*.json`, i18next format) as the server reads them:
//! page metadata, error pages rendered without JavaScript, and (later) API
//! messages and mails. The same files are bundled into the UI.
use std::collections::HashMap;

use serde_json::Value;

use crate::domain::Lang;

const SOURCES: [(Lang, &str); 3] = [
    (Lang::Nl, include_str!("../../locales/nl.json")),
    (Lang::De, include_str!("../../locales/de.json")),
    (Lang::En, include_str!("../../locales/en.json")),
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

    /// Keys of one language, for the parity test.
    pub fn keys(&self, lang: Lang) -> impl Iterator<Item = &str> {
        self.texts[&lang].keys().map(String::as_str)
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
    fn spec_strings_are_exact() {
        let l = Locales::load();
        assert_eq!(l.text(Lang::En, "error.heading"), "Something went wrong!");
        assert_eq!(l.text(Lang::De, "error.heading"), "Etwas ist schief gelaufen!");
        assert_eq!(l.text(Lang::Nl, "error.heading"), "Er is iets mis gegaan!");
        assert_eq!(l.text(Lang::En, "nav.refreshQuestion"), "Would you like to refresh the page?");
    }

    #[test]
    fn placeholders_are_filled() {
        let l = Locales::load();
        assert_eq!(l.format(Lang::En, "home.welcome", &[("company", "Taxi X")]), "Welcome to Taxi X");
    }
}
