//! Putting a copy in place of the store so that it tells, whatever moment the
//! process dies at. The fact that a copy replaced the store is a row of
//! `store_restores` written INTO the copy before the copy takes the store's
//! place: then either the store found damaged is still there (the next start
//! restores again) or the copy with its fact is, and the outbox queues the
//! notice to staff and marks the row noticed in one transaction
//! (`mail/restored.rs`): one notice, whatever write the process dies at.
//!
//! The steps, each durable before the next (the names are the crash tests'
//! points, [`crate::faults`]):
//! 1. the copy (or an empty store) is written to `store.sqlite3.restoring`
//!    (`restore-copied`), its fact inserted and the file synced (`restore-recorded`);
//! 2. it is renamed `store.sqlite3.restored`: whole, to be put in place (`restore-staged`);
//! 3. the store it replaces is renamed to the name the fact holds
//!    (`store.sqlite3.damaged-<unix time>`, with its `-wal` and `-shm`) (`restore-moved-aside`);
//! 4. the copy is renamed into place (`restore-placed`).
//!
//! A start finds a `.restoring` file unfinished and deletes it, and a
//! `.restored` one finished and puts it in place (steps 3 and 4 again, to the
//! same names): nothing is done twice, nothing half.
use std::{
    fs::File,
    io,
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
};

use jiff::Timestamp;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction};

use super::{
    backup, columns,
    file::{invalid, lock, open_checked, private_dir, quick_check, sql, sync_parent},
    FILE_NAME, LOCK_FILE_NAME,
};
use crate::faults;

/// How long a restore keeps `/healthz` degraded: a day, across restarts.
pub const SHOWN_FOR: jiff::SignedDuration = jiff::SignedDuration::from_hours(24);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS store_restores (
    id              INTEGER PRIMARY KEY,
    -- When the copy was put in place (Unix seconds).
    at              INTEGER NOT NULL,
    -- What was found: why the store was replaced.
    found           TEXT NOT NULL,
    -- The copy put in place, and when it was taken; NULL: no readable copy, started empty.
    backup          TEXT,
    backup_taken_at INTEGER,
    -- Where the store it replaced went; NULL: there was none.
    moved_aside     TEXT,
    by_hand         INTEGER NOT NULL,
    -- Mails queued in the copy that the operator chose to drop.
    dropped         INTEGER NOT NULL DEFAULT 0,
    -- When the notice to staff was queued (Unix seconds); NULL until it is.
    noticed_at      INTEGER
);";

/// A copy put in place of the store, as its row records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restore {
    pub at: Timestamp,
    pub found: String,
    pub backup: Option<PathBuf>,
    pub backup_taken_at: Option<Timestamp>,
    pub moved_aside: Option<PathBuf>,
    pub by_hand: bool,
    pub dropped: u64,
}

impl Restore {
    /// Until when the health checks say so.
    pub fn shown_until(&self) -> Timestamp {
        self.at.saturating_add(SHOWN_FOR).unwrap_or(self.at)
    }

    /// What happened, in one line for the log and the health checks.
    pub fn describe(&self) -> String {
        let aside =
            self.moved_aside.as_ref().map(|a| format!("; the store it replaced is kept as {}", a.display()));
        let what = match (&self.backup, self.by_hand) {
            (Some(backup), true) => format!("restored by hand from {}", backup.display()),
            (Some(backup), false) => {
                format!("{} and replaced by the backup {}", self.found, backup.display())
            }
            (None, _) => format!("{} and started empty (no readable backup)", self.found),
        };
        format!("{what} at {}{}", self.at, aside.unwrap_or_default())
    }
}

/// A restore by hand (`taxi-server restore FILE`), with the server stopped:
/// the store's lock is held from [`HandRestore::prepare`] to the end.
pub struct HandRestore {
    _lock: File,
    path: PathBuf,
    from: PathBuf,
}

impl HandRestore {
    /// Takes the lock (refused while the server runs) and checks the copy `from`.
    pub fn prepare(data_dir: &Path, from: &Path) -> io::Result<Self> {
        private_dir(data_dir)?;
        let lock = lock(&data_dir.join(LOCK_FILE_NAME))?;
        check(from)?;
        let path = data_dir.join(FILE_NAME);
        // A restore cut short by a crash is finished first: what it moved aside stays named.
        finish_staged(&path)?;
        Ok(Self { _lock: lock, path, from: from.to_path_buf() })
    }

