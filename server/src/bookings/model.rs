//! A booking request as the server keeps it, once validated and priced.
//! The booking API builds these; the delivery side turns them into mails.
use serde::{Deserialize, Serialize};

pub use crate::places::ListedPlace;
pub use crate::types::PaymentMethod;
use crate::{
    pricing::PriceSummary,
    types::{Email, Lang, Phone, Pickup, PlaceId, Reference},
};

/// One end of a trip as the visitor chose it. A place chosen from the list
/// is kept in the two languages its outputs are in: the staff's (`name`,
/// `formatted`: staff mails, pages and calendars) and the booking's (`own`:
/// the manage page, the customer's mails); text typed without a choice is
/// the visitor's words in both (`docs/decisions.md`, "Places in the reader's
/// language").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// The full address (`formattedAddress`), in the staff language.
    pub formatted: String,
    /// The short name (`displayName`), may equal `formatted`; in the staff language.
    pub name: String,
    /// The provider's place id, when the visitor picked a suggestion.
    pub place_id: Option<PlaceId>,
    /// That place as the provider describes it, looked up by the server: the
    /// only words for it the customer's confirmation repeats (`name` and
    /// `formatted` are whatever was sent).
    #[serde(default)]
    pub listed: Option<ListedPlace>,
    /// The chosen place in the booking's language, a typed street with it
    /// (`None`: typed without a choice, or stored before bookings kept it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own: Option<PlaceWords>,
}

/// A place's short name and full address in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlaceWords {
    pub name: String,
    pub formatted: String,
}

impl Address {
    /// This end as the booking's language names it: the chosen place's own
    /// words; for a booking stored before they were kept, a place listed
    /// whole (its listing is in the booking's language); else as stored.
    pub fn in_booking_language(&self) -> Address {
        let (name, formatted) = match (&self.own, &self.listed) {
            (Some(own), _) => (own.name.clone(), own.formatted.clone()),
            (None, Some(l)) if !l.street_as_requested() => (l.name().to_owned(), l.formatted().to_owned()),
            _ => return self.clone(),
        };
        Address { name, formatted, ..self.clone() }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    /// Short reference shown to the customer and staff, e.g. `R7K3Q9`.
    pub reference: Reference,
    pub lang: Lang,
    pub name: String,
    pub email: Email,
    pub phone: Option<Phone>,
    pub passengers: u8,
    pub departure: Address,
    pub destination: Address,
    pub pickup_at: Pickup,
    pub payment_method: Option<PaymentMethod>,
    /// `None`: the price could not be computed ('Geen prijsindicatie').
    pub price: Option<PriceSummary>,
    pub received_at: jiff::Timestamp,
    /// This address had its day's confirmations: staff get the booking with a
    /// note, the customer gets no mail.
    #[serde(default)]
    pub confirmation_withheld: bool,
    /// What airport rides and whole-town pick-ups add (absent in older bookings).
    #[serde(default)]
    pub extras: TripExtras,
}

impl Booking {
    /// The booking with both ends named in its own language (see [`Address::in_booking_language`]).
    pub fn in_its_language(&self) -> Booking {
        Booking {
            departure: self.departure.in_booking_language(),
            destination: self.destination.in_booking_language(),
            extras: TripExtras {
                via: self.extras.via.as_ref().map(Address::in_booking_language),
                ..self.extras.clone()
            },
            ..self.clone()
        }
    }
}

/// The optional parts of a booking: street for a whole-town pick-up, flight,
/// remarks, return ride, and whether a larger vehicle must come.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TripExtras {
    /// Street and house number, asked when the pick-up place is a whole town.
    pub pickup_street: Option<String>,
    /// Normalised, e.g. `KL1234`; the landing time is the pick-up time.
    pub flight_number: Option<String>,
    /// Child seats, wheelchair, luggage: free text for staff only.
    pub remarks: Option<String>,
    pub return_trip: Option<ReturnTrip>,
    /// More passengers than the settings' `large_vehicle_above`.
    pub large_vehicle: bool,
    /// Luggage, child seats, a wheelchair (absent in older bookings: none).
    #[serde(default)]
    pub needs: RideNeeds,
    /// One stop on the way (absent in older bookings).
    #[serde(default)]
    pub via: Option<Address>,
    /// Who is invoiced, when the payment is `invoice` (and only then).
    #[serde(default)]
    pub invoice: Option<Invoice>,
}

/// What the vehicle must take besides the passengers, as the form asked it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RideNeeds {
    /// Pieces of luggage (suitcases, bags for the boot), 0–20.
    pub luggage: u8,
    /// Child seats the taxi brings, 0–4.
    pub child_seats: u8,
    /// A foldable wheelchair travels along.
    pub wheelchair: bool,
}

impl RideNeeds {
    pub fn is_nothing(&self) -> bool {
        *self == Self::default()
    }
}

/// A ride on the company's account: the company invoiced and its reference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    pub company_name: String,
    /// The customer's own reference (an order or cost-centre number), if given.
    #[serde(default)]
    pub reference: Option<String>,
}

