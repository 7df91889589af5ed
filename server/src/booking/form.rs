use jiff::{SignedDuration, Timestamp};

use crate::{
    booking::{
        extras::{check_extras, ExtrasInput},
        needs::check_payment,
        request::{RESERVATION, RIDE},
    },
    forms::{Arg, Checker, Input, Problems},
};
use crate::{
    bookings::model::PaymentMethod,
    config::BookingSettings,
    types::{limits::LIMITS, Country, Email, Lang, Phone, Pickup, PlaceId},
};

/// A valid mail booking (before the server adds its price and reference).
#[derive(Debug, Clone, PartialEq)]
pub struct ReservationInput {
    pub name: String,
    pub email: Email,
    pub phone: Option<Phone>,
    pub passengers: u8,
    pub departure: String,
    pub departure_name: String,
    pub departure_place_id: Option<PlaceId>,
    pub destination: String,
    pub destination_name: String,
    pub destination_place_id: Option<PlaceId>,
    pub pickup_at: Pickup,
    pub payment_method: Option<PaymentMethod>,
    pub extras: ExtrasInput,
}

/// A valid WhatsApp booking: the places are optional there.
#[derive(Debug, Clone, PartialEq)]
pub struct WhatsappInput {
    pub name: String,
    pub passengers: u8,
    pub departure: String,
    pub departure_place_id: Option<PlaceId>,
    pub destination: String,
    pub destination_place_id: Option<PlaceId>,
    pub pickup_at: Pickup,
    pub payment_method: Option<PaymentMethod>,
    pub extras: ExtrasInput,
}

/// What both booking forms ask of the ride besides its places' text.
struct Ride {
    pickup_at: Pickup,
    payment_method: Option<PaymentMethod>,
    departure_place_id: Option<PlaceId>,
    extras: ExtrasInput,
}

fn ride(c: &mut Checker, input: &Input, rules: &BookingSettings, now: Timestamp) -> Ride {
    let pickup_at = pickup_time_in(c, input, RIDE.date_time, rules, now);
    let departure_place_id = place_id(input, RIDE.departure_place_id);
    let pickup_place = departure_place_id.as_ref().map(PlaceId::as_str);
    let (payment_method, invoice) = check_payment(c, input, rules);
    let extras = check_extras(c, input, rules, now, pickup_at, pickup_place);
    Ride { payment_method, extras: ExtrasInput { invoice, ..extras }, pickup_at, departure_place_id }
}

/// `phone_read`: where a phone number without its country code is read: the
/// company's country first, then its neighbours (`types::phone::reading_order`).
pub fn validate_reservation(
    input: &Input,
    rules: &BookingSettings,
    phone_read: (Country, Lang),
    now: Timestamp,
) -> Result<ReservationInput, Problems> {
    let mut c = Checker::new();
    // The booking's own rules first, then the checks every form shares: each
    // check has its own field, so the order changes no answer.
    let destination_place_id = place_id(input, RIDE.destination_place_id);
    let passengers = passengers(&mut c, input, rules);
    let Ride { pickup_at, payment_method, departure_place_id, extras } = ride(&mut c, input, rules, now);
    let place_name =
        |field| input.line(field).unwrap_or_default().chars().take(LIMITS.address as usize).collect();
    let departure_name = place_name(RESERVATION.departure_name);
    let destination_name = place_name(RESERVATION.destination_name);
    let name = c.name(input, RIDE.name);
    let email = c.email(input, RESERVATION.email);
    let phone = c.phone(input, RESERVATION.phone, phone_read);
    let departure = c.required(input, RIDE.departure, LIMITS.address, "departureRequired");
    let destination = c.required(input, RIDE.destination, LIMITS.address, "destinationRequired");
    c.finish(|| {
        Some(ReservationInput {
            name,
            email: email?,
            phone,
            passengers,
            departure,
            departure_name,
            departure_place_id,
            destination,
            destination_name,
            destination_place_id,
            pickup_at,
            payment_method,
            extras,
        })
    })
}

pub fn validate_whatsapp(
    input: &Input,
    rules: &BookingSettings,
    now: Timestamp,
) -> Result<WhatsappInput, Problems> {
    let mut c = Checker::new();
    let name = c.name(input, RIDE.name);
    let passengers = passengers(&mut c, input, rules);
    let departure = c.optional(input, RIDE.departure, LIMITS.address);
    let destination = c.optional(input, RIDE.destination, LIMITS.address);
    let Ride { pickup_at, payment_method, departure_place_id, extras } = ride(&mut c, input, rules, now);
    c.into_result(WhatsappInput {
        name,
        passengers,
        departure,
        departure_place_id,
        destination,
        destination_place_id: place_id(input, RIDE.destination_place_id),
        pickup_at,
        payment_method,
        extras,
    })
}

/// Refusals that a phone call can solve (too many passengers, too soon, too far
/// ahead) say so when worded, with the company's number.
fn passengers(c: &mut Checker, input: &Input, rules: &BookingSettings) -> u8 {
    let (max, field) = (u64::from(rules.max_passengers), RIDE.passenger_amount);
    match input.line(field) {
        Ok(text) if text.is_empty() => c.fail(field, "passengerAmountRequired", &[]),
        Ok(text) => match text.parse::<u64>() {
            Ok(n) if (1..=max).contains(&n) => return n as u8,
            Ok(n) if n > max => c.fail_counting(field, "passengerAmountTooMany", max),
            _ => c.fail(field, "passengerAmount", &[("max", max.into())]),
        },
        Err(crate::forms::NotText) => c.fail(field, "passengerAmount", &[("max", max.into())]),
    }
    0
}

/// A date-time `field` checked by the booking rules: the pick-up of a
/// booking, the time staff propose, a time the customer asks for.
pub fn pickup_time_in(
    c: &mut Checker,
    input: &Input,
    field: &'static str,
    rules: &BookingSettings,
    now: Timestamp,
) -> Pickup {
    let text = input.line(field);
    if text.as_deref().is_ok_and(str::is_empty) {
        c.fail(field, "dateTimeRequired", &[]);
        return Pickup::default();
    }
    let Some(local) = text.ok().as_deref().and_then(Pickup::parse) else {
        c.fail(field, "dateTimeInvalid", &[]);
        return Pickup::default();
    };
    let instant = local.instant();
    let earliest =
        now.saturating_add(SignedDuration::from_mins(rules.lead_time_minutes.into())).expect("in range");
    let latest = now
        .saturating_add(SignedDuration::from_hours(i64::from(rules.max_days_ahead) * 24))
        .expect("in range");
    if instant < earliest {
        c.fail_counting(field, "dateTimeTooSoon", rules.lead_time_minutes.into());
    } else if instant > latest {
        c.fail_counting(field, "dateTimeTooFar", rules.max_days_ahead.into());
    } else {
        refuse_if_closed(c, field, rules, local);
    }
    local
}

/// A ride at `at` inside one of `booking.closed`'s closures: its message under `field`.
pub(crate) fn refuse_if_closed(c: &mut Checker, field: &'static str, rules: &BookingSettings, at: Pickup) {
    if let Some(closure) = crate::config::closure_at(&rules.closed, at) {
        c.fail(field, "closed", &[("message", Arg::Own(closure.message.clone()))]);
    }
}

/// A provider's place id, if it looks like one; otherwise the place is the text.
fn place_id(input: &Input, field: &str) -> Option<PlaceId> {
    input.line(field).ok().and_then(|id| PlaceId::parse(&id))
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
