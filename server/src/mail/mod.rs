//! The outbox: mails delivered by e-mail, without losing any. It knows no
//! capability: callers hand it finished mails ([`OutgoingMail`], drawn with
//! [`layout`] and [`message::Letterhead`]) and, if they keep records of their
//! own, write them inside the same blocking step ([`Outbox::enqueue_with`]).
//!
//! A request is acknowledged only once its mails are durably on disk: written
//! to the spool under the data directory and fsynced (`spool.rs`). A
//! background sender (`sender.rs`) then delivers them through the transport
//! (`transport.rs`: SMTP via lettre, or the local Maildir of `maildir.rs`),
//! retrying with capped exponential backoff and recording every state change
//! atomically. A crash at any moment or an SMTP outage of any length delays
//! mail, never loses it; a mail is sent again after a restart only if it was in
//! flight at the crash, with the same Message-ID, so mail clients collapse the
//! duplicate. A mail that cannot be delivered ends in `failed/` with a notice
//! to staff. `docs/delivery.md` describes the whole design.
//!
//! Threads: [`Outbox::start`] starts one thread, `mail-sender`, with its own
//! single-threaded tokio runtime; the sender loop and all blocking file work
//! (also that of `enqueue*`) run there. It does not need to be called from
//! inside a runtime, and the `enqueue*` futures run on any executor.
//!
//! The rest: `state.rs` is the sender's in-memory view of the queue (behind
//! `stats()` and `health()`), `templates.rs` with `templates/mail/` draws a
//! [`layout::MailView`] as text and HTML, `text.rs` cleans visitor text.
mod error;
mod give_up;
pub mod layout;
mod maildir;
pub mod message;
mod records;
mod retention;
mod sender;
mod smtp;
mod spool;
mod state;
mod status;
pub mod templates;
pub mod text;
mod transport;

