//! The one durable store: a SQLite file, `<data_dir>/store.sqlite3`, that
//! holds every record the site keeps (bookings) and every mail waiting to go
//! out. A step that changes a record and announces it by mail writes both in
//! one transaction, so after a crash at any moment either all of it is there
//! or none of it (the transactional outbox; `docs/delivery.md`).
//!
//! It knows no capability: the owners of tables create them ([`Store::migrate`])
//! and run their statements inside [`Store::write`] and [`Store::read`].
//!
//! Durability: WAL mode with `synchronous = FULL`, so a committed transaction
//! has reached the disk when `commit` returns. `secure_delete` overwrites
//! deleted rows, and [`Store::sweep`] empties the write-ahead log after
//! deleting, so nothing of a deleted record stays readable in the files.
//! One process owns the store (an `flock` on `store.lock`); a second one, or a
//! `restore` while the server runs, is refused.
//!
//! A full disk: new steps are refused (nothing is acknowledged that is not
//! stored), but what the sender records about mails already accepted must
//! still be written, or a delivered mail would look undelivered and go again.
//! A file of [`RESERVE_BYTES`] is kept beside the store (`store.reserve`) and
//! given up the first time such a write finds the disk full
//! ([`Store::write_critical`]); it is made again at the next start with room.
pub mod backup;
pub mod columns;
pub(crate) mod file;
pub mod restore;

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
    sync::Mutex,
    time::{Duration, Instant},
};

use rusqlite::{Connection, Transaction, TransactionBehavior};

pub use file::{invalid, sql};
pub use restore::Restore;

use crate::faults;

/// The store's file name in the data directory.
pub const FILE_NAME: &str = "store.sqlite3";
/// The booking store of releases before the one store: adopted at the first start.
pub const OLD_FILE_NAME: &str = "bookings.sqlite3";
/// The file whose lock says which process owns the store.
pub const LOCK_FILE_NAME: &str = "store.lock";
/// Space set aside for the sender's records on a full disk.
pub const RESERVE_FILE_NAME: &str = "store.reserve";
pub const RESERVE_BYTES: u64 = 4 << 20;

/// How long a failed write keeps the health checks degraded and not ready.
const WRITE_FAILURE_SHOWN: Duration = Duration::from_secs(60);

pub struct Store {
    /// `None` once closed.
    connection: Mutex<Option<Connection>>,
    path: PathBuf,
    /// The file opened (device, inode): a store deleted or replaced while
    /// running would otherwise take every later write with it.
    identity: (u64, u64),
    /// The newest copy put in place of the store, as the store records it
    /// (`restore.rs`): shown by the health checks for a day.
    restored: Option<Restore>,
    /// The last write that failed and when, until one succeeds.
    write_failure: Mutex<Option<(Instant, String)>>,
    /// Held while the store is open.
    lock: Mutex<Option<File>>,
    /// The reserve file, while it is there.
    reserve: Mutex<Option<PathBuf>>,
}

/// Why the store cannot be trusted now.
#[derive(Debug, Clone)]
pub struct StoreTrouble {
    /// Writes fail: steps that must be stored are refused meanwhile.
    pub unwritable: bool,
    pub reason: String,
}

