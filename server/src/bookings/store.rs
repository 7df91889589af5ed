//! The bookings table of the store: every accepted booking and where it
//! stands. Each booking is kept whole as JSON (new booking fields need no
//! schema change) next to the columns that are searched or compared:
//! reference, status, pick-up time, creation and answer times, and the
//! calendar sequence.
//!
//! Reads go through [`BookingStore`]; every change is a function on the
//! transaction of a step ([`crate::mail::Outbox::commit`]), so it commits
//! together with the mails that announce it. An answer is a conditional
//! update (`WHERE status = 'requested' AND sequence = ?`), so of two
//! simultaneous answers exactly one changes the row.
//! All calls block: the outbox runs them on its blocking threads.
use std::{
    collections::BTreeSet,
    io,
    sync::{Arc, Mutex},
    time::Duration,
};

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::{
    bookings::{
        answer::{Answer, Status},
        customer_step::CustomerStep,
        model::Booking,
        record::Record,
    },
    store::{columns, invalid, sql, Store},
    types::Lang,
};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS bookings (
    reference    TEXT PRIMARY KEY,
    status       TEXT NOT NULL,
    pickup_at    INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    answered_at  INTEGER,
    sequence     INTEGER NOT NULL,
    calendar_uid TEXT NOT NULL,
    booking      TEXT NOT NULL,
    answer       TEXT
);
CREATE INDEX IF NOT EXISTS bookings_status ON bookings (status);
CREATE INDEX IF NOT EXISTS bookings_pickup_at ON bookings (pickup_at);
CREATE INDEX IF NOT EXISTS bookings_created_at ON bookings (created_at);";

/// Columns added after the first release: stores made before them get them (empty for their rows).
/// `network`: the sender's client network as a tag (`forms::refusals`); rows
/// from before it have none, and junking one refuses its address only.
const ADDED: [(&str, &str, &str); 5] = [
    ("bookings", "fingerprint", "INTEGER"),
    ("bookings", "customer_step", "TEXT"),
    ("bookings", "reminders", "TEXT"),
    ("bookings", "lang", "TEXT"),
    ("bookings", "network", "TEXT"),
];

/// The language of the rows from before its column, while their JSON can be read.
const LANG_OF_OLDER_ROWS: &str =
    "UPDATE bookings SET lang = json_extract(booking, '$.lang') WHERE lang IS NULL AND json_valid(booking);";

/// The bookings in the store, for reading.
pub struct BookingStore {
    store: Arc<Store>,
    /// References whose row could not be read: each costs its own booking,
    /// which the lists skip, not the calendar or the reminders of the others.
    damaged: Mutex<BTreeSet<String>>,
}

impl BookingStore {
    /// Creates the table in `store` if needed (and the columns added since).
    pub fn open(store: Arc<Store>) -> io::Result<Self> {
        store.migrate(SCHEMA, &ADDED)?;
        store.migrate(
            "CREATE INDEX IF NOT EXISTS bookings_fingerprint ON bookings (fingerprint);
             CREATE INDEX IF NOT EXISTS bookings_network ON bookings (network, created_at);",
            &[],
        )?;
        store.migrate(LANG_OF_OLDER_ROWS, &[])?;
        let bookings = Self { store, damaged: Mutex::default() };
        // Every row read once at start: SQLite's checks see pages, not the JSON in them.
        bookings.store.read(|c| {
            let mut statement = c.prepare(&format!("SELECT {RECORD_COLUMNS} FROM bookings")).map_err(sql)?;
            let rows = statement.query_map([], read_row).map_err(sql)?;
            readable(rows, &bookings.damaged).map(drop)
        })?;
        Ok(bookings)
    }

