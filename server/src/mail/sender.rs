//! The background sender: delivers queued mails, retries with backoff, and
//! gives up on mails that cannot be delivered. Its view of the queue is in
//! `state.rs`.
//!
//! It runs on its own thread with its own single-threaded tokio runtime
//! (started by `Outbox::start`), so it neither depends on nor slows down the
//! actix workers, and works the same in tests, examples and the server. File
//! system work runs on that runtime's blocking pool.
//!
//! Retry rules (the transport sorts failures, see `transport.rs`; the waits
//! are `retry.rs`'s):
//! - The server is down (refused connection, 421, TLS, authentication, or a
//!   timeout after which the server does not even answer a NOOP): all delivery
//!   pauses, 1 s, then doubling up to `max_pause` (30 s). When the pause is
//!   over one mail goes first as a probe; when the server answers, the whole
//!   queue follows at full speed. Such mails wait for the server however long.
//! - A mail the server refuses for now (4xx, or a timeout or dropped
//!   connection before the message while the server itself still answers):
//!   that mail alone waits, doubling up to `max_mail_retry` (15 min); the
//!   others go on at once.
//! - The outcome unknown (the conversation ended without an answer once the
//!   message had begun, also cut by a shutdown): sent again minutes later, a
//!   bounded number of times (`mail.unknown_outcome_retries`).
//! - A mail refused for good (5xx), for now for longer than
//!   `mail.give_up_after_seconds`, or with its outcome unknown once too often:
//!   marked failed, and staff get a notice (queued in the same transaction)
//!   naming the reference, the recipient, the server's answer and the
//!   customer's phone. A notice is retried like any mail; one given up is
//!   only logged and counted.
//! - Up to `concurrency` mails are in flight at once (4), each on its own SMTP
//!   connection, so a mail that hangs holds up none of the others; up to
//!   `per_mailbox` (2) to one recipient, so a slow mailbox takes two slots, not
//!   all, and a staff mailbox is not one queue for every booking.
//! - Which mail goes next: the clients that caused them take turns
//!   (`fair.rs`), and one booking's mails to one mailbox go in order (`state.rs`).
//!
//! Every recipient has its own row (`queue.rs`), so one refused address never
//! delays or drops the mail to another. Each outcome is written to the store,
//! with the time of the mail's next attempt, before that attempt can start.
use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use tokio::{
    sync::watch,
    task::{Id, JoinSet},
    time::{sleep_until, Instant},
};

use crate::faults;
use crate::mail::{
    outcome::{record, Outcome},
    queue::{self, Row},
    retry::RetryPolicy,
    state::Shared,
    transport::{Failure, Transport},
};

/// The mails in flight by task: the mail, and whether its message has begun.
type InFlight = HashMap<Id, (i64, Arc<AtomicBool>)>;

/// The sender's loop, until `stop` is raised; then mails in flight may finish
/// within `limits.shutdown_grace` and the rest are abandoned: still queued,
/// they go out again at the next start, and one whose message had begun
/// counts as an attempt with its outcome unknown (the server may have it).
pub(crate) async fn run(
    shared: Arc<Shared>,
    transport: Transport,
    policy: RetryPolicy,
    mut stop: watch::Receiver<u8>,
) {
    let mut tasks: JoinSet<Outcome> = JoinSet::new();
    let mut in_flight = InFlight::new();
    let mut pause = policy.first_retry;
    let mut next_sweep = Instant::now();
    loop {
        if *stop.borrow() > 0 {
            break;
        }
        let now = Instant::now();
        if now >= next_sweep {
            let (s, maildir) = (shared.clone(), transport.maildir());
            let swept = blocking(move || {
                super::retention::sweep(&s, maildir.as_deref());
                Ok(())
            });
            let _ = swept.await;
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
            let in_message = Arc::new(AtomicBool::new(false));
            let work = deliver(shared.clone(), transport.clone(), policy.clone(), id, in_message.clone());
            in_flight.insert(tasks.spawn(work).id(), (id, in_message));
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
            Some(joined) = tasks.join_next_with_id(), if !tasks.is_empty() => {
                joined_one(&shared, &policy, &mut pause, &mut in_flight, joined);
            }
            _ = shared.wake.notified() => {}
            _ = sleep_until(wake_at) => {}
        }
    }
    let deadline = Instant::now() + shared.limits.shutdown_grace;
    while !tasks.is_empty() {
        match tokio::time::timeout_at(deadline, tasks.join_next_with_id()).await {
            Ok(Some(joined)) => joined_one(&shared, &policy, &mut pause, &mut in_flight, joined),
            Ok(None) => {}
            Err(_) => {
                tracing::warn!(
                    in_flight = tasks.len(),
                    "mail sender stopped with mails in flight; they are sent again at the next start"
                );
                tasks.abort_all();
                while let Some(joined) = tasks.join_next_with_id().await {
                    joined_one(&shared, &policy, &mut pause, &mut in_flight, joined);
                }
                break;
            }
        }
    }
    // Cut in the middle of their message: the server may have them.
    for (id, in_message) in in_flight.into_values() {
        if in_message.load(Ordering::SeqCst) {
            let message = "the conversation was cut by a shutdown during the message".to_string();
            let outcome = settle_unknown(&shared, &policy, id, message).await;
            record(&shared, &policy, &mut pause, outcome);
        }
    }
}

