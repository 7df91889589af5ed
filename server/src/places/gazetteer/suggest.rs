//! The suggestion list: what the visitor typed read as a street with its town,
//! a postcode, a street in the company's own town, and places by name.
//!
//! Locals type a street without the town ("Kapellerlaan 30", "Munsterplein
//! 1"): the town is theirs and the company's. Text that reads like a street —
//! a house number after a name, or a last word ending like a street
//! ([`looks_like_street`]: -straat, -laan, -plein, -straße, …) — is offered as
//! that street in the tariff zone's town, placed there approximately, unless
//! it names a place: a word of it is a town's, airport's or station's whole
//! name ("Venlo 12", "Terminal 1 Schiphol"), or, without a house number, the
//! whole text is some place's name ("Borussia Park") or starts a town's,
//! airport's or station's ("Maastr"). With a house number the street comes
//! first; without, after the other places whose names start with the text
//! (at most three). A street whose town is typed with one error
//! ('Hamstraat 12 Roermnd') is that town's street too, after the places
//! the text names in full, and never itself named in full.
use crate::places::gazetteer::{
    addresses::{address_id, looks_like_street, names_a_kind, MAX_ADDRESS_CHARS},
    matching::{fold, prefix_code, Hit, Scope},
    truncate_chars, Gazetteer, KeyClass, Kind, MAX_INPUT_CHARS, MAX_SUGGESTIONS,
};
use crate::places::{PlaceKind, Suggestion};
use crate::types::{limits::LIMITS, Lang};

/// Most places put before a street in the company's town that has no house number.
const MAX_AHEAD_OF_STREET: usize = 3;

/// Text read as a street in the company's town.
struct HomeStreet<'a> {
    text: &'a str,
    /// Ends in a house number ('Kapellerlaan 30', 'Markt 12a').
    numbered: bool,
}

impl Gazetteer {
    /// Suggestions for what the visitor typed (synchronous core of the trait method).
    pub fn suggest(&self, input: &str, lang: Lang) -> Vec<Suggestion> {
        let input = truncate_chars(input.trim(), MAX_INPUT_CHARS);
        if input.chars().filter(|c| c.is_alphanumeric()).count() < LIMITS.search_min_chars {
            return Vec::new();
        }
        let mut out: Vec<Suggestion> = Vec::with_capacity(MAX_SUGGESTIONS);
        let mut rest_query: Option<String> = None;
        // Without a house number, a place's whole name is that place, not a
        // street in a town ('Roermond centrum (Munsterplein)' ends like one).
        let names_no_place = || {
            input.chars().any(|c| c.is_ascii_digit())
                || !self.search(input, lang, MAX_SUGGESTIONS, Scope::All).iter().any(|h| h.exact)
        };
        let parsed = self
            .parse_address(input)
            .or_else(|| self.parse_address_with_typo(input))
            .filter(|_| names_no_place());
        // A street in a town typed with an error: after the places named in full.
        let mut late: Vec<Suggestion> = Vec::new();
        if let Some(addr) = &parsed {
            let text = truncate_chars(input, MAX_ADDRESS_CHARS);
            for &loc in addr.localities.iter().take(2) {
                let s = self.address_suggestion(loc, &addr.street, text, lang);
                match addr.typo {
                    false => out.push(s),
                    true => late.push(Suggestion { exact: false, whole_words: false, ..s }),
                }
            }
            rest_query = Some(addr.locality_text.clone());
        }
        let postcode = self.typed_postcode(input);
        if let Some(postcode) = &postcode {
            rest_query.get_or_insert(postcode.rest.clone());
        }
        let query = rest_query.as_deref().unwrap_or(input);
        let mut hits = self.search(query, lang, MAX_SUGGESTIONS * 2, Scope::All);
        if let Some(postcode) = &postcode {
            // A postcode beside a town far from its area: neither is what the text names in full.
            let disagrees = parsed.is_none() && self.postcode_disagrees(postcode, &hits);
            if disagrees {
                hits.iter_mut().for_each(|hit| hit.exact = false);
            }
            out.push(self.suggestion_of(postcode.index, lang, !disagrees));
        }
        let street = match (&parsed, &postcode) {
            (None, None) => self.home_street(input, &hits),
            _ => None,
        };
        // Places by name, without repeating what the list holds already.
        let mut places: Vec<(Suggestion, u8)> = Vec::new();
        for hit in &hits {
            let s = Suggestion { whole_words: hit.whole, ..self.suggestion_of(hit.index, lang, hit.exact) };
            let same = |o: &Suggestion| o.main_text == s.main_text && o.secondary_text == s.secondary_text;
            if !out.iter().any(same) && !places.iter().any(|(o, _)| same(o)) {
                places.push((s, hit.tier));
            }
        }
        if let Some((street, home)) = street.zip(self.home) {
            let ahead = if street.numbered {
                0
            } else {
                places.iter().take_while(|(_, tier)| *tier >= 5).count().min(MAX_AHEAD_OF_STREET)
            };
            let s = self.address_suggestion(home, street.text, street.text, lang);
            places.insert(ahead, (s, 6));
        }
        let named_in_full = places.iter().take_while(|(s, _)| s.exact).count();
        places.splice(named_in_full..named_in_full, late.into_iter().map(|s| (s, 0)));
        out.extend(places.into_iter().map(|(s, _)| s));
        out.truncate(MAX_SUGGESTIONS);
        out
    }