    /// The references whose rows could not be read (the health checks name them).
    pub fn damaged(&self) -> Vec<String> {
        self.damaged.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// The reference of a booking made from an identical form since `since`
    /// that still stands (requested or confirmed).
    pub fn repeat_of(&self, fingerprint: i64, since: jiff::Timestamp) -> io::Result<Option<String>> {
        self.store.read(|c| {
            c.query_row(
                "SELECT reference FROM bookings WHERE fingerprint = ?1 AND created_at >= ?2
                 AND status IN ('requested', 'confirmed') ORDER BY created_at LIMIT 1",
                params![fingerprint, since.as_second()],
                // A reference that cannot be read is no repeat to point to.
                |row| Ok(columns::text(row, 0).ok()),
            )
            .optional()
            .map(Option::flatten)
            .map_err(sql)
        })
    }

    /// The booking's language, kept beside its JSON: the pages of a booking
    /// whose row cannot be read still apologise in the customer's language.
    pub fn language_of(&self, reference: &str) -> Option<Lang> {
        let lang: Option<Option<String>> = self
            .store
            .read(|c| {
                let lang = |row: &rusqlite::Row<'_>| Ok(columns::optional_text(row, 0).ok().flatten());
                c.query_row("SELECT lang FROM bookings WHERE reference = ?1", [reference], lang)
                    .optional()
                    .map_err(sql)
            })
            .ok()?;
        lang.flatten().as_deref().and_then(Lang::parse)
    }

    pub fn get(&self, reference: &str) -> io::Result<Option<Record>> {
        self.store.read(|c| get(c, reference)).inspect_err(|e| {
            if e.kind() == io::ErrorKind::InvalidData {
                tracing::error!(%reference, error = %e, "a booking's row cannot be read");
                self.damaged.lock().unwrap_or_else(|e| e.into_inner()).insert(reference.to_string());
            }
        })
    }

    /// The rides of the dispatchers' calendar: bookings in one of `statuses`
    /// whose pick-up lies in `from..until`, at most `cap` of them, and how many
    /// more there were. Answered ones (all but `requested`) are kept first, then
    /// the soonest: a flood of requests cannot push a ride staff took out.
    pub fn dispatch_rides(
        &self,
        statuses: &[Status],
        (from, until): (jiff::Timestamp, jiff::Timestamp),
        cap: usize,
    ) -> io::Result<(Vec<Record>, usize)> {
        // Named, not excluded: a status added later stays out until it is listed.
        let listed: Vec<String> = statuses.iter().map(|s| format!("'{}'", s.code())).collect();
        let wanted = format!("status IN ({}) AND pickup_at >= ?1 AND pickup_at < ?2", listed.join(", "));
        let window = params![from.as_second(), until.as_second()];
        self.store.read(|c| {
            let total: i64 = c
                .query_row(&format!("SELECT COUNT(*) FROM bookings WHERE {wanted}"), window, |row| row.get(0))
                .map_err(sql)?;
            let mut statement = c
                .prepare(&format!(
                    "SELECT {RECORD_COLUMNS} FROM bookings WHERE {wanted}
                     ORDER BY status = 'requested', pickup_at, reference LIMIT {cap}"
                ))
                .map_err(sql)?;
            let rows = statement.query_map(window, read_row).map_err(sql)?;
            let mut records = readable(rows, &self.damaged)?;
            let key = |r: &Record| (r.booking.pickup_at.instant(), r.booking.reference.as_str().to_string());
            records.sort_by_cached_key(key);
            Ok((records, usize::try_from(total).unwrap_or(usize::MAX).saturating_sub(cap)))
        })
    }

    /// Requested and confirmed bookings whose pick-up is after `now`.
    pub fn awaiting_reminders(&self, now: jiff::Timestamp) -> io::Result<Vec<Record>> {
        self.store.read(|c| {
            let mut statement = c
                .prepare(&format!(
                    "SELECT {RECORD_COLUMNS} FROM bookings
                     WHERE status IN ('requested', 'confirmed') AND pickup_at > ?1 ORDER BY pickup_at"
                ))
                .map_err(sql)?;
            let rows = statement.query_map([now.as_second()], read_row).map_err(sql)?;
            readable(rows, &self.damaged)
        })
    }

    /// Deletes bookings whose pick-up and creation both lie more than
    /// `retention` in the past; returns how many.
    pub fn sweep(&self, retention: Duration, now: jiff::Timestamp) -> io::Result<usize> {
        let cutoff = cutoff(retention, now);
        self.store.sweep(|tx| {
            tx.execute("DELETE FROM bookings WHERE pickup_at < ?1 AND created_at < ?1", [cutoff]).map_err(sql)
        })
    }
}

pub(crate) fn get(connection: &Connection, reference: &str) -> io::Result<Option<Record>> {
    connection
        .query_row(
            &format!("SELECT {RECORD_COLUMNS} FROM bookings WHERE reference = ?1"),
            [reference],
            read_row,
        )
        .optional()
        .map_err(sql)?
        .map(|(_, record)| record)
        .transpose()
}

/// Stores a new booking (status requested, sequence 0) with the fingerprint
/// of the form it came from (for repeats after a restart) and the tag of the
/// sender's network (for junk, `bookings::junk`).
pub fn insert(
    tx: &Transaction<'_>,
    booking: &Booking,
    calendar_uid: &str,
    (fingerprint, network): (Option<i64>, Option<&str>),
) -> io::Result<()> {
    let json = serde_json::to_string(booking).map_err(invalid)?;
    tx.execute(
        "INSERT INTO bookings (reference, status, pickup_at, created_at, sequence, calendar_uid, booking, fingerprint, lang, network)
         VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?7, ?8, ?9)",
        params![booking.reference.as_str(), Status::Requested.code(), pickup_seconds(booking), booking.received_at.as_second(), calendar_uid, json, fingerprint, booking.lang.code(), network],
    )
    .map_err(sql)?;
    Ok(())
}

