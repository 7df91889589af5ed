//! The booking store's side of reminders: the bookings that may still need
//! one, and recording one as sent in the transaction that spools its mail, so
//! that of two checks at once (or a check after a crash) it goes out once.
use std::io;

use rusqlite::{params, TransactionBehavior};

use crate::booking::{
    store::{raw_record, record, BookingStore, RECORD_COLUMNS},
    store_file::{invalid, sql},
    Record,
};

impl BookingStore {
    /// Requested and confirmed bookings whose pick-up is after `now`.
    pub fn awaiting_reminders(&self, now: jiff::Timestamp) -> io::Result<Vec<Record>> {
        let connection = self.lock();
        let mut statement = connection
            .prepare(&format!(
                "SELECT {RECORD_COLUMNS} FROM bookings
                 WHERE status IN ('requested', 'confirmed') AND pickup_at > ?1 ORDER BY pickup_at"
            ))
            .map_err(sql)?;
        let rows = statement.query_map([now.as_second()], raw_record).map_err(sql)?;
        rows.map(|row| row.map_err(sql).and_then(record)).collect()
    }

    /// Adds `key` to the reminders sent if the booking is still at `sequence`
    /// and has not got it, running `also` (writing the mails) inside the same
    /// transaction. `false`: sent already, or the booking changed; nothing
    /// was changed and `also` did not run.
    pub fn remind(
        &self,
        reference: &str,
        sequence: u32,
        key: &str,
        also: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<bool> {
        self.write(|connection| {
            let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
            let sent: Option<Option<String>> = tx
                .query_row(
                    "SELECT reminders FROM bookings WHERE reference = ?1 AND sequence = ?2",
                    params![reference, sequence],
                    |row| row.get(0),
                )
                .map(Some)
                .or_else(|e| if e == rusqlite::Error::QueryReturnedNoRows { Ok(None) } else { Err(e) })
                .map_err(sql)?;
            let Some(sent) = sent else { return Ok(false) };
            let mut keys: Vec<String> =
                sent.map(|s| serde_json::from_str(&s)).transpose().map_err(invalid)?.unwrap_or_default();
            if keys.iter().any(|k| k == key) {
                return Ok(false);
            }
            keys.push(key.to_string());
            let json = serde_json::to_string(&keys).map_err(invalid)?;
            tx.execute("UPDATE bookings SET reminders = ?1 WHERE reference = ?2", params![json, reference])
                .map_err(sql)?;
            also()?;
            tx.commit().map_err(sql)?;
            Ok(true)
        })
    }
}
