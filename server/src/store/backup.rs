//! Copies of the store: taken while the site runs (`VACUUM INTO` gives a
//! consistent snapshot from a reader, so neither the server nor a second
//! process has to stop), and put back: by hand with the server stopped
//! (`taxi-server restore FILE`), or at start-up when the store is damaged
//! (the newest copy under `<data_dir>/backups/`).
use std::{
    fs::OpenOptions,
    io,
    os::unix::fs::OpenOptionsExt,
    path::{Path, PathBuf},
};

use rusqlite::{Connection, OpenFlags};

use super::file::{lock, move_aside, open_checked, private_dir, quick_check, sql, sync_parent};
use super::{FILE_NAME, LOCK_FILE_NAME};

/// Where scheduled backups are kept, newest by name.
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

/// Puts the backup `from` in place of the store of `data_dir`, with the
/// server stopped (its lock is taken here). The store replaced is moved aside,
/// not deleted. Returns where it went, if there was one.
pub fn restore(data_dir: &Path, from: &Path) -> io::Result<Option<PathBuf>> {
    private_dir(data_dir)?;
    let _lock = lock(&data_dir.join(LOCK_FILE_NAME))?;
    check(from)?;
    let path = data_dir.join(FILE_NAME);
    let aside = if path.exists() { Some(move_aside(&path)?) } else { None };
    put_in_place(from, &path)?;
    Ok(aside)
}

/// At start-up, with the damaged store moved aside: the newest backup under
/// `data_dir/backups/` that passes SQLite's check, copied to `path`.
pub(super) fn restore_newest(data_dir: &Path, path: &Path) -> io::Result<Option<PathBuf>> {
    for backup in list(data_dir)?.into_iter().rev() {
        match check(&backup) {
            Ok(()) => {
                put_in_place(&backup, path)?;
                return Ok(Some(backup));
            }
            Err(e) => {
                tracing::error!(backup = %backup.display(), error = %e, "a backup is damaged too; trying an older one")
            }
        }
    }
    Ok(None)
}

/// The backups under `data_dir/backups/`, oldest first (their names sort by time).
pub fn list(data_dir: &Path) -> io::Result<Vec<PathBuf>> {
    let dir = data_dir.join(DIR_NAME);
    let mut found: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "sqlite3"))
            .collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    found.sort();
    Ok(found)
}

/// A backup's file name for `at`: sorts by time.
pub fn file_name(at: jiff::Timestamp) -> String {
    format!("store-{}.sqlite3", at.strftime("%Y%m%dT%H%M%SZ"))
}

/// Fails unless `file` is a store SQLite can read whole.
fn check(file: &Path) -> io::Result<()> {
    let connection = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
    quick_check(&connection, &format!("{}: ", file.display()))
}

/// Copies `from` to `path` through a synced temporary file and a rename.
fn put_in_place(from: &Path, path: &Path) -> io::Result<()> {
    let tmp = PathBuf::from(format!("{}.restoring", path.display()));
    let _ = std::fs::remove_file(&tmp);
    std::fs::copy(from, &tmp)?;
    std::fs::set_permissions(&tmp, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    OpenOptions::new().write(true).open(&tmp)?.sync_all()?;
    for extra in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{extra}", path.display()));
    }
    std::fs::rename(&tmp, path)?;
    sync_parent(path)?;
    // Opened once with the store's pragmas, so that it is a WAL store like the rest.
    drop(open_checked(path)?);
    Ok(())
}

/// Takes a copy of the store of `data_dir` into `<data_dir>/backups/` every
/// `every` (and at once when the newest is older than that), keeping the
/// newest `keep`; runs until dropped. Each copy reads through its own
/// connection, so bookings are not held up while it runs.
pub async fn schedule(data_dir: PathBuf, every: std::time::Duration, keep: usize) {
    let newest_age = list(&data_dir)
        .ok()
        .and_then(|found| found.last().cloned())
        .and_then(|newest| std::fs::metadata(newest).ok()?.modified().ok()?.elapsed().ok());
    let first = every.saturating_sub(newest_age.unwrap_or(every));
    tokio::time::sleep(first).await;
    loop {
        let data_dir = data_dir.clone();
        let taken = tokio::task::spawn_blocking(move || take(&data_dir, keep)).await;
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
mod tests {
    use super::*;

    #[test]
    fn a_scheduled_copy_keeps_the_newest_and_deletes_older_ones_beyond_keep() {
        let data = std::env::temp_dir().join(format!("taxi-backup-keep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let store = super::super::Store::open(&data).unwrap();
        let dir = data.join(DIR_NAME);
        std::fs::create_dir_all(&dir).unwrap();
        for year in ["2000", "2001", "2002"] {
            std::fs::write(dir.join(format!("store-{year}0101T000000Z.sqlite3")), b"old").unwrap();
        }
        let taken = take(&data, 2).unwrap();
        let names: Vec<String> = list(&data)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(names[0], "store-20020101T000000Z.sqlite3");
        assert_eq!(list(&data).unwrap()[1], taken);
        check(&taken).expect("the copy is a sound store");
        drop(store);
        std::fs::remove_dir_all(&data).unwrap();
    }
}