/// Records the answer if the booking is still unanswered at `sequence`.
/// `false`: someone else answered first; nothing was changed.
pub fn answer(tx: &Transaction<'_>, reference: &str, sequence: u32, answer: &Answer) -> io::Result<bool> {
    let json = serde_json::to_string(answer).map_err(invalid)?;
    let changed = tx
        .execute(
            "UPDATE bookings SET status = ?1, answer = ?2, answered_at = ?3, sequence = sequence + 1
             WHERE reference = ?4 AND status = 'requested' AND sequence = ?5",
            params![answer.action.status().code(), json, answer.answered_at.as_second(), reference, sequence],
        )
        .map_err(sql)?;
    superseded_if(tx, changed, reference)
}

/// Records the customer's step if the booking is still at `sequence` (so
/// still in the status it was read in), moving its pick-up (and a return
/// ride the step moved) to the step's.
/// `false`: the booking changed meanwhile; nothing was changed.
pub fn customer_step(
    tx: &Transaction<'_>,
    booking: &Booking,
    sequence: u32,
    step: &CustomerStep,
) -> io::Result<bool> {
    let moved = step.applied_to(booking);
    let json = serde_json::to_string(&moved).map_err(invalid)?;
    let step_json = serde_json::to_string(step).map_err(invalid)?;
    let changed = tx
        .execute(
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
        )
        .map_err(sql)?;
    superseded_if(tx, changed, booking.reference.as_str())
}

/// After a change of the booking (`changed` rows), the reminders of it still
/// queued are untrue: they are dropped in the same transaction.
pub(crate) fn superseded_if(tx: &Transaction<'_>, changed: usize, reference: &str) -> io::Result<bool> {
    if changed != 1 {
        return Ok(false);
    }
    let dropped = crate::mail::supersede(tx, reference, jiff::Timestamp::now().as_millisecond())?;
    if dropped > 0 {
        tracing::info!(%reference, dropped, "queued reminders dropped: the booking changed");
    }
    Ok(true)
}

