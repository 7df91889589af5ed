//! The outbox's table in the store: one row per mail and recipient, written
//! in the transaction of the step that the mail announces, and moved through
//! its states by the sender.
//!
//! | state | meaning |
//! |---|---|
//! | `queued` | accepted, not yet delivered (attempts and last error kept) |
//! | `delivered` | the server took it; the body is dropped, the record kept for the retention |
//! | `failed` | refused for good, given up, or its outcome unknown three times; staff were told; the body is dropped, the record kept |
//! | `quarantined` | a row that cannot be read; kept for a person to look at |
//! | `superseded` | a perishable mail (a reminder) whose time passed, or whose subject changed, before it went; a mail to a junk booking's address not sent yet |
//!
//! Nothing marks a mail in flight durably: after a crash, a mail whose
//! conversation was under way is still `queued` and goes once more (same
//! Message-ID), the only duplicate this design allows.
use std::io;

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::{
    mail::{fair::Cause, MailKind, OutgoingMail},
    store::{columns, invalid, sql, Store},
    telemetry::metrics,
};

/// What the sender keeps in memory of a queued mail: not its text.
#[derive(Debug, Clone)]
pub(crate) struct Queued {
    pub(crate) id: i64,
    /// Milliseconds since the epoch.
    pub(crate) created_at: i64,
    /// Lower-cased: the mailbox's delivery slots, and the order of one booking's mails to it.
    pub(crate) recipient: String,
    /// The booking (or message) the mail is about.
    pub(crate) reference: String,
    pub(crate) cause: Cause,
    /// When its next attempt is due (ms since the epoch); `None`: now.
    pub(crate) next_attempt_at: Option<i64>,
    /// Its attempts whose outcome was unknown.
    pub(crate) unknown_outcomes: u32,
}

/// A mail as the sender reads it to send it.
pub(crate) struct Row {
    pub(crate) id: i64,
    pub(crate) kind: MailKind,
    pub(crate) reference: String,
    pub(crate) envelope_from: String,
    pub(crate) recipient: String,
    pub(crate) customer_phone: Option<String>,
    pub(crate) created_at: i64,
    pub(crate) attempts: u32,
    /// Attempts that ended with the outcome unknown.
    pub(crate) unknown_outcomes: u32,
    pub(crate) raw: Vec<u8>,
    /// Milliseconds since the epoch; see [`OutgoingMail::perishes_at`].
    pub(crate) perishes_at: Option<i64>,
    pub(crate) cause: Cause,
}

/// What a new row is made of, for [`insert`].
pub(crate) struct NewRow<'a> {
    pub(crate) kind: MailKind,
    pub(crate) reference: &'a str,
    pub(crate) message_id: &'a str,
    pub(crate) envelope_from: &'a str,
    pub(crate) recipient: &'a str,
    pub(crate) customer_phone: Option<&'a str>,
    pub(crate) created_at: i64,
    pub(crate) raw: &'a [u8],
    pub(crate) perishes_at: Option<i64>,
    pub(crate) legacy_id: Option<&'a str>,
    pub(crate) cause: Cause,
}

/// Queues `mail` as caused by `cause`, one row per recipient with the same message: each
/// recipient has its own attempts and outcome, so a refused address can
/// neither delay nor drop the mail to another.
pub(crate) fn insert_mail(
    tx: &Transaction<'_>,
    mail: &OutgoingMail,
    created_at: i64,
    cause: Cause,
) -> io::Result<Vec<Queued>> {
    mail.recipients
        .iter()
        .map(|recipient| {
            insert(
                tx,
                &NewRow {
                    kind: mail.kind.clone(),
                    reference: &mail.reference,
                    message_id: &mail.message_id,
                    envelope_from: &mail.envelope_from,
                    recipient,
                    customer_phone: mail.customer_phone.as_deref(),
                    created_at,
                    raw: &mail.raw,
                    perishes_at: mail.perishes_at.map(|at| at.as_millisecond()),
                    legacy_id: None,
                    cause,
                },
            )
            .map(|id| Queued {
                id,
                created_at,
                recipient: recipient.to_lowercase(),
                reference: mail.reference.clone(),
                cause,
                next_attempt_at: None,
                unknown_outcomes: 0,
            })
        })
        .collect()
}

/// Inserts a queued row; `None` when a row taken over from the same spool file exists.
pub(crate) fn insert(tx: &Transaction<'_>, row: &NewRow<'_>) -> io::Result<i64> {
    tx.execute(
        "INSERT INTO mails (kind, reference, message_id, envelope_from, recipient, customer_phone, created_at, state, perishes_at, legacy_id, client_network)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued', ?8, ?9, ?10)",
        params![
            row.kind.code(),
            row.reference,
            row.message_id,
            row.envelope_from,
            row.recipient,
            row.customer_phone,
            row.created_at,
            row.perishes_at,
            row.legacy_id,
            row.cause.stored()
        ],
    )
    .map_err(sql)?;
    let id = tx.last_insert_rowid();
    tx.execute("INSERT INTO mail_bodies (mail_id, raw) VALUES (?1, ?2)", params![id, row.raw])
        .map_err(sql)?;
    Ok(id)
}

