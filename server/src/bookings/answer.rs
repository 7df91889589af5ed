//! Staff's answer to a booking request: confirm it, propose another time, or
//! decline it. A booking's status follows: requested → confirmed | rescheduled
//! | declined, once; the customer's steps ([`crate::bookings::customer_step`])
//! move it on from there. Staff may also mark any booking as junk
//! ([`crate::bookings::junk`]): final, and its address gets no mail again.
use serde::{Deserialize, Serialize};

/// What staff chose in their mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Confirm,
    Propose,
    Decline,
    /// Not a request anybody meant (a flood, a prank): see `bookings::junk`.
    Junk,
}

impl Action {
    /// Every button of a staff mail, in its order.
    pub const ALL: [Action; 4] = [Action::Confirm, Action::Propose, Action::Decline, Action::Junk];

    pub fn code(self) -> &'static str {
        match self {
            Self::Confirm => "confirm",
            Self::Propose => "propose",
            Self::Decline => "decline",
            Self::Junk => "junk",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    /// The status a booking has once answered this way.
    pub fn status(self) -> Status {
        match self {
            Self::Confirm => Status::Confirmed,
            Self::Propose => Status::Rescheduled,
            Self::Decline => Status::Declined,
            Self::Junk => Status::Junk,
        }
    }
}

/// Where a booking stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Requested,
    Confirmed,
    Rescheduled,
    Declined,
    /// By the customer, from the manage page.
    Cancelled,
    /// Marked as junk by staff: final; no mail to its address, its personal
    /// data deleted (`bookings::junk`).
    Junk,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Self::Requested => "requested",
            Self::Confirmed => "confirmed",
            Self::Rescheduled => "rescheduled",
            Self::Declined => "declined",
            Self::Cancelled => "cancelled",
            Self::Junk => "junk",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Self::Requested, Self::Confirmed, Self::Rescheduled, Self::Declined, Self::Cancelled, Self::Junk]
            .into_iter()
            .find(|s| s.code() == code)
    }
}

/// Why a booking is declined: a short list, or staff's own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum DeclineReason {
    FullyBooked,
    NoSuitableVehicle,
    OutsideArea,
    /// The reason is the note staff typed.
    Other,
}

impl DeclineReason {
    pub const ALL: [DeclineReason; 4] =
        [Self::FullyBooked, Self::NoSuitableVehicle, Self::OutsideArea, Self::Other];

    pub fn code(self) -> &'static str {
        match self {
            Self::FullyBooked => "fullyBooked",
            Self::NoSuitableVehicle => "noSuitableVehicle",
            Self::OutsideArea => "outsideArea",
            Self::Other => "other",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }
}

// Made by staff, the company's own people: their note may reach the customer.
impl crate::mail::customer::ServerMade for Answer {}

/// One answer, as stored with the booking and mailed to the customer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub action: Action,
    /// Staff's words to the customer (for a decline with reason `Other`, the reason).
    pub note: String,
    /// The time staff propose instead.
    pub proposed_pickup_at: Option<crate::types::Pickup>,
    pub reason: Option<DeclineReason>,
    pub answered_at: jiff::Timestamp,
}
