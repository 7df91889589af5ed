//! The background sender: delivers queued mails, retries with backoff, and
//! keeps the in-memory view of the spool that `stats()` reports.
//!
//! It runs on its own thread with its own single-threaded tokio runtime
//! (started by `Outbox::start`), so it neither depends on nor slows down the
//! actix workers, and works the same in tests, examples and the server. File
//! system work runs on that runtime's blocking pool.
//!
//! Retry rules:
//! - A failure that means the server is unavailable (connection refused,
//!   timeout, TLS failure, 4xx) pauses all delivery: 1 s, then doubling up to
//!   `max_pause` (30 s). When the pause is over one mail goes first as a probe;
//!   when it gets through, the whole queue follows at full speed. An outage of
//!   any length thus costs one attempt per pause, not one per mail.
//! - A permanent refusal (5xx) concerns that mail only: it is retried on its
//!   own backoff (doubling up to `max_mail_retry`, 15 min) and never dropped;
//!   `stats().refused` counts such mails so that health checks can show them.
//! - Up to `concurrency` mails are in flight at once (4), each on its own SMTP
//!   connection from lettre's pool.
use std::{
    collections::BTreeMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{
    sync::{watch, Notify},
    task::JoinSet,
    time::{sleep_until, Instant},
};

use super::{spool::{Entry, Spool}, transport::Transport, SpoolStats};

/// How the sender retries; the defaults suit production, tests shorten them.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// First pause after the server was found unavailable, and first retry of a refused mail.
    pub first_retry: Duration,
    /// Longest pause while the server is unavailable.
    pub max_pause: Duration,
    /// Longest wait between two attempts of a mail the server refused.
    pub max_mail_retry: Duration,
    /// Mails in flight at once.
    pub concurrency: usize,
    /// How often delivered entries older than the retention are deleted.
    pub sweep_every: Duration,
    /// How long `shutdown` waits for mails in flight.
    pub drain: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(1),
            max_pause: Duration::from_secs(30),
            max_mail_retry: Duration::from_secs(15 * 60),
            concurrency: 4,
            sweep_every: Duration::from_secs(3600),
            drain: Duration::from_secs(30),
        }
    }
}

/// What the sender and the submitters share.
pub(crate) struct Shared {
    pub spool: Spool,
    pub state: Mutex<State>,
    pub wake: Notify,
}

#[derive(Default)]
pub(crate) struct State {
    /// Undelivered mails by spool id (sorted: oldest first).
    pending: BTreeMap<String, Pending>,
    delivered_retained: usize,
    delivered_total: u64,
    failed_attempts_total: u64,
    last_error: Option<String>,
    paused_until: Option<Instant>,
}

struct Pending {
    created_at: jiff::Timestamp,
    due: Instant,
    attempts: u32,
    in_flight: bool,
    refused: bool,
}

impl Shared {
    pub fn new(spool: Spool, queued: Vec<Entry>, delivered_retained: usize) -> Self {
        let now = Instant::now();
        let pending = queued
            .into_iter()
            .map(|e| (e.id, Pending { created_at: e.created_at, due: now, attempts: e.attempts, in_flight: false, refused: false }))
            .collect();
        Self { spool, state: Mutex::new(State { pending, delivered_retained, ..State::default() }), wake: Notify::new() }
    }

    /// Registers mails that are now durably queued and wakes the sender.
    pub fn queued(&self, entries: &[(String, jiff::Timestamp)]) {
        let now = Instant::now();
        let mut state = self.state.lock().unwrap();
        for (id, created_at) in entries {
            state.pending.insert(id.clone(), Pending { created_at: *created_at, due: now, attempts: 0, in_flight: false, refused: false });
        }
        drop(state);
        self.wake.notify_one();
    }

    pub fn stats(&self) -> SpoolStats {
        let state = self.state.lock().unwrap();
        let now = jiff::Timestamp::now();
        let oldest = state.pending.values().map(|p| p.created_at).min();
        SpoolStats {
            depth: state.pending.len(),
            in_flight: state.pending.values().filter(|p| p.in_flight).count(),
            refused: state.pending.values().filter(|p| p.refused).count(),
            oldest_undelivered_age_secs: oldest.map(|t| now.duration_since(t).as_secs().max(0) as u64),
            delivered_retained: state.delivered_retained,
            delivered_since_start: state.delivered_total,
            failed_attempts_since_start: state.failed_attempts_total,
            paused_for_secs: state.paused_until.map(|t| t.saturating_duration_since(Instant::now()).as_secs()),
            last_error: state.last_error.clone(),
        }
    }

