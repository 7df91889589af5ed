//! The durable spool: one JSON file per mail, moved between directories as its
//! state changes.
//!
//! ```text
//! <data_dir>/spool/
//!   lock       flock'ed by the one process that owns the spool
//!   tmp/       files being written; anything here after a crash is garbage
//!   queue/     accepted, not yet delivered (attempts and last error inside)
//!   sending/   handed to the transport right now
//!   done/      delivered; deleted after `mail.retention_days`
//!   failed/    refused for good or given up; staff were sent a notice;
//!              deleted after `mail.retention_days` like done/
//!   quarantine/  files that could not be read; kept for a person to look at,
//!              for `mail.retention_days` too (they may hold personal data)
//! ```
//!
//! The spool holds customers' personal data: directories are created 0700 and
//! files 0600.
//!
//! Every file is written under `tmp/`, fsynced, renamed into place (atomic), and
//! the target directory is fsynced, so a state change is either entirely on
//! disk or not at all, whatever moment the process is killed or the power fails.
//! A request is acknowledged only after its mails are in `queue/` this way.
//!
//! The move `queue/ → sending/` is a rename that is deliberately not fsynced:
//! after a power failure it can only fall back to `queue/`, and a mail found in
//! `sending/` or `queue/` at start-up is sent the same way (again, if it was in
//! flight). What must be durable before anything else happens is `done/`:
//! that is what keeps a delivered mail from being sent twice. Marking a mail
//! delivered is therefore a rename `sending/ → done/` plus a directory fsync,
//! which needs no free space: a full disk cannot make a delivered mail look
//! undelivered. Recording a failed attempt rewrites the entry (attempts, last
//! error) when there is room, and otherwise only renames it back.
use std::{
    fs::{self, File, OpenOptions},
    io::{self, Write},
    os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use serde::{Deserialize, Serialize};

use crate::mail::MailKind;

/// One mail in the spool, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// File name without `.json`: creation time, kind and a random part; sorts
    /// in the order the mails were accepted.
    pub id: String,
    pub kind: MailKind,
    pub reference: String,
    pub message_id: String,
    pub envelope_from: String,
    pub recipients: Vec<String>,
    pub created_at: jiff::Timestamp,
    #[serde(default)]
    pub attempts: u32,
    #[serde(default)]
    pub last_attempt_at: Option<jiff::Timestamp>,
    #[serde(default)]
    pub last_error: Option<String>,
    #[serde(default)]
    pub delivered_at: Option<jiff::Timestamp>,
    /// The customer's phone, for the notice to staff if this mail fails.
    #[serde(default)]
    pub customer_phone: Option<String>,
    /// The change in the caller's records this mail announces (`records.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<crate::mail::Commitment>,
    /// The complete message (RFC 5322, CRLF line ends).
    pub raw: String,
}

/// Where the spool lives and the lock that makes it ours.
pub struct Spool {
    root: PathBuf,
    tmp: PathBuf,
    queue: PathBuf,
    sending: PathBuf,
    done: PathBuf,
    failed: PathBuf,
    quarantine: PathBuf,
    lock: std::sync::Mutex<Option<File>>,
}

