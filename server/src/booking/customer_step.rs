//! What the customer can do with a booking from the manage page of their
//! mail: accept the time staff proposed, ask for another time, or cancel. Each step is taken once:
//! it is recorded by a conditional update at the booking's sequence, like
//! staff's answer (see `store.rs`).
//!
//! | status      | accept                     | ask another time          | cancel    |
//! |-------------|----------------------------|---------------------------|-----------|
//! | requested   | –                          | requested, at the new one | cancelled |
//! | rescheduled | confirmed, at the proposal | requested, at the new one | cancelled |
//! | confirmed   | –                          | requested, at the new one | cancelled |
//! | declined    | –                          | –                         | –         |
//! | cancelled   | –                          | –                         | –         |
//!
//! Asking for another time makes the booking a request again, at the time
//! asked: staff answer it as any request (confirm, propose, decline). Each ask
//! mails the dispatchers, so after [`CHANGES_BEFORE_PHONE`] changes a booking
//! is moved by phone: whoever holds the link cannot keep the desk busy with it.
//! Accepting and cancelling stay open: they end the conversation.
use serde::{Deserialize, Serialize};

use crate::booking::{answer::Status, Record};

/// Changes (staff answers and customer steps) after which the page no longer
/// offers another time. An ordinary booking's life takes 2 to 5.
pub const CHANGES_BEFORE_PHONE: u32 = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum CustomerAction {
    /// Take the time staff proposed: the booking is confirmed at that time.
    Accept,
    /// Move the ride to another time: a request again, for staff to answer.
    Ask,
    Cancel,
}

impl CustomerAction {
    pub const ALL: [CustomerAction; 3] = [Self::Accept, Self::Ask, Self::Cancel];

    pub fn code(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Ask => "ask",
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
            Self::Ask | Self::Cancel => {
                matches!(status, Status::Requested | Status::Rescheduled | Status::Confirmed)
            }
        }
    }

    /// Whether the manage page offers this step on `record` now.
    pub fn offered_on(self, record: &Record) -> bool {
        self.allowed_from(record.status) && !(self == Self::Ask && record.sequence >= CHANGES_BEFORE_PHONE)
    }

    /// The status the booking has after this step.
    pub fn status(self) -> Status {
        match self {
            Self::Accept => Status::Confirmed,
            Self::Ask => Status::Requested,
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
    /// The step on `record` if its status allows it; the pick-up it leaves
    /// (`asked`: the time asked for, needed by [`CustomerAction::Ask`] only).
    pub fn on(
        record: &Record,
        action: CustomerAction,
        note: String,
        asked: Option<jiff::civil::DateTime>,
        at: jiff::Timestamp,
    ) -> Option<Self> {
        if !action.offered_on(record) {
            return None;
        }
        let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at);
        let pickup_at = match action {
            CustomerAction::Accept => proposed?,
            CustomerAction::Ask => asked?,
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
        assert_eq!(allowed(Status::Requested), [Ask, Cancel]);
        assert_eq!(allowed(Status::Rescheduled), [Accept, Ask, Cancel]);
        assert_eq!(allowed(Status::Confirmed), [Ask, Cancel]);
        assert_eq!(allowed(Status::Declined), []);
        assert_eq!(allowed(Status::Cancelled), []);
    }
}
