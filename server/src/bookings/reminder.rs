//! A booking's reminders as the booking keeps them: which there are, the
//! key each leaves in the booking once it went out (one per pick-up time),
//! and since when the booking is the request it is now. When each is due is
//! the reminders' own rule (`reminders::rules`).
use jiff::Timestamp;

use crate::{
    bookings::{answer::Status, record::Record},
    types::Pickup,
};

// Which reminder is due: decided by the server.
impl crate::mail::customer::ServerMade for Reminder {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reminder {
    StaffUnanswered,
    StaffBeforePickup,
    CustomerNoAnswer,
    CustomerBeforeRide,
}

impl Reminder {
    pub const ALL: [Reminder; 4] =
        [Self::StaffUnanswered, Self::StaffBeforePickup, Self::CustomerNoAnswer, Self::CustomerBeforeRide];

    pub fn code(self) -> &'static str {
        match self {
            Self::StaffUnanswered => "staffUnanswered",
            Self::StaffBeforePickup => "staffBeforePickup",
            Self::CustomerNoAnswer => "customerNoAnswer",
            Self::CustomerBeforeRide => "customerBeforeRide",
        }
    }

    pub fn to_customer(self) -> bool {
        matches!(self, Self::CustomerNoAnswer | Self::CustomerBeforeRide)
    }

    /// What the booking keeps once this reminder went out for `pickup`.
    pub fn key(self, pickup: Pickup) -> String {
        format!("{}@{}", self.code(), pickup.field_value())
    }

    /// What `record` keeps once this reminder went out for it: for its pick-up, and for
    /// a request the customer made again (another time asked, or only the return ride
    /// moved) also for that step, so the new request is reminded of as the first was.
    pub fn key_for(self, record: &Record) -> String {
        let key = self.key(record.booking.pickup_at);
        match &record.customer_step {
            Some(step) if record.status == Status::Requested => format!("{key}@{}", step.at.as_second()),
            _ => key,
        }
    }
}

/// When the booking became the request it is now: a request again after the
/// customer asked for another time counts from then.
pub fn requested_at(record: &Record) -> Timestamp {
    match &record.customer_step {
        Some(step) if record.status == Status::Requested => step.at,
        _ => record.booking.received_at,
    }
}