    /// The oldest due mail not in flight, marked as in flight.
    fn take_due(&self, now: Instant) -> Option<String> {
        let mut state = self.state.lock().unwrap();
        let (id, pending) = state.pending.iter_mut().filter(|(_, p)| !p.in_flight && p.due <= now).min_by_key(|(_, p)| p.due)?;
        pending.in_flight = true;
        Some(id.clone())
    }

    /// When the next mail not in flight becomes due.
    fn next_due(&self) -> Option<Instant> {
        self.state.lock().unwrap().pending.values().filter(|p| !p.in_flight).map(|p| p.due).min()
    }
}

enum Outcome {
    Delivered { id: String, attempts: u32 },
    /// Sent, but `done/` could not be written: it may be sent again after a restart.
    DeliveredUnrecorded { id: String, error: String },
    Failed { id: String, attempts: u32, permanent: bool, error: String },
    /// The spool file could not be read or moved.
    Storage { id: String, error: std::io::Error },
}

/// The sender's loop, until `stop` turns true; then mails in flight are
/// finished (up to `policy.drain`).
pub(crate) async fn run(shared: Arc<Shared>, transport: Transport, policy: RetryPolicy, retention: Duration, mut stop: watch::Receiver<bool>) {
    let mut tasks: JoinSet<Outcome> = JoinSet::new();
    let mut pause = policy.first_retry;
    let mut next_sweep = Instant::now();
    loop {
        if *stop.borrow() {
            break;
        }
        let now = Instant::now();
        if now >= next_sweep {
            sweep(&shared, retention).await;
            next_sweep = now + policy.sweep_every;
        }
        let paused_until = shared.state.lock().unwrap().paused_until;
        let limit = match paused_until {
            Some(until) if until > now => 0,
            Some(_) => 1, // the probe after a pause
            None => policy.concurrency.max(1),
        };
        while tasks.len() < limit {
            let Some(id) = shared.take_due(now) else { break };
            tasks.spawn(deliver(shared.clone(), transport.clone(), id));
        }
        // Wake for the end of a pause, or for the next due mail when there is
        // room for it; results of mails in flight and new mails wake us anyway.
        let mut wake_at = next_sweep;
        match paused_until {
            Some(until) if until > now => wake_at = wake_at.min(until),
            _ if tasks.len() < limit => {
                if let Some(due) = shared.next_due() {
                    wake_at = wake_at.min(due);
                }
            }
            _ => {}
        }
        tokio::select! {
            _ = stop.changed() => {}
            Some(joined) = tasks.join_next(), if !tasks.is_empty() => {
                if let Ok(outcome) = joined {
                    record(&shared, &policy, &mut pause, outcome);
                }
            }
            _ = shared.wake.notified() => {}
            _ = sleep_until(wake_at) => {}
        }
    }
    let deadline = Instant::now() + policy.drain;
    while !tasks.is_empty() {
        match tokio::time::timeout_at(deadline, tasks.join_next()).await {
            Ok(Some(Ok(outcome))) => record(&shared, &policy, &mut pause, outcome),
            Ok(_) => {}
            Err(_) => {
                tracing::warn!(in_flight = tasks.len(), "mail sender stopped with mails in flight; they are sent again at the next start");
                tasks.abort_all();
                break;
            }
        }
    }
}

/// Sends one mail and records the result in the spool.
async fn deliver(shared: Arc<Shared>, transport: Transport, id: String) -> Outcome {
    let taken = {
        let (shared, id) = (shared.clone(), id.clone());
        tokio::task::spawn_blocking(move || shared.spool.take_for_sending(&id)).await
    };
    let mut entry = match taken {
        Ok(Ok(entry)) => entry,
        Ok(Err(error)) => return Outcome::Storage { id, error },
        Err(join) => return Outcome::Storage { id, error: std::io::Error::other(join.to_string()) },
    };
    let result = transport.send(&entry.id, &entry.envelope_from, &entry.recipients, entry.raw.as_bytes()).await;
    let now = jiff::Timestamp::now();
    entry.attempts += 1;
    entry.last_attempt_at = Some(now);
    let attempts = entry.attempts;
    match result {
        Ok(()) => {
            entry.delivered_at = Some(now);
            entry.last_error = None;
            let recorded = tokio::task::spawn_blocking(move || shared.spool.mark_delivered(&entry)).await;
            match recorded {
                Ok(Ok(())) => Outcome::Delivered { id, attempts },
                Ok(Err(e)) => Outcome::DeliveredUnrecorded { id, error: e.to_string() },
                Err(e) => Outcome::DeliveredUnrecorded { id, error: e.to_string() },
            }
        }
        Err(failure) => {
            entry.last_error = Some(failure.message.clone());
            let recorded = tokio::task::spawn_blocking(move || shared.spool.mark_failed(&entry)).await;
            if let Ok(Err(e)) | Err(e) = recorded.map_err(std::io::Error::other) {
                tracing::error!(id = %id, error = %e, "could not record a failed attempt; the mail stays in sending/ and is retried");
            }
            Outcome::Failed { id, attempts, permanent: failure.permanent, error: failure.message }
        }
    }
}

