use serde::{Deserialize, Serialize};

/// A language of the site. The URL decides the language of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Nl,
    De,
    En,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Nl, Lang::De, Lang::En];

    /// Parses an exact language code as used in paths and the `lang` cookie.
    pub fn parse(code: &str) -> Option<Lang> {
        match code {
            "nl" => Some(Lang::Nl),
            "de" => Some(Lang::De),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Nl => "nl",
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language a browser prefers: German → de, Dutch → nl, anything else →
    /// en; `None` when the header names no language at all. Where it counts is
    /// the language rule in `docs/decisions.md`.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, usize, &str)> = None;
        for (index, item) in header.split(',').enumerate() {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            if tag.is_empty() {
                continue;
            }
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|v| v.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q <= 0.0 {
                continue;
            }
            // Highest q wins; among equals, the earlier entry.
            if best.is_none_or(|(bq, _, _)| q > bq) {
                best = Some((q, index, tag));
            }
        }
        let (_, _, tag) = best?;
        let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
        Some(match primary.as_str() {
            "de" => Lang::De,
            "nl" => Lang::Nl,
            _ => Lang::En,
        })
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_only_exact_codes() {
        assert_eq!(Lang::parse("nl"), Some(Lang::Nl));
        assert_eq!(Lang::parse("de"), Some(Lang::De));
        assert_eq!(Lang::parse("en"), Some(Lang::En));
        for bad in ["", "NL", "fr", "nl-BE", "english"] {
            assert_eq!(Lang::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn accept_language_picks_german_dutch_or_else_english() {
        assert_eq!(Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.8"), Some(Lang::De));
        assert_eq!(Lang::from_accept_language("nl-NL,nl;q=0.9"), Some(Lang::Nl));
        assert_eq!(Lang::from_accept_language("fr-FR,fr;q=0.9"), Some(Lang::En));
        assert_eq!(Lang::from_accept_language("en;q=0.5, de;q=0.8"), Some(Lang::De));
        assert_eq!(Lang::from_accept_language("de;q=0, nl"), Some(Lang::Nl));
        assert_eq!(Lang::from_accept_language("*"), Some(Lang::En));
        assert_eq!(Lang::from_accept_language(""), None);
        assert_eq!(Lang::from_accept_language(" , "), None);
    }
}