use std::{
    path::Path,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use tokio::sync::{oneshot, watch};

use crate::{config::Settings, i18n::Locales};

pub use crate::mail::error::{DeliveryError, StepFailure};
pub use crate::mail::message::{FailedMail, Letter, Letterhead, MailKind, OutgoingMail};
pub use crate::mail::records::{Commitment, Records, SettleReport, Settled};
pub use crate::mail::sender::RetryPolicy;
pub use crate::mail::spool::Entry as SpoolEntry;
pub use status::{DeliveryHealth, SpoolStats};

/// The mail outbox: cheap to clone, shared by all workers.
#[derive(Clone)]
pub struct Outbox {
    inner: Arc<Inner>,
}

struct Inner {
    shared: Arc<state::Shared>,
    runtime: tokio::runtime::Handle,
    transport_description: String,
    closed: AtomicBool,
    /// 0 running, [`STOP_SENDING`], [`CLOSE`].
    stop: watch::Sender<u8>,
    finished: Mutex<Option<oneshot::Receiver<()>>>,
}

/// The sender finishes the mails in flight (within the grace) and starts no more.
const STOP_SENDING: u8 = 1;
/// The spool is released; nothing more can be queued.
const CLOSE: u8 = 2;

impl Drop for Inner {
    fn drop(&mut self) {
        let _ = self.stop.send(CLOSE);
    }
}

impl Outbox {
    /// Opens (or creates) the spool under `data_dir/spool`, recovers from a
    /// crash, chooses the transport and starts the sender thread.
    /// `records`: the callers' records kept beside the spool, settled with
    /// the queue at start and pruned with it ([`Records`]).
    pub fn start(
        settings: &Settings,
        locales: Arc<Locales>,
        records: Vec<Arc<dyn Records>>,
    ) -> Result<Outbox, DeliveryError> {
        Self::start_with(settings, locales, records, RetryPolicy::default())
    }

    /// [`Outbox::start`] with another retry policy (tests, benchmarks).
    pub fn start_with(
        settings: &Settings,
        locales: Arc<Locales>,
        records: Vec<Arc<dyn Records>>,
        policy: RetryPolicy,
    ) -> Result<Outbox, DeliveryError> {
        let letterhead = Letterhead::new(&settings.mail, locales);
        let spool_dir = settings.data_dir.join("spool");
        let spool_error = |source| DeliveryError::Spool { path: spool_dir.clone(), source };
        let spool = spool::Spool::open(&spool_dir).map_err(spool_error)?;
        let (queued, newly_quarantined) = spool.load_queue().map_err(spool_error)?;
        let delivered_retained = spool.sweep_delivered(Duration::MAX).map_err(spool_error)?.1;
        let (failed, quarantined) = spool.failed_and_quarantined().map_err(spool_error)?;
        if !queued.is_empty() {
            tracing::info!(
                queued = queued.len(),
                "mail spool holds undelivered mail from before; delivering it"
            );
        }
        let mail = &settings.mail;
        let limits = state::Limits {
            give_up_after: Duration::from_secs(mail.give_up_after_seconds),
            degraded_after: Duration::from_secs(mail.degraded_after_seconds),
            shutdown_grace: Duration::from_millis(mail.shutdown_grace_ms),
            retention: Duration::from_secs(u64::from(mail.retention_days) * 86_400),
        };
        let (queued, settled) =
            records::settle_at_start(&spool, &records, limits.retention, queued).map_err(spool_error)?;
        let loaded =
            state::Loaded { queued, delivered_retained, failed, quarantined, newly_quarantined, settled };
        let shared = Arc::new(state::Shared::new(spool, records, loaded, letterhead, limits));

        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .thread_name("mail-sender-io")
            .on_thread_start(yield_cpu_to_requests)
            .build()
            .map_err(|e| DeliveryError::config_io("cannot start the mail sender", e))?;
        let transport = {
            let _entered = runtime.enter();
            transport::Transport::from_settings(
                settings.secrets.smtp_url.as_ref(),
                transport::SmtpTimeouts {
                    commands: Duration::from_millis(settings.mail.smtp_timeout_ms.max(1)),
                    data_end: Duration::from_millis(settings.mail.smtp_data_end_timeout_ms.max(1)),
                },
                &settings.data_dir,
            )?
        };
        let transport_description = transport.description();
        let handle = runtime.handle().clone();
        let (stop, mut stop_rx) = watch::channel(0);
        let (finished_tx, finished_rx) = oneshot::channel();
        let sender_shared = shared.clone();
        std::thread::Builder::new()
            .name("mail-sender".into())
            .spawn(move || {
                yield_cpu_to_requests();
                runtime.block_on(async {
                    sender::run(sender_shared.clone(), transport, policy, stop_rx.clone()).await;
                    // Mail accepted while the HTTP server drains is still spooled here.
                    let _ = stop_rx.wait_for(|level| *level >= CLOSE).await;
                });
                // Waits for blocking file work still running (a submit being written).
                drop(runtime);
                sender_shared.spool.release();
                // The callers' records too, before saying so: once the last
                // handle goes, nothing of this outbox keeps their files open.
                drop(sender_shared);
                let _ = finished_tx.send(());
            })
            .map_err(|e| DeliveryError::config_io("cannot start the mail sender thread", e))?;
        Ok(Outbox {
            inner: Arc::new(Inner {
                shared,
                runtime: handle,
                transport_description,
                closed: AtomicBool::new(false),
                stop,
                finished: Mutex::new(Some(finished_rx)),
            }),
        })
    }

    /// Stores the mails durably; returns once they are on disk (the sender
    /// delivers them later). `nonce` is the one their Message-IDs were made with.
    pub async fn enqueue(&self, mails: Vec<OutgoingMail>, nonce: &str) -> Result<(), DeliveryError> {
        self.enqueue_with(mails, nonce, None, |write| Ok(write()?)).await
    }

    /// Writes the mails to the spool from within `step`, which runs on a
    /// blocking thread and calls the writer it is given when (and if) the
    /// mails are to be stored: around it, the caller's own records. Each mail
    /// carries `commitment`, the change the step records, so that the two
    /// agree after a crash at any point ([`Records`]); if the step fails after
    /// writing, its mails are taken out of the queue again.
    pub async fn enqueue_with<T: Send + 'static>(
        &self,
        mails: Vec<OutgoingMail>,
        nonce: &str,
        commitment: Option<Commitment>,
        step: impl FnOnce(&mut dyn FnMut() -> std::io::Result<()>) -> Result<T, StepFailure> + Send + 'static,
    ) -> Result<T, DeliveryError> {
        if self.inner.closed.load(Ordering::SeqCst) {
            return Err(DeliveryError::ShutDown);
        }
        let created_at = jiff::Timestamp::now();
        let entries: Vec<spool::Entry> =
            mails.into_iter().flat_map(|m| entries(m, nonce, created_at, commitment.as_ref())).collect();
        let registered: Vec<state::Queued> = entries.iter().map(Into::into).collect();
        let shared = self.inner.shared.clone();
        let written = self
            .inner
            .runtime
            .spawn_blocking(move || {
                let mut wrote = false;
                let result = step(&mut || {
                    shared.spool.enqueue(&entries)?;
                    wrote = true;
                    Ok(())
                });
                if wrote && result.is_err() {
                    let ids: Vec<String> = entries.iter().map(|e| e.id.clone()).collect();
                    match shared.spool.discard(&ids) {
                        Ok(()) => tracing::warn!(mails = ids.len(), "the step failed after its mails were queued: took them out again"),
                        // Settled at the next start: the records decide whether they go.
                        Err(e) => tracing::error!(error = %e, "the step failed and its queued mails could not be taken out"),
                    }
                    wrote = false;
                }
                (result, wrote)
            })
            .await;
        match written {
            Ok((result, wrote)) => {
                if wrote {
                    self.inner.shared.queued(&registered);
                }
                result.map_err(|failure| match failure {
                    StepFailure::Spool(source) => {
                        DeliveryError::Spool { path: self.inner.shared.spool.root().to_path_buf(), source }
                    }
                    StepFailure::Store(source) => DeliveryError::Store(source),
                })
            }
            Err(_) => Err(DeliveryError::ShutDown),
        }
    }

    /// Runs `work` on the outbox's own thread until it ends or the outbox
    /// stops (the caller's timers).
    pub fn spawn(&self, work: impl std::future::Future<Output = ()> + Send + 'static) {
        let mut stop = self.inner.stop.subscribe();
        self.inner.runtime.spawn(async move {
            tokio::select! {
                () = work => {}
                _ = stop.changed() => {}
            }
        });
    }

    /// Runs blocking work (the caller's store) on the outbox's own thread.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> std::io::Result<T> + Send + 'static,
    ) -> Result<T, DeliveryError> {
        self.inner
            .runtime
            .spawn_blocking(work)
            .await
            .map_err(|_| DeliveryError::ShutDown)?
            .map_err(DeliveryError::Store)
    }

    pub fn stats(&self) -> SpoolStats {
        self.inner.shared.stats()
    }

    /// Mails accepted and not yet delivered; cheap enough for every submission.
    pub fn depth(&self) -> usize {
        self.inner.shared.depth()
    }

    /// Status and counts for `/healthz`.
    pub fn health(&self) -> DeliveryHealth {
        self.inner.shared.health()
    }

    /// What settling the queue with the callers' records found at start-up.
    pub fn settled_at_start(&self) -> SettleReport {
        self.inner.shared.settled
    }

    /// One line for the start-up log: the transport, never the password.
    pub fn transport_description(&self) -> String {
        self.inner.transport_description.clone()
    }

    /// The spool directory (for logs and tests).
    pub fn spool_dir(&self) -> &Path {
        self.inner.shared.spool.root()
    }

    /// At SIGTERM: no further delivery starts; mails in flight may finish
    /// within `mail.shutdown_grace_ms`. Mail is still accepted into the spool
    /// (for the requests the HTTP server is finishing) and sent at the next start.
    pub fn stop_sending(&self) {
        self.inner.stop.send_if_modified(|level| {
            let raise = *level < STOP_SENDING;
            if raise {
                *level = STOP_SENDING;
            }
            raise
        });
    }

    /// Stops accepting mail, lets mails in flight finish (within
    /// `mail.shutdown_grace_ms` of [`Outbox::stop_sending`] or of this call),
    /// stops the sender and releases the spool, so that another outbox may
    /// open it. Undelivered mail stays queued for the next start.
    pub async fn shutdown(&self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        let _ = self.inner.stop.send(CLOSE);
        let finished = self.inner.finished.lock().unwrap().take();
        if let Some(finished) = finished {
            let _ = finished.await;
        }
    }
}