/// The ride back: the reversed route at its own time, priced as its own ride.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnTrip {
    pub pickup_at: Pickup,
    pub price: Option<PriceSummary>,
}

/// Whether a flight number belongs to a flight the taxi meets: the pick-up is an
/// airport (as far as its id tells; for other ids the flight is shown plainly).
pub fn landing_is_pickup(departure: Option<&crate::types::PlaceId>) -> bool {
    departure.and_then(|id| crate::places::PlaceKind::of_id(id.as_str()))
        == Some(crate::places::PlaceKind::Airport)
}

/// A booking with what the rules read (for unit tests): picked up at
/// `pickup` (local time), received at `received`.
#[cfg(test)]
pub(crate) fn sample(received: jiff::Timestamp, pickup: &str) -> Booking {
    let mut booking: Booking = serde_json::from_value(serde_json::json!({
        "reference": "R7K3Q9", "lang": "nl", "name": "Jan", "email": "jan@example.nl",
        "phone": null, "passengers": 2, "pickupAt": pickup, "paymentMethod": null, "price": null,
        "receivedAt": "2026-01-01T00:00:00Z",
        "departure": {"formatted": "Roermond", "name": "Roermond", "placeId": null},
        "destination": {"formatted": "Venlo", "name": "Venlo", "placeId": null}
    }))
    .unwrap();
    booking.received_at = received;
    booking
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(json: serde_json::Value) -> Address {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn an_end_in_the_bookings_language() {
        // Chosen on the German page, staff read Dutch: the booking's own words.
        let airport = address(serde_json::json!({
            "formatted": "Luchthaven Düsseldorf, Düsseldorf, Duitsland", "name": "Luchthaven Düsseldorf",
            "placeId": "aDUS",
            "listed": {"name": "Flughafen Düsseldorf", "formatted": "Flughafen Düsseldorf, Düsseldorf, Deutschland"},
            "own": {"name": "Flughafen Düsseldorf", "formatted": "Flughafen Düsseldorf, Düsseldorf, Deutschland"}
        }));
        let own = airport.in_booking_language();
        assert_eq!(
            (own.name.as_str(), own.formatted.as_str()),
            ("Flughafen Düsseldorf", "Flughafen Düsseldorf, Düsseldorf, Deutschland")
        );
        assert_eq!((own.place_id, own.listed), (airport.place_id.clone(), airport.listed.clone()));
        // Stored before the own words were kept: a place listed whole is named by its listing.
        let before = Address { own: None, ..airport };
        assert_eq!(before.in_booking_language().name, "Flughafen Düsseldorf");
        // … a typed street as stored (its listing is its town alone).
        let street = address(serde_json::json!({
            "formatted": "Hohe Straße 5, Aken", "name": "Hohe Straße 5", "placeId": "addr:g3247449:SG9oZQ",
            "listed": {"name": "Aachen", "formatted": "Aachen, Nordrhein-Westfalen, Deutschland", "streetAsRequested": true}
        }));
        assert_eq!(street.in_booking_language(), street);
        let own = PlaceWords { name: "Hohe Straße 5".into(), formatted: "Hohe Straße 5, Aachen".into() };
        let kept = Address { own: Some(own), ..street };
        assert_eq!(kept.in_booking_language().formatted, "Hohe Straße 5, Aachen");
        // The visitor's words are theirs in every language.
        let typed =
            address(serde_json::json!({"formatted": "Bij de kerk", "name": "Bij de kerk", "placeId": null}));
        assert_eq!(typed.in_booking_language(), typed);
        assert!(!serde_json::to_string(&typed).unwrap().contains("own"), "nothing stored for typed text");
    }

    /// A booking stored by the previous release: its extras and price without luggage,
    /// child seats, wheelchair, a stop or an invoice. It reads as none of them.
    #[test]
    fn a_booking_of_the_previous_release_reads_with_none_of_the_new_parts() {
        let b: Booking = serde_json::from_value(serde_json::json!({
            "reference": "R7K3Q9", "lang": "nl", "name": "Jan", "email": "jan@example.nl",
            "phone": null, "passengers": 2, "pickupAt": "2026-11-24T14:30", "paymentMethod": "cash",
            "receivedAt": "2026-01-01T00:00:00Z",
            "price": {"amountCents": 23000, "rule": "fixed", "distanceKm": 180.3, "durationMin": 110.0,
                      "fixedDestination": "Schiphol", "surchargeCents": 0},
            "departure": {"formatted": "Roermond", "name": "Roermond", "placeId": null},
            "destination": {"formatted": "Venlo", "name": "Venlo", "placeId": null},
            "extras": {"pickupStreet": null, "flightNumber": null, "remarks": null,
                       "returnTrip": null, "largeVehicle": false}
        }))
        .expect("the previous release's row reads");
        assert_eq!((b.extras.needs, b.extras.via, b.extras.invoice), (RideNeeds::default(), None, None));
        assert_eq!(b.price.and_then(|p| p.stop), None);
        assert_eq!(b.payment_method, Some(PaymentMethod::Cash));
    }
}
