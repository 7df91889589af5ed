//! Where things are: points on earth and the ids providers give to places.
use serde::Serialize;

/// Longest place id any provider issues, in bytes: the gazetteer's typed-address
/// ids (up to 200 characters of text in base64url) are the longest, Google's are
/// shorter. Every check of a place id (forms, providers, mail links) uses this.
pub const MAX_PLACE_ID_LEN: usize = 1200;

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
    fn distance_roermond_to_schiphol_is_about_150_km_crow_fly() {
        let roermond = LatLon { lat: 51.1942, lon: 5.9875 };
        let schiphol = LatLon { lat: 52.3105, lon: 4.7683 };
        let d = roermond.distance_km(schiphol);
        assert!((d - 147.0).abs() < 3.0, "{d}");
        assert_eq!(roermond.distance_km(roermond), 0.0);
    }
}