    /// A typed street in a locality, kept as typed: its id resolves to the locality.
    fn address_suggestion(&self, loc: u32, street: &str, text: &str, lang: Lang) -> Suggestion {
        let p = &self.places[loc as usize];
        Suggestion {
            id: address_id(&p.id, text),
            main_text: street.to_string(),
            secondary_text: format!("{}, {}", self.display_name(p, lang), self.secondary_text(p, lang)),
            // No streets in the data: placed at the town.
            approximate: true,
            kind: Some(PlaceKind::Address),
            // The visitor's own words, kept: nothing else is put in their place.
            exact: true,
            whole_words: true,
        }
    }

    /// `input` as a street in the company's town, if it reads as one and names no place.
    fn home_street<'a>(&self, input: &'a str, hits: &[Hit]) -> Option<HomeStreet<'a>> {
        self.home?;
        let text = truncate_chars(input, MAX_ADDRESS_CHARS);
        let numbered = ends_in_house_number(text);
        if !(numbered || looks_like_street(text)) || names_a_kind(text) {
            return None;
        }
        let folded = fold(text, false);
        if folded.split(' ').any(|w| self.names_a_place(w)) {
            return None;
        }
        // Without a number, the whole text may be a name, or the start of a
        // town's ('Maastr' ends like 'Hauptstr').
        let a_name = |h: &Hit| {
            let kind = self.places[h.index as usize].kind;
            h.exact || (h.tier >= 5 && matches!(kind, Kind::Locality | Kind::Airport | Kind::Station))
        };
        if !numbered && hits.iter().any(a_name) {
            return None;
        }
        Some(HomeStreet { text, numbered })
    }

    /// Whether `word` (folded) is the whole name of a town, airport or station:
    /// such a word makes text a place, not a street ('Venlo 12').
    fn names_a_place(&self, word: &str) -> bool {
        if word.len() < 3 || word.bytes().any(|b| b.is_ascii_digit()) {
            return false;
        }
        let Some(candidates) = self.by_prefix.get(&prefix_code(word)) else { return false };
        candidates.iter().any(|&k| {
            let key = &self.keys[k as usize];
            let kind = self.places[key.place as usize].kind;
            key.class == KeyClass::Name
                && *key.text == *word
                && matches!(kind, Kind::Locality | Kind::Airport | Kind::Station)
        })
    }
}

/// Whether `text` ends in a house number after a name: 'Kapellerlaan 30',
/// 'Markt 12a', 'Hamstraat 20 B', 'Pastoor Vonckenstraat 3-5'.
fn ends_in_house_number(text: &str) -> bool {
    let words: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    let Some(at) = words.iter().position(|w| w.starts_with(|c: char| c.is_ascii_digit())) else {
        return false;
    };
    // A letter or two may follow the number ('20 B', '4 hs'), nothing longer.
    let tail_ok = words[at + 1..].len() <= 1 && words[at + 1..].iter().all(|w| w.chars().count() <= 2);
    let name_letters = words[..at].iter().flat_map(|w| w.chars()).filter(|c| c.is_alphabetic()).count();
    at >= 1 && tail_ok && name_letters >= 2
}
