//! Links in staff mails that turn a booking into action: the route in Google Maps.
//!
//! The Maps URL (`/maps/dir/?api=1`, see `docs/external-apis.md`) needs no key.
//! A place id is only added when it is Google's: the embedded gazetteer issues
//! its own ids (`addr:…` and the like) that Google would not know, so for those
//! the address text alone is passed, which Google geocodes.
use crate::{
    bookings::model::Address,
    types::{links::query_value, PlaceId, MAX_PLACE_ID_LEN},
};

/// Longest address text put in a link (Maps URLs should stay under 2,048 characters).
const ADDRESS_MAX: usize = 300;

/// `https://www.google.com/maps/dir/?api=1&origin=…&destination=…&travelmode=driving`;
/// `street`: the street typed beside a whole town chosen as the pick-up, which
/// the route starts from instead of the town (and so without the town's id).
/// `via`: a stop on the way (`waypoints`).
pub fn maps_directions(from: &Address, street: Option<&str>, via: Option<&Address>, to: &Address) -> String {
    let mut url = String::from("https://www.google.com/maps/dir/?api=1");
    for (name, address, street) in [("origin", from, street), ("destination", to, None)] {
        let text = match street {
            Some(street) => {
                crate::mail::text::one_line(&format!("{street}, {}", place_text(address)), ADDRESS_MAX)
            }
            None => place_text(address),
        };
        url.push_str(&format!("&{name}={}", query_value(&text)));
        let id = address.place_id.as_ref().map(PlaceId::as_str).filter(|id| is_google_place_id(id));
        if let Some(id) = id.filter(|_| street.is_none()) {
            url.push_str(&format!("&{name}_place_id={id}"));
        }
    }
    url.push_str("&travelmode=driving");
    // A stop on the way, by its words (Google's URL takes no place id for it).
    if let Some(via) = via {
        url.push_str(&format!("&waypoints={}", query_value(&place_text(via))));
    }
    url
}

/// A place as the link names it: its address, else its name.
fn place_text(a: &Address) -> String {
    let text = crate::mail::text::one_line(&a.formatted, ADDRESS_MAX);
    if text.is_empty() {
        crate::mail::text::one_line(&a.name, ADDRESS_MAX)
    } else {
        text
    }
}

/// Google place ids are long base64url strings (`ChIJ…`, `EiZ…`, `GhIJ…`), mixed
/// case. Ids of the embedded gazetteer carry a prefix with a colon (`addr:`) or
/// are short lower-case slugs; neither passes.
pub fn is_google_place_id(id: &str) -> bool {
    id.len() >= 16
        && id.len() <= MAX_PLACE_ID_LEN
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && id.bytes().any(|b| b.is_ascii_uppercase())
        && id.bytes().any(|b| b.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(formatted: &str, place_id: Option<&str>) -> Address {
        Address {
            formatted: formatted.into(),
            name: formatted.into(),
            place_id: place_id.and_then(PlaceId::parse),
            listed: None,
            own: None,
        }
    }

    #[test]
    fn directions_link_with_google_place_ids() {
        let url = maps_directions(
            &address("Stationsplein 1, 6041 GV Roermond", Some("ChIJN1t_tDeuEmsRUsoyG83frY4")),
            None,
            None,
            &address("Amsterdam Airport Schiphol", Some("ChIJLRb94DThxUcRiPHO8YMV1cc")),
        );
        assert_eq!(
            url,
            "https://www.google.com/maps/dir/?api=1&origin=Stationsplein%201%2C%206041%20GV%20Roermond&origin_place_id=ChIJN1t_tDeuEmsRUsoyG83frY4&destination=Amsterdam%20Airport%20Schiphol&destination_place_id=ChIJLRb94DThxUcRiPHO8YMV1cc&travelmode=driving"
        );
    }

    #[test]
    fn gazetteer_ids_are_left_out() {
        let url = maps_directions(
            &address("Roermond", Some("addr:nl:roermond:stationsplein:1")),
            None,
            None,
            &address("Düsseldorf Flughafen & Co", Some("apt:EDDL")),
        );
        assert_eq!(url, "https://www.google.com/maps/dir/?api=1&origin=Roermond&destination=D%C3%BCsseldorf%20Flughafen%20%26%20Co&travelmode=driving");
        for id in ["addr:123", "nl-roermond-station", "EDDL", "geo:51.19,5.98", "ChIJ with space"] {
            assert!(!is_google_place_id(id), "{id}");
        }
        assert!(is_google_place_id("EiZTdGF0aW9uc3BsZWluIDEsIFJvZXJtb25kLCBOZXRoZXJsYW5kcw"));
    }

    #[test]
    fn a_whole_town_with_its_street_is_routed_from_the_street() {
        let url = maps_directions(
            &address("Roermond, Nederland", Some("ChIJN1t_tDeuEmsRUsoyG83frY4")),
            Some("Markt 1"),
            None,
            &address("Venlo", Some("g2745641")),
        );
        assert_eq!(url, "https://www.google.com/maps/dir/?api=1&origin=Markt%201%2C%20Roermond%2C%20Nederland&destination=Venlo&travelmode=driving");
    }
}
