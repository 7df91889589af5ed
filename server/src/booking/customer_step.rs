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

use crate::{
    booking::{
        answer::{Action, Status},
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

/// One step, as stored with the booking and announced to staff.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerStep {
    pub action: CustomerAction,
    /// The customer's words (a cancellation's reason), possibly empty.
    pub note: String,
    /// The pick-up the booking has after the step (an accepted proposal's time).
    pub pickup_at: Pickup,
    pub at: jiff::Timestamp,
}

impl CustomerStep {
    /// The step on `record` if its status allows it; the pick-up it leaves
    /// (`asked`: the time asked for, needed by [`CustomerAction::Ask`] only).
    pub fn on(
        record: &Record,
        action: CustomerAction,
        note: String,
        asked: Option<Pickup>,
        at: jiff::Timestamp,
    ) -> Option<Self> {
        if !action.offered_on(record, at) {
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
        assert_eq!(step(&proposed, CustomerAction::Ask, Some(asked)).unwrap().pickup_at, asked);
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
