//! What became of one attempt ([`Outcome`]) and how the sender applies it to
//! its in-memory view, the pause after an unavailable server, the log and
//! the metrics ([`record`]).
use std::time::Duration;

use tokio::time::Instant;

use crate::mail::{
    retry::RetryPolicy,
    state::{Shared, State},
    transport::Failure,
    MailKind,
};
use crate::telemetry::metrics;

pub(super) enum Outcome {
    Delivered {
        id: i64,
        kind: MailKind,
        attempts: u32,
    },
    /// Sent, but the store could not record it: it may be sent again after a restart.
    DeliveredUnrecorded {
        id: i64,
        error: String,
    },
    /// Will be tried again, after `retry_in` (the server down: after the pause).
    Failed {
        id: i64,
        attempts: u32,
        failure: Failure,
        error: String,
        retry_in: Duration,
    },
    /// Marked failed; `notice` says whether staff were told.
    GivenUp {
        id: i64,
        kind: MailKind,
        failure: Failure,
        error: String,
        notice: bool,
    },
    /// The row could not be read and is now quarantined.
    Quarantined {
        id: i64,
    },
    /// Not sent: perished, or no longer queued (superseded by a later step).
    Dropped {
        id: i64,
        why: &'static str,
    },
    /// The store could not be read or written.
    Storage {
        id: i64,
        error: std::io::Error,
    },
}

/// Applies an outcome to the in-memory state, the pause and the metrics.
pub(super) fn record(shared: &Shared, policy: &RetryPolicy, pause: &mut Duration, outcome: Outcome) {
    let mut state = shared.state.lock().unwrap();
    for event in apply(&mut state, policy, pause, outcome, Instant::now()) {
        metrics::mail(event);
    }
}

/// The metrics' events of one outcome (`taxi_mail_events_total`'s labels).
type Events = Vec<&'static str>;

/// What [`record`] does, at `now`, but the metrics: it returns their events.
fn apply(
    state: &mut State,
    policy: &RetryPolicy,
    pause: &mut Duration,
    outcome: Outcome,
    now: Instant,
) -> Events {
    match outcome {
        Outcome::Delivered { id, kind, attempts } => {
            state.remove(id);
            state.delivered_total += 1;
            state.delivered_retained += 1;
            state.slow_attempts = 0;
            state.unknown_since_delivery = 0;
            state.server_answered(policy, pause);
            tracing::info!(id, attempts, "mail delivered");
            vec![if kind == MailKind::NOTICE { "notice_sent" } else { "delivered" }]
        }
        Outcome::DeliveredUnrecorded { id, error } => {
            let error = redact(&error);
            state.remove(id);
            state.delivered_total += 1;
            state.unknown_since_delivery = 0;
            state.server_answered(policy, pause);
            tracing::error!(id, error = %error, "mail delivered but not recorded as such; it may be sent again after a restart");
            vec!["delivered"]
        }
        Outcome::Failed { id, attempts, failure, error, retry_in } => {
            let error = redact(&error);
            state.failed_attempts_total += 1;
            state.last_error = Some(error.clone());
            state.slow_attempts = if failure == Failure::TimedOut { state.slow_attempts + 1 } else { 0 };
            let event =
                if failure == Failure::OutcomeUnknown { "outcome_unknown" } else { "temporary_failure" };
            let due = if failure == Failure::ServerDown {
                state.server_down = true;
                // Pause everything, unless a concurrent failure already did.
                let until = match state.paused_until {
                    Some(until) if until > now => until,
                    _ => {
                        let until = now + *pause;
                        tracing::warn!(id, attempts, error = %error, pause_ms = pause.as_millis() as u64, "mail server unavailable; pausing delivery");
                        *pause = (*pause * 2).min(policy.max_pause);
                        until
                    }
                };
                state.paused_until = Some(until);
                until
            } else if failure == Failure::OutcomeUnknown {
                // The server may have it: health stays degraded until a mail is delivered.
                state.unknown_since_delivery += 1;
                tracing::warn!(id, attempts, error = %error, retry_in_s = retry_in.as_secs(), "mail's outcome unknown; sending it again later");
                now + retry_in
            } else {
                tracing::warn!(id, attempts, error = %error, "mail refused for now; retrying it later");
                state.server_answered(policy, pause);
                now + retry_in
            };
            if let Some(p) = state.pending.get_mut(&id) {
                p.in_flight = false;
                p.due = due;
                p.refused = failure != Failure::ServerDown;
            }
            vec![event]
        }
        Outcome::GivenUp { id, kind, failure, error, notice } => {
            let error = redact(&error);
            state.remove(id);
            state.failed_attempts_total += 1;
            state.failed += 1;
            state.last_trouble = Some(now);
            state.last_error = Some(error.clone());
            if failure == Failure::OutcomeUnknown {
                state.unknown_since_delivery += 1;
            } else {
                state.server_answered(policy, pause);
            }
            let mut events = vec![
                match failure {
                    Failure::Permanent => "permanent_failure",
                    Failure::OutcomeUnknown => "outcome_unknown",
                    _ => "temporary_failure",
                },
                "given_up",
            ];
            if kind == MailKind::NOTICE || !notice {
                events.push("notice_failed");
            }
            tracing::error!(id, error = %error, notice, "mail not deliverable; given up");
            events
        }
        Outcome::Dropped { id, why } => {
            state.remove(id);
            tracing::info!(id, "mail not sent: {why}");
            vec!["superseded"]
        }
        Outcome::Quarantined { id } => {
            state.remove(id);
            state.quarantined += 1;
            state.last_trouble = Some(now);
            vec!["quarantined"]
        }
        Outcome::Storage { id, error } => {
            if error.kind() == std::io::ErrorKind::NotFound {
                tracing::warn!(id, "queued mail vanished (removed by hand?); forgetting it");
                state.remove(id);
            } else {
                tracing::error!(id, error = %error, "queued mail could not be read or updated; retrying later");
                state.last_error = Some(format!("store: {error}"));
                if let Some(p) = state.pending.get_mut(&id) {
                    p.in_flight = false;
                    p.due = now + policy.max_pause;
                }
            }
            Vec::new()
        }
    }
}

/// `text` without addresses (SMTP replies name the recipient): for logs and health.
fn redact(text: &str) -> String {
    text.split(' ')
        .map(|word| if word.contains('@') { "<address>" } else { word })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
#[path = "outcome_tests.rs"]
mod tests;