/// Applies an outcome to the in-memory state and the pause.
fn record(shared: &Shared, policy: &RetryPolicy, pause: &mut Duration, outcome: Outcome) {
    let now = Instant::now();
    let mut state = shared.state.lock().unwrap();
    match outcome {
        Outcome::Delivered { id, attempts } => {
            state.pending.remove(&id);
            state.delivered_total += 1;
            state.delivered_retained += 1;
            state.paused_until = None;
            *pause = policy.first_retry;
            tracing::info!(id = %id, attempts, "mail delivered");
        }
        Outcome::DeliveredUnrecorded { id, error } => {
            state.pending.remove(&id);
            state.delivered_total += 1;
            state.paused_until = None;
            *pause = policy.first_retry;
            tracing::error!(id = %id, error = %error, "mail delivered but not recorded as such; it may be sent again after a restart");
        }
        Outcome::Failed { id, attempts, permanent, error } => {
            state.failed_attempts_total += 1;
            state.last_error = Some(error.clone());
            let due = if permanent {
                tracing::error!(id = %id, attempts, error = %error, "mail refused by the server; retrying later");
                now + mail_backoff(policy, attempts)
            } else {
                // Pause everything, unless a concurrent failure already did.
                let until = match state.paused_until {
                    Some(until) if until > now => until,
                    _ => {
                        let until = now + *pause;
                        tracing::warn!(id = %id, attempts, error = %error, pause_ms = pause.as_millis() as u64, "mail server unavailable; pausing delivery");
                        *pause = (*pause * 2).min(policy.max_pause);
                        until
                    }
                };
                state.paused_until = Some(until);
                until
            };
            if let Some(p) = state.pending.get_mut(&id) {
                p.in_flight = false;
                p.attempts = attempts;
                p.due = due;
                p.refused = permanent;
            }
        }
        Outcome::Storage { id, error } => {
            if error.kind() == std::io::ErrorKind::NotFound {
                tracing::warn!(id = %id, "spool entry vanished (removed by hand?); forgetting it");
                state.pending.remove(&id);
            } else {
                tracing::error!(id = %id, error = %error, "spool entry could not be read; retrying later");
                state.last_error = Some(format!("spool: {error}"));
                if let Some(p) = state.pending.get_mut(&id) {
                    p.in_flight = false;
                    p.due = now + policy.max_pause;
                }
            }
        }
    }
}

fn mail_backoff(policy: &RetryPolicy, attempts: u32) -> Duration {
    let factor = 2u32.saturating_pow(attempts.saturating_sub(1).min(20));
    policy.first_retry.saturating_mul(factor).min(policy.max_mail_retry)
}

async fn sweep(shared: &Arc<Shared>, retention: Duration) {
    let s = shared.clone();
    match tokio::task::spawn_blocking(move || s.spool.sweep_delivered(retention)).await {
        Ok(Ok((deleted, kept))) => {
            if deleted > 0 {
                tracing::info!(deleted, kept, "deleted delivered mails past their retention");
            }
            shared.state.lock().unwrap().delivered_retained = kept;
        }
        Ok(Err(e)) => tracing::error!(error = %e, "could not delete old delivered mails"),
        Err(e) => tracing::error!(error = %e, "retention sweep failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mail_backoff_doubles_up_to_the_cap() {
        let policy = RetryPolicy::default();
        let secs: Vec<u64> = (1..=12).map(|a| mail_backoff(&policy, a).as_secs()).collect();
        assert_eq!(secs, vec![1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
        assert_eq!(mail_backoff(&policy, u32::MAX).as_secs(), 900);
    }
}
