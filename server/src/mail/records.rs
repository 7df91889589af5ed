//! Records kept beside the spool by a caller (the booking store), and the
//! seam that keeps them and the spool in agreement.
//!
//! A caller that records a change and queues the mails announcing it does
//! both in one blocking step ([`crate::mail::Outbox::enqueue_with`]): the
//! mails are written first, then the caller commits. Each mail carries a
//! [`Commitment`], the caller's own description of the change. Whatever the
//! moment of a crash, the two are made to agree at the next start: a queued
//! mail whose change is missing from the records has it recorded again from
//! the commitment (rolled forward), and one that contradicts the records is
//! not sent. A step that fails while running takes its mails out of the
//! queue again. `docs/delivery.md` ("One durable step") explains why.
use std::{collections::BTreeMap, io, sync::Arc, time::Duration};

use serde::{Deserialize, Serialize};

use crate::mail::spool::{Entry, Spool};

/// The change a mail announces, as its caller describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Commitment {
    /// The [`Records::name`] of the keeper that made it.
    pub keeper: String,
    /// Enough for the keeper to make the change again.
    pub change: serde_json::Value,
}

/// How a commitment compares with the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// The change is recorded.
    Recorded,
    /// It was missing and is recorded now.
    RolledForward,
    /// The records say otherwise: the mail must not go out.
    Contradicted,
}

/// Personal data kept beside the spool, with the mails that announce its changes.
pub trait Records: Send + Sync {
    /// What the log calls these records, e.g. "bookings".
    fn name(&self) -> &'static str;
    /// Deletes the records older than `retention`; returns how many went (the
    /// sender's periodic sweep, with delivered mail).
    fn prune(&self, retention: Duration, now: jiff::Timestamp) -> io::Result<usize>;
    /// Compares one commitment with the records, recording it if missing
    /// (unless [`Records::prune`] would delete it at once: it is `Recorded`).
    fn settle(
        &self,
        change: &serde_json::Value,
        retention: Duration,
        now: jiff::Timestamp,
    ) -> io::Result<Settled>;
}

/// Delivered mails checked at every start: enough to notice that the newest
/// changes were lost (a damaged write-ahead log) without reading every file.
const RECENT_DELIVERED: usize = 100;

/// What settling found, for the start-up log and `/healthz/details`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettleReport {
    pub rolled_forward: usize,
    pub contradicted: usize,
}

/// Settles every queued mail's commitment, and those of delivered mails when
/// the newest of them show the records lost something. Returns the queued
/// entries that may be sent (the contradicted ones are removed from the spool).
pub(crate) fn settle_at_start(
    spool: &Spool,
    keepers: &[Arc<dyn Records>],
    retention: Duration,
    queued: Vec<Entry>,
) -> io::Result<(Vec<Entry>, SettleReport)> {
    let now = jiff::Timestamp::now();
    let keepers: BTreeMap<&str, &Arc<dyn Records>> = keepers.iter().map(|k| (k.name(), k)).collect();
    let mut report = SettleReport::default();
    let mut settle = |entry: &Entry| -> Settled {
        let Some(commitment) = &entry.commitment else { return Settled::Recorded };
        let Some(keeper) = keepers.get(commitment.keeper.as_str()) else { return Settled::Recorded };
        match keeper.settle(&commitment.change, retention, now) {
            Ok(Settled::RolledForward) => {
                tracing::warn!(id = %entry.id, records = keeper.name(), "a change its mail announces was missing from the records: recorded it again");
                report.rolled_forward += 1;
                Settled::RolledForward
            }
            Ok(Settled::Contradicted) => {
                tracing::error!(id = %entry.id, records = keeper.name(), "a queued mail contradicts the records: it will not be sent");
                report.contradicted += 1;
                Settled::Contradicted
            }
            Ok(Settled::Recorded) => Settled::Recorded,
            Err(e) => {
                // Sending is the safe side: the mail was written for a change that was being made.
                tracing::error!(id = %entry.id, error = %e, records = keeper.name(), "could not compare a queued mail with the records; sending it");
                Settled::Recorded
            }
        }
    };
    // Delivered mails first: they are older than anything queued for the same record.
    if !keepers.is_empty() {
        let recent = spool.delivered_newest(RECENT_DELIVERED)?;
        let lost_some = recent.iter().any(|e| settle(e) == Settled::RolledForward);
        if lost_some {
            for entry in spool.delivered_newest(usize::MAX)? {
                settle(&entry);
            }
        }
    }
    let mut kept = Vec::with_capacity(queued.len());
    let mut dropped = Vec::new();
    for entry in queued {
        if settle(&entry) == Settled::Contradicted {
            dropped.push(entry.id);
        } else {
            kept.push(entry);
        }
    }
    spool.discard(&dropped)?;
    Ok((kept, report))
}