impl Store {
    /// Opens the store under `data_dir`, creating it (and the directory,
    /// private) if needed, adopting the booking store of an earlier release.
    /// A file that fails SQLite's `quick_check`, or is no database, is moved
    /// aside to `store.sqlite3.damaged-<time>` and replaced by the newest
    /// backup, or by an empty store when there is none, telling (`restore.rs`);
    /// the start goes on and [`Store::trouble`] says so. Other errors stop the start.
    pub fn open(data_dir: &Path) -> io::Result<Self> {
        file::private_dir(data_dir)?;
        let lock = file::lock(&data_dir.join(LOCK_FILE_NAME))?;
        // Made (again) when there is room; freed first when there is not, so that
        // SQLite can open its files and the records of the mails can be written.
        let reserve = file::reserve(&data_dir.join(RESERVE_FILE_NAME), RESERVE_BYTES);
        let path = data_dir.join(FILE_NAME);
        // A restore the process died in: begun again, or finished.
        restore::discard_unfinished(&path)?;
        restore::finish_staged(&path)?;
        file::adopt_old_store(&data_dir.join(OLD_FILE_NAME), &path)?;
        // A missing or emptied file would open as a new store; with a backup
        // to go back to, it is damage.
        let has_backup = !backup::list(data_dir)?.is_empty();
        let lost = match std::fs::metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => has_backup.then_some("missing"),
            Ok(meta) if meta.len() == 0 => has_backup.then_some("empty"),
            _ => None,
        };
        let opened = match lost {
            Some(why) => Err(invalid(format!("the file is {why}"))),
            None => file::open_checked(&path),
        };
        let connection = match opened {
            Ok(connection) => connection,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                restore::replace_damaged(data_dir, &path, format!("damaged at start-up ({e})"))?;
                let connection = file::open_checked(&path)?;
                faults::point("restore-opened");
                connection
            }
            Err(e) => return Err(e),
        };
        restore::migrate(&connection)?;
        let restored = restore::latest(&connection)?;
        let identity = file::identity(&path)?;
        Ok(Self {
            connection: Mutex::new(Some(connection)),
            path,
            identity,
            restored,
            write_failure: Mutex::new(None),
            lock: Mutex::new(Some(lock)),
            reserve: Mutex::new(reserve),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The newest copy put in place of the store (at a start that found it
    /// damaged, or by hand), if one ever was.
    pub fn restored(&self) -> Option<&Restore> {
        self.restored.as_ref()
    }

    /// Creates an owner's tables (`schema`, idempotent statements) and adds
    /// the columns added since to tables made by earlier releases.
    pub fn migrate(&self, schema: &str, added: &[(&str, &str, &str)]) -> io::Result<()> {
        self.with(|connection| migrate(connection, schema, added))
    }

    /// Why the store cannot be trusted now, if so: `/healthz` is degraded
    /// meanwhile, and `/readyz` not ready while it cannot be written.
    pub fn trouble(&self) -> Option<StoreTrouble> {
        if let Err(e) = self.check_file() {
            return Some(StoreTrouble { unwritable: true, reason: e.to_string() });
        }
        let failure = self.write_failure.lock().unwrap_or_else(|e| e.into_inner()).clone();
        // Only for a while: nothing else would clear it while no one can write.
        if let Some((at, failure)) = failure.filter(|(at, _)| at.elapsed() < WRITE_FAILURE_SHOWN) {
            let ago = at.elapsed().as_secs();
            return Some(StoreTrouble {
                unwritable: true,
                reason: format!("a write failed {ago} s ago: {failure}"),
            });
        }
        let restored = self.restored.as_ref().filter(|r| jiff::Timestamp::now() < r.shown_until());
        restored.map(|r| StoreTrouble {
            unwritable: false,
            reason: format!("{} (shown until {})", r.describe(), r.shown_until()),
        })
    }

    /// Fails if the file opened at start-up is no longer at its path: writes
    /// would go to a file nobody reads again.
    fn check_file(&self) -> io::Result<()> {
        match file::identity(&self.path) {
            Ok(now) if now == self.identity => Ok(()),
            _ => Err(io::Error::other(format!(
                "{} was deleted or replaced while the server ran; restart it (it restores the newest backup)",
                self.path.display()
            ))),
        }
    }

    /// Runs `work` in one write transaction and commits it durably; nothing
    /// of it is kept when `work` or the commit fails. Refused when the file
    /// is gone; a failure is remembered for the health checks until a write succeeds.
    pub fn write<T>(&self, work: impl FnOnce(&Transaction<'_>) -> io::Result<T>) -> io::Result<T> {
        self.check_file()?;
        let result = self.with(|connection| {
            let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
            let value = work(&tx)?;
            tx.commit().map_err(sql)?;
            Ok(value)
        });
        *self.write_failure.lock().unwrap_or_else(|e| e.into_inner()) =
            result.as_ref().err().map(|e| (Instant::now(), e.to_string()));
        result
    }

    /// [`Store::write`] for what must be recorded even on a full disk (what
    /// the sender learnt of a mail): when the disk is full, the reserve is
    /// given up and the write tried once more.
    pub fn write_critical<T>(
        &self,
        mut work: impl FnMut(&Transaction<'_>) -> io::Result<T>,
    ) -> io::Result<T> {
        match self.write(&mut work) {
            Err(e) if file::is_disk_full(&e) => {
                let Some(reserve) = self.reserve.lock().unwrap_or_else(|e| e.into_inner()).take() else {
                    return Err(e);
                };
                tracing::error!(error = %e, "the disk is full: gave up the store's reserve to record the mails' progress");
                std::fs::remove_file(&reserve)?;
                self.write(work)
            }
            other => other,
        }
    }

    /// Bytes of the file's free pages, which SQLite fills before it grows
    /// the file (what deleted and emptied rows left).
    pub fn reusable_bytes(&self) -> io::Result<u64> {
        self.read(|c| {
            c.query_row(
                "SELECT f.freelist_count * p.page_size FROM pragma_freelist_count f, pragma_page_size p",
                [],
                |row| row.get::<_, i64>(0),
            )
            .map(|bytes| bytes.max(0) as u64)
            .map_err(sql)
        })
    }

    /// Runs reads on the connection.
    pub fn read<T>(&self, work: impl FnOnce(&Connection) -> io::Result<T>) -> io::Result<T> {
        self.with(|connection| work(connection))
    }

    /// Deletes in one transaction (`work` returns how many rows went), then,
    /// when something was deleted, empties the write-ahead log: it still holds
    /// the deleted rows' pages until they are copied into the database (where
    /// `secure_delete` zeroed them).
    pub fn sweep(&self, work: impl FnOnce(&Transaction<'_>) -> io::Result<usize>) -> io::Result<usize> {
        let deleted = self.write(work)?;
        if deleted > 0 {
            self.with(|c| c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(sql))?;
        }
        Ok(deleted)
    }

    /// [`Store::write`] for a step that overwrites personal data (junk): the
    /// write-ahead log, which still holds the pages as they were, is emptied
    /// after the commit, as after a [`Store::sweep`].
    pub fn erase<T>(&self, work: impl FnOnce(&Transaction<'_>) -> io::Result<T>) -> io::Result<T> {
        let value = self.write(work)?;
        self.with(|c| c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(sql))?;
        Ok(value)
    }

    /// Closes the database and releases the lock (at shutdown): another
    /// process may open the store now; calls on this one fail from here on.
    pub fn close(&self) {
        self.connection.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.lock.lock().unwrap_or_else(|e| e.into_inner()).take();
    }

    fn with<T>(&self, work: impl FnOnce(&mut Connection) -> io::Result<T>) -> io::Result<T> {
        let mut connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        match connection.as_mut() {
            Some(connection) => work(connection),
            None => Err(io::Error::other("the store is closed")),
        }
    }
}

fn migrate(connection: &Connection, schema: &str, added: &[(&str, &str, &str)]) -> io::Result<()> {
    connection.execute_batch(schema).map_err(sql)?;
    for (table, column, kind) in added {
        let exists = connection
            .prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")
            .and_then(|mut s| s.exists([table, column]))
            .map_err(sql)?;
        if !exists {
            connection
                .execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                .map_err(sql)?;
        }
    }
    Ok(())
}
