//! The sender's in-memory view of the queued mails: which wait, which are in
//! flight, when each is due, whether the server is down. Loaded from the
//! store at start; the steps add to it after they commit, the sender
//! (`sender.rs`) updates it, and `stats()` and `health()` read it.
use std::{
    collections::{BTreeMap, HashSet},
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{sync::Notify, time::Instant};

use crate::mail::{queue::Queued, sender::RetryPolicy, DeliveryHealth, Letterhead, SpoolStats};
use crate::store::Store;

/// The `[mail]` settings the sender applies.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    pub(crate) give_up_after: Duration,
    pub(crate) degraded_after: Duration,
    pub(crate) shutdown_grace: Duration,
    pub(crate) retention: Duration,
}

/// Timed-out attempts in a row (the server answering probes meanwhile) after
/// which the server counts as too slow and `/healthz` as degraded: one slow
/// mail is not an outage, three in a row with nothing delivered are.
const SLOW_ATTEMPTS_DEGRADE: u32 = 3;

/// What the sender and the submitters share.
pub(crate) struct Shared {
    pub(crate) store: Arc<Store>,
    pub(crate) state: Mutex<State>,
    pub(crate) wake: Notify,
    pub(crate) letterhead: Letterhead,
    pub(crate) limits: Limits,
}

#[derive(Default)]
pub(crate) struct State {
    /// Undelivered mails by row id (sorted: oldest first).
    pub(crate) pending: BTreeMap<i64, Pending>,
    pub(crate) delivered_retained: usize,
    pub(crate) delivered_total: u64,
    /// Attempts in a row that timed out while the server still answered a probe.
    pub(crate) slow_attempts: u32,
    pub(crate) failed_attempts_total: u64,
    /// Mails given up, and rows that could not be read.
    pub(crate) failed: usize,
    pub(crate) quarantined: usize,
    pub(crate) last_error: Option<String>,
    pub(crate) paused_until: Option<Instant>,
    /// The last attempt found the server down (until one gets an answer).
    pub(crate) server_down: bool,
    /// When a mail was last given up or a row quarantined.
    pub(crate) last_trouble: Option<Instant>,
}

pub(crate) struct Pending {
    /// Milliseconds since the epoch.
    pub(crate) created_at: i64,
    /// The envelope's recipients: one mail to them at a time (see `take_due`).
    recipient: String,
    pub(crate) due: Instant,
    pub(crate) attempts: u32,
    pub(crate) in_flight: bool,
    pub(crate) refused: bool,
}

impl Pending {
    fn new(queued: &Queued, due: Instant) -> Self {
        let (created_at, recipient) = (queued.created_at, queued.recipient.clone());
        Self { created_at, recipient, due, attempts: queued.attempts, in_flight: false, refused: false }
    }
}

/// What the store held at start-up.
pub(crate) struct Loaded {
    pub(crate) queued: Vec<Queued>,
    /// Delivered, failed and quarantined rows.
    pub(crate) finished: [usize; 3],
}

impl Shared {
    pub fn new(store: Arc<Store>, loaded: Loaded, letterhead: Letterhead, limits: Limits) -> Self {
        let now = Instant::now();
        let pending = loaded.queued.iter().map(|q| (q.id, Pending::new(q, now))).collect();
        let [delivered_retained, failed, quarantined] = loaded.finished;
        let state = State { pending, delivered_retained, failed, quarantined, ..State::default() };
        Self { store, state: Mutex::new(state), wake: Notify::new(), letterhead, limits }
    }

    /// Registers mails that are now durably queued (their step committed) and wakes the sender.
    pub(crate) fn queued(&self, queued: &[Queued]) {
        let now = Instant::now();
        let mut state = self.state.lock().unwrap();
        for mail in queued {
            state.pending.insert(mail.id, Pending::new(mail, now));
        }
        drop(state);
        self.wake.notify_one();
    }

    /// Undelivered mails: `stats().depth` without walking the queue.
    pub fn depth(&self) -> usize {
        self.state.lock().unwrap().pending.len()
    }

    pub fn stats(&self) -> SpoolStats {
        let state = self.state.lock().unwrap();
        SpoolStats {
            depth: state.pending.len(),
            in_flight: state.pending.values().filter(|p| p.in_flight).count(),
            refused: state.pending.values().filter(|p| p.refused).count(),
            oldest_undelivered_age_secs: state.oldest_age_secs(),
            delivered_retained: state.delivered_retained,
            delivered_since_start: state.delivered_total,
            failed_attempts_since_start: state.failed_attempts_total,
            paused_for_secs: state
                .paused_until
                .map(|t| t.saturating_duration_since(Instant::now()).as_secs()),
            last_error: state.last_error.clone(),
        }
    }

    /// Counts only, no addresses: safe for a public health check.
    pub fn health(&self) -> DeliveryHealth {
        let state = self.state.lock().unwrap();
        let degraded_after = self.limits.degraded_after;
        let oldest = state.oldest_age_secs();
        let too_slow = state.slow_attempts >= SLOW_ATTEMPTS_DEGRADE;
        let degraded = state.server_down
            || too_slow
            || oldest.is_some_and(|age| age > degraded_after.as_secs())
            || state.last_trouble.is_some_and(|at| at.elapsed() < degraded_after);
        let in_flight = state.pending.values().filter(|p| p.in_flight).count();
        DeliveryHealth {
            status: if degraded { "degraded" } else { "ok" },
            queued: state.pending.len() - in_flight,
            in_flight,
            failed: state.failed,
            quarantined: state.quarantined,
            oldest_age_seconds: oldest,
            server_too_slow: too_slow,
        }
    }

    /// The oldest due mail not in flight, marked as in flight. A mail whose
    /// recipient already has one in flight waits for it: a slow or hanging
    /// mailbox holds one delivery slot, never all of them.
    pub(crate) fn take_due(&self, now: Instant) -> Option<i64> {
        let mut state = self.state.lock().unwrap();
        let busy = state.busy_recipients();
        let (id, pending) = state
            .pending
            .iter_mut()
            .filter(|(_, p)| !p.in_flight && p.due <= now && !busy.contains(&p.recipient))
            .min_by_key(|(_, p)| p.due)?;
        pending.in_flight = true;
        Some(*id)
    }

    /// When the next mail that [`Shared::take_due`] could take becomes due (a
    /// mail waiting for its recipient's mail in flight is woken by that one's end).
    pub(crate) fn next_due(&self) -> Option<Instant> {
        let state = self.state.lock().unwrap();
        let busy = state.busy_recipients();
        state.pending.values().filter(|p| !p.in_flight && !busy.contains(&p.recipient)).map(|p| p.due).min()
    }
}

impl State {
    /// Recipients with a mail in flight: their other mails wait for it.
    fn busy_recipients(&self) -> HashSet<String> {
        self.pending.values().filter(|p| p.in_flight).map(|p| p.recipient.clone()).collect()
    }

    fn oldest_age_secs(&self) -> Option<u64> {
        let oldest = self.pending.values().map(|p| p.created_at).min()?;
        Some((jiff::Timestamp::now().as_millisecond() - oldest).max(0) as u64 / 1000)
    }

    /// The server answered: delivery runs at full speed again.
    pub(crate) fn server_answered(&mut self, policy: &RetryPolicy, pause: &mut Duration) {
        self.paused_until = None;
        self.server_down = false;
        *pause = policy.first_retry;
    }
}
