//! "Book this ride again" and "book the way back": links on the manage page
//! to the reservation page, which the server fills in from the booking (name,
//! e-mail, phone, passengers, payment and both places, the way back reversed)
//! so that a repeat booking is the date, the time and Send. Nothing is kept in
//! the browser: the link names the booking, and the page is made for the
//! request from the store.
//!
//! `/reserveren?repeat=again&booking=R-7K3Q9M&expires=…&sig=…`: signed with
//! the site's key for this purpose only (a repeat link opens no manage page,
//! and a manage link fills no form), over the reference and the expiry of the
//! manage link whose page offered it. So a repeat link works exactly as long
//! as that manage link, and fills in only what its page shows: the holder of
//! the manage link sees the same name, e-mail, phone, places and passengers
//! there (`manage_booking::routes`). A link that is altered or expired, or
//! whose booking is gone or junk, opens the empty form with a message.
//!
//! The date is the one field left empty, so the page opens there, focused
//! (`FormState::focus`). A round trip booked again keeps its return ride as
//! days after the pick-up and a time of day ([`EarlierReturn`]): the new
//! return follows from the date the visitor chooses.
use std::collections::BTreeMap;

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use jiff::Timestamp;

use crate::{
    booking::request::{EndFields, RESERVATION},
    bookings::{
        answer::Status,
        model::{Address, Booking, PaymentMethod},
        record::Record,
    },
    secret::SecretKey,
    site::Page,
    types::{phone::international, Lang},
};

const PURPOSE: &str = "customer-repeat";

/// Which ride the reservation page is filled with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The same ride: the same pick-up, the same destination.
    Again,
    /// The way back: from the destination to the pick-up.
    Back,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Again, Direction::Back];

    pub fn code(self) -> &'static str {
        match self {
            Self::Again => "again",
            Self::Back => "back",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The route's two ends in this direction: (pick-up, destination).
    pub fn ends(self, b: &Booking) -> (&Address, &Address) {
        match self {
            Self::Again => (&b.departure, &b.destination),
            Self::Back => (&b.destination, &b.departure),
        }
    }
}

/// The reservation page in `lang`, to be filled with booking `reference` in
/// `direction`; `expires`: the expiry of the manage link that offers it, as
/// that link carries it.
pub fn path(key: &SecretKey, reference: &str, lang: Lang, direction: Direction, expires: &str) -> String {
    let sig = URL_SAFE_NO_PAD.encode(key.sign(&[PURPOSE, reference, expires]));
    let query = serde_urlencoded::to_string([
        ("repeat", direction.code()),
        ("booking", reference),
        ("expires", expires),
        ("sig", &sig),
    ])
    .unwrap_or_default();
    format!("{}?{query}", Page::Reservation.path(lang))
}

/// Whether a repeat link is genuine and unexpired.
pub fn verify(key: &SecretKey, reference: &str, expires: &str, sig: &str, now: Timestamp) -> bool {
    let Ok(tag) = URL_SAFE_NO_PAD.decode(sig) else { return false };
    key.verify(&[PURPOSE, reference, expires], &tag)
        && expires.parse::<i64>().is_ok_and(|expires| now.as_second() < expires)
}

/// Whether `record` may fill a form: a junk booking's data is deleted, and
/// nobody meant it.
pub fn fills(record: &Record) -> bool {
    record.status != Status::Junk
}

