//! Street addresses typed before choosing a place.
//!
//! The gazetteer has no streets. When the visitor types an address before
//! choosing a place (`Markt 12, Roermond`, `Stationsplein 3 6041 Roermond`,
//! `Roermond Markt`: a street name and a locality in either order),
//! the first suggestion keeps the typed text and resolves to the locality
//! named in it: id `addr:<locality id>:<typed text, base64url>`; its details
//! give the typed text (plus the locality when it is not in it) as
//! `formattedAddress`, the street part as `displayName`, and the locality's
//! position. A town typed with one error ('Hamstraat 12 Roermnd') is read
//! as that town when no town is named as typed ([`Gazetteer::parse_address_with_typo`]);
//! its details then give the street and the town's own name.
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};

use crate::places::gazetteer::{
    matching::fold, truncate_chars, Gazetteer, Kind, AIRPORT_WORDS, STATION_WORDS,
};
use crate::{
    places::{ListedPlace, PlaceDetails, PlaceKind},
    types::Lang,
};

/// Longest typed address kept in an `addr:` id, in characters.
pub(crate) const MAX_ADDRESS_CHARS: usize = 200;

/// The id of a typed address in a locality: `addr:<locality id>:<text, base64url>`.
pub(crate) fn address_id(locality_id: &str, text: impl AsRef<[u8]>) -> String {
    format!("addr:{locality_id}:{}", URL_SAFE_NO_PAD.encode(text))
}

