//! `[[booking.closed]]`: dates on which the company takes no rides (a holiday,
//! the owner's leave), each with what to tell the customer in every language.
//! Read into typed values when the settings are: a closure that ends before it
//! starts, or lacks a language's message, stops the start naming the entry.
use serde::Deserialize;

use crate::{config::LocalizedText, types::Pickup};

/// From `from` up to (not including) `until`, local times in the company's zone.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "ClosureEntry")]
pub struct Closure {
    pub from: Pickup,
    pub until: Pickup,
    /// Said under the date field of a time inside it, in the page's language.
    pub message: LocalizedText,
}

/// A closure as written in the settings file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClosureEntry {
    from: Pickup,
    until: Pickup,
    message: LocalizedText,
}

impl TryFrom<ClosureEntry> for Closure {
    type Error = String;

    fn try_from(entry: ClosureEntry) -> Result<Self, String> {
        if entry.until <= entry.from {
            return Err(format!(
                "`until` ({}) must be after `from` ({})",
                entry.until.field_value(),
                entry.from.field_value()
            ));
        }
        let m = &entry.message;
        if let Some((lang, _)) =
            [("nl", &m.nl), ("de", &m.de), ("en", &m.en)].into_iter().find(|(_, text)| text.trim().is_empty())
        {
            return Err(format!("`message.{lang}` must not be empty: each language needs its message"));
        }
        Ok(Self { from: entry.from, until: entry.until, message: entry.message })
    }
}

impl Closure {
    /// Whether a ride at `at` falls inside it.
    pub fn holds(&self, at: Pickup) -> bool {
        self.from <= at && at < self.until
    }
}

/// The closure a ride at `at` falls inside, if any.
pub fn closure_at(closed: &[Closure], at: Pickup) -> Option<&Closure> {
    closed.iter().find(|c| c.holds(at))
}