/// The form's fields the booking fills in, besides the places: name,
/// e-mail, phone, passengers, luggage, child seats, wheelchair, payment (with
/// the company invoiced), and for the same ride the street of a
/// whole-town pick-up (the way back has it in its remarks: `prefill::repeat_form`).
/// The time is left to choose.
pub fn personal_values(b: &Booking, direction: Direction) -> BTreeMap<String, String> {
    let f = RESERVATION;
    let mut values = BTreeMap::from([
        (f.ride.name, b.name.clone()),
        (f.email, b.email.to_string()),
        (f.ride.passenger_amount, b.passengers.to_string()),
    ]);
    if let Some(phone) = b.phone.as_deref() {
        values.insert(f.phone, phone_as_read(phone));
    }
    if let Some(method) = b.payment_method {
        values.insert(f.ride.payment_method, method.code().into());
    }
    // What travels along travels back; the company on whose account, too.
    let needs = &b.extras.needs;
    let counts = [(f.ride.luggage, needs.luggage), (f.ride.child_seats, needs.child_seats)];
    values.extend(counts.into_iter().filter(|(_, n)| *n > 0).map(|(field, n)| (field, n.to_string())));
    if needs.wheelchair {
        values.insert(f.ride.wheelchair, "true".into());
    }
    if let Some(invoice) = &b.extras.invoice {
        values.insert(f.ride.company_name, invoice.company_name.clone());
        values.extend(invoice.reference.clone().map(|r| (f.ride.invoice_reference, r)));
    }
    if let (Direction::Again, Some(street)) = (direction, &b.extras.pickup_street) {
        values.insert(f.ride.pickup_street, street.clone());
    }
    // The stop was on the way there: the way back is the direct route.
    if let (Direction::Again, Some(stop)) = (direction, &b.extras.via) {
        values.insert(f.ride.via, stop.formatted.clone());
        values.extend(stop.place_id.as_ref().map(|id| (f.ride.via_place_id, id.as_str().to_string())));
    }
    values.into_iter().map(|(field, value)| (field.to_string(), value)).collect()
}

/// The earlier return ride of `b` booked again: (days after the pick-up's day,
/// time of day). The way back has none: a round trip's way back was its return.
pub fn earlier_return(b: &Booking, direction: Direction) -> Option<(u16, String)> {
    let back = b.extras.return_trip.as_ref().filter(|_| direction == Direction::Again)?;
    let (out, back) = (b.pickup_at.civil(), back.pickup_at.civil());
    let days = out.date().until(back.date()).ok()?.get_days();
    Some((u16::try_from(days).ok()?, back.strftime("%H:%M").to_string()))
}

/// A payment method the owner has switched off since the booking is not filled
/// in again (Send would refuse it), nor the company it invoiced.
pub fn keep_offered_payment(values: &mut BTreeMap<String, String>, offered: &[PaymentMethod]) {
    let f = RESERVATION.ride;
    let method = values.get(f.payment_method).and_then(|code| PaymentMethod::parse(code));
    if method.is_some_and(|m| !offered.contains(&m)) {
        for field in [f.payment_method, f.company_name, f.invoice_reference] {
            values.remove(field);
        }
    }
}

/// A stored phone number as people read it (`+31 6 12345678`), as the form
/// shows it before sending and the manage page shows it.
pub fn phone_as_read(stored: &str) -> String {
    international(stored).map(|(number, _)| number).unwrap_or_else(|| stored.to_string())
}

