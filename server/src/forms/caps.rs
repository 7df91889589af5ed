//! Caps that hold however the abuse is spread over client addresses: how full
//! the queue of mails and the disk may get before new bookings are refused.
//! (How many mails go to customers' addresses is the mail layer's gate,
//! `mail::customer`.) No cap on accepting bookings is shared by all clients:
//! one that is can be drained by a few addresses, and then nobody can book
//! (see `docs/edge.md`). A refusal comes before anything is acknowledged.
use std::{path::PathBuf, sync::Arc};

use crate::{config::Settings, edge::error::Refusal, mail::Outbox, store::Store};

/// How long to tell a refused visitor to wait before trying again.
const OVERLOADED_RETRY_AFTER_SECS: u64 = 300;

/// A queued message's size on disk, on average (`docs/edge.md`, "The disk a flood can fill").
const QUEUED_MESSAGE_BYTES: u64 = 8_600;

pub struct Caps {
    max_queued_mails: usize,
    min_free_bytes: u64,
    data_dir: PathBuf,
    store: Arc<Store>,
}

impl Caps {
    pub fn new(settings: &Settings, store: Arc<Store>) -> Self {
        let caps = Self {
            max_queued_mails: settings.mail.max_queued_mails,
            min_free_bytes: settings.mail.min_free_disk_mb << 20,
            data_dir: settings.data_dir.clone(),
            store,
        };
        let wanted = caps.room_wanted();
        if crate::store::file::free_bytes(&caps.data_dir).is_some_and(|free| free < wanted) {
            tracing::warn!(
                data_dir = %caps.data_dir.display(),
                "the data directory has less free than a full queue of mails needs above the floor ({} MB: \
                 mail.min_free_disk_mb + mail.max_queued_mails × 8.4 KB); a flood while the mail server is \
                 away would stop bookings sooner",
                wanted >> 20
            );
        }
        caps
    }

    /// The free space a full queue of messages needs above the floor.
    fn room_wanted(&self) -> u64 {
        self.min_free_bytes.saturating_add(self.max_queued_mails as u64 * QUEUED_MESSAGE_BYTES)
    }

    /// Whether one more booking or message may be accepted now: while the queue
    /// and the disk have room. (Per-client limits come first, at the edge.)
    pub fn admit(&self, outbox: &Outbox) -> Result<(), Refusal> {
        match self.refusing(outbox) {
            Some(why) => {
                tracing::error!("new bookings are refused: {why}");
                Err(Refusal::Overloaded { retry_after: OVERLOADED_RETRY_AFTER_SECS })
            }
            None => Ok(()),
        }
    }

    /// Why new bookings would be refused now, if they would (for `admit` and
    /// the health checks, which must not say "ok" meanwhile).
    pub fn refusing(&self, outbox: &Outbox) -> Option<String> {
        let queued = outbox.depth();
        if queued >= self.max_queued_mails {
            return Some(format!("{queued} mails wait undelivered (mail.max_queued_mails)"));
        }
        self.disk_floor_reached()
    }

    /// Why nothing more should be written to the data directory, if so: its
    /// free space is under `mail.min_free_disk_mb` (what is left keeps the
    /// mails already accepted moving). Guards staff answers too. The store's
    /// free pages count as free: SQLite fills them before it grows the file,
    /// so what a flood left behind (bodies dropped at delivery, junk erased)
    /// is room again at once, not only when the file is shrunk.
    pub fn disk_floor_reached(&self) -> Option<String> {
        self.floor_reached_with(crate::store::file::free_bytes(&self.data_dir)?)
    }

    /// [`Caps::disk_floor_reached`] with the file system's free bytes given.
    fn floor_reached_with(&self, disk: u64) -> Option<String> {
        // Asked before every write: the store is read only when the disk alone is short.
        if disk >= self.min_free_bytes {
            return None;
        }
        let free = disk.saturating_add(self.store.reusable_bytes().unwrap_or(0));
        (free < self.min_free_bytes).then(|| {
            format!(
                "the data directory has {} MB free, {} MB of it inside the store (mail.min_free_disk_mb)",
                free >> 20,
                free.saturating_sub(disk) >> 20
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stores_free_pages_count_as_room() {
        let dir = std::env::temp_dir().join(format!("caps-{}-{}", std::process::id(), fastrand::u64(..)));
        let store = Arc::new(Store::open(&dir).unwrap());
        store.migrate("CREATE TABLE flood (body BLOB);", &[]).unwrap();
        let mut settings = Settings::load_from(&Default::default()).expect("defaults");
        (settings.data_dir, settings.mail.min_free_disk_mb) = (dir.clone(), 64);
        let caps = Caps::new(&settings, store.clone());
        let floor = 64 << 20;
        assert_eq!(caps.room_wanted() >> 20, 64 + 164, "the floor and 20,000 queued messages");
        assert!(caps.floor_reached_with(floor - 1).is_some(), "a byte short of the floor");
        assert!(caps.floor_reached_with(floor).is_none());

        // A flood's 2 MB written, then dropped (as delivered bodies and junk are).
        store
            .write(|tx| {
                for _ in 0..512 {
                    tx.execute("INSERT INTO flood VALUES (zeroblob(4096))", []).map_err(crate::store::sql)?;
                }
                Ok(())
            })
            .unwrap();
        store.write(|tx| tx.execute("DELETE FROM flood", []).map_err(crate::store::sql)).unwrap();
        let room = store.reusable_bytes().unwrap();
        assert!(room >= 2 << 20, "{room} bytes of free pages");
        assert!(caps.floor_reached_with(floor - (1 << 20)).is_none(), "the free pages are room again");
        assert!(caps.floor_reached_with(floor - room - 1).is_some());
        store.close();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn free_space_is_known_for_a_real_directory() {
        use crate::store::file::free_bytes;
        assert!(free_bytes(std::path::Path::new("/")).is_some_and(|b| b > 0));
        assert!(free_bytes(std::path::Path::new("/no/such/dir")).is_none());
    }
}
