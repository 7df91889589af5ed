//! What a mail to the customer's address may say of a booking. Anybody can
//! type any address into the form, so that mail must not carry a stranger's
//! words: only the server's own figures, the places in their provider's words
//! ([`ListedPlace`]) and the visitor's name, cut short.
use std::ops::Deref;

use crate::{
    booking::model::{Address, Booking, TripExtras},
    i18n::Locales,
    mail::customer::Screened,
    types::person_name::carries_contact,
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
            // The form refuses such names; a booking stored before it did
            // is greeted without one.
            name: match carries_contact(&b.name) {
                true => String::new(),
                false => b.name.chars().take(CUSTOMER_NAME_MAX).collect(),
            },
            phone: None,
            // Typed by the visitor: for the planners only.
            extras: TripExtras { pickup_street: None, remarks: None, ..b.extras.clone() },
            departure: place(&b.departure),
            destination: place(&b.destination),
            ..b.clone()
        })
    }
}

impl Screened for CustomerCopy {}

impl Deref for CustomerCopy {
    type Target = Booking;

    fn deref(&self) -> &Booking {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_customer_copy_keeps_a_name_but_not_a_link_a_phone_or_typed_text() {
        let mut b =
            crate::booking::model::sample("2026-11-26T14:00:00Z".parse().unwrap(), "2026-11-27T09:00");
        b.name = "Jan de Vries".into();
        b.phone = crate::types::phone::Phone::parse("+31 6 12345678", crate::types::Country::NL, b.lang);
        b.extras.remarks = Some("ring twice".into());
        b.extras.pickup_street = Some("Markt 1".into());
        let copy = CustomerCopy::of(&b, &Locales::load());
        assert_eq!(copy.name, "Jan de Vries");
        assert_eq!((copy.phone.as_deref(), copy.extras.remarks.as_deref()), (None, None));
        assert_eq!(copy.extras.pickup_street, None);
        for name in ["Visit cheap-pills.com", "Call 0612345678", "http://x.example", "a@b.example"] {
            b.name = name.into();
            assert_eq!(CustomerCopy::of(&b, &Locales::load()).name, "", "{name}");
        }
    }
}
