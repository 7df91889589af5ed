//! The outbox: mails delivered by e-mail, without losing any. It knows no
//! capability: a step hands it finished mails ([`OutgoingMail`], drawn with
//! [`layout`] and [`message::Letterhead`]) together with its own change of
//! the store ([`Outbox::commit`]), and both are written in one SQLite
//! transaction of the one store ([`crate::store`]): the transactional outbox.
//! A request is acknowledged only once that transaction has committed
//! durably; after a crash at any moment, either the change and all its mails
//! are there, or none of it.
//!
//! A background sender (`sender.rs`) delivers each queued row over SMTP
//! (`transport.rs`, `smtp.rs`) or into a local Maildir, with retries and
//! backoff, and records each outcome in the store. A mail is sent again only
//! if the process died in the middle of its conversation (the same Message-ID,
//! so mail clients collapse the duplicate). A mail that cannot be delivered is
//! marked failed with a notice to staff in the same transaction.
//! `docs/delivery.md` describes the whole design.
//!
//! Threads: [`Outbox::start`] starts one thread, `mail-sender`, with its own
//! single-threaded tokio runtime; the sender loop and all blocking store work
//! (also that of `commit`) run there. It does not need to be called from
//! inside a runtime, and the `commit` futures run on any executor.
//!
//! The rest: `queue.rs` is the table, `state.rs` the sender's in-memory view
//! of it (behind `stats()` and `health()`), `fair.rs` the turns the sender
//! takes between the clients that caused the mails, `legacy.rs` takes over
//! the file spool of earlier releases, `restored.rs` tells staff when a copy
//! replaced the store, `templates.rs` with `templates/mail/`
//! draws a [`layout::MailView`] as text and HTML, `text.rs` cleans visitor text.
pub mod customer;
mod error;
pub mod fair;
mod give_up;
pub mod layout;
pub mod legacy;
mod mailbox_days;
mod maildir;
pub mod message;
mod outcome;
pub(crate) mod queue;
mod queue_schema;
pub mod reach;
pub mod restored;
mod retention;
mod retry;
mod sender;
mod smtp;
mod state;
mod status;
pub mod templates;
pub mod text;
mod transport;

use std::{
    io,
    sync::{Arc, Mutex},
    time::Duration,
};

use rusqlite::Transaction;
use tokio::sync::{oneshot, watch};

use crate::{config::Settings, faults, i18n::Locales, store::Store};

pub use crate::mail::customer::CustomerLetter;
pub use crate::mail::error::DeliveryError;
pub use crate::mail::legacy::{Adopt, TakenOver};
pub use crate::mail::message::{FailedMail, Letter, Letterhead, MailKind, OutgoingMail};
pub use crate::mail::queue::{forget, supersede};
pub use crate::mail::retry::RetryPolicy;
pub use smtp::{EnvelopeTrial, SmtpServer};
pub use status::{DeliveryHealth, SpoolStats};

/// The mail outbox: cheap to clone, shared by all workers.
#[derive(Clone)]
pub struct Outbox {
    inner: Arc<Inner>,
}

struct Inner {
    shared: Arc<state::Shared>,
    gate: Arc<customer::CustomerGate>,
    runtime: tokio::runtime::Handle,
    transport_description: String,
    taken_over: Option<TakenOver>,
    /// 0 running, [`STOP_SENDING`], [`CLOSE`].
    stop: watch::Sender<u8>,
    finished: Mutex<Option<oneshot::Receiver<()>>>,
}

/// The sender finishes the mails in flight (within the grace) and starts no more.
const STOP_SENDING: u8 = 1;
/// Nothing more can be queued; the store is closed.
const CLOSE: u8 = 2;

impl Drop for Inner {
    fn drop(&mut self) {
        let _ = self.stop.send(CLOSE);
    }
}

