//! The booking store: every accepted booking and its answer, in SQLite
//! (`<data_dir>/bookings.sqlite3`, WAL mode, one fsynced transaction per change).
//!
//! Each booking is kept whole as JSON (new booking fields need no schema
//! change) next to the columns that are searched or compared: reference,
//! status, pick-up time, creation and answer times, and the calendar sequence.
//! An answer is a conditional update (`WHERE status = 'requested' AND sequence
//! = ?`) in a write transaction, so of two simultaneous answers exactly one
//! changes the row. A booking's and an answer's mails are written to the
//! spool inside their transaction, before it commits (see `mail::Records` for
//! how a crash between the two is settled).
//! All calls block: the outbox runs them on its blocking threads.
use std::{
    io,
    os::unix::fs::DirBuilderExt,
    path::{Path, PathBuf},
    sync::Mutex,
    time::{Duration, Instant},
};

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use crate::booking::store_file::{identity, invalid, move_aside, open_checked, sql};

use crate::booking::{
    answer::{Answer, Status},
    customer_step::CustomerStep,
    model::Booking,
};

pub const FILE_NAME: &str = "bookings.sqlite3";

/// How long a failed write keeps the health checks degraded and not ready.
const WRITE_FAILURE_SHOWN: Duration = Duration::from_secs(60);

/// A booking as stored, with where it stands.
#[derive(Debug, Clone)]
pub struct Record {
    pub booking: Booking,
    pub status: Status,
    /// The calendar event's `SEQUENCE`: 0 at booking, one more per answer.
    pub sequence: u32,
    /// The calendar event's `UID`, shared by every `.ics` of this booking.
    pub calendar_uid: String,
    pub answer: Option<Answer>,
    /// The customer's last step from the manage page.
    pub customer_step: Option<CustomerStep>,
    /// The reminders sent, each as [`crate::booking::reminders::Reminder::key`].
    pub reminders_sent: Vec<String>,
}

pub struct BookingStore {
    connection: Mutex<Connection>,
    path: PathBuf,
    /// The file opened (device, inode): a store deleted or replaced while
    /// running would otherwise take every later booking with it at restart.
    identity: (u64, u64),
    /// Where a store found damaged at start-up was moved.
    moved_aside: Option<PathBuf>,
    /// The last write that failed and when, until one succeeds.
    write_failure: Mutex<Option<(Instant, String)>>,
}

/// Why the store cannot be trusted now.
#[derive(Debug, Clone)]
pub struct StoreTrouble {
    /// Writes fail: bookings and answers are refused meanwhile.
    pub unwritable: bool,
    pub reason: String,
}

