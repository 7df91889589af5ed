//! Copies of the store: taken while the site runs (`VACUUM INTO` gives a
//! consistent snapshot from a reader, so neither the server nor a second
//! process has to stop), listed (only the server's own, by the time in their
//! names), and what they leave behind deleted in time ([`tidy`]). Putting one
//! back is `restore.rs`: by hand with the server stopped
//! (`taxi-server restore FILE`), or at start-up when the store is damaged.
use std::{
    fs::OpenOptions,
    io,
    os::unix::fs::OpenOptionsExt,
    path::{Path, PathBuf},
};

use rusqlite::{Connection, OpenFlags};

use super::file::{private_dir, sql, sync_parent};
use super::FILE_NAME;

/// Where scheduled backups are kept.
pub const DIR_NAME: &str = "backups";

/// Writes a consistent copy of the database behind `connection` to `to`:
/// into a private temporary file beside it, synced, then renamed into place.
pub fn copy_into(connection: &Connection, to: &Path) -> io::Result<()> {
    let tmp = PathBuf::from(format!("{}.partial", to.display()));
    let _ = std::fs::remove_file(&tmp);
    // VACUUM INTO writes into an existing file only when it is empty: made private first.
    OpenOptions::new().write(true).create_new(true).mode(0o600).open(&tmp)?;
    let copied = connection
        .execute("VACUUM INTO ?1", [tmp.to_string_lossy()])
        .map_err(sql)
        .and_then(|_| OpenOptions::new().write(true).open(&tmp)?.sync_all())
        .and_then(|()| std::fs::rename(&tmp, to))
        .and_then(|()| sync_parent(to));
    if copied.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    copied
}

/// A copy of the store of `data_dir` at `to`, from a second process while the
/// server runs (a read-only connection; the server's writes go on).
pub fn backup(data_dir: &Path, to: &Path) -> io::Result<()> {
    let path = data_dir.join(FILE_NAME);
    if !path.exists() {
        return Err(io::Error::new(io::ErrorKind::NotFound, format!("no store at {}", path.display())));
    }
    let connection = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
    copy_into(&connection, to)
}

/// The server's own copies under `data_dir/backups/`, oldest first by the
/// time in their names ([`file_name`]). Any other file there (a copy placed
/// by hand, a `.partial` one being written) is not one of them.
pub fn list(data_dir: &Path) -> io::Result<Vec<PathBuf>> {
    let dir = data_dir.join(DIR_NAME);
    let mut found: Vec<(jiff::Timestamp, PathBuf)> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter_map(|e| Some((taken_at_by_name(&e.path())?, e.path())))
            .collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    found.sort();
    Ok(found.into_iter().map(|(_, path)| path).collect())
}

/// A backup's file name for `at`: `store-YYYYMMDDTHHMMSSZ.sqlite3` (UTC).
pub fn file_name(at: jiff::Timestamp) -> String {
    format!("store-{}.sqlite3", at.strftime(NAME_TIME))
}

const NAME_TIME: &str = "%Y%m%dT%H%M%SZ";

/// The time in a name made by [`file_name`]; `None` for any other name.
fn taken_at_by_name(path: &Path) -> Option<jiff::Timestamp> {
    let name = path.file_name()?.to_str()?;
    let time = name.strip_prefix("store-")?.strip_suffix(".sqlite3")?;
    // strptime would also take a shorter year, or spaces: the name is the exact format or none.
    let exact = time.len() == 16
        && time.bytes().enumerate().all(|(i, b)| match i {
            8 => b == b'T',
            15 => b == b'Z',
            _ => b.is_ascii_digit(),
        });
    let at = jiff::civil::DateTime::strptime("%Y%m%dT%H%M%S", time.strip_suffix('Z')?).ok()?;
    exact.then(|| at.to_zoned(jiff::tz::TimeZone::UTC).ok().map(|z| z.timestamp())).flatten()
}

