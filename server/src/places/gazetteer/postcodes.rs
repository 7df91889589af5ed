//! Typed postcodes: Dutch ones of four digits, with or without their two
//! letters ('6041', '6041 GL', '6041gl'), and German ones of five ('41372').
//! The data has Dutch postcodes by their four digits only, so the letters are
//! read and dropped. Belgian postcodes have four digits too and are not in the
//! data: four digits beside words that name a place far from the Dutch area
//! of that number and none near it ('3545 Halen', in Belgian Limburg; 3545 is
//! in Utrecht) are a question for the visitor, never either place.
use crate::places::gazetteer::{
    matching::{fold, Hit},
    Gazetteer,
};

/// A place typed beside a postcode further than this from the postcode's area is elsewhere.
const TOWN_BESIDE_POSTCODE_KM: f64 = 15.0;

/// A postcode read in typed text.
pub(crate) struct TypedPostcode {
    pub(crate) index: u32,
    /// The rest of the text (without the postcode), to search for as well.
    pub(crate) rest: String,
    /// Four digits without letters: Dutch, or a Belgian one read as Dutch.
    pub(crate) digits_only: bool,
}

impl Gazetteer {
    /// Whether four digits typed beside other words are not the Dutch area of
    /// that number: the other words name a place, in full or its start
    /// (`hits`), and nothing they name, also with a region or country beside
    /// it, lies near that area. Words that name nothing (a street) or only
    /// with a typing error, or only German places ('6041 Markt' starts
    /// Marktoberdorf), leave the postcode as it is.
    pub(crate) fn postcode_disagrees(&self, postcode: &TypedPostcode, hits: &[Hit]) -> bool {
        let area = self.places[postcode.index as usize].location;
        let near =
            |h: &Hit| self.places[h.index as usize].location.distance_km(area) <= TOWN_BESIDE_POSTCODE_KM;
        let named = |h: &Hit, least_tier: u8| !h.typo && (h.exact || h.tier >= least_tier);
        // German postcodes have five digits: a German place is no other reading of four.
        let germany = self.country_words.get("de").copied();
        let four_digit_country = |h: &Hit| Some(self.country_of(&self.places[h.index as usize])) != germany;
        postcode.digits_only
            && !postcode.rest.is_empty()
            && hits.iter().any(|h| named(h, 5) && four_digit_country(h))
            && !hits.iter().any(|h| named(h, 3) && near(h))
    }

    /// The postcode place the text names, if any.
    pub(crate) fn typed_postcode(&self, input: &str) -> Option<TypedPostcode> {
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
            let digits_only = digits == 4 && used == 1 && letters.is_empty();
            return Some(TypedPostcode { index, rest: rest.join(" "), digits_only });
        }
        None
    }
}

/// The two letters of a Dutch postcode (never SA, SD or SS, which the post does not use).
fn is_nl_letters(s: &str) -> bool {
    s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase()) && !["sa", "sd", "ss"].contains(&s)
}
