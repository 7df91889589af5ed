//! A sample booking for the delivery examples, and the bookings started as
//! the server starts them (not an example itself).
use std::sync::Arc;

use taxi_server::{
    booking_mail::composer::Composer,
    bookings::{keeper::Keeper, model::Booking},
    config::Settings,
    i18n::Locales,
    mail::{DeliveryError, Outbox, RetryPolicy},
    secret::SecretKey,
    types::{Email, Lang},
};

#[path = "../../tests/support/sample_booking.rs"]
mod golden;

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

/// Booking number `i`, with the reference `<prefix><i>`: the one sample
/// booking, in each language in turn, to its own address, for a ride ahead.
pub fn booking(prefix: char, i: usize) -> Booking {
    Booking {
        // Read back as a stored one would be: numbered, not random.
        reference: serde_json::from_value(format!("{prefix}{i:06}").into()).expect("a reference"),
        lang: [Lang::Nl, Lang::De, Lang::En][i % 3],
        name: format!("Klant {i}"),
        email: Email::parse(&format!("klant{i}@example.nl")).expect("a valid address"),
        pickup_at: "2030-11-24T14:30".parse().unwrap(),
        received_at: jiff::Timestamp::now(),
        extras: Default::default(),
        ..golden::booking(Lang::Nl)
    }
}