impl Outbox {
    /// Creates the mails table in `store` if needed, takes over the spool of an
    /// earlier release (`adopt` records the changes its mails announced),
    /// chooses the transport and starts the sender thread, which retries as
    /// `policy` says (tests and benchmarks shorten it).
    pub fn start(
        settings: &Settings,
        locales: Arc<Locales>,
        store: Arc<Store>,
        adopt: Option<&Adopt>,
        policy: RetryPolicy,
    ) -> Result<Outbox, DeliveryError> {
        let letterhead = Letterhead::new(&settings.mail, locales);
        store.migrate(queue_schema::SCHEMA, &queue_schema::ADDED).map_err(DeliveryError::Store)?;
        store.migrate(mailbox_days::SCHEMA, &[]).map_err(DeliveryError::Store)?;
        if store.read(queue_schema::bodies_left).map_err(DeliveryError::Store)? {
            store.write(queue_schema::move_bodies).map_err(DeliveryError::Store)?;
        }
        let taken_over =
            legacy::take_over(&store, &settings.data_dir, adopt).map_err(DeliveryError::Store)?;
        // Once per copy put in place of the store: staff learn what may be missing.
        restored::notify(&store, &letterhead)?;
        let queued = queue::load_queued(&store).map_err(DeliveryError::Store)?;
        let finished = store.read(queue::finished_counts).map_err(DeliveryError::Store)?;
        if !queued.is_empty() {
            tracing::info!(queued = queued.len(), "undelivered mail from before; delivering it");
        }
        let mail = &settings.mail;
        let limits = state::Limits {
            give_up_after: Duration::from_secs(mail.give_up_after_seconds),
            degraded_after: Duration::from_secs(mail.degraded_after_seconds),
            shutdown_grace: Duration::from_millis(mail.shutdown_grace_ms),
            retention: mail.retention(),
            unknown_outcomes: retry::UnknownOutcomes {
                retries: mail.unknown_outcome_retries,
                first_retry: Duration::from_millis(mail.unknown_outcome_first_retry_ms),
            },
        };
        let loaded = state::Loaded { queued, finished };
        let gate = Arc::new(customer::CustomerGate::new(&settings.limits, store.clone()));
        let shared = Arc::new(state::Shared::new(store, loaded, letterhead, limits));

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
                &settings.mail.smtp_ca_file,
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
                    // Mail accepted while the HTTP server drains is still stored here.
                    let _ = stop_rx.wait_for(|level| *level >= CLOSE).await;
                });
                // Waits for blocking store work still running (a step being committed).
                drop(runtime);
                // Once told so, nothing of this outbox keeps the store open.
                sender_shared.store.close();
                drop(sender_shared);
                let _ = finished_tx.send(());
            })
            .map_err(|e| DeliveryError::config_io("cannot start the mail sender thread", e))?;
        Ok(Outbox {
            inner: Arc::new(Inner {
                shared,
                gate,
                runtime: handle,
                transport_description,
                taken_over,
                stop,
                finished: Mutex::new(Some(finished_rx)),
            }),
        })
    }

    /// Whether a new booking or message of the request being answered may
    /// mail `email` ([`customer::CustomerGate::opens`], the one gate of mails
    /// to typed addresses); on the outbox's thread, since it may read the store.
    pub async fn opens(&self, email: &crate::types::Email) -> bool {
        let (gate, email, network) = (self.inner.gate.clone(), email.clone(), fair::current_network());
        let now = jiff::Timestamp::now();
        // The store unreadable: its own health says so; the mail is not withheld for it.
        self.blocking(move || Ok(gate.opens(&email, network, now))).await.unwrap_or(true)
    }

    /// Queues mails that announce no change of the store's records (a contact
    /// message); returns once they are stored durably.
    pub async fn enqueue(&self, point: &'static str, mails: Vec<OutgoingMail>) -> Result<(), DeliveryError> {
        self.commit(point, mails, |_| Ok(true)).await.map(drop)
    }

    /// One durable step: runs `change` in a write transaction of the store;
    /// when it returns `true`, queues `mails` in the same transaction and
    /// commits. Returns once the commit is on disk, with what `change` said;
    /// `false` (the change no longer applies: someone else was first) and any
    /// error keep nothing of it and send nothing. `point` names the moment
    /// between the writes and the commit for crash tests ([`crate::faults`]).
    /// The mails are filed under the client of the request being answered
    /// ([`fair::caused_by`]), for the sender's turns.
    pub async fn commit(
        &self,
        point: &'static str,
        mails: Vec<OutgoingMail>,
        change: impl FnOnce(&Transaction<'_>) -> io::Result<bool> + Send + 'static,
    ) -> Result<bool, DeliveryError> {
        if *self.inner.stop.borrow() >= CLOSE {
            return Err(DeliveryError::ShutDown);
        }
        let (shared, gate) = (self.inner.shared.clone(), self.inner.gate.clone());
        let cause = fair::Cause::current();
        let committed = self
            .inner
            .runtime
            .spawn_blocking(move || {
                let created_at = jiff::Timestamp::now().as_millisecond();
                shared.store.write(|tx| {
                    if !change(tx)? {
                        return Ok(None);
                    }
                    let mut queued = Vec::new();
                    for mail in &mails {
                        if gate.passes(tx, mail)? {
                            queued.extend(queue::insert_mail(tx, mail, created_at, cause)?);
                        }
                    }
                    faults::point(point);
                    Ok(Some(queued))
                })
            })
            .await
            .map_err(|_| DeliveryError::ShutDown)?
            .map_err(DeliveryError::Store)?;
        faults::point("committed");
        Ok(match committed {
            Some(queued) => {
                self.inner.shared.queued(&queued);
                true
            }
            None => false,
        })
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

    /// Runs blocking work (the caller's reads) on the outbox's own thread.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> io::Result<T> + Send + 'static,
    ) -> Result<T, DeliveryError> {
        self.inner
            .runtime
            .spawn_blocking(work)
            .await
            .map_err(|_| DeliveryError::ShutDown)?
            .map_err(DeliveryError::Store)
    }

    /// The store the mails are kept in.
    pub fn store(&self) -> &Arc<Store> {
        &self.inner.shared.store
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

    /// What was taken over from the spool of an earlier release at start-up.
    pub fn taken_over_at_start(&self) -> Option<TakenOver> {
        self.inner.taken_over
    }

    /// One line for the start-up log: the transport, never the password.
    pub fn transport_description(&self) -> String {
        self.inner.transport_description.clone()
    }

    /// At SIGTERM: no further delivery starts; mails in flight may finish
    /// within `mail.shutdown_grace_ms`. Mail is still accepted (for the
    /// requests the HTTP server is finishing) and sent at the next start.
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
    /// stops the sender and closes the store, so that another process (or
    /// outbox) may open it. Undelivered mail stays queued for the next start.
    pub async fn shutdown(&self) {
        // Stored even when no receiver is left (`send` would not).
        self.inner.stop.send_replace(CLOSE);
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

/// Eight random lower-case letters and digits: makes Message-IDs unique.
pub fn nonce() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    (0..8).map(|_| ALPHABET[fastrand::usize(..ALPHABET.len())] as char).collect()
}
