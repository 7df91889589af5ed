//! The signed links in the staff mail: `/staff/{reference}/{action}?expires=…&sig=…`,
//! and the customer's manage link: `/booking/{reference}?expires=…&sig=…`.
//!
//! The signature is HMAC-SHA256 with the server's secret key over the
//! reference, the action and the expiry (a Unix time an hour after the pick-up),
//! in base64url. A link that is unknown, altered or expired is refused the
//! same way whichever part is wrong.
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use jiff::Timestamp;

use crate::{
    bookings::{answer::Action, model::Booking},
    secret::SecretKey,
    types::Pickup,
};

/// The route pattern of the answer page.
pub const ROUTE: &str = "/staff/{reference}/{action}";
/// A link opens until this long after the pick-up, to tell staff the time has
/// passed; answers are taken only before the pick-up.
const VALID_AFTER_PICKUP: jiff::SignedDuration = jiff::SignedDuration::from_hours(1);
const PURPOSE: &str = "staff-answer";

/// When the links of a booking stop working: an hour after its pick-up.
pub fn expires_at(pickup_at: Pickup) -> Timestamp {
    pickup_at.instant().checked_add(VALID_AFTER_PICKUP).unwrap_or(Timestamp::MAX)
}

/// The path with its query, e.g. `/staff/R-7K3Q9M/confirm?expires=1764…&sig=…`.
pub fn signed_path(key: &SecretKey, reference: &str, action: Action, expires: Timestamp) -> String {
    let expires = expires.as_second().to_string();
    let sig = URL_SAFE_NO_PAD.encode(key.sign(&[PURPOSE, reference, action.code(), &expires]));
    format!("/staff/{reference}/{}?expires={expires}&sig={sig}", action.code())
}

/// The action of a genuine, unexpired link; `None` for anything else.
pub fn verify(
    key: &SecretKey,
    reference: &str,
    action: &str,
    expires: &str,
    sig: &str,
    now: Timestamp,
) -> Option<Action> {
    let action = Action::parse(action)?;
    let tag = URL_SAFE_NO_PAD.decode(sig).ok()?;
    // The signature first, so that an altered expiry is refused like any forgery.
    if !key.verify(&[PURPOSE, reference, action.code(), expires], &tag) {
        return None;
    }
    let expires: i64 = expires.parse().ok()?;
    (now.as_second() < expires).then_some(action)
}

/// The route pattern of the customer's manage page.
pub const MANAGE_ROUTE: &str = "/booking/{reference}";
const MANAGE_PURPOSE: &str = "customer-manage";

/// When a manage link stops working: an hour after the last pick-up of the
/// ride as the mail carrying it knows it (the ride back, a proposed time).
pub fn manage_expires_at(b: &Booking, proposed: Option<Pickup>) -> Timestamp {
    let back = b.extras.return_trip.as_ref().map(|r| r.pickup_at);
    let last = [Some(b.pickup_at), back, proposed].into_iter().flatten().max().unwrap_or(b.pickup_at);
    expires_at(last)
}

/// The manage page's path with its query.
pub fn manage_path(key: &SecretKey, reference: &str, expires: Timestamp) -> String {
    let expires = expires.as_second().to_string();
    let sig = URL_SAFE_NO_PAD.encode(key.sign(&[MANAGE_PURPOSE, reference, &expires]));
    format!("/booking/{reference}?expires={expires}&sig={sig}")
}

/// Whether a manage link is genuine and unexpired.
pub fn verify_manage(key: &SecretKey, reference: &str, expires: &str, sig: &str, now: Timestamp) -> bool {
    let Ok(tag) = URL_SAFE_NO_PAD.decode(sig) else { return false };
    key.verify(&[MANAGE_PURPOSE, reference, expires], &tag)
        && expires.parse::<i64>().is_ok_and(|expires| now.as_second() < expires)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(path: &str) -> (String, String, String, String) {
        let (path, query) = path.split_once('?').unwrap();
        let segments: Vec<&str> = path.split('/').collect();
        let value = |name: &str| {
            query.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap().to_string()
        };
        (segments[2].into(), segments[3].into(), value("expires"), value("sig"))
    }

    #[test]
    fn a_link_works_until_an_hour_after_the_pickup_and_not_once_altered() {
        let key = SecretKey::from_bytes(vec![7; 32]);
        let pickup: Pickup = "2026-11-24T14:30".parse().unwrap();
        let expires = expires_at(pickup);
        assert_eq!(expires.to_string(), "2026-11-24T14:30:00Z");
        let (reference, action, exp, sig) = parts(&signed_path(&key, "R-7K3Q9M", Action::Propose, expires));
        let before: Timestamp = "2026-11-24T14:29:59Z".parse().unwrap();
        assert_eq!(verify(&key, &reference, &action, &exp, &sig, before), Some(Action::Propose));
        assert_eq!(verify(&key, &reference, &action, &exp, &sig, expires), None, "expired");
        assert_eq!(verify(&key, "R-7K3Q9N", &action, &exp, &sig, before), None, "other booking");
        assert_eq!(verify(&key, &reference, "confirm", &exp, &sig, before), None, "other action");
        let later = (expires.as_second() + 86_400).to_string();
        assert_eq!(verify(&key, &reference, &action, &later, &sig, before), None, "extended expiry");
        assert_eq!(verify(&key, &reference, &action, &exp, &sig[1..], before), None, "cut signature");
        assert_eq!(verify(&key, &reference, &action, &exp, "!!", before), None, "not base64");
        assert_eq!(
            verify(&SecretKey::from_bytes(vec![8; 32]), &reference, &action, &exp, &sig, before),
            None,
            "other key"
        );
    }

    #[test]
    fn a_manage_link_is_not_a_staff_link_and_tampering_fails() {
        let key = SecretKey::from_bytes(vec![7; 32]);
        let expires: Timestamp = "2026-11-24T14:30:00Z".parse().unwrap();
        let path = manage_path(&key, "R-7K3Q9M", expires);
        let (path, query) = path.split_once('?').unwrap();
        assert_eq!(path, "/booking/R-7K3Q9M");
        let value = |name: &str| query.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap();
        let (exp, sig) = (value("expires"), value("sig"));
        let before: Timestamp = "2026-11-24T14:29:59Z".parse().unwrap();
        assert!(verify_manage(&key, "R-7K3Q9M", exp, sig, before));
        assert!(!verify_manage(&key, "R-7K3Q9M", exp, sig, expires), "expired");
        assert!(!verify_manage(&key, "R-7K3Q9N", exp, sig, before), "other booking");
        assert!(!verify_manage(&key, "R-7K3Q9M", &(expires.as_second() + 1).to_string(), sig, before));
        assert!(!verify_manage(&key, "R-7K3Q9M", exp, &sig[1..], before));
        for action in Action::ALL {
            let staff = signed_path(&key, "R-7K3Q9M", action, expires);
            let staff_sig = staff.split("sig=").nth(1).unwrap();
            assert!(!verify_manage(&key, "R-7K3Q9M", exp, staff_sig, before), "a staff link's signature");
        }
    }
}