/// Records what a finished task says; a cancelled one stays in `in_flight`
/// for the shutdown to settle, a panicked one is tried again later.
fn joined_one(
    shared: &Shared,
    policy: &RetryPolicy,
    pause: &mut Duration,
    in_flight: &mut InFlight,
    joined: Result<(Id, Outcome), tokio::task::JoinError>,
) {
    match joined {
        Ok((task, outcome)) => {
            in_flight.remove(&task);
            record(shared, policy, pause, outcome);
        }
        Err(e) if e.is_panic() => {
            if let Some((id, _)) = in_flight.remove(&e.id()) {
                let error = std::io::Error::other("the delivery task panicked");
                record(shared, policy, pause, Outcome::Storage { id, error });
            }
        }
        Err(_) => {}
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
async fn deliver(
    shared: Arc<Shared>,
    transport: Transport,
    policy: RetryPolicy,
    id: i64,
    in_message: Arc<AtomicBool>,
) -> Outcome {
    let row = match read(&shared, id).await {
        Ok(row) => row,
        Err(outcome) => return outcome,
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
    let result = transport.send(&unique, &row.envelope_from, &row.recipient, &row.raw, &in_message).await;
    let now = jiff::Timestamp::now().as_millisecond();
    let error = match result {
        Ok(()) => {
            faults::point("mail-sent");
            let (kind, attempts) = (row.kind.clone(), row.attempts + 1);
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
    settle(&shared, &policy, row, failure, error.message, now).await
}

/// The queued mail `id`, or what became of it when it cannot be sent.
async fn read(shared: &Arc<Shared>, id: i64) -> Result<Row, Outcome> {
    let read = {
        let shared = shared.clone();
        blocking(move || shared.store.read(|c| queue::read(c, id))).await
    };
    match read {
        Ok(row) => Ok(row),
        Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
            tracing::error!(id, error = %error, "unreadable mail row quarantined");
            let now = jiff::Timestamp::now().as_millisecond();
            Err(match write_critical(shared, move |tx| queue::finish(tx, id, "quarantined", now)).await {
                Ok(()) => Outcome::Quarantined { id },
                Err(error) => Outcome::Storage { id, error },
            })
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            Err(Outcome::Dropped { id, why: "no longer queued (superseded by a later step)" })
        }
        Err(error) => Err(Outcome::Storage { id, error }),
    }
}

/// A conversation about mail `id` cut once its message had begun, by the
/// sender itself: one attempt whose outcome is unknown.
async fn settle_unknown(shared: &Arc<Shared>, policy: &RetryPolicy, id: i64, message: String) -> Outcome {
    match read(shared, id).await {
        Ok(row) => {
            let now = jiff::Timestamp::now().as_millisecond();
            settle(shared, policy, row, Failure::OutcomeUnknown, message, now).await
        }
        Err(outcome) => outcome,
    }
}

/// After a failed attempt made at `now`: the mail is tried again (when is
/// written with the attempt), or given up with a notice to staff.
async fn settle(
    shared: &Arc<Shared>,
    policy: &RetryPolicy,
    row: Row,
    failure: Failure,
    error: String,
    now: i64,
) -> Outcome {
    let (id, attempts) = (row.id, row.attempts + 1);
    let waited = Duration::from_millis((now - row.created_at).max(0) as u64);
    let retry_in = match failure {
        Failure::Permanent => None,
        Failure::OutcomeUnknown => shared.limits.unknown_outcomes.wait_after(row.unknown_outcomes + 1),
        Failure::Temporary | Failure::TimedOut | Failure::Unclear => {
            (waited < shared.limits.give_up_after).then(|| policy.after_refusal(attempts))
        }
        // The sender pauses all delivery; after a restart the mail is due at once.
        Failure::ServerDown => Some(Duration::ZERO),
    };
    let unknown = failure == Failure::OutcomeUnknown;
    let Some(retry_in) = retry_in else {
        let (s, message) = (shared.clone(), error.clone());
        let kind = row.kind.clone();
        let given_up =
            blocking(move || super::give_up::give_up_with_notice(&s, &row, attempts, failure, &message, now));
        return match given_up.await {
            Ok(notice) => Outcome::GivenUp { id, kind, failure, error, notice },
            Err(e) => Outcome::Storage { id, error: e },
        };
    };
    let (message, next) = (error.clone(), now.saturating_add(retry_in.as_millis() as i64));
    let recorded = write_critical(shared, move |tx| {
        let attempt = queue::Attempt::Retry { error: &message, next, unknown };
        queue::record_attempt(tx, id, attempts, now, attempt)
    });
    if let Err(e) = recorded.await {
        tracing::error!(id, error = %e, "could not record a failed attempt; the mail is retried");
    }
    Outcome::Failed { id, attempts, failure, error, retry_in }
}
