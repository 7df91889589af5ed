//! The machine the server runs on: its data directory (owner, mode, writable),
//! the free disk there, the backups folder, the clock and the time zone. Run
//! as the server's user, so that "yours" means the server's.
use std::{
    os::unix::fs::MetadataExt as _,
    path::{Path, PathBuf},
};

use crate::config::Settings;
use crate::preflight::findings::{ClockState, DirState, Finding};
use crate::store::{backup, file::free_bytes};

/// Free space wanted beyond the floor where bookings are refused
/// (`mail.min_free_disk_mb`): the store, its copies and the logs grow.
const ROOM_MB: u64 = 1024;
/// How far the clock may be from Google's before it is wrong (its `Date` has
/// whole seconds, and the answer took a moment).
const CLOCK_TOLERANCE_SECONDS: i64 = 30;

/// `google_time`: the time in Google's last answer and ours then, if one came.
pub fn check(settings: &Settings, google_time: Option<(jiff::Timestamp, jiff::Timestamp)>) -> Vec<Finding> {
    let data_dir = absolute(&settings.data_dir);
    let state = directory(&data_dir, true);
    let floor_mb = settings.mail.min_free_disk_mb;
    // The nearest folder that exists: the data directory may not yet.
    let measured = data_dir.ancestors().find(|p| p.exists()).unwrap_or(Path::new("/"));
    let disk = Finding::Disk {
        path: measured.to_path_buf(),
        free_mb: free_bytes(measured).map(|b| b >> 20),
        need_mb: floor_mb.saturating_add(ROOM_MB),
        floor_mb,
    };
    let backups = match settings.backup.every_hours {
        0 => Finding::BackupsOff,
        every_hours => {
            let path = data_dir.join(backup::DIR_NAME);
            let state = if state == DirState::Missing { DirState::Missing } else { directory(&path, true) };
            let newest_hours = newest_copy_age(&data_dir).map(|age| age.as_secs() / 3600);
            Finding::Backups { path, state, every_hours, keep: settings.backup.keep, newest_hours }
        }
    };
    vec![Finding::DataDir { path: data_dir, state }, disk, backups, clock(google_time), time_zone()]
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A folder of the server's: there, a folder, ours, closed to others (when
/// `private`), and taking a file (made and removed at once).
fn directory(path: &Path, private: bool) -> DirState {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return DirState::Missing,
        Err(e) => return DirState::Unwritable(e.to_string()),
    };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if !meta.is_dir() {
        DirState::NotDir
    } else if meta.uid() != me {
        DirState::Owner { owner: meta.uid(), me }
    } else if private && meta.mode() & 0o077 != 0 {
        DirState::Open { mode: meta.mode() & 0o7777 }
    } else {
        let probe = path.join(format!(".check-{}", std::process::id()));
        match std::fs::write(&probe, b"check").and_then(|()| std::fs::remove_file(&probe)) {
            Ok(()) => DirState::Fine,
            Err(e) => DirState::Unwritable(e.to_string()),
        }
    }
}

/// How old the newest of the server's own copies is, by the time in its name.
fn newest_copy_age(data_dir: &Path) -> Option<std::time::Duration> {
    let newest = backup::taken_at(backup::list(data_dir).ok()?.last()?)?;
    let age = jiff::Timestamp::now().duration_since(newest);
    std::time::Duration::try_from(age).ok()
}

/// Against Google's clock when it answered, and whether a time service keeps ours.
fn clock(google_time: Option<(jiff::Timestamp, jiff::Timestamp)>) -> Finding {
    let offset = google_time.map(|(theirs, ours)| ours.duration_since(theirs).as_secs());
    if let Some(seconds) = offset.filter(|s| s.abs() > CLOCK_TOLERANCE_SECONDS) {
        return Finding::Clock(ClockState::Off { seconds });
    }
    Finding::Clock(match kernel_clock_synced() {
        Ok(true) => ClockState::Synced { offset },
        Ok(false) => ClockState::Unsynced,
        Err(e) => ClockState::Unknown(e.to_string()),
    })
}

/// Whether the kernel's clock is kept by a time service (NTP: systemd-timesyncd,
/// chrony): `adjtimex` only reads when `modes` is 0, and says `TIME_ERROR`
/// while no service has synchronised it.
fn kernel_clock_synced() -> std::io::Result<bool> {
    // SAFETY: a zeroed timex (modes 0: read only) that adjtimex fills in.
    let mut status: libc::timex = unsafe { std::mem::zeroed() };
    let state = unsafe { libc::adjtimex(&mut status) };
    if state < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(state != libc::TIME_ERROR)
}

/// Every time the site shows or mails is the company's zone's, from the zone
/// data built into the binary; the machine's own zone shows only in its logs.
fn time_zone() -> Finding {
    let zone = crate::types::TIME_ZONE;
    let now = crate::types::resolve_company_zone().ok().map(|()| {
        jiff::Timestamp::now()
            .to_zoned(crate::types::company_zone())
            .strftime("%Y-%m-%d %H:%M %Z")
            .to_string()
    });
    let system = jiff::tz::TimeZone::try_system().ok().and_then(|tz| tz.iana_name().map(str::to_string));
    Finding::TimeZone { zone, now, system }
}
