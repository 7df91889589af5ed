//! The embedded default transport: a Maildir under the data directory.
//!
//! Without `TAXI_SMTP_URL` the site still works end to end: every mail, staff
//! and customer alike, lands in `<data_dir>/maildir/new/`, which any mail
//! client (Thunderbird, mutt, Evolution) opens as a local folder. Delivery
//! follows the Maildir rules (write under `tmp/`, sync, rename into `new/`),
//! and the file name is derived from the spool entry, so delivering the same
//! entry twice after a crash replaces the file instead of adding a duplicate.
use std::{
    fs::{self, File},
    io::{self, Write},
    path::{Path, PathBuf},
};

use super::spool::sync_dir;

pub struct Maildir {
    root: PathBuf,
}

impl Maildir {
    pub fn open(root: &Path) -> io::Result<Self> {
        for sub in ["tmp", "new", "cur"] {
            fs::create_dir_all(root.join(sub))?;
        }
        Ok(Self { root: root.to_path_buf() })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Stores one message for its recipients. `unique` is the spool id.
    pub fn deliver(&self, unique: &str, envelope_from: &str, recipients: &[String], raw: &[u8]) -> io::Result<PathBuf> {
        let name = format!("{}.{unique}.taxi-server", jiff::Timestamp::now().as_second());
        let name = match fs::read_dir(self.root.join("new"))?
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .find(|n| n.split('.').nth(1) == Some(unique))
        {
            Some(existing) => existing,
            None => name,
        };
        let tmp = self.root.join("tmp").join(&name);
        let mut file = File::create(&tmp)?;
        // What a delivery agent adds in front of the message; Maildir files use LF.
        let mut head = format!("Return-Path: <{envelope_from}>\n");
        for r in recipients {
            head.push_str(&format!("Delivered-To: {r}\n"));
        }
        file.write_all(head.as_bytes())?;
        file.write_all(&crlf_to_lf(raw))?;
        file.sync_data()?;
        let target = self.root.join("new").join(&name);
        fs::rename(&tmp, &target)?;
        sync_dir(&self.root.join("new"))?;
        Ok(target)
    }
}

fn crlf_to_lf(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\r' && raw.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivers_once_per_entry_with_lf_line_ends() {
        let dir = std::env::temp_dir().join(format!("taxi-maildir-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let maildir = Maildir::open(&dir).unwrap();
        let to = vec!["planning@example.nl".to_string()];
        let path = maildir.deliver("1700000000000-ab12-staff-booking", "rit@example.nl", &to, b"Subject: a\r\n\r\nbody\r\n").unwrap();
        maildir.deliver("1700000000000-ab12-staff-booking", "rit@example.nl", &to, b"Subject: a\r\n\r\nbody\r\n").unwrap();
        assert_eq!(fs::read_dir(dir.join("new")).unwrap().count(), 1, "a second delivery of the same entry replaces the file");
        let text = fs::read_to_string(path).unwrap();
        assert_eq!(text, "Return-Path: <rit@example.nl>\nDelivered-To: planning@example.nl\nSubject: a\n\nbody\n");
        fs::remove_dir_all(&dir).unwrap();
    }
}