/// Lowers the calling thread's CPU priority (Linux: nice is per thread). Spool and
/// Maildir work (creating, fsyncing and renaming files) costs CPU time, in the
/// kernel too; when the cores are busy, the threads answering page views go
/// first, and a booking's acknowledgement waits a little longer instead.
fn yield_cpu_to_requests() {
    // SAFETY: plain system calls on the calling thread; a failure only leaves the priority as it was.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10);
    }
}

/// Eight random lower-case letters and digits: makes spool ids and Message-IDs unique.
pub fn nonce() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    (0..8).map(|_| ALPHABET[fastrand::usize(..ALPHABET.len())] as char).collect()
}

/// The spool entries for a rendered mail: one per recipient, with the same
/// message. Each recipient thus gets its own envelope, attempts, backoff and
/// outcome, with no more bookkeeping than a single-recipient mail: a refused
/// staff address cannot hold up or drop the mail to another. Ids sort by time
/// of acceptance.
fn entries(
    mail: OutgoingMail,
    nonce: &str,
    created_at: jiff::Timestamp,
    commitment: Option<&Commitment>,
) -> Vec<spool::Entry> {
    let raw = String::from_utf8_lossy(&mail.raw).into_owned();
    let base = format!("{:013}-{}-{}", created_at.as_millisecond(), nonce, mail.kind.code());
    mail.recipients
        .iter()
        .enumerate()
        .map(|(n, recipient)| spool::Entry {
            id: if n == 0 { base.clone() } else { format!("{base}-{}", n + 1) },
            kind: mail.kind,
            reference: mail.reference.clone(),
            message_id: mail.message_id.clone(),
            envelope_from: mail.envelope_from.clone(),
            recipients: vec![recipient.clone()],
            created_at,
            attempts: 0,
            last_attempt_at: None,
            last_error: None,
            delivered_at: None,
            customer_phone: mail.customer_phone.clone(),
            commitment: commitment.cloned(),
            raw: raw.clone(),
        })
        .collect()
}
