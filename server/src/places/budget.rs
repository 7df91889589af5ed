//! The site-wide budget of paid calls to Google: so many per clock hour and per
//! UTC day (`google.max_calls_per_hour`, `max_calls_per_day`). A call the budget
//! refuses is not made; the caller answers from the offline gazetteer instead
//! (see [`crate::places::Places`]), so visitors still get suggestions and prices.
//!
//! Shared by all clients on purpose: it protects the company's bill, and what a
//! flood uses up is only the better provider, never the service itself.
use std::{
    sync::Mutex,
    time::{SystemTime, UNIX_EPOCH},
};

use serde::Serialize;

const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;

pub struct CallBudget {
    per_hour: u32,
    per_day: u32,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The hour and day (since the epoch) the counts belong to.
    hour: u64,
    day: u64,
    hour_used: u32,
    day_used: u32,
    /// When a call was first refused in the current stretch (seconds since the epoch).
    exhausted_since: Option<u64>,
}

/// What `/healthz/details` shows as `placesBudget`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BudgetReport {
    pub hour_used: u32,
    /// `0`: no cap.
    pub hour_limit: u32,
    pub day_used: u32,
    pub day_limit: u32,
    /// RFC 3339 (UTC) time of the first refused call, while calls are refused.
    pub exhausted_since: Option<String>,
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

impl CallBudget {
    /// `0` for either limit: no cap for that period.
    pub fn new(per_hour: u32, per_day: u32) -> Self {
        Self { per_hour, per_day, state: Mutex::new(State::default()) }
    }

    /// Takes one call from the budget for `op`: `false` when the hour's or the
    /// day's calls are used up. Logs one warning when calls start being refused,
    /// and one line when they are allowed again.
    pub fn try_spend(&self, op: &'static str) -> bool {
        self.try_spend_at(op, now_secs())
    }

    fn try_spend_at(&self, op: &'static str, now: u64) -> bool {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.roll(&mut s, now);
        let (hour_full, day_full) = self.full(&s);
        if hour_full || day_full {
            if s.exhausted_since.is_none() {
                s.exhausted_since = Some(now);
                let (period, used, limit, until) = if day_full {
                    ("day", s.day_used, self.per_day, (now / DAY + 1) * DAY)
                } else {
                    ("hour", s.hour_used, self.per_hour, (now / HOUR + 1) * HOUR)
                };
                tracing::warn!(
                    op,
                    period,
                    used,
                    limit,
                    until = %timestamp(until),
                    "the budget of calls to Google for this {period} is used up ({used} of {limit}): \
                     the offline gazetteer answers until {}; see google.max_calls_per_{period}",
                    timestamp(until)
                );
            }
            crate::telemetry::metrics::places_budget_refused(op);
            return false;
        }
        s.hour_used += 1;
        s.day_used += 1;
        true
    }

    pub fn report(&self) -> BudgetReport {
        self.report_at(now_secs())
    }

    fn report_at(&self, now: u64) -> BudgetReport {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.roll(&mut s, now);
        BudgetReport {
            hour_used: s.hour_used,
            hour_limit: self.per_hour,
            day_used: s.day_used,
            day_limit: self.per_day,
            exhausted_since: s.exhausted_since.map(timestamp),
        }
    }

    /// Whether the hour's and the day's calls are used up.
    fn full(&self, s: &State) -> (bool, bool) {
        (self.per_hour > 0 && s.hour_used >= self.per_hour, self.per_day > 0 && s.day_used >= self.per_day)
    }

    /// Starts new counts when the hour or the day has changed, and ends a stretch
    /// of refusals when that made room.
    fn roll(&self, s: &mut State, now: u64) {
        if s.day != now / DAY {
            s.day = now / DAY;
            s.day_used = 0;
        }
        if s.hour != now / HOUR {
            s.hour = now / HOUR;
            s.hour_used = 0;
        }
        if s.exhausted_since.is_some() && self.full(s) == (false, false) {
            let since = s.exhausted_since.take().unwrap_or(now);
            tracing::info!(
                refused_for_seconds = now.saturating_sub(since),
                "calls to Google are within the budget again"
            );
        }
    }
}

fn timestamp(secs: u64) -> String {
    jiff::Timestamp::from_second(secs as i64).map(|t| t.to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2025-06-01 10:00:00 UTC.
    const T0: u64 = 1_748_772_000;

    #[test]
    fn refuses_past_the_hour_then_allows_again_in_the_next_hour() {
        let budget = CallBudget::new(3, 0);
        assert!((0..3).all(|_| budget.try_spend_at("a", T0 + 10)));
        assert!(!budget.try_spend_at("a", T0 + 20));
        assert!(!budget.try_spend_at("a", T0 + HOUR - 1));
        let report = budget.report_at(T0 + 30);
        assert_eq!((report.hour_used, report.hour_limit, report.day_used), (3, 3, 3));
        assert_eq!(report.exhausted_since.as_deref(), Some("2025-06-01T10:00:20Z"));
        assert!(budget.try_spend_at("a", T0 + HOUR), "a new hour");
        let report = budget.report_at(T0 + HOUR);
        assert_eq!((report.hour_used, report.day_used, report.exhausted_since), (1, 4, None));
    }

    #[test]
    fn the_day_caps_across_hours_and_zero_means_no_cap() {
        let budget = CallBudget::new(2, 3);
        assert!(budget.try_spend_at("a", T0) && budget.try_spend_at("a", T0));
        assert!(!budget.try_spend_at("a", T0 + 1), "the hour");
        assert!(budget.try_spend_at("a", T0 + HOUR));
        assert!(!budget.try_spend_at("a", T0 + HOUR + 1), "the day");
        assert!(!budget.try_spend_at("a", T0 + 5 * HOUR), "still the same day");
        assert!(budget.try_spend_at("a", (T0 / DAY + 1) * DAY), "the next day");

        let open = CallBudget::new(0, 0);
        assert!((0..10_000).all(|_| open.try_spend_at("a", T0)));
    }

    #[test]
    fn one_warning_per_stretch_of_refusals() {
        let log = crate::telemetry::Captured::logs_of(|| {
            let budget = CallBudget::new(1, 0);
            budget.try_spend_at("places:autocomplete", T0);
            for _ in 0..50 {
                budget.try_spend_at("places:autocomplete", T0 + 1);
            }
            budget.try_spend_at("places:autocomplete", T0 + HOUR);
            budget.try_spend_at("places:autocomplete", T0 + HOUR + 1);
        });
        let warnings = log.lines().filter(|l| l.contains("google.max_calls_per_hour")).count();
        assert_eq!(warnings, 2, "one per hour that ran out:\n{log}");
        assert_eq!(log.lines().filter(|l| l.contains("within the budget again")).count(), 1, "{log}");
    }
}