/// Every queued mail that can be read, oldest first. A row that cannot (damage
/// on disk or by hand) is quarantined at start: it must stop neither the start
/// nor the others, and the sender could never give it a turn.
pub(crate) fn load_queued(store: &Store) -> io::Result<Vec<Queued>> {
    let (queued, unreadable) = store.read(queued)?;
    if !unreadable.is_empty() {
        let now = jiff::Timestamp::now().as_millisecond();
        store.write_critical(|tx| {
            unreadable.iter().try_for_each(|(id, _)| finish(tx, *id, "quarantined", now))
        })?;
    }
    for (id, e) in unreadable {
        tracing::error!(id, error = %e, "unreadable mail row quarantined at start");
        metrics::mail("quarantined");
    }
    Ok(queued)
}

/// A queued row that cannot be read: its id and why.
type Unreadable = (i64, io::Error);

/// Every queued mail, oldest first, and the queued rows that cannot be read.
pub(crate) fn queued(connection: &Connection) -> io::Result<(Vec<Queued>, Vec<Unreadable>)> {
    let mut statement = connection
        .prepare(
            "SELECT id, created_at, recipient, reference, client_network, next_attempt_at, unknown_outcomes
             FROM mails WHERE state = 'queued' ORDER BY id",
        )
        .map_err(sql)?;
    let rows = statement
        .query_map([], |row| {
            let id: i64 = row.get(0)?; // the rowid: always an integer
            let read = || {
                Ok(Queued {
                    id,
                    created_at: columns::integer(row, 1)?,
                    recipient: columns::text(row, 2)?.to_lowercase(),
                    reference: columns::text(row, 3)?,
                    cause: Cause::parse(columns::optional_text(row, 4)?.as_deref()),
                    next_attempt_at: columns::optional_integer(row, 5)?,
                    unknown_outcomes: u32::try_from(columns::integer(row, 6)?).unwrap_or(u32::MAX),
                })
            };
            Ok(read().map_err(|e: io::Error| (id, e)))
        })
        .map_err(sql)?;
    let (mut queued, mut unreadable) = (Vec::new(), Vec::new());
    for row in rows {
        match row.map_err(sql)? {
            Ok(mail) => queued.push(mail),
            Err(damaged) => unreadable.push(damaged),
        }
    }
    Ok((queued, unreadable))
}

/// How many rows are in each finished state: delivered, failed, quarantined.
pub(crate) fn finished_counts(connection: &Connection) -> io::Result<[usize; 3]> {
    connection
        .query_row(
            "SELECT count(*) FILTER (WHERE state = 'delivered'), count(*) FILTER (WHERE state = 'failed'),
                    count(*) FILTER (WHERE state = 'quarantined')
             FROM mails WHERE state IN ('delivered', 'failed', 'quarantined')",
            [],
            |r| Ok([r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?]),
        )
        .map(|counts| counts.map(|n| n as usize))
        .map_err(sql)
}

/// The queued mail `id` to send. `InvalidData` when the row cannot be read
/// (the caller quarantines it); `NotFound` when it is no longer queued.
pub(crate) fn read(connection: &Connection, id: i64) -> io::Result<Row> {
    // What cannot be sent (an unknown kind, no message) fails like unreadable data.
    let unusable = |column: usize, what: String| {
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, what.into())
    };
    connection
        .query_row(
            "SELECT kind, reference, envelope_from, recipient, customer_phone, created_at, attempts, b.raw, perishes_at, client_network, unknown_outcomes
             FROM mails LEFT JOIN mail_bodies b ON b.mail_id = mails.id WHERE id = ?1 AND state = 'queued'",
            [id],
            |r| {
                let kind: String = r.get(0)?;
                let raw: Option<Vec<u8>> = r.get(7)?;
                Ok(Row {
                    id,
                    kind: MailKind::parse(&kind).ok_or_else(|| unusable(0, format!("unknown kind {kind:?}")))?,
                    reference: r.get(1)?,
                    envelope_from: r.get(2)?,
                    recipient: r.get(3)?,
                    customer_phone: r.get(4)?,
                    created_at: r.get(5)?,
                    attempts: r.get(6)?,
                    raw: raw.filter(|raw| !raw.is_empty()).ok_or_else(|| unusable(7, "no message".into()))?,
                    perishes_at: r.get(8)?,
                    cause: Cause::parse(r.get::<_, Option<String>>(9)?.as_deref()),
                    unknown_outcomes: r.get(10)?,
                })
            },
        )
        .optional()
        .map_err(|e| invalid(format!("mail {id}: {e}")))?
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, format!("mail {id} is not queued")))
}

