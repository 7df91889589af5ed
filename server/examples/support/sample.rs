//! A sample booking for the delivery examples (not an example itself).
use taxi_server::{
    booking::model::{Address, Booking, PaymentMethod},
    pricing::{PriceSummary, Rule},
    types::{Country, Email, Lang, Money, Phone},
};

/// Booking number `i`, with the reference `<prefix><i>`.
pub fn booking(prefix: char, i: usize) -> Booking {
    Booking {
        // Read back as a stored one would be: numbered, not random.
        reference: serde_json::from_value(format!("{prefix}{i:06}").into()).expect("a reference"),
        lang: [Lang::Nl, Lang::De, Lang::En][i % 3],
        name: format!("Klant {i}"),
        email: Email::parse(&format!("klant{i}@example.nl")).expect("a valid address"),
        phone: Phone::parse("06 12345678", Country::NL, Lang::Nl),
        passengers: 2,
        departure: Address {
            formatted: "Stationsplein 1, 6041 GV Roermond".into(),
            name: "Station Roermond".into(),
            place_id: None,
            listed: None,
        },
        destination: Address {
            formatted: "Evert van de Beekstraat 202, 1118 CP Schiphol".into(),
            name: "Schiphol".into(),
            place_id: None,
            listed: None,
        },
        pickup_at: "2030-11-24T14:30".parse().unwrap(),
        payment_method: Some(PaymentMethod::Cash),
        price: Some(PriceSummary {
            amount_cents: Money::from_cents(23000),
            rule: Rule::Fixed,
            distance_km: 178.4,
            duration_min: 115.0,
            fixed_destination: Some("Schiphol".into()),
            surcharge_cents: Money::from_cents(0),
            fixed_cents: None,
            fixed_destination_names: None,
        }),
        received_at: jiff::Timestamp::now(),
        confirmation_withheld: false,
        extras: Default::default(),
    }
}
