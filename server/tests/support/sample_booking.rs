//! The one sample booking of the tests and the examples: the booking of the
//! golden mails (fixed reference, times and ids), which the delivery tests
//! vary per test and the delivery examples number.
#![allow(dead_code)] // each user takes what it needs

use taxi_server::{
    bookings::model::{Address, Booking, ListedPlace, PaymentMethod, ReturnTrip, TripExtras},
    pricing::{PriceSummary, Rule},
    types::{Country, Email, Lang, Money, Phone, PlaceId, Reference},
};

/// A reference as an older record holds it (the golden files keep theirs).
pub fn stored_reference(text: &str) -> Reference {
    serde_json::from_value(text.into()).unwrap()
}

/// A place as a provider listed it (only `places` makes these; a stored booking
/// reads them back, as here).
fn listed(name: &str, formatted: &str) -> ListedPlace {
    serde_json::from_value(serde_json::json!({"name": name, "formatted": formatted})).unwrap()
}

/// The booking of the golden files: fixed reference, times and ids.
pub fn booking(lang: Lang) -> Booking {
    Booking {
        reference: stored_reference("R7K3Q9"),
        lang,
        name: "Zoë van den Berg".into(),
        email: Email::parse("zoe@example.nl").unwrap(),
        phone: Phone::parse("06 12345678", Country::NL, Lang::Nl),
        passengers: 3,
        departure: Address {
            formatted: "Stationsplein 1, 6041 GV Roermond, Nederland".into(),
            name: "Roermond".into(),
            place_id: PlaceId::parse("addr:nl:6041gv:1"),
            listed: Some(listed("Roermond", "Stationsplein 1, 6041 GV Roermond, Nederland")),
            own: None,
        },
        destination: Address {
            formatted: "Evert van de Beekstraat 202, 1118 CP Schiphol, Nederland".into(),
            name: "Schiphol".into(),
            place_id: PlaceId::parse("ChIJLRb94DThxUcRiPHO8YMV1cc"),
            listed: Some(listed("Schiphol", "Evert van de Beekstraat 202, 1118 CP Schiphol, Nederland")),
            own: None,
        },
        pickup_at: "2025-11-24T14:30".parse().unwrap(),
        payment_method: Some(PaymentMethod::Debitcard),
        price: Some(PriceSummary {
            amount_cents: Money::from_cents(23000),
            rule: Rule::Fixed,
            distance_km: 178.4,
            duration_min: 115.0,
            fixed_destination: Some("Schiphol".into()),
            surcharge_cents: Money::from_cents(0),
            fixed_cents: None,
            taxibus: None,
            stop: None,
            fixed_destination_names: None,
        }),
        received_at: "2025-11-20T09:15:00Z".parse().unwrap(),
        confirmation_withheld: false,
        extras: TripExtras {
            remarks: Some("Two suitcases and a child seat (age 3).\nPlease ring twice.".into()),
            return_trip: Some(ReturnTrip {
                pickup_at: "2025-11-28T18:45".parse().unwrap(),
                price: Some(PriceSummary {
                    amount_cents: Money::from_cents(25500),
                    rule: Rule::FixedPickup,
                    distance_km: 178.4,
                    duration_min: 115.0,
                    fixed_destination: Some("Schiphol".into()),
                    surcharge_cents: Money::from_cents(2500),
                    fixed_cents: None,
                    taxibus: None,
                    stop: None,
                    fixed_destination_names: None,
                }),
            }),
            ..TripExtras::default()
        },
    }
}
