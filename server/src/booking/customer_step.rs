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
    booking::{
        answer::{Action, Status},
        model::Booking,
        Record,
    },
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

    /// Whether the manage page offers this step on `record` at `now`.
    pub fn offered_on(self, record: &Record, now: jiff::Timestamp) -> bool {
        self.allowed_from(record.status)
            && match self {
                Self::Ask => record.sequence < CHANGES_BEFORE_PHONE,
                Self::Accept => !proposal_passed(record, now),
                Self::Cancel => true,
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

/// Whether staff's proposed time has come: from then on it cannot be
/// accepted (the taxi would be late before the mail is read).
pub fn proposal_passed(record: &Record, now: jiff::Timestamp) -> bool {
    let proposal = record.answer.as_ref().filter(|a| a.action == Action::Propose);
    proposal.and_then(|a| a.proposed_pickup_at).is_some_and(|at| at.instant() <= now)
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
    pub at: jiff::Timestamp,
}

impl CustomerStep {
    /// The step on `record` if its status allows it; the pick-up it leaves
    /// (`asked`: the times asked for, needed by [`CustomerAction::Ask`] only).
    /// `None` also for a step that would move a round trip's rides so that
    /// the return ride is at or before the outward ride.
    pub fn on(
        record: &Record,
        action: CustomerAction,
        note: String,
        asked: Option<Asked>,
        at: jiff::Timestamp,
    ) -> Option<Self> {
        if !action.offered_on(record, at) {
            return None;
        }
        let proposed = record.answer.as_ref().and_then(|a| a.proposed_pickup_at);
        let has_return = record.booking.extras.return_trip.is_some();
        let (pickup_at, return_at) = match action {
            CustomerAction::Accept => (proposed?, None),
            CustomerAction::Ask => asked.map(|a| (a.pickup, a.back.filter(|_| has_return)))?,
            CustomerAction::Cancel => (record.booking.pickup_at, None),
        };
        let step = Self { action, note, pickup_at, return_at, at };
        // Only a step that moves a ride can cross them; a cancellation ends even a
        // booking stored crossed (as asking another time could leave one before).
        let moves = action != CustomerAction::Cancel;
        (!(moves && crosses(&step.applied_to(&record.booking)))).then_some(step)
    }

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
    use crate::booking::{answer::Answer, model::sample};

    fn at(text: &str) -> jiff::Timestamp {
        text.parse().unwrap()
    }

    /// A booking for 24 November 14:30 in `status`, proposed 18:00 when rescheduled.
    fn record(status: Status, sequence: u32) -> Record {
        let proposal = Answer {
            action: Action::Propose,
            note: String::new(),
            proposed_pickup_at: Some("2026-11-24T18:00".parse().unwrap()),
            reason: None,
            answered_at: at("2026-11-21T09:00:00Z"),
        };
        Record {
            booking: sample(at("2026-11-20T10:00:00Z"), "2026-11-24T14:30"),
            status,
            sequence,
            calendar_uid: "uid".into(),
            answer: (status == Status::Rescheduled).then_some(proposal),
            customer_step: None,
            reminders_sent: vec![],
        }
    }

    #[test]
    fn a_step_leaves_the_pickup_it_names() {
        let now = at("2026-11-22T10:00:00Z");
        let asked: Pickup = "2026-11-25T09:00".parse().unwrap();
        let proposed = record(Status::Rescheduled, 1);
        let step = |r: &Record, action, asked| CustomerStep::on(r, action, "note".into(), asked, now);
        let accept = step(&proposed, CustomerAction::Accept, None).unwrap();
        assert_eq!((accept.pickup_at.to_string(), accept.at), ("2026-11-24T18:00:00".into(), now));
        let ask = Asked { pickup: asked, back: None };
        assert_eq!(step(&proposed, CustomerAction::Ask, Some(ask)).unwrap().pickup_at, asked);
        assert_eq!(step(&proposed, CustomerAction::Ask, None), None, "an ask names its time");
        let cancel = step(&proposed, CustomerAction::Cancel, None).unwrap();
        assert_eq!(
            (cancel.pickup_at.to_string(), cancel.note.as_str()),
            ("2026-11-24T14:30:00".into(), "note")
        );
        let requested = record(Status::Requested, 0);
        assert_eq!(step(&requested, CustomerAction::Accept, None), None, "nothing to accept");
    }

    #[test]
    fn a_round_trip_moves_either_ride_or_both_but_never_crosses() {
        use crate::booking::model::ReturnTrip;
        let now = at("2026-11-22T10:00:00Z");
        let time = |text: &str| -> Pickup { text.parse().unwrap() };
        let mut round = record(Status::Confirmed, 1);
        round.booking.extras.return_trip =
            Some(ReturnTrip { pickup_at: time("2026-11-24T20:00"), price: None });
        let ask = |pickup: &str, back: Option<&str>| {
            let asked = Asked { pickup: time(pickup), back: back.map(time) };
            CustomerStep::on(&round, CustomerAction::Ask, String::new(), Some(asked), now)
        };
        let times = |step: Option<CustomerStep>| {
            let moved = step.expect("a step").applied_to(&round.booking);
            (moved.pickup_at.to_string(), moved.extras.return_trip.unwrap().pickup_at.to_string())
        };
        assert_eq!(
            times(ask("2026-11-24T16:00", None)),
            ("2026-11-24T16:00:00".into(), "2026-11-24T20:00:00".into())
        );
        assert_eq!(
            times(ask("2026-11-24T14:30", Some("2026-11-25T09:00"))),
            ("2026-11-24T14:30:00".into(), "2026-11-25T09:00:00".into()),
            "the return ride alone"
        );
        assert_eq!(
            times(ask("2026-11-25T08:00", Some("2026-11-25T18:00"))),
            ("2026-11-25T08:00:00".into(), "2026-11-25T18:00:00".into()),
            "both"
        );
        // The outward after the return ride, or the return ride before (or at) the outward: no step.
        assert_eq!(ask("2026-11-24T21:00", None), None);
        assert_eq!(ask("2026-11-24T14:30", Some("2026-11-24T12:00")), None);
        assert_eq!(ask("2026-11-24T18:00", Some("2026-11-24T18:00")), None);
        // A proposal after the return ride cannot be accepted either (staff cannot propose one).
        let mut proposed = record(Status::Rescheduled, 1);
        proposed.booking.extras.return_trip =
            Some(ReturnTrip { pickup_at: time("2026-11-24T17:00"), price: None });
        assert_eq!(CustomerStep::on(&proposed, CustomerAction::Accept, String::new(), None, now), None);
        // A booking stored crossed (before this rule) can still be cancelled.
        let mut crossed = record(Status::Confirmed, 1);
        crossed.booking.extras.return_trip =
            Some(ReturnTrip { pickup_at: time("2026-11-24T12:00"), price: None });
        assert!(CustomerStep::on(&crossed, CustomerAction::Cancel, String::new(), None, now).is_some());
        // A one-way ride ignores a return time.
        let one_way = CustomerStep::on(
            &record(Status::Confirmed, 1),
            CustomerAction::Ask,
            String::new(),
            Some(Asked { pickup: time("2026-11-24T16:00"), back: Some(time("2026-11-24T15:00")) }),
            now,
        );
        assert_eq!(one_way.unwrap().return_at, None);
    }

    #[test]
    fn a_step_stored_before_return_rides_could_move_reads_back() {
        let old =
            r#"{"action":"ask","note":"","pickupAt":"2026-11-24T16:00:00","at":"2026-11-22T10:00:00Z"}"#;
        let step: CustomerStep = serde_json::from_str(old).unwrap();
        assert_eq!(step.return_at, None);
        assert!(!serde_json::to_string(&step).unwrap().contains("returnAt"));
    }

    #[test]
    fn a_proposal_is_accepted_only_before_its_time_and_asks_end_at_the_limit() {
        let proposed = record(Status::Rescheduled, 1);
        // 18:00 in Amsterdam is 17:00 UTC in November.
        for (now, open) in [("2026-11-24T16:59:59Z", true), ("2026-11-24T17:00:00Z", false)] {
            assert_eq!(proposal_passed(&proposed, at(now)), !open, "{now}");
            assert_eq!(CustomerAction::Accept.offered_on(&proposed, at(now)), open, "{now}");
            let step = CustomerStep::on(&proposed, CustomerAction::Accept, String::new(), None, at(now));
            assert_eq!(step.is_some(), open, "{now}");
            assert!(CustomerAction::Cancel.offered_on(&proposed, at(now)), "cancelling stays open");
        }
        let confirmed = Record { answer: None, ..record(Status::Confirmed, 1) };
        assert!(!proposal_passed(&confirmed, at("2030-01-01T00:00:00Z")), "no proposal, nothing passed");
        let now = at("2026-11-22T10:00:00Z");
        let before = record(Status::Confirmed, CHANGES_BEFORE_PHONE - 1);
        let at_limit = record(Status::Confirmed, CHANGES_BEFORE_PHONE);
        assert!(CustomerAction::Ask.offered_on(&before, now));
        assert!(!CustomerAction::Ask.offered_on(&at_limit, now));
        assert!(CustomerAction::Cancel.offered_on(&at_limit, now));
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
