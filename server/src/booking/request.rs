//! The booking forms' requests (`forms::request`): their fields, named once
//! for the checks (`booking::form`, `booking::extras`), the forms shown again
//! (`booking::chosen`, `booking::prefill`, `booking::repeat`) and the UI
//! contract, where the reservation form types its payloads with them.
use crate::forms::request::request;

request! {
    /// A booking by WhatsApp: the ride, its extras and who travels. A booking
    /// by mail sends the same and more (`ReservationRequest`).
    pub struct WhatsappRequest: WHATSAPP {
        name = "name",
        passenger_amount = "passengerAmount",
        /// `2026-11-24T14:30`, the ride's local time.
        date_time = "dateTime",
        /// Empty for a one-way ride.
        return_date_time = "returnDateTime",
        /// The pick-up as typed, or the chosen place's address.
        departure = "departure",
        /// The place chosen from the list; empty when none was.
        departure_place_id = "departurePlaceId",
        /// The street of a pick-up at a whole town.
        pickup_street = "pickupStreet",
        destination = "destination",
        destination_place_id = "destinationPlaceId",
        /// One stop on the way, as typed or the chosen place's address; empty for none.
        via = "via",
        /// The stop's place chosen from the list; empty when none was.
        via_place_id = "viaPlaceId",
        flight_number = "flightNumber",
        /// Pieces of luggage, `0`–`20`; empty is none.
        luggage = "luggage",
        /// Child seats to bring, `0`–`4`; empty is none.
        child_seats = "childSeats",
        /// `true` when a foldable wheelchair travels along (a checkbox's `on` too); empty is not.
        wheelchair = "wheelchair",
        remarks = "remarks",
        /// `debitcard`, `creditcard`, `cash`, `invoice` (where the owner enables it), or empty.
        payment_method = "paymentMethod",
        /// The company invoiced: asked, and required, for `invoice` only.
        company_name = "companyName",
        /// The company's own reference for the invoice (optional).
        invoice_reference = "invoiceReference",
    }
}

request! {
    /// A booking by mail: the ride as a WhatsApp booking sends it, who to
    /// mail, and the chosen places' short names.
    pub struct ReservationRequest: RESERVATION {
        ..ride: WhatsappRequest = WHATSAPP,
        email = "email",
        phone = "phone",
        /// The chosen pick-up place's name (`Roermond`), for the mails.
        departure_name = "departureName",
        destination_name = "destinationName",
    }
}

/// The fields both booking forms send: the ride.
pub const RIDE: WhatsappRequest<&str> = WHATSAPP;

/// The fields of one end of the route: its text, the chosen place's id and
/// the chosen place's name (which only the mail booking sends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndFields {
    pub text: &'static str,
    pub place_id: &'static str,
    pub name: &'static str,
}

/// The route's ends: the pick-up, then the destination.
pub const ENDS: [EndFields; 2] = [
    EndFields { text: RIDE.departure, place_id: RIDE.departure_place_id, name: RESERVATION.departure_name },
    EndFields {
        text: RIDE.destination,
        place_id: RIDE.destination_place_id,
        name: RESERVATION.destination_name,
    },
];

/// A stop on the way's fields. Its name is only carried back to the form (which
/// names a chosen place by it), not checked: no request sends one.
pub const VIA: EndFields = EndFields { text: RIDE.via, place_id: RIDE.via_place_id, name: "viaName" };

/// The pick-up's fields.
pub const FROM: EndFields = ENDS[0];
/// The destination's fields.
pub const TO: EndFields = ENDS[1];