/// When the copy `path` was taken: the time in its name when it is one of
/// the server's, else when the file was last written.
pub fn taken_at(path: &Path) -> Option<jiff::Timestamp> {
    taken_at_by_name(path)
        .or_else(|| jiff::Timestamp::try_from(std::fs::metadata(path).ok()?.modified().ok()?).ok())
}

/// The infix of a store moved aside: `store.sqlite3.damaged-<unix time>`.
pub const ASIDE_INFIX: &str = "damaged-";

/// How long a `.partial` copy may be left before it counts as abandoned: a
/// copy being written is younger than that.
const PARTIAL_KEPT: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Deletes what copies leave behind: `.partial` files older than a day (a
/// copy cut short) in the data directory and `backups/`, and stores moved
/// aside (`store.sqlite3.damaged-<unix time>`, with their `-wal` and `-shm`:
/// every customer's data) whose time is more than `retention` ago. Returns how
/// many files went. At start and with each scheduled copy.
pub fn tidy(data_dir: &Path, retention: std::time::Duration) -> io::Result<usize> {
    let now = std::time::SystemTime::now();
    let aside_prefix = format!("{FILE_NAME}.{ASIDE_INFIX}");
    let cutoff =
        jiff::Timestamp::now().as_second().saturating_sub(retention.as_secs().try_into().unwrap_or(i64::MAX));
    let mut deleted = 0;
    for dir in [data_dir.to_path_buf(), data_dir.join(DIR_NAME)] {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let old_partial = name.ends_with(".partial")
                && entry.metadata()?.modified()?.checked_add(PARTIAL_KEPT).is_some_and(|until| until < now);
            let aside_at = name
                .strip_prefix(&aside_prefix)
                .map(|rest| rest.trim_end_matches("-wal").trim_end_matches("-shm"));
            let old_aside = dir == data_dir
                && aside_at.and_then(|at| at.parse::<i64>().ok()).is_some_and(|at| at < cutoff);
            if old_partial || old_aside {
                std::fs::remove_file(entry.path())?;
                tracing::info!(file = %entry.path().display(), "deleted: an abandoned copy, or a store moved aside past its retention");
                deleted += 1;
            }
        }
    }
    Ok(deleted)
}

/// Takes a copy of the store of `data_dir` into `<data_dir>/backups/` every
/// `every` (and at once when the newest is older than that), keeping the
/// newest `keep`; runs until dropped. Each copy reads through its own
/// connection, so bookings are not held up while it runs.
pub async fn schedule(
    data_dir: PathBuf,
    every: std::time::Duration,
    keep: usize,
    retention: std::time::Duration,
) {
    let newest_age = list(&data_dir)
        .ok()
        .and_then(|found| found.last().and_then(|newest| taken_at_by_name(newest)))
        .map(|at| jiff::Timestamp::now().duration_since(at).unsigned_abs());
    let first = every.saturating_sub(newest_age.unwrap_or(every));
    tokio::time::sleep(first).await;
    loop {
        let data_dir = data_dir.clone();
        let taken = tokio::task::spawn_blocking(move || {
            if let Err(e) = tidy(&data_dir, retention) {
                tracing::error!(error = %e, "left-over copies could not be deleted");
            }
            take(&data_dir, keep)
        })
        .await;
        match taken {
            Ok(Ok(path)) => tracing::info!(backup = %path.display(), "store backed up"),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "the store could not be backed up; trying again at the next time")
            }
            Err(e) => tracing::error!(error = %e, "the backup task failed"),
        }
        tokio::time::sleep(every).await;
    }
}

/// One scheduled copy, then the oldest beyond `keep` deleted.
fn take(data_dir: &Path, keep: usize) -> io::Result<PathBuf> {
    let dir = data_dir.join(DIR_NAME);
    private_dir(&dir)?;
    let path = dir.join(file_name(jiff::Timestamp::now()));
    backup(data_dir, &path)?;
    let found = list(data_dir)?;
    for old in &found[..found.len().saturating_sub(keep.max(1))] {
        std::fs::remove_file(old)?;
    }
    Ok(path)
}

#[cfg(test)]
#[path = "backup_tests.rs"]
mod tests;
