//! A booking request as the server keeps it, once validated and priced.
//! The booking API builds these; the delivery side turns them into mails.
use serde::{Deserialize, Serialize};

pub use crate::places::ListedPlace;
pub use crate::types::PaymentMethod;
use crate::{
    pricing::PriceSummary,
    types::{Email, Lang, Phone, Pickup, PlaceId, Reference},
};

/// One end of a trip as the visitor chose it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// The full address (`formattedAddress`).
    pub formatted: String,
    /// The short name (`displayName`), may equal `formatted`.
    pub name: String,
    /// The provider's place id, when the visitor picked a suggestion.
    pub place_id: Option<PlaceId>,
    /// That place as the provider describes it, looked up by the server: the
    /// only words for it the customer's confirmation repeats (`name` and
    /// `formatted` are whatever was sent).
    #[serde(default)]
    pub listed: Option<ListedPlace>,
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
