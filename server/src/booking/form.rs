use jiff::{SignedDuration, Timestamp};

use crate::{
    booking::extras::{check_extras, ExtrasInput},
    forms::{Checker, FieldErrors, Input},
};
use crate::{
    bookings::model::PaymentMethod,
    config::BookingSettings,
    i18n::Locales,
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

fn ride(c: &mut Checker, input: &Input, rules: &BookingSettings, call_us: &str, now: Timestamp) -> Ride {
    let pickup_at = pickup_time(c, input, rules, call_us, now);
    let departure_place_id = place_id(input, "departurePlaceId");
    let pickup_place = departure_place_id.as_ref().map(PlaceId::as_str);
    Ride {
        payment_method: payment(c, input),
        extras: check_extras(c, input, rules, call_us, now, pickup_at, pickup_place),
        pickup_at,
        departure_place_id,
    }
}

/// `company` is the company's country, where a phone number without its
/// country code is read first.
pub fn validate_reservation(
    input: &Input,
    lang: Lang,
    locales: &Locales,
    rules: &BookingSettings,
    (company, call_us): (Country, &str),
    now: Timestamp,
) -> Result<ReservationInput, FieldErrors> {
    let mut c = Checker::new(lang, locales);
    let name = c.name(input, "name");
    let email = c.email(input, "email");
    let phone = c.phone(input, "phone", company);
    let passengers = passengers(&mut c, input, rules, call_us);
    let departure = c.required(input, "departure", LIMITS.address, "departureRequired");
    let destination = c.required(input, "destination", LIMITS.address, "destinationRequired");
    let Ride { pickup_at, payment_method, departure_place_id, extras } =
        ride(&mut c, input, rules, call_us, now);
    let departure_name =
        input.line("departureName").unwrap_or_default().chars().take(LIMITS.address as usize).collect();
    let destination_name =
        input.line("destinationName").unwrap_or_default().chars().take(LIMITS.address as usize).collect();
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
            destination_place_id: place_id(input, "destinationPlaceId"),
            pickup_at,
            payment_method,
            extras,
        })
    })
}

pub fn validate_whatsapp(
    input: &Input,
    lang: Lang,
    locales: &Locales,
    rules: &BookingSettings,
    call_us: &str,
    now: Timestamp,
) -> Result<WhatsappInput, FieldErrors> {
    let mut c = Checker::new(lang, locales);
    let name = c.name(input, "name");
    let passengers = passengers(&mut c, input, rules, call_us);
    let departure = c.optional(input, "departure", LIMITS.address);
    let destination = c.optional(input, "destination", LIMITS.address);
    let Ride { pickup_at, payment_method, departure_place_id, extras } =
        ride(&mut c, input, rules, call_us, now);
    c.into_result(WhatsappInput {
        name,
        passengers,
        departure,
        departure_place_id,
        destination,
        destination_place_id: place_id(input, "destinationPlaceId"),
        pickup_at,
        payment_method,
        extras,
    })
}

/// Refusals that a phone call can solve (too many passengers, too soon, too far
/// ahead) say so, with `call_us`, the company's number as shown on the site.
fn passengers(c: &mut Checker, input: &Input, rules: &BookingSettings, call_us: &str) -> u8 {
    let max = rules.max_passengers.to_string();
    match input.line("passengerAmount") {
        Ok(text) if text.is_empty() => c.fail("passengerAmount", "passengerAmountRequired", &[]),
        Ok(text) => match text.parse::<u64>() {
            Ok(n) if (1..=u64::from(rules.max_passengers)).contains(&n) => return n as u8,
            Ok(n) if n > u64::from(rules.max_passengers) => c.fail_counting(
                "passengerAmount",
                "passengerAmountTooMany",
                rules.max_passengers.into(),
                &[("phone", call_us)],
            ),
            _ => c.fail("passengerAmount", "passengerAmount", &[("max", &max)]),
        },
        Err(crate::forms::NotText) => c.fail("passengerAmount", "passengerAmount", &[("max", &max)]),
    }
    0
}

/// The `dateTime` field checked by the booking rules (also for the time staff propose).
pub fn pickup_time(
    c: &mut Checker,
    input: &Input,
    rules: &BookingSettings,
    call_us: &str,
    now: Timestamp,
) -> Pickup {
    pickup_time_in(c, input, "dateTime", rules, call_us, now)
}

/// A date-time `field` checked by the booking rules (a return ride moved on the manage page).
pub fn pickup_time_in(
    c: &mut Checker,
    input: &Input,
    field: &'static str,
    rules: &BookingSettings,
    call_us: &str,
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
        c.fail_counting(field, "dateTimeTooSoon", rules.lead_time_minutes.into(), &[("phone", call_us)]);
    } else if instant > latest {
        c.fail_counting(field, "dateTimeTooFar", rules.max_days_ahead.into(), &[("phone", call_us)]);
    }
    local
}

fn payment(c: &mut Checker, input: &Input) -> Option<PaymentMethod> {
    match input.line("paymentMethod") {
        Ok(text) if text.is_empty() => None,
        Ok(text) => PaymentMethod::parse(&text).or_else(|| {
            c.fail("paymentMethod", "paymentMethod", &[]);
            None
        }),
        Err(crate::forms::NotText) => {
            c.fail("paymentMethod", "paymentMethod", &[]);
            None
        }
    }
}

/// A provider's place id, if it looks like one; otherwise the place is the text.
fn place_id(input: &Input, field: &str) -> Option<PlaceId> {
    input.line(field).ok().and_then(|id| PlaceId::parse(&id))
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