/// A place as the stored booking has it, filled in without asking the
/// provider: its text, id and name, as a choice from the list leaves them.
pub fn stored_place(values: &mut BTreeMap<String, String>, end: EndFields, a: &Address) {
    // The form is in the booking's language: the place as that language names it.
    let a = &a.in_booking_language();
    values.insert(end.text.to_string(), a.formatted.clone());
    if let Some(id) = &a.place_id {
        values.insert(end.place_id.to_string(), id.as_str().to_string());
        values.insert(end.name.to_string(), a.name.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::model::{sample, Invoice, RideNeeds};

    fn parts(path: &str) -> BTreeMap<String, String> {
        let query = path.split_once('?').unwrap().1;
        serde_urlencoded::from_str::<Vec<(String, String)>>(query).unwrap().into_iter().collect()
    }

    #[test]
    fn a_repeat_link_lives_as_long_as_its_manage_link_and_not_once_altered() {
        let key = SecretKey::from_bytes(vec![7; 32]);
        let path = path(&key, "R-7K3Q9M", Lang::De, Direction::Back, "1795000000");
        assert!(
            path.starts_with("/reservieren?repeat=back&booking=R-7K3Q9M&expires=1795000000&sig="),
            "{path}"
        );
        let q = parts(&path);
        let before: Timestamp = "2026-11-18T00:00:00Z".parse().unwrap();
        let after = Timestamp::from_second(1_795_000_000).unwrap();
        assert!(verify(&key, "R-7K3Q9M", &q["expires"], &q["sig"], before));
        assert!(!verify(&key, "R-7K3Q9M", &q["expires"], &q["sig"], after), "expired with its manage link");
        assert!(!verify(&key, "R-7K3Q9N", &q["expires"], &q["sig"], before), "another booking");
        assert!(!verify(&key, "R-7K3Q9M", "1795000001", &q["sig"], before), "a later expiry");
        assert!(!verify(&SecretKey::from_bytes(vec![8; 32]), "R-7K3Q9M", &q["expires"], &q["sig"], before));
        // A manage link's signature (the same reference and expiry) fills no form.
        let manage = crate::bookings::answer_links::manage_path(&key, "R-7K3Q9M", after);
        let manage_sig = manage.split("sig=").nth(1).unwrap();
        assert!(!verify(&key, "R-7K3Q9M", &q["expires"], manage_sig, before));
    }

    #[test]
    fn the_form_gets_the_bookings_details_and_the_way_back_reverses_the_places() {
        let mut b = sample("2026-11-20T10:00:00Z".parse().unwrap(), "2026-11-24T14:30");
        b.phone = crate::types::Phone::parse("06 12345678", crate::types::Country::NL, Lang::Nl);
        b.payment_method = Some(PaymentMethod::Cash);
        b.extras.pickup_street = Some("Markt 1".into());
        b.extras.remarks = Some("ring twice".into());
        b.extras.flight_number = Some("KL1234".into());
        b.extras.needs = RideNeeds { luggage: 3, child_seats: 0, wheelchair: true };
        let again = personal_values(&b, Direction::Again);
        let expected = [
            ("email", "jan@example.nl"),
            ("luggage", "3"),
            ("name", "Jan"),
            ("passengerAmount", "2"),
            ("paymentMethod", "cash"),
            ("phone", "+31 6 12345678"),
            ("pickupStreet", "Markt 1"),
            ("wheelchair", "true"),
        ];
        let again: Vec<(&str, &str)> = again.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(again, expected, "no remarks, flight or time");
        assert!(
            !personal_values(&b, Direction::Back).contains_key("pickupStreet"),
            "the street was the pick-up's"
        );
        b.payment_method = Some(PaymentMethod::Invoice);
        b.extras.invoice =
            Some(Invoice { company_name: "Janssen BV".into(), reference: Some("PO 7".into()) });
        let back = personal_values(&b, Direction::Back);
        let invoiced =
            ["paymentMethod", "companyName", "invoiceReference", "luggage", "wheelchair"].map(|k| &back[k]);
        assert_eq!(
            invoiced,
            ["invoice", "Janssen BV", "PO 7", "3", "true"],
            "the way back on the same account"
        );
        // The owner no longer offers invoices: neither the method nor the company comes back.
        let mut values = back.clone();
        keep_offered_payment(&mut values, &[PaymentMethod::Cash]);
        assert!(["paymentMethod", "companyName", "invoiceReference"]
            .iter()
            .all(|k| !values.contains_key(*k)));
        assert_eq!(values["luggage"], "3", "the rest stays");
        let mut kept = back.clone();
        keep_offered_payment(&mut kept, &[PaymentMethod::Cash, PaymentMethod::Invoice]);
        assert_eq!(kept, back, "still offered: kept");
        assert_eq!(Direction::Again.ends(&b), (&b.departure, &b.destination));
        assert_eq!(Direction::Back.ends(&b), (&b.destination, &b.departure));
        for direction in Direction::ALL {
            assert_eq!(Direction::parse(direction.code()), Some(direction));
        }
    }

    #[test]
    fn a_round_trips_return_is_kept_as_days_after_the_pick_up_and_a_time_of_day() {
        let mut b = sample("2026-11-20T10:00:00Z".parse().unwrap(), "2026-11-30T22:30");
        assert_eq!(earlier_return(&b, Direction::Again), None, "one way");
        for (back, days) in [("2026-11-30T23:45", 0), ("2026-12-03T06:05", 3)] {
            let pickup_at = crate::types::Pickup::parse(back).unwrap();
            b.extras.return_trip = Some(crate::bookings::model::ReturnTrip { pickup_at, price: None });
            let time = back[11..].to_string();
            assert_eq!(earlier_return(&b, Direction::Again), Some((days, time)), "{back}");
            assert_eq!(earlier_return(&b, Direction::Back), None, "the way back is a single ride");
        }
    }
}
