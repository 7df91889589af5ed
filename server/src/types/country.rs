//! A country, as its two-letter ISO 3166 code (`NL`), limited to the regions
//! libphonenumber's metadata knows: a country is what a phone number is read
//! in (`types::phone`) and named after (`countries.NL` in `locales/`).
use phonenumber::{country::Id, metadata::DATABASE};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Country(Id);

impl Country {
    pub const NL: Country = Country(Id::NL);
    pub const DE: Country = Country(Id::DE);
    pub const BE: Country = Country(Id::BE);

    /// `NL`, `DE`, …: exactly two capital letters of a region with numbering metadata.
    pub fn parse(code: &str) -> Option<Self> {
        if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return None;
        }
        DATABASE.by_id(code)?;
        code.parse().ok().map(Country)
    }

    pub fn code(&self) -> &str {
        self.0.as_ref()
    }

    /// Every country with a numbering plan.
    #[cfg(test)]
    pub(crate) fn with_numbers() -> impl Iterator<Item = Country> {
        DATABASE.iter().filter_map(|m| Country::parse(m.id()))
    }

    pub(crate) fn id(self) -> Id {
        self.0
    }

    pub(crate) fn from_id(id: Id) -> Self {
        Country(id)
    }
}

impl std::fmt::Display for Country {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Country {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// In the settings (`company.country`): a wrong code stops start-up naming the setting.
impl<'de> Deserialize<'de> for Country {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Country::parse(&code).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{code}` is no two-letter ISO 3166 country code (capitals, e.g. \"NL\")"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_two_capitals_of_a_known_region() {
        assert_eq!(Country::parse("NL"), Some(Country::NL));
        assert_eq!(Country::parse("BE").map(|c| c.to_string()).as_deref(), Some("BE"));
        for bad in ["nl", "NLD", "Nederland", "", "ZZ", "001", "N"] {
            assert_eq!(Country::parse(bad), None, "{bad}");
        }
        let refused = serde_json::from_value::<Country>(serde_json::json!("Netherlands")).unwrap_err();
        assert!(refused.to_string().contains("ISO 3166"), "{refused}");
        assert_eq!(serde_json::to_value(Country::DE).unwrap(), serde_json::json!("DE"));
    }
}
