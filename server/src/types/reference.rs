//! The short reference of a booking or message (`R-7K3Q9M`): what customers
//! quote on the phone and what the staff links carry.
use serde::{Deserialize, Serialize};

/// Letters and digits that cannot be misread for one another (no I, O, 0, 1).
const ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

/// A kind letter, a dash and six characters of [`ALPHABET`]: 30 random bits.
/// Made by [`Reference::new`] from the operating system's random source, or
/// parsed from a link; records this server wrote are read back as they are.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Reference(String);

impl Reference {
    /// A new reference of the kind `prefix` (`R` booking, `C` contact message).
    pub fn new(prefix: char) -> Self {
        let mut bytes = [0u8; CODE_LEN];
        getrandom::fill(&mut bytes).expect("the operating system's random source");
        let code: String = bytes.iter().map(|b| ALPHABET[usize::from(b % 32)] as char).collect();
        Self(format!("{prefix}-{code}"))
    }

    /// A reference as this server makes them; anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        let (prefix, code) = text.split_once('-')?;
        let fits = prefix.len() == 1
            && prefix.bytes().all(|b| b.is_ascii_uppercase())
            && code.len() == CODE_LEN
            && code.bytes().all(|b| ALPHABET.contains(&b));
        fits.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

text_newtype!(Reference);

#[cfg(test)]
mod tests {
    use super::Reference;

    #[test]
    fn new_references_are_short_vary_and_parse_back() {
        let (a, b) = (Reference::new('R'), Reference::new('R'));
        assert_eq!(a.len(), 8);
        assert!(a.starts_with("R-"));
        assert_ne!(a, b);
        assert_eq!(Reference::parse(&a), Some(a.clone()));
        assert!(Reference::new('C').starts_with("C-"));
    }

    #[test]
    fn only_references_this_server_makes_parse() {
        for bad in [
            "",
            "R-",
            "R7K3Q9M",
            "r-7K3Q9M",
            "R-7K3Q9",
            "R-7K3Q9MM",
            "R-7K3Q0M",
            "R-7K3QIM",
            "RR-7K3Q9M",
            "R-7k3q9m",
            "R-7K3Q9M/..",
        ] {
            assert_eq!(Reference::parse(bad), None, "{bad}");
        }
        assert!(Reference::parse("C-ABCDEF").is_some());
    }
}
