//! Where things are: points on earth and the ids providers give to places.
use serde::{Deserialize, Serialize};

/// Longest place id any provider issues, in bytes: the gazetteer's typed-address
/// ids (up to 200 characters of text in base64url) are the longest, Google's are
/// shorter. Every check of a place id (forms, providers, mail links) uses this.
pub const MAX_PLACE_ID_LEN: usize = 1200;

/// A provider's id for a place, as a form or URL brought it: bounded, and made
/// of the characters every provider's ids use (`A–Z a–z 0–9 - _ :`), so it can
/// go into a URL or a log line as it is. Whether the place exists is the
/// provider's to say.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlaceId(String);

impl PlaceId {
    pub fn parse(text: &str) -> Option<Self> {
        let fits = !text.is_empty()
            && text.len() <= MAX_PLACE_ID_LEN
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'));
        fits.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PlaceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A point on earth in degrees (WGS 84).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LatLon {
    pub lat: f64,
    pub lon: f64,
}

impl LatLon {
    /// Great-circle distance in kilometres (haversine, mean earth radius).
    pub fn distance_km(self, other: LatLon) -> f64 {
        let (p1, p2) = (self.lat.to_radians(), other.lat.to_radians());
        let dp = p2 - p1;
        let dl = (other.lon - self.lon).to_radians();
        let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
        2.0 * 6371.0088 * a.sqrt().asin()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_ids_of_every_provider_parse_and_nothing_else_does() {
        for id in [
            "g2748000",
            "vnl-roermond-swalmen",
            "z6041",
            "aAMS",
            "addr:g2748000:TWFya3Q",
            "f:hotel-van-der-valk",
            "ChIJN1t_tDeuEmsRUsoyG83frY4",
        ] {
            assert_eq!(PlaceId::parse(id).map(|p| p.to_string()).as_deref(), Some(id));
        }
        let too_long = "A".repeat(MAX_PLACE_ID_LEN + 1);
        for bad in ["", " g2748000", "g27/48000", "a?b=c", "a%20b", "Ä", "x\ny", too_long.as_str()] {
            assert_eq!(PlaceId::parse(bad), None, "{bad:?}");
        }
        assert!(PlaceId::parse(&"A".repeat(MAX_PLACE_ID_LEN)).is_some());
    }

    #[test]
    fn distance_roermond_to_schiphol_is_about_150_km_crow_fly() {
        let roermond = LatLon { lat: 51.1942, lon: 5.9875 };
        let schiphol = LatLon { lat: 52.3105, lon: 4.7683 };
        let d = roermond.distance_km(schiphol);
        assert!((d - 147.0).abs() < 3.0, "{d}");
        assert_eq!(roermond.distance_km(roermond), 0.0);
    }
}