/// Adds `key` to the reminders sent if the booking is still at `sequence`
/// and has not got it, so that of two checks at once (or a check after a
/// crash) a reminder goes out once. `false`: sent already, the booking
/// changed, or its row cannot be read (logged); nothing was changed.
pub fn remind(tx: &Transaction<'_>, reference: &str, sequence: u32, key: &str) -> io::Result<bool> {
    let sent = tx
        .query_row(
            "SELECT reminders FROM bookings WHERE reference = ?1 AND sequence = ?2",
            params![reference, sequence],
            |row| Ok(columns::optional_text(row, 0).and_then(|json| parsed::<Vec<String>>("reminders", json))),
        )
        .optional()
        .map_err(sql)?;
    let mut keys = match sent {
        None => return Ok(false),
        Some(Ok(keys)) => keys.unwrap_or_default(),
        // Damaged since it was read: no reminder rather than no reminders for anyone.
        Some(Err(e)) => {
            tracing::error!(%reference, error = %e, "a booking's row cannot be read: no reminder sent");
            return Ok(false);
        }
    };
    if keys.iter().any(|k| k == key) {
        return Ok(false);
    }
    keys.push(key.to_string());
    let json = serde_json::to_string(&keys).map_err(invalid)?;
    tx.execute("UPDATE bookings SET reminders = ?1 WHERE reference = ?2", params![json, reference])
        .map_err(sql)?;
    Ok(true)
}

/// The columns a [`Record`] is read from, in [`record`]'s order.
const RECORD_COLUMNS: &str =
    "status, sequence, calendar_uid, booking, answer, customer_step, reminders, reference";

/// A row as read: its reference (as text whatever the row holds, for the log
/// and the health checks) and its record, or why that one cannot be read.
type Read = (String, io::Result<Record>);

/// Never fails for what a row holds (only for an error of the query itself):
/// a damaged row is its own record's error, not every record's.
fn read_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Read> {
    Ok((columns::shown(row, 7), record(row)))
}

fn record(row: &rusqlite::Row<'_>) -> io::Result<Record> {
    let status = columns::text(row, 0)?;
    let sequence = columns::integer(row, 1)?;
    Ok(Record {
        status: Status::parse(&status).ok_or_else(|| invalid(format!("status: unknown {status:?}")))?,
        sequence: u32::try_from(sequence)
            .map_err(|_| invalid(format!("sequence: {sequence} out of range")))?,
        calendar_uid: columns::text(row, 2)?,
        booking: serde_json::from_str(&columns::text(row, 3)?)
            .map_err(|e| invalid(format!("booking: {e}")))?,
        answer: parsed("answer", columns::optional_text(row, 4)?)?,
        customer_step: parsed("customer_step", columns::optional_text(row, 5)?)?,
        reminders_sent: parsed("reminders", columns::optional_text(row, 6)?)?.unwrap_or_default(),
    })
}

/// The JSON of `column`, if any.
fn parsed<T: serde::de::DeserializeOwned>(column: &str, json: Option<String>) -> io::Result<Option<T>> {
    json.map(|json| serde_json::from_str(&json)).transpose().map_err(|e| invalid(format!("{column}: {e}")))
}

/// The records of `rows` that can be read; a damaged one is logged, remembered
/// in `damaged` and left out.
fn readable(
    rows: impl Iterator<Item = rusqlite::Result<Read>>,
    damaged: &Mutex<BTreeSet<String>>,
) -> io::Result<Vec<Record>> {
    let mut records = Vec::new();
    for row in rows {
        match row.map_err(sql)? {
            (_, Ok(record)) => records.push(record),
            (reference, Err(e)) => {
                tracing::error!(%reference, error = %e, "a booking's row cannot be read: left out of the lists");
                damaged.lock().unwrap_or_else(|e| e.into_inner()).insert(reference);
            }
        }
    }
    Ok(records)
}

/// The Unix time before which a booking's pick-up and creation must both lie
/// for the sweep to delete it.
fn cutoff(retention: Duration, now: jiff::Timestamp) -> i64 {
    now.as_second().saturating_sub(i64::try_from(retention.as_secs()).unwrap_or(i64::MAX))
}

/// The pick-up as a Unix time.
fn pickup_seconds(booking: &Booking) -> i64 {
    booking.pickup_at.instant().as_second()
}
