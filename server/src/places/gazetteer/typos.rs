//! Names typed with one error: a letter missing ('Roemond'), one too many
//! ('Roermondd'), one wrong ('Roermont') or two swapped ('Reormond') — the
//! optimal string alignment distance of 1. Only names (or name words) of at
//! least [`MIN_NAME`] letters are found so: in a shorter one a letter more or
//! less makes another name ('Ool', 'Olen').
//!
//! It is a second pass, run only when the first found no name as typed or
//! started by it (no hit of tier 5 or 6): its places follow the first pass's,
//! so an exact match is never pushed down, and the list of someone who typed
//! well does not fill with look-alikes. Candidates: the first pass's keys
//! (an error after the second letter of the first name word), and, for an
//! error in its first two letters ('Reormond' is not filed under 'ro'), the
//! keys found by the rest of the word in an index of key words by all but
//! their first two letters (`Gazetteer::by_suffix`).
use crate::places::gazetteer::{matching::prefix_code, Gazetteer, KeyClass, Kind};

/// Fewest letters a name (or a word of it) needs to be found with a typing error.
pub(crate) const MIN_NAME: usize = 5;

/// Whether `words` (folded) can be a name of [`MIN_NAME`] letters with one missing.
pub(crate) fn may_hold_a_typo(words: &[&str]) -> bool {
    words.iter().any(|w| w.chars().count() + 1 >= MIN_NAME)
}

/// The tier of `key` for `words` with one typing error: 6 for the whole name
/// (spaces count as letters: 'kapelin t zand'), 4 for its words in any order,
/// one of them a key word of [`MIN_NAME`] letters or more with one error.
pub(crate) fn typo_tier(key: &str, words: &[&str]) -> Option<u8> {
    if key.chars().filter(|c| *c != ' ').count() >= MIN_NAME && within_one_edit(&words.join(" "), key) {
        return Some(6);
    }
    let key_words: Vec<&str> = key.split(' ').collect();
    if words.len() > key_words.len() {
        return None;
    }
    let mut used = [false; 16];
    let mut typo_spent = false;
    // Longer query words first, so short ones don't take their key words.
    let mut order: Vec<&str> = words.to_vec();
    order.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in order {
        let free = |i: usize| i < 16 && !used[i];
        let slot = match key_words.iter().enumerate().position(|(i, k)| free(i) && k.starts_with(w)) {
            Some(slot) => slot,
            None if !typo_spent => {
                typo_spent = true;
                key_words
                    .iter()
                    .enumerate()
                    .position(|(i, k)| free(i) && k.chars().count() >= MIN_NAME && within_one_edit(w, k))?
            }
            None => return None,
        };
        used[slot] = true;
    }
    Some(4)
}

/// Whether `a` becomes `b` by at most one letter added, removed, changed, or
/// two neighbours swapped.
pub(crate) fn within_one_edit(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        one_edit(a.as_bytes(), b.as_bytes())
    } else {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        one_edit(&a, &b)
    }
}

fn one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let i = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    if i == a.len() && i == b.len() {
        return true;
    }
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Less => a[i..] == b[i + 1..],
        std::cmp::Ordering::Greater => a[i + 1..] == b[i..],
        std::cmp::Ordering::Equal => {
            a[i + 1..] == b[i + 1..]
                || (i + 1 < a.len() && a[i] == b[i + 1] && a[i + 1] == b[i] && a[i + 2..] == b[i + 2..])
        }
    }
}

/// `word` without its first two letters: the key of the index of words by suffix.
pub(crate) fn suffix(word: &str) -> &str {
    word.char_indices().nth(2).map_or("", |(i, _)| &word[i..])
}

impl Gazetteer {
    /// The localities one of whose names (in full, of [`MIN_NAME`] letters or
    /// more) is `folded` typed with one error: the town of a typed street
    /// ('Hamstraat 12 Roermnd'). Exact names are looked up first, elsewhere.
    pub(crate) fn localities_within_one_edit(&self, folded: &str) -> Vec<u32> {
        let Some(anchor) = folded.split(' ').next().filter(|w| !w.is_empty()) else { return Vec::new() };
        if folded.chars().filter(|c| *c != ' ').count() + 1 < MIN_NAME {
            return Vec::new();
        }
        let candidates = self.by_prefix.get(&prefix_code(anchor)).map_or(&[][..], Vec::as_slice);
        let mut out: Vec<u32> = Vec::new();
        for k in self.typo_candidates(anchor, candidates) {
            let key = &self.keys[k as usize];
            let place = &self.places[key.place as usize];
            if place.kind == Kind::Locality
                && !place.hidden
                && key.class == KeyClass::Name
                && key.text.chars().filter(|c| *c != ' ').count() >= MIN_NAME
                && within_one_edit(folded, &key.text)
                && !out.contains(&key.place)
            {
                out.push(key.place);
            }
        }
        out
    }

    /// The keys the second pass looks at: the first pass's `candidates` (an
    /// error after the second letter of `anchor` keeps its first two), and those
    /// with a word an error in its first two letters turns into `anchor`, found
    /// by the rest of the word: a letter changed there or the two swapped keep
    /// it (`anchor[2..]`), a letter missing or one too many shift it by one
    /// (`anchor[1..]`, `anchor[3..]`), the second and third swapped bring the
    /// second letter before the fourth.
    pub(crate) fn typo_candidates(&self, anchor: &str, candidates: &[u32]) -> Vec<u32> {
        let mut out = candidates.to_vec();
        let c: Vec<char> = anchor.chars().collect();
        if c.len() + 1 < MIN_NAME {
            return out;
        }
        let tail = |from: usize| c.get(from..).map_or(String::new(), |rest| rest.iter().collect());
        let swapped: String = std::iter::once(c[1]).chain(c[3.min(c.len())..].iter().copied()).collect();
        for rest in [tail(2), tail(1), tail(3), swapped] {
            for &k in self.by_suffix.get(rest.as_str()).map_or(&[][..], Vec::as_slice) {
                let text = &self.keys[k as usize].text;
                if text.split(' ').any(|word| within_one_edit(anchor, word)) {
                    out.push(k);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_letter_missing_extra_wrong_or_two_swapped() {
        for (typed, name) in [
            ("roemond", "roermond"),
            ("roermondd", "roermond"),
            ("roermont", "roermond"),
            ("reormond", "roermond"),
            ("oermond", "roermond"),
            ("roermon", "roermond"),
            ("roermodn", "roermond"),
            ("roermond", "roermond"),
            ("dusseldorf", "düsseldorf"),
        ] {
            assert!(within_one_edit(typed, name), "{typed} → {name}");
        }
        for (typed, name) in
            [("romond", "roermond"), ("rmeornod", "roermond"), ("roermondxx", "roermond"), ("", "ab")]
        {
            assert!(!within_one_edit(typed, name), "{typed} ↛ {name}");
        }
    }

    #[test]
    fn short_names_and_second_errors_are_not_typos() {
        assert_eq!(typo_tier("roermond", &["roermnd"]), Some(6));
        assert_eq!(typo_tier("kapel in t zand", &["kapelin", "t", "zand"]), Some(6));
        assert_eq!(typo_tier("amsterdam centraal", &["centraal", "amstredam"]), Some(4));
        assert_eq!(typo_tier("ool", &["oal"]), None, "a name under five letters");
        assert_eq!(typo_tier("olen", &["ool"]), None);
        assert_eq!(typo_tier("amsterdam centraal", &["amstredam", "centrala"]), None, "two errors");
        assert!(may_hold_a_typo(&["weet"]) && !may_hold_a_typo(&["ool", "bus"]));
    }
}
