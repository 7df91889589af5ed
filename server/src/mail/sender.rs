//! The background sender: delivers queued mails, retries with backoff, and
//! gives up on mails that cannot be delivered. Its view of the queue is in
//! `state.rs`.
//!
//! It runs on its own thread with its own single-threaded tokio runtime
//! (started by `Outbox::start`), so it neither depends on nor slows down the
//! actix workers, and works the same in tests, examples and the server. File
//! system work runs on that runtime's blocking pool.
//!
//! Retry rules (the transport sorts failures, see `transport.rs`):
//! - The server is down (refused connection, 421, TLS, authentication, or a
//!   timeout after which the server does not even answer a NOOP): all delivery
//!   pauses, 1 s, then doubling up to `max_pause` (30 s). When the pause is
//!   over one mail goes first as a probe; when the server answers, the whole
//!   queue follows at full speed. Such mails wait for the server however long.
//! - A mail the server refuses for now (4xx, or a timeout or dropped
//!   connection while the server itself still answers): that mail alone waits,
//!   doubling up to `max_mail_retry` (15 min); the others go on at once.
//! - A mail refused for good (5xx), or for now for longer than
//!   `mail.give_up_after_seconds`, or sent whole with no answer: marked
//!   failed, and staff get a notice (queued in the same transaction) naming
//!   the reference, the recipient, the server's answer and the customer's
//!   phone. A notice that fails itself is only logged and counted.
//! - Up to `concurrency` mails are in flight at once (4), each on its own SMTP
//!   connection, so a mail that hangs holds up none of the others; up to
//!   `per_mailbox` (2) to one recipient, so a slow mailbox takes two slots, not
//!   all, and a staff mailbox is not one queue for every booking.
//! - Which mail goes next: the clients that caused them take turns
//!   (`fair.rs`), and one booking's mails to one mailbox go in order (`state.rs`).
//!
//! Every recipient has its own row (`queue.rs`), so one refused address never
//! delays or drops the mail to another. Each outcome is written to the store
//! before the next attempt of that mail can start.
use std::{sync::Arc, time::Duration};

use tokio::{
    sync::watch,
    task::JoinSet,
    time::{sleep_until, Instant},
};

use crate::faults;
use crate::mail::{
    outcome::{record, Outcome},
    queue,
    state::Shared,
    transport::{Failure, Transport},
};

/// How the sender retries; the defaults suit production, tests shorten them.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// First pause after the server was found unavailable, and first retry of a refused mail.
    pub first_retry: Duration,
    /// Longest pause while the server is unavailable.
    pub max_pause: Duration,
    /// Longest wait between two attempts of a mail the server refused for now.
    pub max_mail_retry: Duration,
    /// Mails in flight at once.
    pub concurrency: usize,
    /// Mails in flight at once to one recipient.
    pub per_mailbox: usize,
    /// How often finished mails and Maildir files older than the retention are deleted.
    pub sweep_every: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            first_retry: Duration::from_secs(1),
            max_pause: Duration::from_secs(30),
            max_mail_retry: Duration::from_secs(15 * 60),
            concurrency: 4,
            per_mailbox: 2,
            sweep_every: Duration::from_secs(3600),
        }
    }
}

