//! Finding the places a query names.
//!
//! Every name of a place (its name in each page language, further names of
//! equal standing such as IATA codes or the French name of Brussels, and
//! GeoNames' other spellings) is stored as a search key in a folded form:
//! lower case, accents removed (`Düsseldorf` → `dusseldorf`), plus a second
//! form with German umlauts written out (`duesseldorf`, `koeln`), and `St`
//! forms of `Sankt`/`Sint`/`Saint`. The query is folded the same way and
//! split into words; all-digit words (house numbers, postcodes) are ignored
//! when other words remain. A place matches when, for one of its keys:
//!
//! | tier | rule | example |
//! |---|---|---|
//! | 6 | the query is the whole key, its words in any order; or that with trailing whole words naming the place's municipality, region or country | `luik` → Liège, `roermond outlet`, `herten nrw` |
//! | 5 | the key starts with the query | `schip` → Schiphol |
//! | 4 | each query word starts a different word of the key, in any order | `airport dus`, `bonn koln` |
//! | 3 | as above, with trailing words naming (or starting) the place's municipality, region or country | `sittard geleen sta` |
//! | 2, 1, 0 | the same on GeoNames' other spellings (exact; prefix or words; with context) | `bruessel` |
//!
//! When no place reaches tier 5 or 6, places whose name has one letter more,
//! less, other or two swapped follow (`typos.rs`), never exact; so do those
//! named with one such error in a trailing town ('Kapel in 't Zand Roermnd')
//! or in a word naming the kind of place ('Venlo statoin'). The tiers are
//! reckoned in `tiers.rs`.
//!
//! Words naming the kind of place (`airport`, `luchthaven`, `flughafen`,
//! `station`, `bahnhof`, `gare`, …) may be left out of a key of that kind, so
//! `roermond station` finds Roermond station and not the town. A query that
//! is the whole key of several places names in full only those it calls by a
//! name they are shown with (in any language) or a further name: `schiphol
//! airport` is the airport, not the bare name of its station ('Station
//! Schiphol Airport'), and `roermond` the town. With a word naming an
//! airport (and none naming a station), an airport's name in full with that
//! word anywhere is the airport: `dusseldorf flughafen` is the airport, not
//! its station of that bare name. The company's
//! frequent places (see `company.rs`) are searched like the data's, and the
//! data's places they stand for are left out. Within a tier,
//! places are ordered by importance: `12·log10(size + 10) − 0.2·km from
//! Roermond`, +15 for airports, −8 for stations, −10 for well-known places, −20
//! for postcodes (a frequent place: 51.6, as a place of 20,000 close by), +5
//! when the matched key is the name shown in the page language. An airport whose town the query names (tier 5 or 6 for the town:
//! `weeze`, `eindh`) ranks just before that town. Candidates come from an index of the
//! first two letters of every key word, so a query looks at a few thousand
//! keys at most: about 50 µs at the median and under 2 ms at the 99th
//! percentile on a busy 2-core machine; loading takes 55–130 ms (measured
//! with `cargo run --release --example gazetteer_bench`). With the districts
//! and the second pass for typing errors, on the same machine at rest: 30 µs
//! and 0.2 ms typed well, 70 µs and 0.3–0.5 ms typed with one error, loading
//! 45–50 ms (at a load of 9 on its 2 cores: 30–40 µs and 0.3–4 ms, 70–90 µs
//! and 4–8 ms, 80–150 ms).
use std::collections::HashMap;

use crate::places::gazetteer::{
    kind_words, lang_index,
    tiers::match_key,
    typos::{may_hold_a_typo, within_one_edit, MIN_NAME},
    Gazetteer, KeyClass, Kind, Parent, AIRPORT_WORDS, STATION_WORDS,
};
use crate::types::Lang;