    /// Reads the copy, unchanged (how many mails it holds queued).
    pub fn read<T>(&self, work: impl FnOnce(&Connection) -> io::Result<T>) -> io::Result<T> {
        work(&Connection::open_with_flags(&self.from, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?)
    }

    /// Puts the copy in place, after `change` ran in it (what to do with its
    /// queued mails; returns how many it dropped). Returns where the store it
    /// replaced went.
    pub fn put_in_place(
        self,
        change: impl FnOnce(&Transaction<'_>) -> io::Result<u64>,
    ) -> io::Result<Option<PathBuf>> {
        let restore = Restore {
            at: Timestamp::now(),
            found: "restored by hand".into(),
            backup_taken_at: backup::taken_at(&self.from),
            backup: Some(self.from.canonicalize().unwrap_or(self.from.clone())),
            moved_aside: aside_name(&self.path),
            by_hand: true,
            dropped: 0,
        };
        let aside = restore.moved_aside.clone();
        put_in_place(&self.path, restore, change)?;
        drop(open_checked(&self.path)?);
        Ok(aside)
    }
}

/// At start, with the store at `path` found damaged (`found`): the newest
/// backup under `data_dir/backups/` that passes SQLite's check (or an empty
/// store when none does) is put in place, telling. Returns the restore.
pub(super) fn replace_damaged(data_dir: &Path, path: &Path, found: String) -> io::Result<Restore> {
    let backup = backup::list(data_dir)?.into_iter().rev().find(|backup| match check(backup) {
        Ok(()) => true,
        Err(e) => {
            tracing::error!(backup = %backup.display(), error = %e, "a backup is damaged too; trying an older one");
            false
        }
    });
    let restore = Restore {
        at: Timestamp::now(),
        found,
        backup_taken_at: backup.as_deref().and_then(backup::taken_at),
        backup,
        moved_aside: aside_name(path),
        by_hand: false,
        dropped: 0,
    };
    tracing::error!("the store was {}", restore.describe());
    put_in_place(path, restore.clone(), |_| Ok(0))?;
    Ok(restore)
}

/// Steps 1 to 4 (see the top): the copy `restore.backup` (or an empty store),
/// changed by `change`, with its fact, in place of the store at `path`.
fn put_in_place(
    path: &Path,
    mut restore: Restore,
    change: impl FnOnce(&Transaction<'_>) -> io::Result<u64>,
) -> io::Result<()> {
    let staging = beside(path, "restoring");
    let _ = std::fs::remove_file(&staging);
    match &restore.backup {
        Some(from) => drop(std::fs::copy(from, &staging)?),
        None => drop(File::create(&staging)?),
    }
    std::fs::set_permissions(&staging, std::fs::Permissions::from_mode(0o600))?;
    faults::point("restore-copied");
    {
        let mut connection = Connection::open(&staging).map_err(sql)?;
        // No write-ahead log beside it: the one file is renamed, whole.
        connection.execute_batch("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL;").map_err(sql)?;
        connection.execute_batch(SCHEMA).map_err(sql)?;
        let tx = connection.transaction().map_err(sql)?;
        restore.dropped = change(&tx)?;
        // A restore the copy still held untold is its past: this one's notice covers it.
        tx.execute(
            "UPDATE store_restores SET noticed_at = ?1 WHERE noticed_at IS NULL",
            [restore.at.as_second()],
        )
        .map_err(sql)?;
        insert(&tx, &restore)?;
        tx.commit().map_err(sql)?;
    }
    File::open(&staging)?.sync_all()?;
    faults::point("restore-recorded");
    std::fs::rename(&staging, beside(path, "restored"))?;
    sync_parent(path)?;
    faults::point("restore-staged");
    finish_staged(path).map(drop)
}

/// Steps 3 and 4 for a copy staged beside `path`, if there is one. Returns
/// whether there was.
pub(super) fn finish_staged(path: &Path) -> io::Result<bool> {
    let staged = beside(path, "restored");
    if !staged.exists() {
        return Ok(false);
    }
    let restore = {
        let connection =
            Connection::open_with_flags(&staged, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
        latest(&connection)?.ok_or_else(|| invalid(format!("{} holds no restore", staged.display())))?
    };
    let logs = ["-wal", "-shm"].map(|log| (PathBuf::from(format!("{}{log}", path.display())), log));
    match &restore.moved_aside {
        Some(aside) => {
            if path.exists() {
                std::fs::rename(path, aside)?;
                faults::point("restore-moved-aside");
            }
            for (from, log) in &logs {
                if from.exists() {
                    std::fs::rename(from, format!("{}{log}", aside.display()))?;
                }
            }
        }
        // Nothing was there when it was staged: a log now would be no one's.
        None => logs.iter().try_for_each(|(from, _)| remove_if_there(from))?,
    }
    sync_parent(path)?;
    std::fs::rename(&staged, path)?;
    sync_parent(path)?;
    faults::point("restore-placed");
    Ok(true)
}

/// At start: a copy being written when the process died is deleted (its
/// restore is made again, from the start, if the store still needs one).
pub(super) fn discard_unfinished(path: &Path) -> io::Result<()> {
    remove_if_there(&beside(path, "restoring"))
}

/// Creates the table in an open store (a store of an earlier release, or a new one).
pub(super) fn migrate(connection: &Connection) -> io::Result<()> {
    connection.execute_batch(SCHEMA).map_err(sql)
}

/// The newest restore the store records, if any.
pub(super) fn latest(connection: &Connection) -> io::Result<Option<Restore>> {
    let exists = connection
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_restores'")
        .and_then(|mut s| s.exists([]))
        .map_err(sql)?;
    if !exists {
        return Ok(None);
    }
    let newest = connection
        .query_row(&format!("SELECT {COLUMNS} FROM store_restores ORDER BY id DESC LIMIT 1"), [], |row| {
            Ok(read(row))
        })
        .optional()
        .map_err(sql)?;
    Ok(newest.and_then(|read| {
        read.inspect_err(|e| tracing::error!(error = %e, "the newest row of store_restores cannot be read"))
            .ok()
    }))
}

/// The restores whose notice to staff is not queued yet, with their ids. A
/// row that cannot be read is logged and left: it must not stop the start.
pub fn pending(connection: &Connection) -> io::Result<Vec<(i64, Restore)>> {
    let mut statement = connection
        .prepare(&format!("SELECT {COLUMNS}, id FROM store_restores WHERE noticed_at IS NULL ORDER BY id"))
        .map_err(sql)?;
    let rows = statement.query_map([], |row| Ok((row.get::<_, i64>(7)?, read(row)))).map_err(sql)?;
    let mut pending = Vec::new();
    for row in rows {
        match row.map_err(sql)? {
            (id, Ok(restore)) => pending.push((id, restore)),
            (id, Err(e)) => tracing::error!(id, error = %e, "a row of store_restores cannot be read"),
        }
    }
    Ok(pending)
}

/// Records that the notice about restore `id` is queued (in the notice's
/// transaction). `false`: it was already.
pub fn noticed(tx: &Transaction<'_>, id: i64, now: Timestamp) -> io::Result<bool> {
    tx.execute(
        "UPDATE store_restores SET noticed_at = ?2 WHERE id = ?1 AND noticed_at IS NULL",
        params![id, now.as_second()],
    )
    .map(|changed| changed == 1)
    .map_err(sql)
}

const COLUMNS: &str = "at, found, backup, backup_taken_at, moved_aside, by_hand, dropped";

fn read(row: &rusqlite::Row<'_>) -> io::Result<Restore> {
    let time = |column| {
        columns::optional_integer(row, column)?
            .map(|at| Timestamp::from_second(at).map_err(invalid))
            .transpose()
    };
    Ok(Restore {
        at: time(0)?.ok_or_else(|| invalid("store_restores.at: NULL"))?,
        found: columns::text(row, 1)?,
        backup: columns::optional_text(row, 2)?.map(PathBuf::from),
        backup_taken_at: time(3)?,
        moved_aside: columns::optional_text(row, 4)?.map(PathBuf::from),
        by_hand: columns::integer(row, 5)? != 0,
        dropped: u64::try_from(columns::integer(row, 6)?).unwrap_or(0),
    })
}

fn insert(tx: &Transaction<'_>, r: &Restore) -> io::Result<()> {
    let text = |path: &Option<PathBuf>| path.as_ref().map(|p| p.to_string_lossy().into_owned());
    tx.execute(
        &format!("INSERT INTO store_restores ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
        params![
            r.at.as_second(),
            r.found,
            text(&r.backup),
            r.backup_taken_at.map(|at| at.as_second()),
            text(&r.moved_aside),
            r.by_hand,
            i64::try_from(r.dropped).unwrap_or(i64::MAX)
        ],
    )
    .map(drop)
    .map_err(sql)
}

/// Where the store at `path` goes when replaced, if anything of it is there:
/// `store.sqlite3.damaged-<unix time>`, a second later when that is taken.
fn aside_name(path: &Path) -> Option<PathBuf> {
    let there =
        ["", "-wal", "-shm"].iter().any(|log| Path::new(&format!("{}{log}", path.display())).exists());
    let mut at = Timestamp::now().as_second();
    there.then(|| loop {
        let aside = PathBuf::from(format!("{}.{}{at}", path.display(), backup::ASIDE_INFIX));
        if !aside.exists() {
            return aside;
        }
        at += 1;
    })
}

/// Fails unless `file` is a store SQLite can read whole.
pub(super) fn check(file: &Path) -> io::Result<()> {
    let connection = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
    quick_check(&connection, &format!("{}: ", file.display()))
}

fn beside(path: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}.{suffix}", path.display()))
}

fn remove_if_there(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
#[path = "restore_tests.rs"]
mod tests;