impl Gazetteer {
    /// The place behind the part of an `addr:` id after the prefix.
    pub(crate) fn address_details(&self, rest: &str, lang: Lang) -> Option<PlaceDetails> {
        // The payload (base64url) has no ':'; a locality id may ('d:asselt').
        let (locality_id, payload) = rest.rsplit_once(':')?;
        let &index = self.by_id.get(locality_id)?;
        let p = &self.places[index as usize];
        if p.kind != Kind::Locality {
            return None;
        }
        let text = String::from_utf8(URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        if text.trim() != text
            || text.is_empty()
            || text.chars().count() > MAX_ADDRESS_CHARS
            || text.chars().any(char::is_control)
        {
            return None;
        }
        // The street part, as the suggestion showed it.
        let parsed = self
            .parse_address(&text)
            .or_else(|| self.parse_address_with_typo(&text))
            .filter(|a| a.localities.contains(&index));
        let town_mistyped = parsed.as_ref().is_some_and(|a| a.typo);
        let street = parsed.map(|a| a.street).unwrap_or_else(|| text.clone());
        // Append the locality unless one of its names is in the text already.
        let folded = format!(" {} ", fold(&text, false));
        let folded_umlauts = format!(" {} ", fold(&text, true));
        let named = self.keys[p.keys.0 as usize..p.keys.1 as usize].iter().any(|k| {
            let needle = format!(" {} ", k.text);
            folded.contains(&needle) || folded_umlauts.contains(&needle)
        });
        let formatted_address = match (named, town_mistyped) {
            (true, _) => text.clone(),
            // The town as it is spelled, not as it was typed.
            (false, true) => format!("{}, {}", street, self.display_name(p, lang)),
            (false, false) => format!("{}, {}", text, self.display_name(p, lang)),
        };
        // Others are told the town only: the rest is whatever was typed.
        let town = self.details_of(index, lang).listing();
        Some(PlaceDetails {
            listing: ListedPlace::town_of_typed_street(town),
            ..PlaceDetails::new(
                format!("addr:{}:{}", p.id, payload),
                formatted_address,
                street,
                PlaceKind::Address,
                true,
                p.location,
            )
        })
    }

    /// Reads a typed street address: the street part and the localities it names.
    pub(crate) fn parse_address(&self, text: &str) -> Option<ParsedAddress> {
        self.parse(text, false)
    }

    /// As [`Gazetteer::parse_address`], the town typed with one error: the
    /// localities with a name of five letters or more one error away.
    pub(crate) fn parse_address_with_typo(&self, text: &str) -> Option<ParsedAddress> {
        self.parse(text, true).filter(|a| a.typo)
    }

    fn parse(&self, text: &str, typo: bool) -> Option<ParsedAddress> {
        let text = truncate_chars(text.trim(), MAX_ADDRESS_CHARS);
        let has_digit = text.chars().any(|c| c.is_ascii_digit());
        let mut segments: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        // An address has a number, or a street name before a comma, or a street
        // name and a locality in one segment ('Markt Roermond', 'Roermond Markt').
        let street_first = segments.len() >= 2 && looks_like_street(segments[0]);
        let street_and_town = segments.len() == 1 && text.split_whitespace().count() >= 2;
        if !has_digit && !street_first && !street_and_town {
            return None;
        }
        // Trailing country names filter the localities.
        let mut country: Option<u8> = None;
        while segments.len() > 1 {
            match self.country_words.get(fold(segments[segments.len() - 1], false).as_str()) {
                Some(&c) => {
                    country = Some(c);
                    segments.pop();
                }
                None => break,
            }
        }
        let mistyped = std::cell::Cell::new(false);
        // `trailing`: the candidate ends the text, where the town of a street
        // is typed; only there may it carry a typing error ('Lange Straat 5'
        // is no street 'Straat 5' in Langen).
        let found = |candidate: &str, trailing: bool| -> Option<(Vec<u32>, String)> {
            let words = strip_postcode(candidate);
            let joined = words.join(" ");
            let (plain, umlauts) = (fold(&joined, false), fold(&joined, true));
            // A town's own name before another town's other spelling ('Asselt', not Hasselt).
            let mut list: Vec<u32> = Vec::new();
            for names in [&self.locality_names, &self.locality_alternates] {
                let named = names.get(plain.as_str()).or_else(|| names.get(umlauts.as_str()));
                list = named
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&i| country.is_none_or(|c| self.country_of(&self.places[i as usize]) == c))
                    .collect();
                if !list.is_empty() {
                    break;
                }
            }
            if list.is_empty() && typo && trailing {
                list = self.localities_within_one_edit(&plain);
                list.retain(|&i| country.is_none_or(|c| self.country_of(&self.places[i as usize]) == c));
                mistyped.set(!list.is_empty());
            }
            if list.is_empty() {
                return None;
            }
            list.sort_by(|a, b| {
                let (pa, pb) = (&self.places[*a as usize], &self.places[*b as usize]);
                pb.importance
                    .partial_cmp(&pa.importance)
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(pa.id.cmp(&pb.id))
            });
            Some((list, joined))
        };
        let (street, localities, locality_text) = if segments.len() >= 2 {
            let last = segments.len() - 1;
            if let Some((list, name)) = found(segments[last], true) {
                (segments[..last].join(", "), list, name)
            } else if let Some((list, name)) = found(segments[0], false) {
                (segments[1..].join(", "), list, name)
            } else {
                return None;
            }
        } else if !has_digit {
            // A street name and a locality, the locality's words at either end.
            let words: Vec<&str> = text.split_whitespace().collect();
            let mut result = None;
            for split in 1..words.len() {
                let (head, tail) = (words[..split].join(" "), words[split..].join(" "));
                if looks_like_street(&head) {
                    if let Some((list, name)) = found(&tail, true) {
                        result = Some((head, list, name));
                        break;
                    }
                }
                let (head, tail) =
                    (words[..words.len() - split].join(" "), words[words.len() - split..].join(" "));
                if looks_like_street(&tail) {
                    if let Some((list, name)) = found(&head, false) {
                        result = Some((tail, list, name));
                        break;
                    }
                }
            }
            // 'Köln Hauptbahnhof' names the station, not a street.
            result.filter(|(street, _, _)| !names_a_kind(street))?
        } else {
            // One segment with a digit: the locality is the longest run of words
            // after the last word with a digit, or before the first.
            let words: Vec<&str> = text.split_whitespace().collect();
            let digit_at: Vec<usize> =
                (0..words.len()).filter(|&i| words[i].chars().any(|c| c.is_ascii_digit())).collect();
            let (&first, &last) = (digit_at.first()?, digit_at.last()?);
            let mut tail_start = last + 1;
            // An NL postcode's letters ('6041 GL') belong to the number.
            if tail_start < words.len() && is_postcode_letters(words[last], words[tail_start]) {
                tail_start += 1;
            }
            let mut result = None;
            for start in tail_start..words.len() {
                if let Some((list, name)) = found(&words[start..].join(" "), true) {
                    let mut street_words = &words[..start];
                    // Drop the postcode in front of the locality.
                    street_words = &street_words[..street_words.len() - postcode_tail_len(street_words)];
                    result = Some((street_words.join(" "), list, name));
                    break;
                }
            }
            if result.is_none() {
                for end in (1..=first).rev() {
                    if let Some((list, name)) = found(&words[..end].join(" "), false) {
                        result = Some((words[end..].join(" "), list, name));
                        break;
                    }
                }
            }
            result?
        };
        let street = street.trim().to_string();
        // '6041 GL Roermond': a postcode and its town, no street ('6041' alone has no letters).
        let words: Vec<&str> = street.split_whitespace().collect();
        if !street.chars().any(char::is_alphabetic) || postcode_tail_len(&words) == words.len() {
            return None;
        }
        Some(ParsedAddress { street, localities, locality_text, typo: mistyped.get() })
    }
}