impl BookingStore {
    /// Opens the store under `data_dir`, creating it if needed. A store that
    /// fails SQLite's `quick_check` (or is no database at all) is moved aside
    /// to `bookings.sqlite3.damaged-<time>` and a new one is created: the site
    /// keeps taking bookings, and the outbox restores what it can from the
    /// spool (`mail::Records`). Other errors (permissions, I/O) stop the start.
    pub fn open(data_dir: &Path) -> io::Result<Self> {
        // Created private, like the spool beside it, when the store comes first.
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(data_dir)?;
        let path = data_dir.join(FILE_NAME);
        let (connection, moved_aside) = match open_checked(&path) {
            Ok(connection) => (connection, None),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                let aside = move_aside(&path)?;
                tracing::error!(error = %e, moved_to = %aside.display(), "the booking store is damaged: moved it aside and started a new one; bookings whose mails are in the spool are restored into it");
                (open_checked(&path)?, Some(aside))
            }
            Err(e) => return Err(e),
        };
        let identity = identity(&path)?;
        let write_failure = Mutex::new(None);
        Ok(Self { connection: Mutex::new(connection), path, identity, moved_aside, write_failure })
    }

    /// Why the store cannot be trusted now, if so: `/healthz` is degraded
    /// meanwhile, and `/readyz` not ready while it cannot be written.
    pub fn trouble(&self) -> Option<StoreTrouble> {
        if let Err(e) = self.check_file() {
            return Some(StoreTrouble { unwritable: true, reason: e.to_string() });
        }
        let failure = self.write_failure.lock().unwrap_or_else(|e| e.into_inner()).clone();
        // Only for a while: nothing else would clear it while no one can book.
        if let Some((at, failure)) = failure.filter(|(at, _)| at.elapsed() < WRITE_FAILURE_SHOWN) {
            let ago = at.elapsed().as_secs();
            return Some(StoreTrouble {
                unwritable: true,
                reason: format!("a write failed {ago} s ago: {failure}"),
            });
        }
        self.moved_aside.as_ref().map(|aside| StoreTrouble {
            unwritable: false,
            reason: format!(
                "damaged at start-up; moved aside to {} and rebuilt from the spool",
                aside.display()
            ),
        })
    }

    /// Fails if the file opened at start-up is no longer at its path: writes
    /// would go to a file nobody reads again.
    fn check_file(&self) -> io::Result<()> {
        match identity(&self.path) {
            Ok(now) if now == self.identity => Ok(()),
            _ => Err(io::Error::other(format!(
                "{} was deleted or replaced while the server ran; restart it to rebuild the store from the spool",
                self.path.display()
            ))),
        }
    }

    /// Runs a write: refused when the file is gone; a failure is remembered
    /// (for the health checks) until a write succeeds.
    pub(super) fn write<T>(&self, write: impl FnOnce(&mut Connection) -> io::Result<T>) -> io::Result<T> {
        self.check_file()?;
        let result = write(&mut self.lock());
        *self.write_failure.lock().unwrap_or_else(|e| e.into_inner()) =
            result.as_ref().err().map(|e| (Instant::now(), e.to_string()));
        result
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.connection.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new booking (status requested, sequence 0) with the
    /// fingerprint of the form it came from (for repeats after a restart),
    /// running `also` (writing its mails) inside the same transaction: it
    /// commits only if `also` succeeds.
    pub fn insert(
        &self,
        booking: &Booking,
        calendar_uid: &str,
        fingerprint: Option<i64>,
        also: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<()> {
        let json = serde_json::to_string(booking).map_err(invalid)?;
        self.write(|connection| {
            let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
            tx.execute(
                "INSERT INTO bookings (reference, status, pickup_at, created_at, sequence, calendar_uid, booking, fingerprint)
                 VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?7)",
                params![booking.reference.as_str(), Status::Requested.code(), pickup_seconds(booking), booking.received_at.as_second(), calendar_uid, json, fingerprint],
            )
            .map_err(sql)?;
            also()?;
            tx.commit().map_err(sql)
        })
    }

    /// The reference of a booking made from an identical form since `since`.
    pub fn repeat_of(&self, fingerprint: i64, since: jiff::Timestamp) -> io::Result<Option<String>> {
        self.lock()
            .query_row(
                "SELECT reference FROM bookings WHERE fingerprint = ?1 AND created_at >= ?2 ORDER BY created_at LIMIT 1",
                params![fingerprint, since.as_second()],
                |row| row.get(0),
            )
            .optional()
            .map_err(sql)
    }

    pub fn get(&self, reference: &str) -> io::Result<Option<Record>> {
        self.lock()
            .query_row(
                "SELECT status, sequence, calendar_uid, booking, answer, customer_step, reminders FROM bookings WHERE reference = ?1",
                [reference],
                raw_record,
            )
            .optional()
            .map_err(sql)?
            .map(record)
            .transpose()
    }

    /// Bookings whose pick-up is at or after `since`, soonest first, at most
    /// `limit` (the dispatchers' calendar).
    pub fn upcoming(&self, since: jiff::Timestamp, limit: usize) -> io::Result<Vec<Record>> {
        let connection = self.lock();
        let mut statement = connection
            .prepare(
                "SELECT status, sequence, calendar_uid, booking, answer, customer_step, reminders FROM bookings
                 WHERE pickup_at >= ?1 ORDER BY pickup_at, reference LIMIT ?2",
            )
            .map_err(sql)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = statement.query_map(params![since.as_second(), limit], raw_record).map_err(sql)?;
        rows.map(|row| row.map_err(sql).and_then(record)).collect()
    }

    /// Records the answer if the booking is still unanswered at `sequence`,
    /// running `also` (writing the customer's mail) inside the same
    /// transaction: it commits only if `also` succeeds. `false`: someone else
    /// answered first, nothing was changed and `also` did not run.
    pub fn answer(
        &self,
        reference: &str,
        sequence: u32,
        answer: &Answer,
        also: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<bool> {
        let json = serde_json::to_string(answer).map_err(invalid)?;
        self.update_then(
            "UPDATE bookings SET status = ?1, answer = ?2, answered_at = ?3, sequence = sequence + 1
             WHERE reference = ?4 AND status = 'requested' AND sequence = ?5",
            params![answer.action.status().code(), json, answer.answered_at.as_second(), reference, sequence],
            also,
        )
    }

    /// Records the customer's step if the booking is still at `sequence` (so
    /// still in the status it was read in), moving its pick-up to the step's,
    /// running `also` (writing the mails) inside the same transaction.
    /// `false`: the booking changed meanwhile; nothing was changed and `also`
    /// did not run.
    pub fn customer_step(
        &self,
        booking: &Booking,
        sequence: u32,
        step: &CustomerStep,
        also: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<bool> {
        let moved = Booking { pickup_at: step.pickup_at, ..booking.clone() };
        let json = serde_json::to_string(&moved).map_err(invalid)?;
        let step_json = serde_json::to_string(step).map_err(invalid)?;
        self.update_then(
            "UPDATE bookings SET status = ?1, customer_step = ?2, booking = ?3, pickup_at = ?4,
             sequence = sequence + 1 WHERE reference = ?5 AND sequence = ?6",
            params![
                step.action.status().code(),
                step_json,
                json,
                pickup_seconds(&moved),
                booking.reference.as_str(),
                sequence
            ],
            also,
        )
    }

    /// Runs a conditional `update` in a write transaction; when it changed
    /// the row, runs `also` (writing the mails) and commits. `false`: the
    /// condition no longer held; nothing was changed and `also` did not run.
    fn update_then(
        &self,
        update: &str,
        values: impl rusqlite::Params,
        also: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<bool> {
        self.write(|connection| {
            let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
            if tx.execute(update, values).map_err(sql)? != 1 {
                return Ok(false);
            }
            also()?;
            tx.commit().map_err(sql)?;
            Ok(true)
        })
    }

    /// Deletes bookings whose pick-up and creation both lie more than
    /// `retention` in the past; returns how many.
    pub fn sweep(&self, retention: Duration, now: jiff::Timestamp) -> io::Result<usize> {
        let cutoff = cutoff(retention, now);
        self.write(|connection| {
            let deleted = connection
                .execute("DELETE FROM bookings WHERE pickup_at < ?1 AND created_at < ?1", [cutoff])
                .map_err(sql)?;
            if deleted > 0 {
                // The write-ahead log still holds the deleted rows' pages until it is
                // copied into the database (where secure_delete zeroed them) and emptied.
                connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(sql)?;
            }
            Ok(deleted)
        })
    }
}

/// The columns a [`Record`] is read from, in [`raw_record`]'s order.
pub(super) const RECORD_COLUMNS: &str =
    "status, sequence, calendar_uid, booking, answer, customer_step, reminders";

/// A row as read: status, sequence, calendar UID, booking, answer, step and reminders JSON.
pub(super) type RawRecord = (String, u32, String, String, Option<String>, Option<String>, Option<String>);

pub(super) fn raw_record(row: &rusqlite::Row<'_>) -> rusqlite::Result<RawRecord> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?, row.get(6)?))
}

pub(super) fn record(
    (status, sequence, calendar_uid, booking, answer, step, reminders): RawRecord,
) -> io::Result<Record> {
    Ok(Record {
        booking: serde_json::from_str(&booking).map_err(invalid)?,
        status: Status::parse(&status).ok_or_else(|| invalid(format!("unknown status {status}")))?,
        sequence,
        calendar_uid,
        answer: answer.map(|a| serde_json::from_str(&a)).transpose().map_err(invalid)?,
        customer_step: step.map(|c| serde_json::from_str(&c)).transpose().map_err(invalid)?,
        reminders_sent: reminders
            .map(|r| serde_json::from_str(&r))
            .transpose()
            .map_err(invalid)?
            .unwrap_or_default(),
    })
}

/// The Unix time before which a booking's pick-up and creation must both lie
/// for the sweep to delete it.
fn cutoff(retention: Duration, now: jiff::Timestamp) -> i64 {
    now.as_second().saturating_sub(i64::try_from(retention.as_secs()).unwrap_or(i64::MAX))
}

/// Whether [`BookingStore::sweep`] would delete this booking now.
pub fn past_retention(booking: &Booking, retention: Duration, now: jiff::Timestamp) -> bool {
    let cutoff = cutoff(retention, now);
    pickup_seconds(booking) < cutoff && booking.received_at.as_second() < cutoff
}

/// The pick-up as a Unix time (the booking holds Europe/Amsterdam local time).
pub(super) fn pickup_seconds(booking: &Booking) -> i64 {
    booking
        .pickup_at
        .to_zoned(jiff::tz::TimeZone::get(crate::types::TIME_ZONE).unwrap_or(jiff::tz::TimeZone::UTC))
        .map(|z| z.timestamp().as_second())
        .unwrap_or(0)
}
