//! The booking store's file: its schema (and the columns added since), the
//! check at start-up, and moving a damaged file aside.
use std::{
    fs::OpenOptions,
    io,
    os::unix::fs::OpenOptionsExt,
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::Connection;

pub(crate) fn invalid(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e.to_string())
}

/// SQLite's error as an I/O error; damage (a corrupt file, or no database
/// at all) is `InvalidData`.
pub(crate) fn sql(e: rusqlite::Error) -> io::Error {
    let damaged = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    );
    io::Error::new(if damaged { io::ErrorKind::InvalidData } else { io::ErrorKind::Other }, e)
}

/// Opens (creating) the database at `path` with its schema, and checks it.
pub(crate) fn open_checked(path: &Path) -> io::Result<Connection> {
    // Personal data: the file (and SQLite's -wal and -shm files, which copy
    // its mode) readable by this user only.
    OpenOptions::new().create(true).append(true).mode(0o600).open(path)?;
    let connection = Connection::open(path).map_err(sql)?;
    connection
        .execute_batch(
            "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 -- A deleted booking is overwritten, not left readable in free pages.
                 PRAGMA secure_delete = ON;
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
                 CREATE INDEX IF NOT EXISTS bookings_created_at ON bookings (created_at);",
        )
        .map_err(sql)?;
    // Added later: stores made before them get the columns (empty for their rows).
    for (column, kind) in [("fingerprint", "INTEGER"), ("customer_step", "TEXT"), ("reminders", "TEXT")] {
        if !has_column(&connection, column)? {
            connection
                .execute_batch(&format!("ALTER TABLE bookings ADD COLUMN {column} {kind}"))
                .map_err(sql)?;
        }
    }
    connection
        .execute_batch("CREATE INDEX IF NOT EXISTS bookings_fingerprint ON bookings (fingerprint);")
        .map_err(sql)?;
    connection.busy_timeout(Duration::from_secs(5)).map_err(sql)?;
    let check: String = connection.query_row("PRAGMA quick_check", [], |row| row.get(0)).map_err(sql)?;
    if check != "ok" {
        return Err(invalid(format!("quick_check: {check}")));
    }
    Ok(connection)
}

fn has_column(connection: &Connection, name: &str) -> io::Result<bool> {
    connection
        .prepare("SELECT 1 FROM pragma_table_info('bookings') WHERE name = ?1")
        .and_then(|mut s| s.exists([name]))
        .map_err(sql)
}

/// Renames a damaged store and its `-wal` and `-shm` files out of the way.
pub(crate) fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let suffix = format!("damaged-{}", jiff::Timestamp::now().as_second());
    let aside = path.with_extension(format!("sqlite3.{suffix}"));
    std::fs::rename(path, &aside)?;
    for extra in ["-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{extra}", path.display()));
        if from.exists() {
            std::fs::rename(&from, format!("{}{extra}", aside.display()))?;
        }
    }
    std::fs::File::open(path.parent().unwrap_or(Path::new(".")))?.sync_all()?;
    Ok(aside)
}

/// The file's device and inode number.
pub(crate) fn identity(path: &Path) -> io::Result<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok((meta.dev(), meta.ino()))
}
