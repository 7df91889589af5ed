//! A time of day as settings write it (`HH:MM`, local time in [`super::TIME_ZONE`]).
use std::fmt;

use serde::{Deserialize, Serialize};

/// A wall-clock time to the minute, read from `HH:MM` once at start-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct ClockTime(jiff::civil::Time);

impl ClockTime {
    /// `HH:MM` with two digits each, 00:00 to 23:59.
    pub fn parse(text: &str) -> Option<Self> {
        let (h, m) = text.split_once(':')?;
        let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(h) || !two_digits(m) {
            return None;
        }
        jiff::civil::Time::new(h.parse().ok()?, m.parse().ok()?, 0, 0).ok().map(Self)
    }

    pub fn time(self) -> jiff::civil::Time {
        self.0
    }
}

impl TryFrom<String> for ClockTime {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        Self::parse(&text).ok_or_else(|| format!("`{text}` is not a time as HH:MM"))
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0.hour(), self.0.minute())
    }
}

impl Serialize for ClockTime {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::ClockTime;

    #[test]
    fn hours_and_minutes_parse_and_print_back() {
        for ok in ["00:00", "06:00", "23:59", "07:30"] {
            assert_eq!(ClockTime::parse(ok).unwrap().to_string(), ok);
        }
        for bad in ["", "6:00", "24:00", "12:60", "12:5", "12-30", "12:30:00", " 12:30", "ab:cd", "+1:30"] {
            assert_eq!(ClockTime::parse(bad), None, "{bad:?}");
        }
        assert!(ClockTime::parse("06:00") < ClockTime::parse("23:00"));
    }
}
