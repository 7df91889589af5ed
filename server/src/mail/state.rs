//! The sender's in-memory view of the queued mails: which wait, which are in
//! flight, when each is due, whose turn is next, whether the server is down.
//! Loaded from the store at start; the steps add to it after they commit, the
//! sender (`sender.rs`) updates it, and `stats()` and `health()` read it.
use std::{
    collections::{BTreeMap, BTreeSet, HashMap, HashSet},
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{sync::Notify, time::Instant};

use crate::mail::{
    fair::{Lane, Turns, Waiting},
    queue::Queued,
    retry::{RetryPolicy, UnknownOutcomes},
    DeliveryHealth, Letterhead, SpoolStats,
};
use crate::store::Store;

/// The `[mail]` settings the sender applies.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    pub(crate) give_up_after: Duration,
    pub(crate) degraded_after: Duration,
    pub(crate) shutdown_grace: Duration,
    pub(crate) retention: Duration,
    pub(crate) unknown_outcomes: UnknownOutcomes,
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
    /// Undelivered mails by row id (sorted: oldest first); added by
    /// [`State::insert`] and removed by [`State::remove`] only.
    pub(crate) pending: BTreeMap<i64, Pending>,
    pub(crate) delivered_retained: usize,
    pub(crate) delivered_total: u64,
    /// Attempts in a row that timed out while the server still answered a probe.
    pub(crate) slow_attempts: u32,
    /// Attempts whose outcome was unknown since a mail was last delivered (at
    /// start: the queued mails that had one): the server may be cutting them.
    pub(crate) unknown_since_delivery: u32,
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
    /// Which client's mails go next (`fair.rs`), and how many each has queued.
    turns: Turns,
    waiting: Waiting,
    /// The queued mails of each booking to each mailbox (reference, recipient):
    /// only the first may go.
    threads: HashMap<(String, String), BTreeSet<i64>>,
    /// Staff's mailboxes, lower-cased: their mail takes its turns apart.
    staff: HashSet<String>,
}

pub(crate) struct Pending {
    /// Milliseconds since the epoch.
    pub(crate) created_at: i64,
    /// The envelope's recipient: a few mails to it at a time (see `take_due`).
    recipient: String,
    /// The booking or message: its mails to one recipient go in the order they were queued.
    reference: String,
    /// An earlier mail of the same booking to the same recipient is still queued.
    behind: bool,
    lane: Lane,
    pub(crate) due: Instant,
    pub(crate) in_flight: bool,
    pub(crate) refused: bool,
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
        let [delivered_retained, failed, quarantined] = loaded.finished;
        let staff = letterhead.staff().iter().map(|m| m.email.to_string().to_lowercase()).collect();
        let mut state = State { delivered_retained, failed, quarantined, staff, ..State::default() };
        let wall_clock = jiff::Timestamp::now().as_millisecond();
        for queued in &loaded.queued {
            // As written with its last attempt: a restart sends only what is due.
            let wait = queued.next_attempt_at.map_or(0, |at| at.saturating_sub(wall_clock).max(0));
            state.insert(queued, now + Duration::from_millis(wait as u64));
            state.unknown_since_delivery += queued.unknown_outcomes;
        }
        Self { store, state: Mutex::new(state), wake: Notify::new(), letterhead, limits }
    }

    /// Registers mails that are now durably queued (their step committed) and wakes the sender.
    pub(crate) fn queued(&self, queued: &[Queued]) {
        let now = Instant::now();
        let mut state = self.state.lock().unwrap();
        for mail in queued {
            state.insert(mail, now);
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
            || state.unknown_since_delivery > 0
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
            outcomes_unknown: state.unknown_since_delivery,
        }
    }

    /// The next mail to send, marked as in flight ([`State::take_due`]).
    pub(crate) fn take_due(&self, now: Instant, per_mailbox: usize) -> Option<i64> {
        self.state.lock().unwrap().take_due(now, per_mailbox)
    }

    /// When the next mail that [`Shared::take_due`] could take becomes due (a
    /// mail waiting for a slot of its mailbox, or for an earlier mail of its
    /// booking, is woken by the end of the one in flight).
    pub(crate) fn next_due(&self, per_mailbox: usize) -> Option<Instant> {
        let state = self.state.lock().unwrap();
        state.ready(per_mailbox).map(|(_, p)| p.due).min()
    }
}

