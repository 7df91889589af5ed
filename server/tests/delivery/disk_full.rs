//! A full disk: the data directory on a small tmpfs that the test mounts and fills.
//! Mounting needs root; elsewhere the test says why it is skipped and passes.
use std::{
    collections::BTreeSet,
    io::Write,
    path::{Path, PathBuf},
    process::Command,
    time::Duration,
};

use crate::helpers::{
    booking_to, delivered_ids, free_port, mail_rows, mails_in, settings, start, wait_for, Sink, TempDir,
};

const LONG: Duration = Duration::from_secs(30);

/// A small tmpfs, unmounted on drop.
pub struct Tmpfs(PathBuf);

impl Tmpfs {
    pub fn mount(dir: &Path, size: &str) -> Result<Tmpfs, String> {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return Err("not running as root".into());
        }
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size},mode=0700"), "tmpfs"])
            .arg(dir)
            .output()
            .map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(format!("mount failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Writes a file until the filesystem refuses more.
pub fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let chunk = vec![0u8; 16 * 1024];
    while file.write_all(&chunk).and_then(|()| file.sync_data()).is_ok() {}
    // Small writes too, down to the last free byte.
    while file.write_all(&[0]).and_then(|()| file.sync_data()).is_ok() {}
    path
}

/// The mail server hangs after its greeting while the disk fills: every attempt
/// is in flight and none ends, so the sender writes nothing meanwhile. With the
/// server merely down, each failed attempt is recorded (`Store::write_critical`);
/// one recorded between the fill and the next booking found the disk full, gave
/// up the reserve, and the booking was stored in the 4 MB it freed (acknowledged
/// and kept, so not lost, but not the refusal this test is about; in the site
/// `mail.min_free_disk_mb` refuses such a booking long before). Under load that
/// moment came often enough to fail one run in a few.
#[tokio::test]
async fn a_full_disk_neither_resends_delivered_mail_nor_leaves_partial_files() {
    let dir = TempDir::new("disk-full");
    let data = dir.path("var");
    // Room for the store's reserve (4 MB) beside the bookings.
    let _mount = match Tmpfs::mount(&data, "12m") {
        Ok(mount) => mount,
        Err(why) => {
            eprintln!("SKIPPED a_full_disk_neither_resends_delivered_mail_nor_leaves_partial_files: cannot mount a tmpfs ({why})");
            return;
        }
    };
    let port = free_port();
    let url = format!("smtp://127.0.0.1:{port}");
    let mode_file = dir.path("mode");
    std::fs::write(&mode_file, "hang").unwrap();
    let hung = Sink::start(port, &dir.path("sink"), &["--mode-file", &mode_file.display().to_string()]);
    // No attempt may end by its timeout before the hung server goes away.
    let toml = "[mail]\nsmtp_timeout_ms = 600000\n";
    let bookings = 20;
    let outbox = start(&settings(&data, Some(&url), toml));
    for i in 0..bookings {
        outbox.submit_booking(&booking_to(&format!("F{i}"), "zoe@example.nl")).await.unwrap();
    }
    // Two mailboxes (staff and zoe), two conversations each: all four hang.
    wait_for("four attempts hanging", LONG, || outbox.stats().in_flight == 4);
    let filler = fill(&data);
    let reserve = data.join(taxi_server::store::RESERVE_FILE_NAME);
    assert!(reserve.exists(), "the reserve is set aside beside the full disk");
    let refused = outbox.submit_booking(&booking_to("FULL", "zoe@example.nl")).await;
    assert!(refused.is_err(), "a booking that cannot be stored is not acknowledged");
    assert!(mail_rows(&data).iter().all(|m| m.reference != "FULL"), "nothing of it is kept");
    let stats = outbox.stats();
    assert_eq!(
        (stats.in_flight, stats.failed_attempts_since_start),
        (4, 0),
        "the sender wrote nothing meanwhile"
    );

    // The hung server goes: the four attempts fail and are recorded on the full
    // disk (from the reserve), and a server that answers takes every mail.
    drop(hung);
    let sink = Sink::start(port, &dir.path("sink"), &[]);
    wait_for("delivery on a full disk", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    assert!(!reserve.exists(), "the sender's records took the reserve");
    assert_eq!(delivered_ids(&data).len(), bookings * 2, "every delivered mail is recorded as such");
    assert_eq!(mails_in(&data, "queued").len(), 0);

    // A restart on the still full disk sends nothing again.
    let again = start(&settings(&data, Some(&url), toml));
    // The queue is read when the outbox starts: nothing in it, nothing to send.
    assert_eq!(again.stats().depth, 0);
    again.shutdown().await;
    let ids: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    let unique: BTreeSet<&String> = ids.iter().collect();
    assert_eq!((ids.len(), unique.len()), (bookings * 2, bookings * 2), "each mail exactly once");

    // With room again, bookings are accepted and sent.
    std::fs::remove_file(filler).unwrap();
    let outbox = start(&settings(&data, Some(&url), toml));
    outbox.submit_booking(&booking_to("ROOM", "zoe@example.nl")).await.unwrap();
    wait_for("delivery with room again", LONG, || outbox.stats().depth == 0);
    outbox.shutdown().await;
    assert_eq!(sink.count(), bookings * 2 + 2);
}
