//! The optional parts of a booking, shared by both booking forms: the street
//! for a whole-town pick-up, a flight number, remarks, a return ride, and
//! what the vehicle must take (`needs`).
use jiff::{SignedDuration, Timestamp};

use crate::forms::{Checker, Input, Problems};
use crate::{
    booking::{needs::check_needs, request::RIDE},
    bookings::model::{Invoice, RideNeeds},
    config::BookingSettings,
    places::PlaceKind,
    types::{limits::LIMITS, Pickup, PlaceId},
};

/// The extras as typed and checked; the booking service adds the return price.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExtrasInput {
    pub pickup_street: Option<String>,
    pub flight_number: Option<String>,
    pub remarks: Option<String>,
    pub return_at: Option<Pickup>,
    pub needs: RideNeeds,
    /// One stop on the way: its text, and the place chosen for it.
    pub via: Option<String>,
    pub via_place_id: Option<PlaceId>,
    /// Set by the payment check (`needs::check_payment`) for a ride on account.
    pub invoice: Option<Invoice>,
}

impl ExtrasInput {
    /// The extras as one line for the form's fingerprint: each field by name,
    /// in a fixed order, so the same extras give the same text in every release
    /// (the names written here, not the request's: the store keeps fingerprints).
    pub fn fingerprint_text(&self) -> String {
        let field = |name: &str, value: Option<&str>| format!("{name}={}", value.unwrap_or(""));
        let return_at = self.return_at.map(Pickup::field_value);
        // Parts added since: only when given, so a booking without them fingerprints as before.
        let RideNeeds { luggage, child_seats, wheelchair } = self.needs;
        let needs = (!self.needs.is_nothing()).then(|| format!("needs={luggage}/{child_seats}/{wheelchair}"));
        let invoice = self.invoice.as_ref().map(|Invoice { company_name, reference }| {
            format!("invoice={company_name}/{}", reference.as_deref().unwrap_or(""))
        });
        let via = self.via.as_ref().map(|via| {
            format!("via={via}/{}", self.via_place_id.as_ref().map(PlaceId::as_str).unwrap_or(""))
        });
        let given = [needs, invoice, via].into_iter().flatten();
        [
            field("pickupStreet", self.pickup_street.as_deref()),
            field("flightNumber", self.flight_number.as_deref()),
            field("remarks", self.remarks.as_deref()),
            field("returnAt", return_at.as_deref()),
        ]
        .into_iter()
        .chain(given)
        .collect::<Vec<_>>()
        .join("\u{1f}")
    }
}

/// Checks the extras. `pickup_at`: the pick-up time the form gave,
/// `pickup_place_id` the chosen pick-up place, if any.
pub fn check_extras(
    c: &mut Checker,
    input: &Input,
    rules: &BookingSettings,
    now: Timestamp,
    pickup_at: Pickup,
    pickup_place_id: Option<&str>,
) -> ExtrasInput {
    // The booking's own rules first, then the checks every form shares: each
    // check has its own field, so the order changes no answer.
    let return_at = return_time(c, input, rules, now, Some(pickup_at.instant()));
    let flight = input.line(RIDE.flight_number);
    let flight_number = match flight.as_deref() {
        Ok("") => None,
        typed => typed.ok().and_then(normalize_flight_number).or_else(|| {
            c.fail_with(RIDE.flight_number, "funnel.validation.flightNumber", &[]);
            None
        }),
    };
    let remarks = match input.text(RIDE.remarks) {
        Ok(text) => {
            if text.chars().count() as u64 > LIMITS.remarks {
                c.fail(RIDE.remarks, "tooLong", &[("max", LIMITS.remarks.into())]);
            }
            text
        }
        Err(crate::forms::NotText) => {
            c.fail(RIDE.remarks, "required", &[]);
            String::new()
        }
    };
    let bare_town = pickup_place_id.and_then(PlaceKind::of_id).is_some_and(PlaceKind::names_no_street);
    let street = c.optional(input, RIDE.pickup_street, LIMITS.pickup_street);
    if bare_town && street.is_empty() {
        c.fail_with(RIDE.pickup_street, "funnel.validation.pickupStreetRequired", &[]);
    }
    ExtrasInput {
        pickup_street: Some(street).filter(|s| !s.is_empty()),
        flight_number,
        remarks: Some(remarks).filter(|s| !s.is_empty()),
        return_at,
        needs: check_needs(c, input),
        via: Some(c.optional(input, RIDE.via, LIMITS.address)).filter(|v| !v.is_empty()),
        via_place_id: input.line(RIDE.via_place_id).ok().and_then(|id| PlaceId::parse(&id)),
        invoice: None,
    }
}

/// The pick-up and return times alone, checked as the booking's Send checks them: what the
/// form shows under the two fields while the visitor picks them (`routes::pickup_note`), so
/// a closed day or a return before the outward ride is said before Send, by the same rules.
pub fn check_ride_times(input: &Input, rules: &BookingSettings, now: Timestamp) -> Problems {
    let mut c = Checker::new();
    let pickup = crate::booking::form::pickup_time_in(&mut c, input, RIDE.date_time, rules, now);
    return_time(&mut c, input, rules, now, Some(pickup.instant()));
    c.problems
}