/// The sender's loop, until `stop` is raised; then mails in flight may finish
/// within `limits.shutdown_grace` and the rest are abandoned (they are still
/// queued and go out again at the next start).
pub(crate) async fn run(
    shared: Arc<Shared>,
    transport: Transport,
    policy: RetryPolicy,
    mut stop: watch::Receiver<u8>,
) {
    let mut tasks: JoinSet<Outcome> = JoinSet::new();
    let mut pause = policy.first_retry;
    let mut next_sweep = Instant::now();
    loop {
        if *stop.borrow() > 0 {
            break;
        }
        let now = Instant::now();
        if now >= next_sweep {
            super::retention::sweep(&shared, &transport).await;
            next_sweep = now + policy.sweep_every;
        }
        let paused_until = shared.state.lock().unwrap().paused_until;
        let limit = match paused_until {
            Some(until) if until > now => 0,
            Some(_) => 1, // the probe after a pause
            None => policy.concurrency.max(1),
        };
        while tasks.len() < limit {
            let Some(id) = shared.take_due(now, policy.per_mailbox.max(1)) else { break };
            tasks.spawn(deliver(shared.clone(), transport.clone(), id));
        }
        // Wake for the end of a pause, or for the next due mail when there is
        // room for it; results of mails in flight and new mails wake us anyway.
        let mut wake_at = next_sweep;
        match paused_until {
            Some(until) if until > now => wake_at = wake_at.min(until),
            _ if tasks.len() < limit => {
                if let Some(due) = shared.next_due(policy.per_mailbox.max(1)) {
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
    let deadline = Instant::now() + shared.limits.shutdown_grace;
    while !tasks.is_empty() {
        match tokio::time::timeout_at(deadline, tasks.join_next()).await {
            Ok(Some(Ok(outcome))) => record(&shared, &policy, &mut pause, outcome),
            Ok(_) => {}
            Err(_) => {
                tracing::warn!(
                    in_flight = tasks.len(),
                    "mail sender stopped with mails in flight; they are sent again at the next start"
                );
                tasks.abort_all();
                while tasks.join_next().await.is_some() {}
                break;
            }
        }
    }
}

/// Runs blocking store work on the blocking pool.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> std::io::Result<T> + Send + 'static,
) -> std::io::Result<T> {
    tokio::task::spawn_blocking(work).await.map_err(std::io::Error::other).and_then(|r| r)
}

/// Records what became of a mail ([`crate::store::Store::write_critical`]) on the blocking pool.
async fn write_critical(
    shared: &Arc<Shared>,
    work: impl FnMut(&rusqlite::Transaction<'_>) -> std::io::Result<()> + Send + 'static,
) -> std::io::Result<()> {
    let shared = shared.clone();
    blocking(move || shared.store.write_critical(work)).await
}

/// Sends one mail and records the outcome in the store.
async fn deliver(shared: Arc<Shared>, transport: Transport, id: i64) -> Outcome {
    let read = {
        let shared = shared.clone();
        blocking(move || shared.store.read(|c| queue::read(c, id))).await
    };
    let row = match read {
        Ok(row) => row,
        Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
            tracing::error!(id, error = %error, "unreadable mail row quarantined");
            let now = jiff::Timestamp::now().as_millisecond();
            return match write_critical(&shared, move |tx| queue::finish(tx, id, "quarantined", now)).await {
                Ok(()) => Outcome::Quarantined { id },
                Err(error) => Outcome::Storage { id, error },
            };
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Outcome::Dropped { id, why: "no longer queued (superseded by a later step)" }
        }
        Err(error) => return Outcome::Storage { id, error },
    };
    let now = jiff::Timestamp::now().as_millisecond();
    if row.perishes_at.is_some_and(|at| at <= now) {
        return match write_critical(&shared, move |tx| queue::finish(tx, id, "superseded", now)).await {
            Ok(()) => Outcome::Dropped { id, why: "its time has passed" },
            Err(error) => Outcome::Storage { id, error },
        };
    }
    // Time, row and kind: unique across restarts, sorted, and telling in a Maildir listing.
    let unique = format!("{:013}-{id}-{}", row.created_at, row.kind.code());
    let result = transport.send(&unique, &row.envelope_from, &row.recipient, &row.raw).await;
    let attempts = row.attempts + 1;
    let (kind, now) = (row.kind.clone(), jiff::Timestamp::now().as_millisecond());
    let error = match result {
        Ok(()) => {
            faults::point("mail-sent");
            let recorded = write_critical(&shared, move |tx| {
                queue::record_attempt(tx, id, attempts, now, queue::Attempt::Delivered)
            });
            return match recorded.await {
                Ok(()) => Outcome::Delivered { id, kind, attempts },
                Err(e) => Outcome::DeliveredUnrecorded { id, error: e.to_string() },
            };
        }
        Err(error) => error,
    };
    let failure = match error.failure {
        // A hung or dropped conversation: was it this mail, or the server?
        Failure::Unclear if transport.answers().await => Failure::Temporary,
        // Still answering, but too slow for this conversation: retried like a 4xx.
        Failure::TimedOut if transport.answers().await => Failure::TimedOut,
        Failure::Unclear | Failure::TimedOut => Failure::ServerDown,
        known => known,
    };
    let waited = std::time::Duration::from_millis((now - row.created_at).max(0) as u64);
    // An unknown outcome is not tried again: the mail may have arrived.
    let give_up = matches!(failure, Failure::Permanent | Failure::OutcomeUnknown)
        || (matches!(failure, Failure::Temporary | Failure::TimedOut)
            && waited >= shared.limits.give_up_after);
    if give_up {
        let (s, message) = (shared.clone(), error.message.clone());
        match blocking(move || {
            super::give_up::give_up_with_notice(&s, &row, attempts, failure, &message, now)
        })
        .await
        {
            Ok(notice) => Outcome::GivenUp { id, kind, failure, error: error.message, notice },
            Err(e) => Outcome::Storage { id, error: e },
        }
    } else {
        let message = error.message.clone();
        let recorded = write_critical(&shared, move |tx| {
            queue::record_attempt(tx, id, attempts, now, queue::Attempt::Failed(&message))
        });
        if let Err(e) = recorded.await {
            tracing::error!(id, error = %e, "could not record a failed attempt; the mail is retried");
        }
        Outcome::Failed { id, attempts, failure, error: error.message }
    }
}
