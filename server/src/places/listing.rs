//! A place in its provider's own words: the only way a chosen place may be
//! named in a mail to the customer's address, which anybody can type.
use serde::{Deserialize, Serialize};

/// A chosen place as the server itself knows it: a gazetteer entry, or a
/// provider's answer for a real id. Only `places` builds one
/// ([`super::PlaceDetails::listing`]); a street the visitor typed is listed as
/// its town alone, with `street_as_requested` set, so no typed text gets in.
/// Stored bookings read theirs back through `Deserialize`: the store holds what
/// the server wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedPlace {
    name: String,
    formatted: String,
    /// The visitor named a street in this town; the street is not repeated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    street_as_requested: bool,
}

impl ListedPlace {
    pub(in crate::places) fn new(name: String, formatted: String) -> Self {
        Self { name, formatted, street_as_requested: false }
    }

    /// The town of a typed street, standing for the street.
    pub(in crate::places) fn town_of_typed_street(town: ListedPlace) -> Self {
        Self { street_as_requested: true, ..town }
    }

    /// The short name (a town, airport, station or business).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The full address in the provider's words.
    pub fn formatted(&self) -> &str {
        &self.formatted
    }

    /// Whether the visitor gave a street in this town that the listing leaves out.
    pub fn street_as_requested(&self) -> bool {
        self.street_as_requested
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_listings_read_back_with_and_without_the_street_flag() {
        let old: ListedPlace =
            serde_json::from_str(r#"{"name":"Roermond","formatted":"Roermond, Limburg, Nederland"}"#)
                .unwrap();
        assert!(!old.street_as_requested());
        let typed = ListedPlace::town_of_typed_street(old.clone());
        let json = serde_json::to_string(&typed).unwrap();
        assert!(json.contains(r#""streetAsRequested":true"#), "{json}");
        assert_eq!(serde_json::from_str::<ListedPlace>(&json).unwrap(), typed);
        assert!(!serde_json::to_string(&old).unwrap().contains("street"));
    }
}
