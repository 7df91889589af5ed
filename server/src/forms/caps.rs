//! Caps that hold however the abuse is spread over client addresses: how full
//! the queue of mails and the disk may get before new bookings are refused.
//! (How many mails go to customers' addresses is the mail layer's gate,
//! `mail::customer`.) No cap on accepting bookings is shared by all clients:
//! one that is can be drained by a few addresses, and then nobody can book
//! (see `docs/edge.md`). A refusal comes before anything is acknowledged.
use std::path::PathBuf;

use crate::{config::Settings, edge::error::Refusal, mail::Outbox};

/// How long to tell a refused visitor to wait before trying again.
const OVERLOADED_RETRY_AFTER_SECS: u64 = 300;

pub struct Caps {
    max_queued_mails: usize,
    min_free_bytes: u64,
    data_dir: PathBuf,
}

impl Caps {
    pub fn new(settings: &Settings) -> Self {
        Self {
            max_queued_mails: settings.mail.max_queued_mails,
            min_free_bytes: settings.mail.min_free_disk_mb << 20,
            data_dir: settings.data_dir.clone(),
        }
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
    /// mails already accepted moving). Guards staff answers too.
    pub fn disk_floor_reached(&self) -> Option<String> {
        match crate::store::file::free_bytes(&self.data_dir) {
            Some(free) if free < self.min_free_bytes => {
                Some(format!("the data directory has {} MB free (mail.min_free_disk_mb)", free >> 20))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn free_space_is_known_for_a_real_directory() {
        use crate::store::file::free_bytes;
        assert!(free_bytes(std::path::Path::new("/")).is_some_and(|b| b > 0));
        assert!(free_bytes(std::path::Path::new("/no/such/dir")).is_none());
    }
}
