//! Unit tests of the parent module, kept apart to keep files short: where a
//! mail's body is kept, and a store of the previous release taken over.
use rusqlite::{params, Connection};

use super::*;
use crate::mail::queue_schema::{bodies_left, move_bodies, ADDED, SCHEMA};

/// The mails table as the previous release made it: the body in `mails.raw`.
const PREVIOUS_RELEASE: &str = "
CREATE TABLE mails (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, reference TEXT NOT NULL,
    message_id TEXT NOT NULL, envelope_from TEXT NOT NULL, recipient TEXT NOT NULL,
    customer_phone TEXT, created_at INTEGER NOT NULL, state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, last_attempt_at INTEGER, last_error TEXT,
    finished_at INTEGER, raw BLOB, perishes_at INTEGER, legacy_id TEXT UNIQUE);";

fn row(connection: &Connection, state: &str, raw: &[u8]) -> i64 {
    connection
        .execute(
            "INSERT INTO mails (kind, reference, message_id, envelope_from, recipient, created_at, state, raw)
             VALUES ('booking-staff', 'R-ABC123', ?3, 'rit@example.nl', 'planning@example.nl', 0, ?1, ?2)",
            params![state, raw, format!("<{state}@example.nl>")],
        )
        .unwrap();
    connection.last_insert_rowid()
}

fn bodies(connection: &Connection) -> Vec<(i64, Vec<u8>)> {
    let mut statement = connection.prepare("SELECT mail_id, raw FROM mail_bodies ORDER BY mail_id").unwrap();
    statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
}

fn migrated(connection: &Connection) {
    connection.execute_batch(SCHEMA).unwrap();
    for (table, column, kind) in ADDED {
        let _ = connection.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"));
    }
    if bodies_left(connection).unwrap() {
        let tx = connection.unchecked_transaction().unwrap();
        move_bodies(&tx).unwrap();
        tx.commit().unwrap();
    }
}

#[test]
fn a_previous_releases_bodies_move_out_once_and_only_those_still_needed() {
    let connection = Connection::open_in_memory().unwrap();
    connection.execute_batch(PREVIOUS_RELEASE).unwrap();
    let queued = row(&connection, "queued", b"Subject: waiting");
    row(&connection, "delivered", b"Subject: gone");
    let failed = row(&connection, "failed", b"Subject: failed");
    let quarantined = row(&connection, "quarantined", b"Subject: for a person");
    migrated(&connection);
    migrated(&connection);
    assert_eq!(
        bodies(&connection),
        [(queued, b"Subject: waiting".to_vec()), (quarantined, b"Subject: for a person".to_vec())]
    );
    let left: i64 =
        connection.query_row("SELECT count(*) FROM mails WHERE raw IS NOT NULL", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 0, "no body left in the records");
    assert_eq!(read(&connection, queued).unwrap().raw, b"Subject: waiting");
    assert!(read(&connection, failed).is_err_and(|e| e.kind() == io::ErrorKind::NotFound));
}

#[test]
fn a_body_is_kept_while_its_mail_is_queued_and_goes_with_every_end() {
    let mut connection = Connection::open_in_memory().unwrap();
    migrated(&connection);
    let tx = connection.transaction().unwrap();
    let new = |tx: &Transaction<'_>, reference: &str, perishes_at: Option<i64>| {
        insert(
            tx,
            &NewRow {
                kind: MailKind::new("booking-staff"),
                reference,
                message_id: "<m@example.nl>",
                envelope_from: "rit@example.nl",
                recipient: "planning@example.nl",
                customer_phone: None,
                created_at: 0,
                raw: b"Subject: a ride",
                perishes_at,
                legacy_id: None,
                cause: Cause::parse(None),
            },
        )
        .unwrap()
    };
    let [delivered, retried, given_up, perishing, _superseded, swept] =
        ["R-1", "R-2", "R-3", "R-4", "R-5", "R-6"].map(|r| new(&tx, r, Some(1)));
    record_attempt(&tx, delivered, 1, 5, Attempt::Delivered).unwrap();
    let retry = Attempt::Retry { error: "connection reset", next: 9_000, unknown: true };
    record_attempt(&tx, retried, 1, 5, retry).unwrap();
    record_attempt(&tx, given_up, 1, 5, Attempt::GivenUp { error: "550 no such user", unknown: false })
        .unwrap();
    let waiting: Vec<_> = queued(&tx).unwrap().0.into_iter().filter(|q| q.id == retried).collect();
    assert_eq!(
        (waiting[0].next_attempt_at, waiting[0].unknown_outcomes),
        (Some(9_000), 1),
        "the next attempt's time and the unknown outcome are the row's, for a restart"
    );
    finish(&tx, perishing, "superseded", 5).unwrap();
    supersede(&tx, "R-5", 5).unwrap();
    finish(&tx, swept, "quarantined", 5).unwrap();
    assert_eq!(
        bodies(&tx).iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        [retried, swept],
        "queued, quarantined"
    );
    assert_eq!(sweep(&tx, 10).unwrap(), 5);
    assert_eq!(bodies(&tx).iter().map(|(id, _)| *id).collect::<Vec<_>>(), [retried]);
}
