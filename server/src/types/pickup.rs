//! A pick-up time: a wall-clock date and time in the company's zone.
//!
//! Customers and drivers think in local time ("Monday 14:30"), so that is what
//! is kept and shown; the zone is the company's, one for the whole site, and
//! this type is the one place that turns it into an instant. Stored as the
//! bare civil time (`2026-11-24T14:30:00`), as before the type existed, so
//! every stored booking reads unchanged.
use std::fmt;

use jiff::{civil::DateTime, Timestamp, Zoned};
use serde::{Deserialize, Serialize};

use crate::types::company_zone;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pickup(DateTime);

impl Pickup {
    /// `local` as read on a clock in the company's zone.
    pub fn local(local: DateTime) -> Self {
        Self(local)
    }

    /// The company's local time at `instant`.
    pub fn at(instant: Timestamp) -> Self {
        Self(instant.to_zoned(company_zone()).datetime())
    }

    /// `2026-11-24T14:30` (what `<input type="datetime-local">` sends; a space
    /// for the `T` is taken too). A time the clocks skip when summer time starts
    /// (02:30 on its last Sunday of March) is kept as the time it comes to be
    /// (03:30), so mails, pages and calendars all show the one the taxi comes at.
    pub fn parse(text: &str) -> Option<Self> {
        let typed: DateTime = text.trim().replacen(' ', "T", 1).parse().ok()?;
        Some(Self(typed.to_zoned(company_zone()).map_or(typed, |zoned| zoned.datetime())))
    }

    /// The wall-clock time, for showing and for the calendar's `TZID` lines.
    pub fn civil(self) -> DateTime {
        self.0
    }

    /// The time in the company's zone. A time skipped when summer time starts
    /// moves forward; a repeated one takes the first (jiff's "compatible" rule).
    pub fn zoned(self) -> Zoned {
        // Only a civil time at the very end of jiff's range cannot be placed:
        // it is later than any ride, so it is treated as never coming.
        self.0.to_zoned(company_zone()).unwrap_or_else(|_| Timestamp::MAX.to_zoned(company_zone()))
    }

    /// The moment of the pick-up.
    pub fn instant(self) -> Timestamp {
        self.zoned().timestamp()
    }

    /// What the date-time field shows: `2026-11-24T14:30`.
    pub fn field_value(self) -> String {
        self.0.strftime("%Y-%m-%dT%H:%M").to_string()
    }
}

/// `2026-11-24T14:30` exactly (tests and stored texts; forms use [`Pickup::parse`]).
impl std::str::FromStr for Pickup {
    type Err = jiff::Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Self)
    }
}

/// For formatting: dates and times are shown as the clock reads.
impl From<Pickup> for DateTime {
    fn from(pickup: Pickup) -> Self {
        pickup.0
    }
}

impl fmt::Display for Pickup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_time_in_amsterdam_winter_and_summer() {
        let winter = Pickup::parse("2026-11-24T14:30").unwrap();
        assert_eq!(winter.instant().to_string(), "2026-11-24T13:30:00Z");
        let summer = Pickup::parse("2026-07-01 14:30").unwrap();
        assert_eq!(summer.instant().to_string(), "2026-07-01T12:30:00Z");
        assert_eq!(Pickup::at(summer.instant()), summer);
        assert_eq!(summer.field_value(), "2026-07-01T14:30");
        assert_eq!(Pickup::parse("soon"), None);
    }

    #[test]
    fn stored_as_the_bare_civil_time() {
        let pickup = Pickup::parse("2026-11-24T14:30").unwrap();
        assert_eq!(serde_json::to_string(&pickup).unwrap(), "\"2026-11-24T14:30:00\"");
        let read: Pickup = serde_json::from_str("\"2026-11-24T14:30:00\"").unwrap();
        assert_eq!(read, pickup);
        let far = Pickup::local(DateTime::MAX);
        assert_eq!(far.instant(), Timestamp::MAX, "beyond any ride: never comes");
    }
}
