//! The embedded default transport: a Maildir under the data directory.
//!
//! Without `TAXI_SMTP_URL` the site still works end to end: every mail, staff
//! and customer alike, lands in `<data_dir>/maildir/new/`, which any mail
//! client (Thunderbird, mutt, Evolution) opens as a local folder. Delivery
//! follows the Maildir rules (write under `tmp/`, sync, rename into `new/`),
//! and the file name is derived from the mail's row, so delivering the same
//! entry twice after a crash replaces the file instead of adding a duplicate.
//! Like the store, it is private to the service user (0700/0600), and files
//! older than `mail.retention_days` are deleted.
use std::{
    fs, io,
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use crate::store::file::{private_dir, sync_dir, write_private};

pub struct Maildir {
    root: PathBuf,
}

impl Maildir {
    pub fn open(root: &Path) -> io::Result<Self> {
        for sub in ["tmp", "new", "cur"] {
            private_dir(&root.join(sub))?;
        }
        Ok(Self { root: root.to_path_buf() })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Stores one message for its recipient. `unique` is made of the row's time and id, which
    /// begins with the mail's acceptance time in milliseconds: the file name
    /// depends on nothing else, so that a second delivery of the same entry
    /// finds its file without listing `new/` (thousands of files after a busy
    /// day: a listing per delivery made delivery quadratic).
    pub fn deliver(
        &self,
        unique: &str,
        envelope_from: &str,
        recipient: &str,
        raw: &[u8],
    ) -> io::Result<PathBuf> {
        let name = file_name(unique);
        let tmp = self.root.join("tmp").join(&name);
        // What a delivery agent adds in front of the message; Maildir files use LF.
        let mut bytes = format!("Return-Path: <{envelope_from}>\nDelivered-To: {recipient}\n").into_bytes();
        bytes.extend_from_slice(&crlf_to_lf(raw));
        write_private(&tmp, &bytes).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })?;
        let target = self.root.join("new").join(&name);
        fs::rename(&tmp, &target)?;
        sync_dir(&self.root.join("new"))?;
        Ok(target)
    }

    /// Deletes messages in `new/` and `cur/` older than `keep`; returns how many.
    pub fn prune(&self, keep: Duration) -> io::Result<usize> {
        let now = SystemTime::now();
        let mut deleted = 0;
        for sub in ["new", "cur"] {
            for item in fs::read_dir(self.root.join(sub))? {
                let item = item?;
                let modified = item.metadata()?.modified()?;
                if item.file_type()?.is_file() && now.duration_since(modified).unwrap_or_default() >= keep {
                    fs::remove_file(item.path())?;
                    deleted += 1;
                }
            }
        }
        Ok(deleted)
    }
}

/// `<seconds>.<unique>.taxi-server`, the Maildir convention, with the seconds
/// of the acceptance time that leads the unique name (0 if it has none).
fn file_name(unique: &str) -> String {
    let millis: String = unique.chars().take_while(char::is_ascii_digit).collect();
    let seconds = millis.parse::<u64>().map_or(0, |ms| ms / 1000);
    format!("{seconds}.{unique}.taxi-server")
}

/// CRLF becomes LF; a lone CR stays.
fn crlf_to_lf(raw: &[u8]) -> Vec<u8> {
    (0..raw.len()).filter(|&i| raw[i] != b'\r' || raw.get(i + 1) != Some(&b'\n')).map(|i| raw[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivers_once_per_entry_with_lf_line_ends() {
        let dir = std::env::temp_dir().join(format!("taxi-maildir-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let maildir = Maildir::open(&dir).unwrap();
        let to = "planning@example.nl";
        let path = maildir
            .deliver("1700000000000-ab12-staff-booking", "rit@example.nl", to, b"Subject: a\r\n\r\nbody\r\n")
            .unwrap();
        maildir
            .deliver("1700000000000-ab12-staff-booking", "rit@example.nl", to, b"Subject: a\r\n\r\nbody\r\n")
            .unwrap();
        assert_eq!(
            fs::read_dir(dir.join("new")).unwrap().count(),
            1,
            "a second delivery of the same entry replaces the file"
        );
        assert_eq!(path, dir.join("new/1700000000.1700000000000-ab12-staff-booking.taxi-server"));
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "Return-Path: <rit@example.nl>\nDelivered-To: planning@example.nl\nSubject: a\n\nbody\n"
        );
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(fs::metadata(dir.join("new")).unwrap().permissions().mode() & 0o777, 0o700);
        // Its time by this process's clock: the kernel's file times do not move with a clock
        // moved for a test (scripts/test-at-hours.sh), the process's does.
        fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(std::time::SystemTime::now())
            .unwrap();
        assert_eq!(maildir.prune(Duration::from_secs(3600)).unwrap(), 0);
        assert_eq!(maildir.prune(Duration::ZERO).unwrap(), 1);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(crlf_to_lf(b"a\r\nb\rc\r\r\n\r"), b"a\nb\rc\r\n\r");
    }
}