impl State {
    /// Adds a queued mail, due at `due`.
    pub(super) fn insert(&mut self, queued: &Queued, due: Instant) {
        let lane = Lane { cause: queued.cause, to_staff: self.staff.contains(&queued.recipient) };
        let pending = Pending {
            created_at: queued.created_at,
            recipient: queued.recipient.clone(),
            reference: queued.reference.clone(),
            behind: false,
            lane,
            due,
            in_flight: false,
            refused: false,
        };
        if self.pending.insert(queued.id, pending).is_none() {
            self.waiting.add(lane);
        }
        let thread = (queued.reference.clone(), queued.recipient.clone());
        let ids = self.threads.entry(thread).or_default();
        ids.insert(queued.id);
        // Steps commit one after another, but may register out of order: the lowest id leads.
        let first = ids.first().copied();
        for id in ids.iter() {
            if let Some(p) = self.pending.get_mut(id) {
                p.behind = Some(*id) != first;
            }
        }
    }

    /// Forgets a mail that is finished (delivered, given up, dropped); the
    /// next mail of its booking to its recipient may go.
    pub(crate) fn remove(&mut self, id: i64) {
        let Some(gone) = self.pending.remove(&id) else { return };
        self.waiting.remove(gone.lane);
        let thread = (gone.reference, gone.recipient);
        let Some(ids) = self.threads.get_mut(&thread) else { return };
        ids.remove(&id);
        match ids.first().copied() {
            Some(next) => {
                if let Some(p) = self.pending.get_mut(&next) {
                    p.behind = false;
                }
            }
            None => drop(self.threads.remove(&thread)),
        }
    }

    /// The next mail to send, marked as in flight: of the due mails that may
    /// go now ([`State::ready`]), one of the client served longest ago
    /// (`fair.rs`), and of its mails the one due first.
    fn take_due(&mut self, now: Instant, per_mailbox: usize) -> Option<i64> {
        // Ranked once per lane, not per mail: the queue may hold thousands.
        let mut ranks: HashMap<Lane, [u64; 4]> = HashMap::new();
        let (id, lane) = self
            .ready(per_mailbox)
            .filter(|(_, p)| p.due <= now)
            .min_by_key(|(id, p)| {
                let rank = *ranks.entry(p.lane).or_insert_with(|| self.turns.rank(p.lane, &self.waiting));
                (rank, p.due, *id)
            })
            .map(|(id, p)| (id, p.lane))?;
        self.pending.get_mut(&id)?.in_flight = true;
        self.turns.served(lane, &self.waiting);
        Some(id)
    }

    /// The mails not in flight that may go once due: their mailbox has fewer
    /// than `per_mailbox` in flight (a slow or hanging mailbox holds that many
    /// delivery slots, never all of them), and no earlier mail of their booking
    /// to that mailbox is still queued (a cancellation never overtakes its
    /// confirmation, not even while that one waits for a retry).
    fn ready(&self, per_mailbox: usize) -> impl Iterator<Item = (i64, &Pending)> + '_ {
        // A few mails are in flight: a list is quicker than hashing every queued mail's address.
        let mut in_flight: Vec<(&str, usize)> = Vec::new();
        for p in self.pending.values().filter(|p| p.in_flight) {
            match in_flight.iter_mut().find(|(recipient, _)| *recipient == p.recipient) {
                Some((_, n)) => *n += 1,
                None => in_flight.push((&p.recipient, 1)),
            }
        }
        self.pending.iter().filter_map(move |(id, p)| {
            let busy = in_flight.iter().any(|(r, n)| *n >= per_mailbox && *r == p.recipient);
            (!p.in_flight && !p.behind && !busy).then_some((*id, p))
        })
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

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
