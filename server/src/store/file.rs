//! The store's file: opening it with its pragmas and checking it, the lock,
//! adopting the booking store of an earlier release.
use std::{
    fs::{File, OpenOptions},
    io,
    os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
    time::Duration,
};

use rusqlite::Connection;

pub fn invalid(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e.to_string())
}

/// SQLite's error as an I/O error; damage (a corrupt file, or no database
/// at all) is `InvalidData`.
pub fn sql(e: rusqlite::Error) -> io::Error {
    let damaged = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    );
    io::Error::new(if damaged { io::ErrorKind::InvalidData } else { io::ErrorKind::Other }, e)
}

/// Whether an error says the disk (or the file system's quota) is full.
pub(crate) fn is_disk_full(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ENOSPC)
        || e.get_ref()
            .and_then(|inner| inner.downcast_ref::<rusqlite::Error>())
            .and_then(rusqlite::Error::sqlite_error_code)
            .is_some_and(|code| code == rusqlite::ErrorCode::DiskFull)
}

/// Keeps `bytes` of disk allocated at `path` (really allocated, not sparse)
/// when there is room for it and as much again; otherwise removes it, to give
/// the store room to open. `None`: no reserve now.
pub(crate) fn reserve(path: &Path, bytes: u64) -> Option<PathBuf> {
    let free = free_bytes(path.parent().unwrap_or(Path::new(".")));
    let existing = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if free.is_some_and(|free| free + existing < 2 * bytes) {
        let _ = std::fs::remove_file(path);
        tracing::warn!(path = %path.display(), "the disk is nearly full: the store runs without its reserve");
        return None;
    }
    if existing >= bytes {
        return Some(path.to_path_buf());
    }
    let made =
        OpenOptions::new().write(true).create(true).truncate(false).mode(0o600).open(path).and_then(|file| {
            use std::os::unix::io::AsRawFd;
            // SAFETY: posix_fallocate on a valid, open descriptor owned by `file`.
            match unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, bytes as libc::off_t) } {
                0 => file.sync_all(),
                code => Err(io::Error::from_raw_os_error(code)),
            }
        });
    match made {
        Ok(()) => Some(path.to_path_buf()),
        Err(e) => {
            let _ = std::fs::remove_file(path);
            tracing::warn!(path = %path.display(), error = %e, "could not set aside the store's reserve");
            None
        }
    }
}

/// Free bytes for this user on the file system of `dir`.
pub(crate) fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: a valid NUL-terminated path and a zeroed struct for the result.
    (unsafe { libc::statvfs(c_path.as_ptr(), &mut stat) } == 0)
        .then(|| stat.f_bavail as u64 * stat.f_frsize as u64)
}

/// Creates `dir` (and its parents) readable by the service user only; an
/// existing one is narrowed to that.
pub(crate) fn private_dir(dir: &Path) -> io::Result<()> {
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}

/// How long [`lock`] waits for a lock held elsewhere.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

/// Takes the exclusive lock on `path`, or says which file is in use.
pub(crate) fn lock(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new().create(true).truncate(false).write(true).mode(0o600).open(path)?;
    use std::os::unix::io::AsRawFd;
    // A lock lives as long as any copy of its descriptor: a child process
    // started between fork and exec holds one for a moment (the mail tests
    // start their SMTP server so), as does a previous server still exiting.
    // So it is asked for a little while before the answer is "in use".
    let deadline = std::time::Instant::now() + LOCK_PATIENCE;
    loop {
        // SAFETY: flock on a valid, open descriptor owned by `file`.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(file);
        }
        let e = io::Error::last_os_error();
        if std::time::Instant::now() >= deadline {
            return Err(io::Error::new(
                e.kind(),
                format!("{} is held by another process (is the server running?): {e}", path.display()),
            ));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Opens (creating) the database at `path` with the store's pragmas, and checks it.
pub(crate) fn open_checked(path: &Path) -> io::Result<Connection> {
    // Personal data: the file (and SQLite's -wal and -shm files, which copy
    // its mode) readable by this user only.
    OpenOptions::new().create(true).append(true).mode(0o600).open(path)?;
    let connection = Connection::open(path).map_err(sql)?;
    connection
        .execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             -- A deleted row is overwritten, not left readable in free pages.
             PRAGMA secure_delete = ON;",
        )
        .map_err(sql)?;
    connection.busy_timeout(Duration::from_secs(5)).map_err(sql)?;
    quick_check(&connection, "").map(|()| connection)
}

/// Fails (`InvalidData`, the message led by `lead`) unless SQLite's
/// `quick_check` finds the database behind `connection` sound.
pub(crate) fn quick_check(connection: &Connection, lead: &str) -> io::Result<()> {
    let check: String = connection.query_row("PRAGMA quick_check", [], |row| row.get(0)).map_err(sql)?;
    (check == "ok").then_some(()).ok_or_else(|| invalid(format!("{lead}quick_check: {check}")))
}

/// The booking store of releases before the one store becomes the store: its
/// write-ahead log is copied in and emptied, then the file is renamed (atomic;
/// a crash before the rename leaves the old file to adopt at the next start).
pub(crate) fn adopt_old_store(old: &Path, path: &Path) -> io::Result<()> {
    if path.exists() || !old.exists() {
        return Ok(());
    }
    match Connection::open(old).and_then(|c| c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))) {
        Ok(()) => {}
        // A damaged old store is adopted as it is; the check after it decides.
        Err(e) => {
            tracing::warn!(error = %e, "the booking store of the earlier release could not be checkpointed")
        }
    }
    rename_with_logs(old, path)?;
    tracing::info!(from = %old.display(), to = %path.display(), "adopted the booking store of the earlier release");
    Ok(())
}

/// Renames the database `from` and its `-wal` and `-shm` files to `to` in
/// the same directory, durably.
fn rename_with_logs(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::rename(from, to)?;
    for extra in ["-wal", "-shm"] {
        let log = PathBuf::from(format!("{}{extra}", from.display()));
        if log.exists() {
            std::fs::rename(&log, format!("{}{extra}", to.display()))?;
        }
    }
    sync_parent(to)
}

/// Makes a rename in `path`'s directory durable.
pub(crate) fn sync_parent(path: &Path) -> io::Result<()> {
    File::open(path.parent().unwrap_or(Path::new(".")))?.sync_all()
}

/// The file's device and inode number.
pub(crate) fn identity(path: &Path) -> io::Result<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok((meta.dev(), meta.ino()))
}

/// Writes a new file readable by the service user only, and syncs it.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(bytes)?;
    file.sync_data()
}

/// Makes renames into or out of `dir` durable.
pub(crate) fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}
