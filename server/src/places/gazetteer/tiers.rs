//! How well one search key matches the words of a query: the tiers of the
//! table in `matching.rs`, and whether the query names the key in full.
use crate::places::gazetteer::{
    matching::Typos,
    typos::{typo_tier, within_one_edit, MIN_NAME},
};

/// A key's match for the query words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeyMatch {
    /// See the table in `matching.rs`.
    pub(crate) tier: u8,
    /// Every query word is a whole word of the key, a word naming the kind of
    /// place, or a whole word of its municipality, region or country: none is
    /// only begun, none typed with an error.
    pub(crate) whole: bool,
}

/// The match of a key for the query words (see the table in `matching.rs`),
/// or `None`. Tier 6 means the query names the key in full: its words in the
/// key's order or another ('Roermond Outlet' for 'Outlet Roermond'), words
/// naming the kind of place left out on either side ('Düsseldorf Flughafen'),
/// and whole words of its municipality, region or country after them
/// ('Herten NRW').
pub(crate) fn match_key(
    key: &str,
    words: &[&str],
    kind_words: &[&str],
    context: &[Box<str>],
    typos: Typos,
) -> Option<KeyMatch> {
    let tier = key_tier(key, words, kind_words, context, typos).or_else(|| {
        (typos == Typos::OneLetter).then(|| kind_word_typo(key, words, kind_words, context)).flatten()
    })?;
    let whole = typos == Typos::No
        && words.iter().all(|w| {
            kind_words.contains(w) || key.split(' ').any(|k| k == *w) || context.iter().any(|c| &**c == *w)
        });
    Some(KeyMatch { tier, whole })
}

fn key_tier(
    key: &str,
    words: &[&str],
    kind_words: &[&str],
    context: &[Box<str>],
    typos: Typos,
) -> Option<u8> {
    let tier_of = |key: &str, words: &[&str]| match typos {
        Typos::No => name_tier(key, words),
        Typos::OneLetter => name_tier(key, words).or_else(|| typo_tier(key, words)),
    };
    let mut best = tier_of(key, words);
    if best == Some(6) {
        return best;
    }
    // Without the words naming the kind of place, in the query and in the key
    // ('frankfurt flughafen' is the whole of 'Flughafen Frankfurt').
    if !kind_words.is_empty() && words.iter().any(|w| kind_words.contains(w)) {
        let core: Vec<&str> = words.iter().copied().filter(|w| !kind_words.contains(w)).collect();
        if !core.is_empty() {
            best = best.max(tier_of(key, &core));
            let key_core: Vec<&str> = key.split(' ').filter(|w| !kind_words.contains(w)).collect();
            if !key_core.is_empty() {
                best = best.max(tier_of(&key_core.join(" "), &core));
            }
        }
    }
    if best.is_some() || words.len() < 2 {
        return best;
    }
    // Trailing words naming the municipality, region or country: 6 when the
    // rest names the key in full and they are whole words, else 3.
    let mut found = None;
    for split in (1..words.len()).rev() {
        let (head, tail) = words.split_at(split);
        let head: Vec<&str> = head.iter().copied().filter(|w| !kind_words.contains(w)).collect();
        if head.is_empty() {
            continue;
        }
        let Some(tail) = tail_match(tail, kind_words, context, typos) else { continue };
        // A typing error in the trailing words leaves none for the name.
        let head_tier = if tail.typo { name_tier(key, &head) } else { tier_of(key, &head) };
        match head_tier {
            Some(6) if tail.whole => return Some(6),
            Some(_) => found = Some(3),
            None => {}
        }
    }
    found
}

/// How the trailing words of a query name a place's context.
struct TailMatch {
    /// Each is a whole context word or a kind word.
    whole: bool,
    /// One of them is a context word of [`MIN_NAME`] letters typed with one error.
    typo: bool,
}

fn tail_match(tail: &[&str], kind_words: &[&str], context: &[Box<str>], typos: Typos) -> Option<TailMatch> {
    let mut out = TailMatch { whole: true, typo: false };
    for w in tail {
        if kind_words.contains(w) || context.iter().any(|c| &**c == *w) {
            continue;
        }
        if w.len() >= 3 && context.iter().any(|c| c.starts_with(w)) {
            out.whole = false;
            continue;
        }
        let mistyped = |c: &str| c.chars().count() >= MIN_NAME && within_one_edit(w, c);
        if typos == Typos::OneLetter && !out.typo && context.iter().any(|c| mistyped(c)) {
            out = TailMatch { whole: false, typo: true };
            continue;
        }
        return None;
    }
    Some(out)
}

