//! A booking as the store keeps it, with where it stands ([`Record`]), and
//! what a customer may do with it now: the steps its status and its changes
//! so far allow ([`CustomerAction::offered_on`], [`CustomerStep::on`]; the
//! steps themselves and their rules per status are in `customer_step.rs`).
use crate::bookings::{
    answer::{Action, Answer, Status},
    customer_step::{crosses, Asked, CustomerAction, CustomerStep, Moved, CHANGES_BEFORE_PHONE},
    model::Booking,
};

/// A booking as stored, with where it stands.
#[derive(Debug, Clone)]
pub struct Record {
    pub booking: Booking,
    pub status: Status,
    /// The calendar event's `SEQUENCE`: 0 at booking, one more per answer.
    pub sequence: u32,
    /// The calendar event's `UID`, shared by every `.ics` of this booking.
    pub calendar_uid: String,
    pub answer: Option<Answer>,
    /// The customer's last step from the manage page.
    pub customer_step: Option<CustomerStep>,
    /// The reminders sent, each as [`crate::bookings::reminder::Reminder::key`].
    pub reminders_sent: Vec<String>,
}

impl CustomerAction {
    /// Whether the manage page offers this step on `record` at `now`.
    pub fn offered_on(self, record: &Record, now: jiff::Timestamp) -> bool {
        self.allowed_from(record.status)
            && match self {
                Self::Ask => record.sequence < CHANGES_BEFORE_PHONE,
                Self::Accept => !proposal_passed(record, now),
                Self::Cancel => true,
            }
    }
}

/// Whether staff's proposed time has come: from then on it cannot be
/// accepted (the taxi would be late before the mail is read).
pub fn proposal_passed(record: &Record, now: jiff::Timestamp) -> bool {
    let proposal = record.answer.as_ref().filter(|a| a.action == Action::Propose);
    proposal.and_then(|a| a.proposed_pickup_at).is_some_and(|at| at.instant() <= now)
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
        let moved = Moved::by(action, pickup_at, return_at, &record.booking);
        let step = Self { action, note, pickup_at, return_at, moved, at };
        // Only a step that moves a ride can cross them; a cancellation ends even a
        // booking stored crossed (as asking another time could leave one before).
        let moves = action != CustomerAction::Cancel;
        (!(moves && crosses(&step.applied_to(&record.booking)))).then_some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bookings::model::sample, types::Pickup};

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
        use crate::bookings::model::ReturnTrip;
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
}