/// How one character folds.
enum Folded {
    Char(char),
    Str(&'static str),
    Lower(char),
    Separator,
}

/// Lower case, accents removed; German umlauts as `ae`, `oe`, `ue` when
/// `umlauts` is set; anything but letters and digits separates words.
fn fold_char(c: char, umlauts: bool) -> Folded {
    let pick =
        |plain: &'static str, expanded: &'static str| Folded::Str(if umlauts { expanded } else { plain });
    match c {
        'a'..='z' | '0'..='9' => Folded::Char(c),
        'A'..='Z' => Folded::Char(c.to_ascii_lowercase()),
        'ä' | 'Ä' => pick("a", "ae"),
        'ö' | 'Ö' => pick("o", "oe"),
        'ü' | 'Ü' => pick("u", "ue"),
        'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' | 'ă' | 'ą' | 'À' | 'Á' | 'Â' | 'Ã' | 'Å' | 'Ā' | 'Ă' | 'Ą' => {
            Folded::Str("a")
        }
        'æ' | 'Æ' => Folded::Str("ae"),
        'ç' | 'ć' | 'č' | 'Ç' | 'Ć' | 'Č' => Folded::Str("c"),
        'ď' | 'đ' | 'Ď' | 'Đ' | 'ð' | 'Ð' => Folded::Str("d"),
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ė' | 'Ę' | 'Ě' => {
            Folded::Str("e")
        }
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'Į' | 'İ' => {
            Folded::Str("i")
        }
        'ĳ' | 'Ĳ' => Folded::Str("ij"),
        'ł' | 'Ł' | 'ľ' | 'Ľ' | 'ĺ' | 'Ĺ' => Folded::Str("l"),
        'ñ' | 'ń' | 'ň' | 'Ñ' | 'Ń' | 'Ň' => Folded::Str("n"),
        'ò' | 'ó' | 'ô' | 'õ' | 'ø' | 'ō' | 'ő' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ø' | 'Ō' | 'Ő' => {
            Folded::Str("o")
        }
        'œ' | 'Œ' => Folded::Str("oe"),
        'ŕ' | 'ř' | 'Ŕ' | 'Ř' => Folded::Str("r"),
        'ß' | 'ẞ' => Folded::Str("ss"),
        'ś' | 'š' | 'ş' | 'ș' | 'Ś' | 'Š' | 'Ş' | 'Ș' => Folded::Str("s"),
        'ţ' | 'ť' | 'ț' | 'Ţ' | 'Ť' | 'Ț' => Folded::Str("t"),
        'ù' | 'ú' | 'û' | 'ů' | 'ū' | 'ű' | 'ų' | 'Ù' | 'Ú' | 'Û' | 'Ů' | 'Ū' | 'Ű' | 'Ų' => {
            Folded::Str("u")
        }
        'ý' | 'ÿ' | 'Ý' | 'Ÿ' => Folded::Str("y"),
        'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => Folded::Str("z"),
        'ğ' | 'Ğ' => Folded::Str("g"),
        c if c.is_alphanumeric() => Folded::Lower(c),
        _ => Folded::Separator,
    }
}

/// The folded form of `s`: words of lower-case ASCII letters and digits
/// (letters of other scripts kept) separated by single spaces; apostrophes
/// and hyphens separate words ("'s-Hertogenbosch" → "s hertogenbosch").
pub(crate) fn fold(s: &str, umlauts: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        let folded = fold_char(c, umlauts);
        if matches!(folded, Folded::Separator) {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        match folded {
            Folded::Char(c) => out.push(c),
            Folded::Str(s) => out.push_str(s),
            Folded::Lower(c) => out.extend(c.to_lowercase()),
            Folded::Separator => {}
        }
    }
    out
}

/// The first two characters of a word, as one number: the key of the candidate index.
pub(crate) fn prefix_code(word: &str) -> u64 {
    let mut chars = word.chars();
    let a = chars.next().map_or(0, |c| c as u64);
    let b = chars.next().map_or(0, |c| c as u64);
    (a << 32) | b
}

/// Which places a search looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    All,
    /// The company's frequent places only (offered before Google's answers).
    Configured,
}