/// With a word naming the kind of place typed with one error ('Venlo statoin'):
/// the tier of the query with that word as it should be, and no other error.
fn kind_word_typo(key: &str, words: &[&str], kind_words: &[&str], context: &[Box<str>]) -> Option<u8> {
    if words.iter().any(|w| kind_words.contains(w)) {
        return None;
    }
    words.iter().enumerate().find_map(|(i, w)| {
        let meant = kind_words.iter().find(|k| k.len() >= MIN_NAME && within_one_edit(w, k))?;
        let mut fixed = words.to_vec();
        fixed[i] = meant;
        key_tier(key, &fixed, kind_words, context, Typos::No)
    })
}

/// 6: whole key (its words in any order); 5: prefix of the key; 4: every
/// word starts a distinct key word.
pub(crate) fn name_tier(key: &str, words: &[&str]) -> Option<u8> {
    let joined_len = words.iter().map(|w| w.len()).sum::<usize>() + words.len().saturating_sub(1);
    if key.len() >= joined_len {
        let mut matches_prefix = true;
        let mut pos = 0;
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                if key.as_bytes().get(pos) != Some(&b' ') {
                    matches_prefix = false;
                    break;
                }
                pos += 1;
            }
            if !key[pos..].starts_with(w) {
                matches_prefix = false;
                break;
            }
            pos += w.len();
        }
        if matches_prefix {
            return Some(if pos == key.len() { 6 } else { 5 });
        }
    }
    // Any order: each query word a prefix of a different key word.
    let key_words: Vec<&str> = key.split(' ').collect();
    if words.len() > key_words.len() {
        return None;
    }
    let mut used = [false; 16];
    let mut whole = words.len() == key_words.len();
    // Longer query words first, so short ones don't take their key words.
    let mut order: Vec<&str> = words.to_vec();
    order.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in order {
        let free = |i: usize| i < 16 && !used[i];
        // A key word equal to it before one it only starts.
        let slot = key_words
            .iter()
            .enumerate()
            .position(|(i, k)| free(i) && k == &w)
            .or_else(|| key_words.iter().enumerate().position(|(i, k)| free(i) && k.starts_with(w)))?;
        whole &= key_words[slot] == w;
        used[slot] = true;
    }
    // All its words, in another order: the whole name.
    Some(if whole { 6 } else { 4 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(words: &[&str]) -> Vec<Box<str>> {
        words.iter().map(|w| (*w).into()).collect()
    }

    #[test]
    fn a_name_in_another_order_or_with_whole_context_words_is_named_in_full() {
        let none: &[Box<str>] = &[];
        let tier = |key: &str, words: &[&str], ctx: &[Box<str>]| {
            match_key(key, words, &[], ctx, Typos::No).map(|m| (m.tier, m.whole))
        };
        assert_eq!(tier("outlet roermond", &["roermond", "outlet"], none), Some((6, true)));
        assert_eq!(tier("outlet roermond", &["roermond", "out"], none), Some((4, false)));
        assert_eq!(tier("herten", &["herten", "nrw"], &context(&["nrw", "deutschland"])), Some((6, true)));
        assert_eq!(tier("herten", &["herten", "deutschl"], &context(&["deutschland"])), Some((3, false)));
        assert_eq!(tier("herten", &["her", "nrw"], &context(&["nrw"])), Some((3, false)));
        assert_eq!(tier("berlingen", &["berlin"], none), Some((5, false)), "a start is not whole");
        let airport =
            |words: &[&str]| match_key("flughafen dusseldorf", words, &["flughafen"], &[], Typos::No);
        assert_eq!(airport(&["dusseldorf", "flughafen"]).map(|m| (m.tier, m.whole)), Some((6, true)));
    }

    #[test]
    fn one_error_in_a_trailing_town_or_a_kind_word_with_the_rest_as_named() {
        let roermond = context(&["roermond", "limburg"]);
        let typo = |key: &str, words: &[&str], kinds: &[&str]| {
            match_key(key, words, kinds, &roermond, Typos::OneLetter).map(|m| (m.tier, m.whole))
        };
        assert_eq!(typo("kapel in t zand", &["kapel", "in", "t", "zand", "roermnd"], &[]), Some((3, false)));
        assert_eq!(typo("venlo", &["venlo", "statoin"], &["station"]), Some((6, false)));
        assert_eq!(typo("venlo", &["statoin", "venlo"], &["station"]), Some((6, false)));
        // Two errors: none.
        assert_eq!(typo("kapel in t zand", &["kapl", "in", "t", "zand", "roermnd"], &[]), None);
        assert_eq!(typo("venlo", &["velno", "statoin"], &["station"]), None);
        // Without the second pass, no error at all.
        assert_eq!(match_key("venlo", &["venlo", "statoin"], &["station"], &roermond, Typos::No), None);
    }
}
