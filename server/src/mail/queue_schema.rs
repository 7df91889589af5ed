//! The outbox's tables as the store keeps them (`queue.rs` reads and writes
//! them): their schema, the columns added since the first release, and the
//! one-time move of the bodies out of the records for a store of an earlier one.
use std::io;

use rusqlite::{Connection, Transaction};

use crate::store::sql;

pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS mails (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT NOT NULL,
    reference       TEXT NOT NULL,
    message_id      TEXT NOT NULL,
    envelope_from   TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    customer_phone  TEXT,
    created_at      INTEGER NOT NULL,
    state           TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_attempt_at INTEGER,
    last_error      TEXT,
    finished_at     INTEGER,
    -- Unused: where an earlier release kept the body (now `mail_bodies`).
    raw             BLOB,
    -- A perishable mail is not sent after this time (ms), nor once superseded.
    perishes_at     INTEGER,
    -- The spool file a mail of an earlier release was taken over from.
    legacy_id       TEXT UNIQUE,
    -- The client whose request queued the mail (`fair.rs`), while it is queued.
    client_network  TEXT,
    -- When the next attempt is due (ms; NULL: at once), written with each attempt's record.
    next_attempt_at INTEGER,
    -- Attempts whose outcome was unknown (the server may have stored the mail): bounded.
    unknown_outcomes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS mails_state ON mails (state, finished_at);
-- A step drops or forgets the mails of its booking (reminders superseded, junk).
CREATE INDEX IF NOT EXISTS mails_reference ON mails (reference);
-- The messages, apart from their records: a body is kept only while its mail is queued (or
-- quarantined, for a person to read). Kept in the record's row, a delivered mail left a
-- page-sized hole that later rows never filled (2.9 KB a mail, against 0.2 KB this way).
CREATE TABLE IF NOT EXISTS mail_bodies (
    mail_id INTEGER PRIMARY KEY,
    raw     BLOB NOT NULL
);
CREATE TRIGGER IF NOT EXISTS mail_body_dropped_when_finished
    AFTER UPDATE OF state ON mails WHEN NEW.state NOT IN ('queued', 'quarantined')
    BEGIN DELETE FROM mail_bodies WHERE mail_id = NEW.id; END;
CREATE TRIGGER IF NOT EXISTS mail_body_dropped_with_its_record
    AFTER DELETE ON mails
    BEGIN DELETE FROM mail_bodies WHERE mail_id = OLD.id; END;";

/// A store of an earlier release kept the bodies in `mails.raw`: moved once
/// ([`move_bodies`]), those still needed into `mail_bodies`.
const MOVE_BODIES: &str = "
INSERT OR IGNORE INTO mail_bodies (mail_id, raw)
    SELECT id, raw FROM mails WHERE raw IS NOT NULL AND state IN ('queued', 'quarantined');
UPDATE mails SET raw = NULL WHERE raw IS NOT NULL;";

/// Whether a record still holds its body, as an earlier release kept it. Probed
/// before [`move_bodies`], so that a start with nothing to move writes nothing.
pub(crate) fn bodies_left(connection: &Connection) -> io::Result<bool> {
    let mut probe = connection.prepare("SELECT 1 FROM mails WHERE raw IS NOT NULL LIMIT 1").map_err(sql)?;
    probe.exists([]).map_err(sql)
}

/// Moves the bodies an earlier release kept in the records (see [`MOVE_BODIES`]).
pub(crate) fn move_bodies(tx: &Transaction<'_>) -> io::Result<()> {
    tx.execute_batch(MOVE_BODIES).map_err(sql)
}

/// Columns added since the table was first made, for stores of earlier releases.
pub(crate) const ADDED: [(&str, &str, &str); 3] = [
    ("mails", "client_network", "TEXT"),
    ("mails", "next_attempt_at", "INTEGER"),
    ("mails", "unknown_outcomes", "INTEGER NOT NULL DEFAULT 0"),
];