/// A place a query matches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hit {
    pub(crate) index: u32,
    /// See the module docs.
    pub(crate) tier: u8,
    /// The query is one of its names in full (tier 6, or the same on another spelling).
    pub(crate) exact: bool,
    /// Found with one typing error (tier 0, never exact: a question, not a guess).
    pub(crate) typo: bool,
    /// Every query word is a whole word of one of its names, a kind word or a
    /// whole word of its town, region or country (see `tiers::KeyMatch`).
    pub(crate) whole: bool,
}

/// Whether a search may find a name with one typing error (see `typos.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Typos {
    No,
    OneLetter,
}

impl Gazetteer {
    /// Places matching `input`, best first. Places a configured one stands
    /// for are left out. When no name starts as typed (no hit of tier 5 or
    /// 6), names with one letter missing, extra, wrong or two swapped follow
    /// the hits (`typos.rs`): an exact match is never pushed down by one.
    pub(crate) fn search(&self, input: &str, lang: Lang, limit: usize, scope: Scope) -> Vec<Hit> {
        let folded = fold(input, false);
        let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        if words.iter().any(|w| !w.bytes().all(|b| b.is_ascii_digit())) {
            words.retain(|w| !w.bytes().all(|b| b.is_ascii_digit()));
        }
        words.truncate(8);
        if words.is_empty() || (words.len() == 1 && words[0].chars().count() < 2) {
            return Vec::new();
        }
        let is_kind_word = |w: &str| AIRPORT_WORDS.contains(&w) || STATION_WORDS.contains(&w);
        // Candidates: keys with a word starting like the first name word of the query.
        let anchor = words
            .iter()
            .find(|w| w.chars().count() >= 2 && !is_kind_word(w))
            .or_else(|| words.iter().find(|w| w.chars().count() >= 2));
        let Some(&anchor) = anchor else { return Vec::new() };
        let prefixed = |w: &str| self.by_prefix.get(&prefix_code(w)).map_or(&[][..], Vec::as_slice);
        let candidates = prefixed(anchor);
        let mut hits = self.ranked(candidates.iter().copied(), &words, lang, limit, scope, Typos::No);
        if scope == Scope::All && !hits.iter().any(|h| h.tier >= 5) && may_hold_a_typo(&words) {
            let mut candidates = self.typo_candidates(anchor, candidates);
            // A kind word typed with an error first ('statoin venlo'): the name after it too.
            let mistyped_kind = |w: &str| {
                AIRPORT_WORDS
                    .iter()
                    .chain(STATION_WORDS)
                    .any(|k| k.len() >= MIN_NAME && within_one_edit(w, k))
            };
            if mistyped_kind(anchor) {
                if let Some(next) =
                    words.iter().find(|w| w.chars().count() >= 2 && !is_kind_word(w) && !mistyped_kind(w))
                {
                    candidates.extend_from_slice(prefixed(next));
                }
            }
            for hit in self.ranked(candidates.into_iter(), &words, lang, limit, scope, Typos::OneLetter) {
                if hits.len() < limit && !hits.iter().any(|h| h.index == hit.index) {
                    hits.push(Hit { index: hit.index, tier: 0, exact: false, typo: true, whole: false });
                }
            }
        }
        hits
    }

