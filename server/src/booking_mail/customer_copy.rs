//! What a mail to the customer's address may say of a booking. Anybody can
//! type any address into the form, so that mail must not carry a stranger's
//! words: only the server's own figures, the places in their provider's words
//! ([`ListedPlace`]) and the visitor's name, cut short. A street the visitor
//! typed is named by its town until a person at the company has read the
//! booking and offered its ride ([`ReadByStaff`]): from then on the mails carry
//! the address as staff saw it (`docs/edge.md`, "Mail to typed addresses").
//!
//! Only staff's answer makes the key; it cannot be made elsewhere:
//!
//! ```compile_fail,E0423
//! use taxi_server::booking_mail::customer_copy::ReadByStaff;
//! let _forged = ReadByStaff(());
//! ```
use std::ops::Deref;

use crate::{
    bookings::{
        answer::{Action, Answer},
        model::{Address, Booking, TripExtras},
    },
    i18n::Locales,
    mail::customer::Screened,
    types::person_name::carries_contact,
};

/// Characters of the visitor's name a customer mail repeats.
const CUSTOMER_NAME_MAX: usize = 40;

/// How a customer mail shows one end of the ride.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// In full: a place in its provider's words, or an address staff have read.
    Whole,
    /// Its town, which the copy names; the street the visitor typed is left out.
    Town,
    /// Nothing of it: typed without choosing a place, so not even the town is known.
    Typed,
}

/// A person at the company read the booking and offered its ride: confirmed
/// it, or proposed another time. The addresses in it are then no longer a
/// stranger's words alone. Only [`ReadByStaff::of`] makes one.
#[derive(Debug)]
pub struct ReadByStaff(());

impl ReadByStaff {
    /// From staff's answer (being given, or stored with the booking).
    pub fn of(answer: &Answer) -> Option<Self> {
        matches!(answer.action, Action::Confirm | Action::Propose).then_some(Self(()))
    }
}

/// A booking stripped to what its customer mails may show. The customer's
/// views and calendar entry are made from this type, and [`CustomerCopy::of`]
/// and [`CustomerCopy::read_by_staff`] are the only ways to get one.
#[derive(Debug, Clone)]
pub struct CustomerCopy {
    booking: Booking,
    /// How the departure and the destination are shown.
    ends: [Shown; 2],
}

impl CustomerCopy {
    /// The copy for mails before a person read the booking: typed streets left out.
    pub fn of(b: &Booking, locales: &Locales) -> Self {
        let street = b.extras.pickup_street.is_some();
        let (departure, from) = unread(&b.departure, street, b, locales);
        let (destination, to) = unread(&b.destination, false, b, locales);
        Self {
            booking: Booking {
                // Typed by the visitor: for the planners only.
                extras: TripExtras {
                    pickup_street: None,
                    // A stop is a place in its provider's words, or "the address you typed".
                    via: b.extras.via.as_ref().map(|stop| unread_stop(stop, b, locales)),
                    ..screened_extras(b)
                },
                departure,
                destination,
                ..screened(b)
            },
            ends: [from, to],
        }
    }

    /// The copy for mails after staff read the booking and offered its ride:
    /// the addresses as they saw them (in the booking's language), so the
    /// customer can check the pick-up and navigate to it; places keep their
    /// listed short name.
    pub fn read_by_staff(b: &Booking, _read: &ReadByStaff) -> Self {
        let read = |a: &Address| Address {
            name: a.listed.as_ref().map_or_else(|| a.name.clone(), |l| l.name().to_owned()),
            formatted: match &a.listed {
                Some(listed) if !listed.street_as_requested() => listed.formatted().to_owned(),
                _ => a.in_booking_language().formatted,
            },
            place_id: airport_id(a),
            listed: a.listed.clone(),
            own: None,
        };
        Self {
            booking: Booking {
                extras: TripExtras { via: b.extras.via.as_ref().map(read), ..screened_extras(b) },
                departure: read(&b.departure),
                destination: read(&b.destination),
                ..screened(b)
            },
            ends: [Shown::Whole; 2],
        }
    }

    /// The copy for a booking with staff's `answer`, if any: read by staff
    /// once they confirmed it or proposed another time.
    pub fn after(b: &Booking, answer: Option<&Answer>, locales: &Locales) -> Self {
        match answer.and_then(ReadByStaff::of) {
            Some(read) => Self::read_by_staff(b, &read),
            None => Self::of(b, locales),
        }
    }

    /// How the departure and the destination are shown.
    pub fn ends(&self) -> [Shown; 2] {
        self.ends
    }
}

/// The booking without what no customer mail repeats: the phone, and a name
/// that carries contact details.
fn screened(b: &Booking) -> Booking {
    Booking {
        // The form refuses such names; a booking stored before it did
        // is greeted without one.
        name: match carries_contact(&b.name) {
            true => String::new(),
            false => b.name.chars().take(CUSTOMER_NAME_MAX).collect(),
        },
        phone: None,
        ..b.clone()
    }
}

/// The remarks and the invoiced company are typed by the visitor for the
/// planners: never in a customer mail (its payment row says "on account").
fn screened_extras(b: &Booking) -> TripExtras {
    TripExtras { remarks: None, invoice: None, ..b.extras.clone() }
}

/// One end before a person read it: the listed place, its town alone for a
/// typed street (`street`: a street was typed beside a whole town), or
/// "your address" for text typed without a choice.
fn unread(a: &Address, street: bool, b: &Booking, locales: &Locales) -> (Address, Shown) {
    let (name, formatted, shown) = match &a.listed {
        Some(listed) => {
            let shown = if listed.street_as_requested() || street { Shown::Town } else { Shown::Whole };
            (listed.name().to_owned(), listed.formatted().to_owned(), shown)
        }
        None => (locales.text(b.lang, "mail.value.yourAddress").to_string(), String::new(), Shown::Typed),
    };
    (Address { name, formatted, place_id: airport_id(a), listed: a.listed.clone(), own: None }, shown)
}

/// A stop before a person read it: the listed place, or "the address you typed".
fn unread_stop(stop: &Address, b: &Booking, locales: &Locales) -> Address {
    match unread(stop, false, b, locales) {
        (_, Shown::Typed) => {
            let name = locales.text(b.lang, "mail.value.typedAddress").to_string();
            Address { name, formatted: String::new(), place_id: None, listed: None, own: None }
        }
        (address, _) => address,
    }
}

/// An airport's id, which tells the mail that a flight number is one the taxi meets
/// ("the landing time is the pick-up time"); no other id reaches a customer's copy.
fn airport_id(a: &Address) -> Option<crate::types::PlaceId> {
    a.place_id.clone().filter(|id| crate::bookings::model::landing_is_pickup(Some(id)))
}

impl Screened for CustomerCopy {}

impl Deref for CustomerCopy {
    type Target = Booking;

    fn deref(&self) -> &Booking {
        &self.booking
    }
}

#[cfg(test)]
#[path = "customer_copy_tests.rs"]
mod tests;