fn return_time(
    c: &mut Checker,
    input: &Input,
    rules: &BookingSettings,
    now: Timestamp,
    pickup: Option<Timestamp>,
) -> Option<Pickup> {
    let field = RIDE.return_date_time;
    let text = input.line(field);
    if text.as_deref().is_ok_and(str::is_empty) {
        return None;
    }
    let Some(local) = text.ok().as_deref().and_then(Pickup::parse) else {
        c.fail_with(field, "funnel.validation.returnInvalid", &[]);
        return None;
    };
    let instant = local.instant();
    let latest = now
        .saturating_add(SignedDuration::from_hours(i64::from(rules.max_days_ahead) * 24))
        .expect("in range");
    if pickup.is_some_and(|p| instant <= p) || instant <= now {
        c.fail_with(field, "funnel.validation.returnBeforePickup", &[]);
    } else if instant > latest {
        c.fail_counting(field, "dateTimeTooFar", rules.max_days_ahead.into());
    } else {
        crate::booking::form::refuse_if_closed(c, field, rules, local);
    }
    Some(local)
}

/// `kl 1234`, `HV-5432`, `lh2311` → `KL1234`, `HV5432`, `LH2311`: an airline
/// code (two characters, not both digits, or three letters) and 1–4 digits,
/// optionally a letter. Anything else is not a flight number.
pub fn normalize_flight_number(typed: &str) -> Option<String> {
    if typed.chars().count() > LIMITS.flight_number as usize {
        return None;
    }
    let compact: String =
        typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_ascii_uppercase();
    if !compact.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let digits_start = |from: usize| compact[from..].find(|c: char| c.is_ascii_digit()).map(|i| i + from);
    let airline_len = if compact.len() > 3
        && compact[..3].chars().all(|c| c.is_ascii_alphabetic())
        && digits_start(0) == Some(3)
    {
        3
    } else {
        2
    };
    let (airline, rest) = compact.split_at_checked(airline_len)?;
    if airline.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let number = rest.strip_suffix(|c: char| c.is_ascii_alphabetic()).unwrap_or(rest);
    ((1..=4).contains(&number.len()) && number.chars().all(|c| c.is_ascii_digit())).then_some(compact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flight_numbers_are_normalised() {
        for (typed, expected) in [
            ("KL1234", "KL1234"),
            ("hv 5432", "HV5432"),
            ("lh-2311", "LH2311"),
            ("U2 123", "U2123"),
            ("4U 9", "4U9"),
            ("KLM 1234", "KLM1234"),
            ("BA 12A", "BA12A"),
        ] {
            assert_eq!(normalize_flight_number(typed).as_deref(), Some(expected), "{typed}");
        }
        for bad in [
            "1234",
            "12 345",
            "KL",
            "KL12345",
            "K",
            "KL 12 34 5",
            "<b>KL1</b>",
            "KL1234\r\nBcc: x",
            "ÄB123",
            "KLMN123",
            "",
        ] {
            assert_eq!(normalize_flight_number(bad), None, "{bad}");
        }
    }
}

#[cfg(test)]
mod fingerprint_tests {
    use super::ExtrasInput;
    use crate::bookings::model::{Invoice, RideNeeds};

    #[test]
    fn the_fingerprint_text_is_pinned_and_tells_every_field_apart() {
        let extras = ExtrasInput {
            pickup_street: Some("Markt 1".into()),
            flight_number: None,
            remarks: Some("2 suitcases".into()),
            return_at: Some("2026-12-01T18:45".parse().unwrap()),
            ..ExtrasInput::default()
        };
        // Pinned: the store keeps fingerprints across releases.
        assert_eq!(
            extras.fingerprint_text(),
            "pickupStreet=Markt 1\u{1f}flightNumber=\u{1f}remarks=2 suitcases\u{1f}returnAt=2026-12-01T18:45"
        );
        let moved =
            ExtrasInput { remarks: None, flight_number: Some("2 suitcases".into()), ..extras.clone() };
        assert_ne!(moved.fingerprint_text(), extras.fingerprint_text());
        // What travels along and the company invoiced tell rides apart too, and only when given.
        let needs = RideNeeds { luggage: 2, child_seats: 0, wheelchair: true };
        let along = ExtrasInput { needs, ..extras.clone() };
        assert!(along.fingerprint_text().ends_with("\u{1f}needs=2/0/true"), "{}", along.fingerprint_text());
        let invoice = Invoice { company_name: "Janssen BV".into(), reference: None };
        let invoiced = ExtrasInput { invoice: Some(invoice), ..extras.clone() };
        assert!(invoiced.fingerprint_text().ends_with("\u{1f}invoice=Janssen BV/"));
    }
}