impl Spool {
    /// Creates the directories, takes the lock, and recovers from a crash:
    /// leftovers in `tmp/` are removed, mails in `sending/` go back to `queue/`
    /// (or are dropped when `done/` or `queue/` already has them).
    pub fn open(root: &Path) -> io::Result<Self> {
        let spool = Self {
            root: root.to_path_buf(),
            tmp: root.join("tmp"),
            queue: root.join("queue"),
            sending: root.join("sending"),
            done: root.join("done"),
            failed: root.join("failed"),
            quarantine: root.join("quarantine"),
            lock: std::sync::Mutex::new(None),
        };
        for dir in [
            &spool.root,
            &spool.tmp,
            &spool.queue,
            &spool.sending,
            &spool.done,
            &spool.failed,
            &spool.quarantine,
        ] {
            private_dir(dir)?;
        }
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(root.join("lock"))?;
        try_lock(&lock).map_err(|e| {
            io::Error::new(e.kind(), format!("{} is in use by another process ({e})", root.display()))
        })?;
        *spool.lock.lock().unwrap() = Some(lock);
        spool.recover()?;
        Ok(spool)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Releases the lock (at shutdown), so another outbox may open the spool.
    pub fn release(&self) {
        self.lock.lock().unwrap().take();
    }

    fn recover(&self) -> io::Result<()> {
        for name in list(&self.tmp)? {
            fs::remove_file(self.tmp.join(&name))?;
        }
        let mut moved = false;
        for name in list(&self.sending)? {
            let from = self.sending.join(&name);
            if [&self.done, &self.queue, &self.failed].iter().any(|dir| dir.join(&name).exists()) {
                fs::remove_file(&from)?;
            } else {
                fs::rename(&from, self.queue.join(&name))?;
                moved = true;
            }
        }
        if moved {
            sync_dir(&self.queue)?;
        }
        sync_dir(&self.sending)?;
        Ok(())
    }

    /// Writes new entries to `queue/` durably: each file written and synced
    /// under `tmp/`, renamed, then `queue/` synced once for all of them.
    pub fn enqueue(&self, entries: &[Entry]) -> io::Result<()> {
        let written = entries.iter().try_for_each(|entry| self.write_tmp(entry));
        if written.is_err() {
            for entry in entries {
                let _ = fs::remove_file(self.tmp.join(file_name(&entry.id)));
            }
        }
        written?;
        for entry in entries {
            fs::rename(self.tmp.join(file_name(&entry.id)), self.queue.join(file_name(&entry.id)))?;
        }
        sync_dir(&self.queue)
    }

    /// Removes queued entries that must not be sent (their step failed, or
    /// they contradict the caller's records), durably.
    pub fn discard(&self, ids: &[String]) -> io::Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        for id in ids {
            match fs::remove_file(self.queue.join(file_name(id))) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        sync_dir(&self.queue)
    }

    /// The `limit` most recently accepted delivered entries, oldest first;
    /// unreadable ones are skipped (they were delivered: nothing is lost).
    pub fn delivered_newest(&self, limit: usize) -> io::Result<Vec<Entry>> {
        let mut names = list(&self.done)?;
        names.sort_unstable();
        let skip = names.len().saturating_sub(limit);
        Ok(names[skip..].iter().filter_map(|name| read_entry(&self.done.join(name)).ok()).collect())
    }

    /// Every queued entry (after recovery, `sending/` is empty), and how many
    /// files could not be read and were moved to `quarantine/`.
    pub fn load_queue(&self) -> io::Result<(Vec<Entry>, usize)> {
        let (mut entries, mut quarantined) = (Vec::new(), 0);
        for name in list(&self.queue)? {
            match read_entry(&self.queue.join(&name)) {
                Ok(entry) => entries.push(entry),
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    self.quarantine(&self.queue, &name, &e)?;
                    quarantined += 1;
                }
                Err(e) => return Err(e),
            }
        }
        entries.sort_by(|a, b| a.id.cmp(&b.id));
        Ok((entries, quarantined))
    }