    /// The places of `candidates` (key indices) matching `words`, best first.
    fn ranked(
        &self,
        candidates: impl Iterator<Item = u32>,
        words: &[&str],
        lang: Lang,
        limit: usize,
        scope: Scope,
        typos: Typos,
    ) -> Vec<Hit> {
        let lang_bit = 1u8 << lang_index(lang);
        // Best (tier, score) per place.
        let mut best: HashMap<u32, (u8, f32)> = HashMap::new();
        let mut exact: Vec<u32> = Vec::new();
        let mut whole: Vec<u32> = Vec::new();
        for k in candidates {
            let key = &self.keys[k as usize];
            let place = &self.places[key.place as usize];
            // Postcodes are found by their numbers only (see postcodes.rs).
            if (scope == Scope::Configured && !place.configured)
                || place.kind == Kind::Postcode
                || place.hidden
            {
                continue;
            }
            let Some(found) = match_key(&key.text, words, kind_words(place.kind), &place.context, typos)
            else {
                continue;
            };
            if found.tier == 6 && typos == Typos::No {
                exact.push(key.place);
            }
            if found.whole {
                whole.push(key.place);
            }
            let tier = found.tier;
            let tier = match key.class {
                KeyClass::Name => tier,
                KeyClass::Alternate => tier.saturating_sub(4),
            };
            let score = place.importance + if key.shown_in & lang_bit != 0 { 5.0 } else { 0.0 };
            let entry = best.entry(key.place).or_insert((tier, score));
            if (tier, score) > *entry {
                *entry = (tier, score);
            }
        }
        // Several places named in full ('Schiphol Airport', the airport, and
        // the bare name of its station): the one whose own name it is.
        exact.sort_unstable();
        exact.dedup();
        if exact.len() > 1 {
            let query = words.join(" ");
            let full: Vec<u32> = exact.iter().copied().filter(|&p| self.named_in_full(p, &query)).collect();
            if !full.is_empty() {
                exact = full;
            }
        }
        self.airports_before_their_towns(&mut best);
        let mut ranked: Vec<(u32, u8, f32)> = best.into_iter().map(|(p, (t, s))| (p, t, s)).collect();
        ranked.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(b.2.partial_cmp(&a.2).unwrap_or(std::cmp::Ordering::Equal))
                .then_with(|| self.places[a.0 as usize].id.cmp(&self.places[b.0 as usize].id))
        });
        ranked.truncate(limit);
        ranked
            .into_iter()
            .map(|(index, tier, _)| Hit {
                index,
                tier,
                exact: exact.contains(&index),
                typo: false,
                whole: whole.contains(&index),
            })
            .collect()
    }
}

impl Gazetteer {
    /// Whether `query` (folded) is a name the place goes by: a name it is shown
    /// with in some language, a further name or alias. A station's bare name
    /// ('Schiphol Airport' of 'Station Schiphol Airport') is not one. With a
    /// word naming an airport and none naming a station, an airport's name
    /// with that word anywhere is ('Düsseldorf Flughafen').
    fn named_in_full(&self, index: u32, query: &str) -> bool {
        let p = &self.places[index as usize];
        fn core(text: &str) -> Vec<&str> {
            let mut words: Vec<&str> = text.split(' ').filter(|w| !AIRPORT_WORDS.contains(w)).collect();
            words.sort_unstable();
            words
        }
        let by_airport_word = p.kind == Kind::Airport
            && query.split(' ').any(|w| AIRPORT_WORDS.contains(&w))
            && !query.split(' ').any(|w| STATION_WORDS.contains(&w));
        let by_key = self.keys[p.keys.0 as usize..p.keys.1 as usize].iter().any(|k| {
            k.class == KeyClass::Name
                && (*k.text == *query || (by_airport_word && core(&k.text) == core(query)))
                && (p.kind != Kind::Station || p.configured || k.shown_in == 0)
        });
        by_key
            || [Lang::Nl, Lang::De, Lang::En].into_iter().any(|lang| {
                let shown = self.display_name(p, lang);
                fold(&shown, false) == query || fold(&shown, true) == query
            })
    }

    /// Most people typing 'Weeze' or 'Eindhoven' mean the airport: an airport that
    /// matches moves just before its own town when the query names that town
    /// (whole or its start).
    fn airports_before_their_towns(&self, best: &mut HashMap<u32, (u8, f32)>) {
        let moves: Vec<(u32, (u8, f32))> = best
            .iter()
            .filter(|(&p, _)| self.places[p as usize].kind == Kind::Airport)
            .filter_map(|(&p, _)| match self.places[p as usize].parent {
                Parent::Place(town) => best
                    .get(&town)
                    .filter(|(tier, _)| *tier >= 5)
                    .map(|&(tier, score)| (p, (tier, score + 1.0))),
                _ => None,
            })
            .collect();
        for (p, rank) in moves {
            let entry = best.get_mut(&p).expect("taken from the map");
            if rank > *entry {
                *entry = rank;
            }
        }
    }
}
