//! What a mail to the customer's address may say of a booking. Anybody can
//! type any address into the form, so that mail must not carry a stranger's
//! words: only the server's own figures, the places in their provider's words
//! ([`ListedPlace`]) and the visitor's name, cut short.
use std::ops::Deref;

use crate::{
    booking::model::{Address, Booking, TripExtras},
    i18n::Locales,
};

/// Characters of the visitor's name a customer mail repeats.
const CUSTOMER_NAME_MAX: usize = 40;

/// A booking stripped to what its customer mails may show. The customer's
/// views and calendar entry are made from this type, and [`CustomerCopy::of`]
/// is the only way to get one.
#[derive(Debug, Clone)]
pub struct CustomerCopy(Booking);

impl CustomerCopy {
    pub fn of(b: &Booking, locales: &Locales) -> Self {
        let place = |a: &Address| {
            let (name, formatted) = match &a.listed {
                Some(listed) if listed.street_as_requested() => (
                    listed.name().to_owned(),
                    locales.format(b.lang, "mail.value.streetAsRequested", &[("place", listed.formatted())]),
                ),
                Some(listed) => (listed.name().to_owned(), listed.formatted().to_owned()),
                None => {
                    let text = locales.text(b.lang, "mail.value.asRequested").to_string();
                    (text.clone(), text)
                }
            };
            Address { name, formatted, place_id: None, listed: a.listed.clone() }
        };
        Self(Booking {
            name: b.name.chars().take(CUSTOMER_NAME_MAX).collect(),
            phone: None,
            // Typed by the visitor: for the planners only.
            extras: TripExtras { pickup_street: None, remarks: None, ..b.extras.clone() },
            departure: place(&b.departure),
            destination: place(&b.destination),
            ..b.clone()
        })
    }
}

impl Deref for CustomerCopy {
    type Target = Booking;

    fn deref(&self) -> &Booking {
        &self.0
    }
}