    /// Moves an entry from `queue/` to `sending/` and reads it. An entry still
    /// in `sending/` (its failure could not be recorded) is read from there.
    /// One that cannot be parsed goes to `quarantine/` (error `InvalidData`).
    pub fn take_for_sending(&self, id: &str) -> io::Result<Entry> {
        let to = self.sending.join(file_name(id));
        match fs::rename(self.queue.join(file_name(id)), &to) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && to.exists() => {}
            other => other?,
        }
        read_entry(&to).inspect_err(|e| {
            if e.kind() == io::ErrorKind::InvalidData {
                let _ = self.quarantine(&self.sending, &file_name(id), e);
            }
        })
    }

    fn quarantine(&self, dir: &Path, name: &str, error: &io::Error) -> io::Result<()> {
        tracing::error!(file = %dir.join(name).display(), error = %error, "unreadable spool entry moved to quarantine/");
        fs::rename(dir.join(name), self.quarantine.join(name))?;
        sync_dir(&self.quarantine)
    }

    /// Records a delivery by renaming `sending/ → done/` (no space needed) and
    /// syncing `done/`. The file's time is set to now for the retention.
    pub fn mark_delivered(&self, id: &str) -> io::Result<()> {
        let done = self.done.join(file_name(id));
        fs::rename(self.sending.join(file_name(id)), &done)?;
        sync_dir(&self.done)?;
        // Changes the inode only; if even that fails the mail is swept a little early.
        let _ = OpenOptions::new().write(true).open(&done).and_then(|f| f.set_modified(SystemTime::now()));
        Ok(())
    }

    /// Records a failed attempt: the entry goes back to `queue/`, updated
    /// when the disk has room for the new copy.
    pub fn mark_failed(&self, entry: &Entry) -> io::Result<()> {
        self.move_updated(entry, &self.queue)
    }

    /// Moves a mail that will not be sent to `failed/`, with its last error
    /// when the disk has room for it.
    pub fn give_up(&self, entry: &Entry) -> io::Result<()> {
        self.move_updated(entry, &self.failed)
    }

    fn move_updated(&self, entry: &Entry, to: &Path) -> io::Result<()> {
        let name = file_name(&entry.id);
        match self.write_tmp(entry) {
            Ok(()) => {
                fs::rename(self.tmp.join(&name), to.join(&name))?;
                sync_dir(to)?;
                fs::remove_file(self.sending.join(&name))?;
            }
            Err(e) => {
                tracing::warn!(id = %entry.id, error = %e, "could not rewrite a spool entry; moving it unchanged");
                fs::rename(self.sending.join(&name), to.join(&name))?;
                sync_dir(to)?;
            }
        }
        Ok(())
    }

    /// Files in `failed/` and in `quarantine/`.
    pub fn failed_and_quarantined(&self) -> io::Result<(usize, usize)> {
        Ok((list(&self.failed)?.len(), list(&self.quarantine)?.len()))
    }

    /// Deletes delivered entries older than `keep` (by the time they were
    /// written to `done/`). Returns how many were deleted and how many remain.
    pub fn sweep_delivered(&self, keep: Duration) -> io::Result<(usize, usize)> {
        sweep_older(&self.done, keep)
    }

    /// Deletes given-up mails and quarantined files older than `keep` (by their
    /// last write): they hold personal data as long as delivered mails do.
    /// Returns (deleted, kept) for `failed/` and for `quarantine/`.
    pub fn sweep_failed_and_quarantined(&self, keep: Duration) -> io::Result<[(usize, usize); 2]> {
        Ok([sweep_older(&self.failed, keep)?, sweep_older(&self.quarantine, keep)?])
    }

    #[cfg(test)]
    fn in_flight_ids(&self) -> io::Result<Vec<String>> {
        Ok(list(&self.sending)?
            .into_iter()
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .collect())
    }

    /// Writes and syncs `tmp/<id>.json`; a partial file is removed on failure.
    fn write_tmp(&self, entry: &Entry) -> io::Result<()> {
        let path = self.tmp.join(file_name(&entry.id));
        write_private(&path, &serde_json::to_vec(entry)?).inspect_err(|_| {
            let _ = fs::remove_file(&path);
        })
    }
}

/// Deletes the files in `dir` last written `keep` or longer ago; returns how
/// many were deleted and how many remain.
fn sweep_older(dir: &Path, keep: Duration) -> io::Result<(usize, usize)> {
    let now = SystemTime::now();
    let (mut deleted, mut kept) = (0, 0);
    for name in list(dir)? {
        let path = dir.join(&name);
        let age =
            fs::metadata(&path)?.modified().ok().and_then(|m| now.duration_since(m).ok()).unwrap_or_default();
        if age >= keep {
            fs::remove_file(&path)?;
            deleted += 1;
        } else {
            kept += 1;
        }
    }
    if deleted > 0 {
        sync_dir(dir)?;
    }
    Ok((deleted, kept))
}

fn file_name(id: &str) -> String {
    format!("{id}.json")
}

fn read_entry(path: &Path) -> io::Result<Entry> {
    let bytes = fs::read(path)?;
    serde_json::from_slice(&bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// File names in a directory, skipping hidden ones.
fn list(dir: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for item in fs::read_dir(dir)? {
        let item = item?;
        if let Ok(name) = item.file_name().into_string() {
            if !name.starts_with('.') && item.file_type()?.is_file() {
                names.push(name);
            }
        }
    }
    Ok(names)
}

/// Creates `dir` (and its parents) readable by the service user only; an
/// existing one is narrowed to that.
pub fn private_dir(dir: &Path) -> io::Result<()> {
    fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
}

/// Writes a new file readable by the service user only, and syncs it.
pub fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(bytes)?;
    file.sync_data()
}

/// Makes renames into or out of `dir` durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(unix)]
fn try_lock(file: &File) -> io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock on a valid, open descriptor owned by `file`.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn try_lock(_file: &File) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
#[path = "spool_tests.rs"]
mod tests;
