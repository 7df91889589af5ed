//! What each customer mailbox had today, kept in the store: the gate's daily
//! caps (`customer.rs`) hold across restarts, and a mailbox forgotten by the
//! gate's memory (a flood of other addresses pushing it out) is read back
//! instead of starting its day again. A row is written in the transaction
//! that queues the mail it counts, so a count and its mail go together.
//!
//! The mailbox is kept as a hash, not the address: the table outlives a junk
//! booking's erasure by a day at most, and needs no more than equality.
use std::io;

use rusqlite::{params, Connection, OptionalExtension, Transaction};
use sha2::{Digest, Sha256};

use crate::store::sql;

pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS mailbox_days (
    mailbox TEXT NOT NULL,
    day     TEXT NOT NULL,
    opened  INTEGER NOT NULL,
    mails   INTEGER NOT NULL,
    PRIMARY KEY (mailbox, day)
) WITHOUT ROWID;";

/// What one mailbox had on one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Day {
    pub(crate) date: jiff::civil::Date,
    /// Bookings and messages that mailed it.
    pub(crate) opened: u32,
    /// Mails to it.
    pub(crate) mails: u32,
}

impl Day {
    pub(crate) fn new(date: jiff::civil::Date) -> Self {
        Self { date, opened: 0, mails: 0 }
    }
}

/// The row key of `mailbox` (however spelt, as `Email::mailbox` makes it).
fn key(mailbox: &str) -> String {
    let digest = Sha256::new_with_prefix(b"taxi mailbox day\0").chain_update(mailbox.as_bytes()).finalize();
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// What `mailbox` had on `date`.
pub(crate) fn load(connection: &Connection, mailbox: &str, date: jiff::civil::Date) -> io::Result<Day> {
    let counts: Option<(u32, u32)> = connection
        .query_row(
            "SELECT opened, mails FROM mailbox_days WHERE mailbox = ?1 AND day = ?2",
            params![key(mailbox), date.to_string()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(sql)?;
    let (opened, mails) = counts.unwrap_or_default();
    Ok(Day { date, opened, mails })
}

/// One more mail to `mailbox` on `date`; `opens`: the first of a booking or message.
pub(crate) fn count(
    tx: &Transaction<'_>,
    mailbox: &str,
    date: jiff::civil::Date,
    opens: bool,
) -> io::Result<()> {
    tx.execute(
        "INSERT INTO mailbox_days (mailbox, day, opened, mails) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (mailbox, day) DO UPDATE SET opened = opened + ?3, mails = mails + 1",
        params![key(mailbox), date.to_string(), u32::from(opens)],
    )
    .map_err(sql)
    .map(drop)
}

/// Deletes the days before `date`'s eve (a day in any time zone is over by then).
pub(crate) fn sweep(tx: &Transaction<'_>, date: jiff::civil::Date) -> io::Result<usize> {
    let eve = date.yesterday().map_err(|e| io::Error::other(e.to_string()))?;
    tx.execute("DELETE FROM mailbox_days WHERE day < ?1", [eve.to_string()]).map_err(sql)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailboxs_day_adds_up_and_old_days_go() {
        let mut connection = Connection::open_in_memory().unwrap();
        connection.execute_batch(SCHEMA).unwrap();
        let tx = connection.transaction().unwrap();
        let monday: jiff::civil::Date = "2026-11-23".parse().unwrap();
        let tuesday = monday.tomorrow().unwrap();
        count(&tx, "zoe@example.nl", monday, true).unwrap();
        count(&tx, "zoe@example.nl", monday, false).unwrap();
        count(&tx, "zoe@example.nl", tuesday, true).unwrap();
        assert_eq!(load(&tx, "zoe@example.nl", monday).unwrap(), Day { date: monday, opened: 1, mails: 2 });
        assert_eq!(load(&tx, "ann@example.nl", monday).unwrap(), Day::new(monday));
        let stored: String =
            tx.query_row("SELECT group_concat(mailbox) FROM mailbox_days", [], |r| r.get(0)).unwrap();
        assert!(!stored.contains('@'), "no address is kept: {stored}");
        assert_eq!(sweep(&tx, tuesday.tomorrow().unwrap()).unwrap(), 1, "monday goes, tuesday stays");
        assert_eq!(load(&tx, "zoe@example.nl", tuesday).unwrap().opened, 1);
    }
}
