//! What the customer can do with a booking from the manage page of their
//! mail: accept the time staff proposed, or cancel. Each step is taken once:
//! it is recorded by a conditional update at the booking's sequence, like
//! staff's answer (see `store.rs`).
//!
//! | status      | accept                     | cancel    |
//! |-------------|----------------------------|-----------|
//! | requested   | –                          | cancelled |
//! | rescheduled | confirmed, at the proposal | cancelled |
//! | confirmed   | –                          | cancelled |
//! | declined    | –                          | –         |
//! | cancelled   | –                          | –         |
use serde::{Deserialize, Serialize};

use crate::booking::{answer::Status, Record};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum CustomerAction {
    /// Take the time staff proposed: the booking is confirmed at that time.
    Accept,
    Cancel,
}

impl CustomerAction {
    pub const ALL: [CustomerAction; 2] = [Self::Accept, Self::Cancel];

    pub fn code(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Cancel => "cancel",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    /// Whether a booking in `status` allows this step.
    pub fn allowed_from(self, status: Status) -> bool {
        match self {
            Self::Accept => status == Status::Rescheduled,
            Self::Cancel => matches!(status, Status::Requested | Status::Rescheduled | Status::Confirmed),
        }
    }

    /// The status the booking has after this step.
    pub fn status(self) -> Status {
        match self {
            Self::Accept => Status::Confirmed,
            Self::Cancel => Status::Cancelled,
        }
    }
}

/// One step, as stored with the booking and announced to staff.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerStep {
    pub action: CustomerAction,
    /// The customer's words (a cancellation's reason), possibly empty.
    pub note: String,
    /// The pick-up the booking has after the step (an accepted proposal's time).
    pub pickup_at: jiff::civil::DateTime,
    pub at: jiff::Timestamp,
}

impl CustomerStep {
    /// The step on `record` if its status allows it; the pick-up it leaves.
    pub fn on(record: &Record, action: CustomerAction, note: String, at: jiff::Timestamp) -> Option<Self> {
        if !action.allowed_from(record.status) {
            return None;
        }
        let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at);
        let pickup_at = match action {
            CustomerAction::Accept => proposed?,
            CustomerAction::Cancel => record.booking.pickup_at,
        };
        Some(Self { action, note, pickup_at, at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_status_allows_only_its_steps() {
        use CustomerAction::*;
        let allowed =
            |status| CustomerAction::ALL.into_iter().filter(|a| a.allowed_from(status)).collect::<Vec<_>>();
        assert_eq!(allowed(Status::Requested), [Cancel]);
        assert_eq!(allowed(Status::Rescheduled), [Accept, Cancel]);
        assert_eq!(allowed(Status::Confirmed), [Cancel]);
        assert_eq!(allowed(Status::Declined), []);
        assert_eq!(allowed(Status::Cancelled), []);
    }
}
