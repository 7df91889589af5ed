//! Typed postcodes: Dutch ones of four digits, with or without their two
//! letters ('6041', '6041 GL', '6041gl'), and German ones of five ('41372').
//! The data has Dutch postcodes by their four digits only, so the letters are
//! read and dropped.
use crate::places::gazetteer::{matching::fold, Gazetteer};

impl Gazetteer {
    /// The postcode place the text names, and the rest of the text (without the
    /// postcode) to search for as well.
    pub(crate) fn typed_postcode(&self, input: &str) -> Option<(u32, String)> {
        let folded = fold(input, false);
        let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        for (i, w) in words.iter().enumerate() {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            let letters = &w[digits..];
            let (id, used) = match (digits, letters.len()) {
                (4, 0) if words.get(i + 1).is_some_and(|n| is_nl_letters(n)) => (format!("zNL{w}"), 2),
                (4, 0) => (format!("zNL{w}"), 1),
                (4, 2) if is_nl_letters(letters) => (format!("zNL{}", &w[..4]), 1),
                (5, 0) => (format!("zDE{w}"), 1),
                _ => continue,
            };
            let Some(&index) = self.by_id.get(id.as_str()) else { continue };
            let rest: Vec<&str> = words[..i].iter().chain(&words[i + used..]).copied().collect();
            return Some((index, rest.join(" ")));
        }
        None
    }
}

/// The two letters of a Dutch postcode (never SA, SD or SS, which the post does not use).
fn is_nl_letters(s: &str) -> bool {
    s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase()) && !["sa", "sd", "ss"].contains(&s)
}
