//! A sample booking for the delivery examples, and the bookings started as
//! the server starts them (not an example itself).
use std::sync::Arc;

use taxi_server::{
    booking_mail::composer::Composer,
    bookings::{
        keeper::Keeper,
        model::{Address, Booking, PaymentMethod},
    },
    config::Settings,
    i18n::Locales,
    mail::{DeliveryError, Outbox, RetryPolicy},
    pricing::{PriceSummary, Rule},
    secret::SecretKey,
    types::{Country, Email, Lang, Money, Phone},
};

/// The bookings, the outbox and the mail kit over the store of `settings`.
#[derive(Clone)]
pub struct Started {
    pub keeper: Arc<Keeper>,
    pub outbox: Outbox,
    pub composer: Arc<Composer>,
}

pub fn start(settings: &Settings, policy: RetryPolicy) -> Started {
    let locales = Arc::new(Locales::load());
    let (keeper, outbox) = Keeper::start(settings, locales.clone(), policy).expect("outbox");
    let (key, _) = SecretKey::load(settings).expect("the key");
    Started { keeper: Arc::new(keeper), outbox, composer: Arc::new(Composer::new(settings, locales, key)) }
}

impl Started {
    /// A booking stored with its mails, as a booking request stores it.
    pub async fn submit(&self, booking: &Booking) -> Result<(), DeliveryError> {
        taxi_server::booking::service::book((&self.keeper, &self.composer), booking, (None, None)).await
    }
}

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
            fixed_destination_names: None,
        }),
        received_at: jiff::Timestamp::now(),
        confirmation_withheld: false,
        extras: Default::default(),
    }
}