pub(crate) struct ParsedAddress {
    /// The street part as typed, e.g. 'Markt 12'.
    pub(crate) street: String,
    /// Localities named, best first.
    pub(crate) localities: Vec<u32>,
    /// The locality part of the text.
    pub(crate) locality_text: String,
    /// The locality is named with one typing error.
    pub(crate) typo: bool,
}

fn is_postcode_digits(w: &str) -> bool {
    (4..=5).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit())
}

/// '6041' + 'GL': the two parts of a Dutch postcode.
fn is_postcode_letters(number: &str, letters: &str) -> bool {
    number.len() == 4
        && number.bytes().all(|b| b.is_ascii_digit())
        && letters.len() == 2
        && letters.bytes().all(|b| b.is_ascii_alphabetic())
}

/// '6041GL': a Dutch postcode written as one word.
fn is_glued_postcode(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 6 && b[..4].iter().all(u8::is_ascii_digit) && b[4..].iter().all(u8::is_ascii_alphabetic)
}

/// The words of `s` without a leading postcode ('6041 GL Roermond' → 'Roermond').
fn strip_postcode(s: &str) -> Vec<&str> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let mut skip = 0;
    if let Some(first) = words.first() {
        if is_postcode_digits(first) {
            skip = 1;
            if words.len() > 2 && is_postcode_letters(first, words[1]) {
                skip = 2;
            }
        } else if is_glued_postcode(first) {
            skip = 1;
        }
    }
    if skip >= words.len() {
        skip = 0;
    }
    words[skip..].to_vec()
}

/// How many words at the end of `words` form a postcode (all of them: the words
/// are a postcode and nothing else).
fn postcode_tail_len(words: &[&str]) -> usize {
    let n = words.len();
    if n >= 2 && is_postcode_letters(words[n - 2], words[n - 1]) {
        2
    } else if n >= 1 && (is_postcode_digits(words[n - 1]) || is_glued_postcode(words[n - 1])) {
        1
    } else {
        0
    }
}

/// Whether `s` holds a word naming a station or an airport.
pub(crate) fn names_a_kind(s: &str) -> bool {
    fold(s, false)
        .split(' ')
        .any(|w| w == "hauptbahnhof" || STATION_WORDS.contains(&w) || AIRPORT_WORDS.contains(&w))
}

/// Whether the last word of `s` reads like a street name ('Markt', 'Kerkstraat').
pub(crate) fn looks_like_street(s: &str) -> bool {
    const ENDINGS: &[&str] = &[
        "straat", "weg", "laan", "plein", "markt", "singel", "kade", "gracht", "dijk", "steeg", "pad", "hof",
        "park", "strasse", "str", "gasse", "allee", "platz", "ring", "damm", "ufer", "rue", "avenue",
        "chaussee", "steenweg", "street", "road", "lane",
    ];
    let folded = fold(s, false);
    let last = folded.rsplit(' ').next().unwrap_or("");
    ENDINGS.iter().any(|e| last.ends_with(e))
}
