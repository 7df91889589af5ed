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
//! asked: staff answer it as any request (confirm, propose, decline). On a
//! round trip an ask moves the outward ride, the return ride or both, never
//! so that they cross: a step that would leave the return ride at or before
//! the outward one is not a step ([`CustomerStep::on`]). Each ask
//! mails the dispatchers, so after [`CHANGES_BEFORE_PHONE`] changes a booking
//! is moved by phone: whoever holds the link cannot keep the desk busy with it.
//! Accepting and cancelling stay open: they end the conversation.
use serde::{Deserialize, Serialize};

use crate::{
    bookings::{answer::Status, model::Booking},
    types::Pickup,
};

/// Changes (staff answers and customer steps) after which the page no longer
/// offers another time. An ordinary booking's life takes 2 to 5.
pub const CHANGES_BEFORE_PHONE: u32 = 12;

// Which button was pressed: the server's own words describe it.
impl crate::mail::customer::ServerMade for CustomerAction {}

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

    /// The status the booking has after this step.
    pub fn status(self) -> Status {
        match self {
            Self::Accept => Status::Confirmed,
            Self::Ask => Status::Requested,
            Self::Cancel => Status::Cancelled,
        }
    }
}

/// The times an ask names: the outward ride's, and on a round trip the
/// return ride's (`None`: the return ride keeps its time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    pub pickup: Pickup,
    pub back: Option<Pickup>,
}

/// One step, as stored with the booking and announced to staff.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerStep {
    pub action: CustomerAction,
    /// The customer's words (a cancellation's reason), possibly empty.
    pub note: String,
    /// The pick-up the booking has after the step (an accepted proposal's time).
    pub pickup_at: Pickup,
    /// The return ride's pick-up after the step, when the step moved it
    /// (absent in steps stored before return rides could move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_at: Option<Pickup>,
    /// Which rides an ask moved (steps stored before this was kept read as
    /// the outward ride: their reminders name it, as they did).
    #[serde(default, skip_serializing_if = "Moved::is_outward")]
    pub moved: Moved,
    pub at: jiff::Timestamp,
}

/// Which rides of a booking a step moved: staff's mails about it (the step's
/// and the reminders while it waits) name the ride that moved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Moved {
    /// The outward ride (or none: accepted, cancelled).
    #[default]
    Outward,
    /// The return ride alone: the outward time is unchanged.
    Back,
    /// Both rides.
    Both,
}

impl Moved {
    fn is_outward(&self) -> bool {
        *self == Self::Outward
    }

    /// What an `action` to `pickup` and `back` moves of `b`.
    pub fn by(action: CustomerAction, pickup: Pickup, back: Option<Pickup>, b: &Booking) -> Self {
        let before = b.extras.return_trip.as_ref().map(|r| r.pickup_at);
        match (action, back.filter(|at| Some(*at) != before)) {
            (CustomerAction::Ask, Some(_)) if pickup == b.pickup_at => Self::Back,
            (CustomerAction::Ask, Some(_)) => Self::Both,
            _ => Self::Outward,
        }
    }
}

impl CustomerStep {
    /// `b` as this step leaves it: at the step's pick-up, its return ride
    /// (if any) at the step's return time when the step moved it.
    pub fn applied_to(&self, b: &Booking) -> Booking {
        let mut moved = Booking { pickup_at: self.pickup_at, ..b.clone() };
        if let (Some(at), Some(back)) = (self.return_at, moved.extras.return_trip.as_mut()) {
            back.pickup_at = at;
        }
        moved
    }
}

/// Whether `b`'s return ride is at or before its outward ride: a round trip
/// nobody can drive, which no step may leave.
pub fn crosses(b: &Booking) -> bool {
    b.extras.return_trip.as_ref().is_some_and(|back| back.pickup_at.instant() <= b.pickup_at.instant())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_stored_before_return_rides_could_move_reads_back() {
        let old =
            r#"{"action":"ask","note":"","pickupAt":"2026-11-24T16:00:00","at":"2026-11-22T10:00:00Z"}"#;
        let step: CustomerStep = serde_json::from_str(old).unwrap();
        assert_eq!(step.return_at, None);
        assert_eq!(step.moved, Moved::Outward, "its reminders name the outward ride, as they did");
        let again = serde_json::to_string(&step).unwrap();
        assert!(!again.contains("returnAt") && !again.contains("moved"), "{again}");
    }

    #[test]
    fn an_ask_moves_the_rides_whose_times_changed() {
        use crate::bookings::model::{sample, ReturnTrip};
        let at = |s: &str| s.parse::<Pickup>().unwrap();
        let mut b = sample("2026-11-20T10:00:00Z".parse().unwrap(), "2026-11-24T14:30");
        let (outward, back) = (b.pickup_at, at("2026-11-29T10:15"));
        b.extras.return_trip = Some(ReturnTrip { pickup_at: back, price: None });
        let (later, later_back) = (at("2026-11-24T16:00"), at("2026-11-30T09:00"));
        let ask = |pickup, back| Moved::by(CustomerAction::Ask, pickup, back, &b);
        assert_eq!(ask(outward, Some(later_back)), Moved::Back);
        assert_eq!(ask(later, Some(later_back)), Moved::Both);
        assert_eq!(ask(later, Some(back)), Moved::Outward, "the return ride's time asked again, unchanged");
        assert_eq!(ask(later, None), Moved::Outward);
        assert_eq!(Moved::by(CustomerAction::Cancel, outward, Some(later_back), &b), Moved::Outward);
        let step = CustomerStep {
            action: CustomerAction::Ask,
            note: String::new(),
            pickup_at: outward,
            return_at: Some(later_back),
            moved: Moved::Back,
            at: "2026-11-22T10:00:00Z".parse().unwrap(),
        };
        let stored: CustomerStep = serde_json::from_str(&serde_json::to_string(&step).unwrap()).unwrap();
        assert_eq!(stored, step, "kept through the store");
    }

    #[test]
    fn each_step_names_the_status_it_leaves() {
        assert_eq!(CustomerAction::Accept.status(), Status::Confirmed);
        assert_eq!(CustomerAction::Ask.status(), Status::Requested);
        assert_eq!(CustomerAction::Cancel.status(), Status::Cancelled);
        for action in CustomerAction::ALL {
            assert_eq!(CustomerAction::parse(action.code()), Some(action));
        }
        assert_eq!(CustomerAction::parse("confirm"), None);
    }

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
