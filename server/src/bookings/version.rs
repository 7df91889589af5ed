//! A booking's version as a page showed it, and what changed since.
//!
//! The version is the booking's sequence (one more per staff answer and per
//! customer step; reminders leave it alone). Every form of the staff answer
//! page and the manage page carries it in a hidden field: a post from a page
//! that showed another version changes nothing and sends nothing, and the page
//! says what changed (`docs/decisions.md`, "Stale pages").
use std::fmt;

use crate::{
    bookings::{answer::Answer, customer_step::CustomerStep, record::Record},
    forms::Input,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version(u32);

impl Version {
    /// The version `record` is at.
    pub fn of(record: &Record) -> Self {
        Self(record.sequence)
    }

    /// Digits only, as the hidden field writes it; anything else is no version.
    pub fn parse(text: &str) -> Option<Self> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok().map(Self)
    }

    /// The version a form was posted with in `field` (the page's request
    /// names it); `None` when missing or malformed (a page from before
    /// versions, or a hand-made post: both stale).
    pub fn posted(input: &Input, field: &str) -> Option<Self> {
        input.line(field).ok().as_deref().and_then(Self::parse)
    }

    pub fn number(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The last change of a booking: staff's answer or the customer's step,
/// whichever came later.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Change<'a> {
    Answer(&'a Answer),
    Step(&'a CustomerStep),
}

impl Record {
    /// Whether a post made from a page of `posted` may change this booking.
    pub fn is_at(&self, posted: Option<Version>) -> bool {
        posted == Some(Version::of(self))
    }

    /// The booking's last change; `None` for a booking nobody has touched.
    pub fn last_change(&self) -> Option<Change<'_>> {
        match (&self.answer, &self.customer_step) {
            (Some(answer), Some(step)) if answer.answered_at > step.at => Some(Change::Answer(answer)),
            (_, Some(step)) => Some(Change::Step(step)),
            (Some(answer), None) => Some(Change::Answer(answer)),
            (None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::{
        answer::{Action, Status},
        customer_step::{CustomerAction, Moved},
        model::sample,
    };

    fn record(sequence: u32) -> Record {
        let booking = sample("2026-11-20T10:00:00Z".parse().unwrap(), "2026-11-24T14:30");
        Record {
            booking,
            status: Status::Requested,
            sequence,
            calendar_uid: "uid".into(),
            answer: None,
            customer_step: None,
            reminders_sent: vec![],
        }
    }

    #[test]
    fn only_the_digits_of_the_current_sequence_are_its_version() {
        let r = record(3);
        assert!(r.is_at(Version::parse("3")));
        for stale in ["2", "4", "", " 3", "+3", "3.0", "03x", "99999999999"] {
            assert!(!r.is_at(Version::parse(stale)), "{stale:?}");
        }
        assert!(!r.is_at(None));
        assert_eq!(Version::of(&r).to_string(), "3");
        let input = Input::from_pairs(vec![("version".into(), " 3 ".into())]);
        assert_eq!(Version::posted(&input, "version"), Some(Version(3)), "trimmed like every line");
    }

    #[test]
    fn the_last_change_is_whichever_came_later() {
        let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap();
        let answer = Answer {
            action: Action::Propose,
            note: String::new(),
            proposed_pickup_at: Some("2026-11-24T18:00".parse().unwrap()),
            reason: None,
            answered_at: at("2026-11-21T09:00:00Z"),
        };
        let step = CustomerStep {
            action: CustomerAction::Ask,
            note: String::new(),
            pickup_at: "2026-11-24T19:00".parse().unwrap(),
            return_at: None,
            moved: Moved::Outward,
            at: at("2026-11-21T10:00:00Z"),
        };
        let mut r = record(0);
        assert_eq!(r.last_change(), None);
        r.answer = Some(answer.clone());
        assert_eq!(r.last_change(), Some(Change::Answer(&answer)));
        r.customer_step = Some(step.clone());
        assert_eq!(r.last_change(), Some(Change::Step(&step)));
        let later = Answer { answered_at: at("2026-11-21T11:00:00Z"), ..answer };
        r.answer = Some(later.clone());
        assert_eq!(r.last_change(), Some(Change::Answer(&later)));
    }
}