/// What an attempt ended in, as its row records it.
pub(crate) enum Attempt<'a> {
    /// The server took the mail: its body is no longer needed, its record is
    /// kept for the retention (and keeps it from ever being sent again).
    Delivered,
    /// Not taken: the mail stays queued until `next` (ms since the epoch);
    /// `unknown`: the server may have stored it all the same.
    Retry { error: &'a str, next: i64, unknown: bool },
    /// Refused for good, for too long, or with its outcome unknown too often:
    /// staff are told from the record; the body goes, as a delivered one's
    /// does (a flood of mails to addresses that refuse them must not stay on disk).
    GivenUp { error: &'a str, unknown: bool },
}

/// Records the `attempts`-th attempt of mail `id`, made at `now`, with the
/// time of the next one: a restart sends only what is due.
pub(crate) fn record_attempt(
    tx: &Transaction<'_>,
    id: i64,
    attempts: u32,
    now: i64,
    attempt: Attempt<'_>,
) -> io::Result<()> {
    let (state, error, next, unknown) = match attempt {
        Attempt::Delivered => ("delivered", None, None, false),
        Attempt::Retry { error, next, unknown } => ("queued", Some(error), Some(next), unknown),
        Attempt::GivenUp { error, unknown } => ("failed", Some(error), None, unknown),
    };
    let changed = tx
        .execute(
            "UPDATE mails SET state = ?2, attempts = ?3, last_attempt_at = ?4,
                 finished_at = CASE WHEN ?2 = 'queued' THEN NULL ELSE ?4 END,
                 last_error = coalesce(?5, last_error),
                 client_network = CASE WHEN ?2 = 'queued' THEN client_network ELSE NULL END,
                 next_attempt_at = ?6, unknown_outcomes = unknown_outcomes + ?7
             WHERE id = ?1",
            params![id, state, attempts, now, error, next, i64::from(unknown)],
        )
        .map_err(sql)?;
    match changed {
        1 => Ok(()),
        _ => Err(io::Error::new(io::ErrorKind::NotFound, format!("mail {id} is gone"))),
    }
}

/// Ends mail `id` unsent in `state`: `quarantined` (a row that cannot be read:
/// kept aside for a person, never sent) or `superseded` (a perishable mail
/// whose time has passed).
pub(crate) fn finish(tx: &Transaction<'_>, id: i64, state: &str, now: i64) -> io::Result<()> {
    tx.execute(
        "UPDATE mails SET state = ?2, finished_at = ?3, client_network = NULL WHERE id = ?1",
        params![id, state, now],
    )
    .map_err(sql)?;
    Ok(())
}

/// Drops the perishable mails of `reference` still queued: a later step made
/// them untrue (a reminder of a ride since confirmed, moved or cancelled).
/// Returns how many.
pub fn supersede(tx: &Transaction<'_>, reference: &str, now: i64) -> io::Result<usize> {
    tx.execute(
        "UPDATE mails SET state = 'superseded', finished_at = ?2, client_network = NULL
         WHERE reference = ?1 AND state = 'queued' AND perishes_at IS NOT NULL",
        params![reference, now],
    )
    .map_err(sql)
}

/// Forgets what the mails of `reference` say about a person whose personal
/// data is deleted (a junk booking): the mails still queued to `recipient`
/// are dropped unsent, and the records of every mail to it lose the address;
/// no row of `reference` keeps a phone number, nor a body once finished
/// (the staff's mails still queued keep theirs until they go). Returns how
/// many queued mails were dropped.
pub fn forget(tx: &Transaction<'_>, reference: &str, recipient: Option<&str>, now: i64) -> io::Result<usize> {
    let mut dropped = 0;
    if let Some(recipient) = recipient.filter(|r| !r.is_empty()) {
        dropped = tx
            .execute(
                "UPDATE mails SET state = 'superseded', finished_at = ?3, client_network = NULL
                 WHERE reference = ?1 AND state = 'queued' AND recipient = ?2 COLLATE NOCASE",
                params![reference, recipient, now],
            )
            .map_err(sql)?;
        tx.execute(
            "UPDATE mails SET recipient = '' WHERE reference = ?1 AND recipient = ?2 COLLATE NOCASE",
            params![reference, recipient],
        )
        .map_err(sql)?;
    }
    tx.execute("UPDATE mails SET customer_phone = NULL WHERE reference = ?1", [reference]).map_err(sql)?;
    Ok(dropped)
}

/// Deletes finished rows (delivered, failed, quarantined, superseded) finished before `cutoff`.
pub(crate) fn sweep(tx: &Transaction<'_>, cutoff: i64) -> io::Result<usize> {
    tx.execute("DELETE FROM mails WHERE state <> 'queued' AND finished_at < ?1", [cutoff]).map_err(sql)
}

#[cfg(test)]
#[path = "queue_tests.rs"]
mod tests;
