//! The booking settings the forms read: limits, the taxibus's threshold, the
//! payment methods offered and when to suggest a taxibus for luggage.
use serde::Serialize;
use ts_rs::TS;

use crate::{config::BookingSettings, types::PaymentMethod};

/// The booking settings the forms show (`config::BookingSettings`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BookingRules {
    /// Largest passenger count the server accepts.
    pub max_passengers: u8,
    /// The earliest pick-up the server accepts is this many minutes from now
    /// (the date picker's `min`).
    pub lead_time_minutes: u32,
    /// Above this many passengers a larger vehicle comes.
    pub large_vehicle_above: u8,
    /// The payment methods offered, in order.
    pub payment_methods: Vec<PaymentMethod>,
    /// Above this many pieces of luggage the form suggests the taxibus; 0 = never.
    pub luggage_hint_above: u8,
}

impl From<&BookingSettings> for BookingRules {
    fn from(b: &BookingSettings) -> Self {
        Self {
            max_passengers: b.max_passengers,
            lead_time_minutes: b.lead_time_minutes,
            large_vehicle_above: b.large_vehicle_above,
            payment_methods: b.payment_methods.clone(),
            luggage_hint_above: b.luggage_hint_above,
        }
    }
}
