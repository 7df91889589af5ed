//! Taking over the mail spool of releases before the one store (a folder of
//! JSON files under `<data_dir>/spool/`) at the first start: every mail still
//! queued (or in flight at the last stop) becomes a queued row, delivered and
//! given-up mails become records, and the folder is moved aside to
//! `spool.taken-over-<time>` (deleted after the retention). All rows are
//! written in one transaction, each with the name of the file it came from,
//! so a crash before the folder is moved makes the next start take over
//! nothing twice.
//!
//! A queued mail of that release carries the change it announced (its
//! "commitment"); the caller's `adopt` records it if the store lacks it (the
//! old release could die between writing the mail and committing the change),
//! or answers `false` when the store says otherwise, and then the mail is not sent.
use std::{
    collections::BTreeMap,
    io,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::{params, Transaction};
use serde::Deserialize;

use crate::{
    mail::{queue, MailKind},
    store::{sql, Store},
};

/// Records the change an old queued mail announced; `false`: the store contradicts it.
pub type Adopt = dyn Fn(&Transaction<'_>, &serde_json::Value) -> io::Result<bool> + Send + Sync;

/// A spool file as the earlier release wrote it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    id: String,
    /// camelCase, as that release wrote it (`staffBooking`).
    kind: String,
    reference: String,
    message_id: String,
    envelope_from: String,
    recipients: Vec<String>,
    created_at: jiff::Timestamp,
    #[serde(default)]
    attempts: u32,
    #[serde(default)]
    last_error: Option<String>,
    #[serde(default)]
    customer_phone: Option<String>,
    #[serde(default)]
    commitment: Option<Commitment>,
    raw: String,
}

#[derive(Deserialize)]
struct Commitment {
    change: serde_json::Value,
}

/// What was taken over, for the start-up log.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TakenOver {
    pub queued: usize,
    pub finished: usize,
    /// Queued mails whose change the store contradicted: not sent.
    pub contradicted: usize,
    /// Files that could not be read: left in the folder moved aside.
    pub unreadable: usize,
}

const PREFIX: &str = "spool.taken-over-";

/// Takes over `data_dir/spool/`, if there is one (see the module docs).
pub(crate) fn take_over(
    store: &Store,
    data_dir: &Path,
    adopt: Option<&Adopt>,
) -> io::Result<Option<TakenOver>> {
    let spool = data_dir.join("spool");
    if !spool.is_dir() {
        return Ok(None);
    }
    let mut report = TakenOver::default();
    let mut read = |dir: &str| -> io::Result<BTreeMap<String, Entry>> {
        let mut entries = BTreeMap::new();
        let dir = spool.join(dir);
        let Ok(files) = std::fs::read_dir(&dir) else { return Ok(entries) };
        for file in files {
            let path = file?.path();
            match std::fs::read(&path).ok().and_then(|b| serde_json::from_slice::<Entry>(&b).ok()) {
                Some(entry) => {
                    entries.insert(entry.id.clone(), entry);
                }
                None => report.unreadable += 1,
            }
        }
        Ok(entries)
    };
    let (done, failed) = (read("done")?, read("failed")?);
    let mut queued = read("sending")?;
    queued.append(&mut read("queue")?);
    // A mail both delivered (or given up) and still listed was delivered: not sent again.
    queued.retain(|id, _| !done.contains_key(id) && !failed.contains_key(id));
    let now = jiff::Timestamp::now().as_millisecond();
    let registered = store.write(|tx| {
        let mut fresh = 0;
        for (state, entries) in [("delivered", &done), ("failed", &failed)] {
            for entry in entries.values() {
                if let Some(id) = insert(tx, entry)? {
                    // Finished: its body goes with the state (`queue.rs`'s trigger).
                    tx.execute(
                        "UPDATE mails SET state = ?2, attempts = ?3, last_error = ?4, finished_at = ?5 WHERE id = ?1",
                        params![id, state, entry.attempts, entry.last_error, now],
                    )
                    .map_err(sql)?;
                    fresh += 1;
                }
            }
        }
        report.finished = fresh;
        for entry in queued.values() {
            if exists(tx, &entry.id)? {
                continue;
            }
            if let (Some(adopt), Some(commitment)) = (adopt, &entry.commitment) {
                if !adopt(tx, &commitment.change)? {
                    tracing::warn!(id = %entry.id, "a mail of the earlier release contradicts the store: not sent");
                    report.contradicted += 1;
                    continue;
                }
            }
            if let Some(id) = insert(tx, entry)? {
                tx.execute("UPDATE mails SET attempts = ?2, last_error = ?3 WHERE id = ?1", params![id, entry.attempts, entry.last_error])
                    .map_err(sql)?;
                report.queued += 1;
            }
        }
        Ok(())
    });
    registered?;
    let aside = data_dir.join(format!("{PREFIX}{}", jiff::Timestamp::now().as_second()));
    std::fs::rename(&spool, &aside)?;
    std::fs::File::open(data_dir)?.sync_all()?;
    tracing::info!(
        queued = report.queued,
        finished = report.finished,
        contradicted = report.contradicted,
        unreadable = report.unreadable,
        moved_to = %aside.display(),
        "took over the mail spool of the earlier release"
    );
    Ok(Some(report))
}

fn exists(tx: &Transaction<'_>, legacy_id: &str) -> io::Result<bool> {
    tx.prepare_cached("SELECT 1 FROM mails WHERE legacy_id = ?1")
        .and_then(|mut s| s.exists([legacy_id]))
        .map_err(sql)
}

/// Inserts the entry as a queued row (its first recipient: the earlier
/// release wrote one file per recipient); `None` when taken over before.
fn insert(tx: &Transaction<'_>, entry: &Entry) -> io::Result<Option<i64>> {
    if exists(tx, &entry.id)? {
        return Ok(None);
    }
    let recipient = entry.recipients.join(",");
    let kebab: String = entry
        .kind
        .chars()
        .flat_map(|c| if c.is_ascii_uppercase() { vec!['-', c.to_ascii_lowercase()] } else { vec![c] })
        .collect();
    let kind = MailKind::parse(&kebab)
        .ok_or_else(|| crate::store::invalid(format!("{}: kind {:?}", entry.id, entry.kind)))?;
    let row = queue::NewRow {
        kind,
        reference: &entry.reference,
        message_id: &entry.message_id,
        envelope_from: &entry.envelope_from,
        recipient: &recipient,
        customer_phone: entry.customer_phone.as_deref(),
        created_at: entry.created_at.as_millisecond(),
        raw: entry.raw.as_bytes(),
        perishes_at: None,
        legacy_id: Some(&entry.id),
        cause: Default::default(),
    };
    queue::insert(tx, &row).map(Some)
}

/// Deletes spool folders taken over longer than `retention` ago; returns how many.
pub(crate) fn sweep_taken_over(data_dir: &Path, retention: Duration) -> io::Result<usize> {
    let now = jiff::Timestamp::now().as_second();
    let mut deleted = 0;
    for item in std::fs::read_dir(data_dir)? {
        let path: PathBuf = item?.path();
        let taken_at = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|t| t.parse::<i64>().ok());
        if taken_at.is_some_and(|at| now.saturating_sub(at) >= retention.as_secs() as i64) {
            std::fs::remove_dir_all(&path)?;
            deleted += 1;
        }
    }
    Ok(deleted)
}
