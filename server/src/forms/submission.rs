//! What every form submission goes through, whatever it asks for: the
//! anti-spam verdict, the senders staff refused ([`refusals`]), the proof of
//! work while many arrive, the spool and disk caps, the repeat window (an
//! identical submission within it gets the first one's answer and stores
//! nothing) and the answer as JSON.
use std::{
    future::Future,
    num::NonZeroUsize,
    pin::Pin,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use actix_web::{dev, web, FromRequest, HttpRequest, HttpResponse};
use lru::LruCache;
use serde::Serialize;
use tokio::sync::OnceCell;
use ts_rs::TS;

use crate::{
    config::Settings,
    edge::{
        body::read_json,
        error::{AppError, Refusal},
        lang::PathLang,
    },
    forms::{
        antispam::Verdict,
        caps::Caps,
        proof::{Proofs, Ticket},
        refusals::Refusals,
        FieldErrors, Input, Problems,
    },
    mail::{DeliveryError, Outbox},
    secret::SecretKey,
    store::Store,
    types::{Email, Lang},
};

/// How long an identical submission counts as a repeat of the first.
pub const REPEAT_WINDOW: Duration = Duration::from_secs(30 * 60);

/// What a submission came to, before it is worded: what was taken (`A`, the
/// capability's data), every field's problem, or why it was not taken. The
/// capability's routes word it into an [`Outcome`].
pub enum Checked<A> {
    Accepted(A),
    Invalid(Problems),
    Refused(Refusal),
}

/// A valid submission that is not a person's ([`Submissions::screen`]).
pub enum Screened {
    /// A trapped bot: it gets the usual confirmation (so it learns nothing)
    /// and nothing is delivered.
    Trapped,
    Refused(Refusal),
}

/// A submission's answer, worded.
pub enum Outcome {
    /// Stored for delivery: the localized confirmation, and what was sent in
    /// brief (a booking's ride) for the page to show under it.
    Accepted {
        message: String,
        summary: Vec<SummaryRow>,
        receipt: Receipt,
    },
    Invalid(FieldErrors),
    /// Not taken (too soon after opening the form, site overloaded, could not
    /// be stored): the sender may send again.
    Refused(Refusal),
}

/// Why the first of identical submissions was not stored.
pub enum NotStored {
    Refused(Refusal),
    Failed(DeliveryError),
}

impl NotStored {
    pub fn refusal(self, what: &str) -> Refusal {
        match self {
            NotStored::Refused(refusal) => refusal,
            NotStored::Failed(e) => {
                tracing::error!(error = %e, "{what} could not be stored");
                Refusal::StoreFailed
            }
        }
    }
}

/// Identical submissions in the repeat window and their shared outcome.
type Recent = LruCache<i64, (Instant, Arc<OnceCell<String>>)>;

/// The site-wide state every form shares: the caps, the senders refused, the
/// proof of work and its pace, one memory of recent submissions.
pub struct Submissions {
    caps: Caps,
    refusals: Arc<Refusals>,
    proofs: Proofs,
    recent: Mutex<Recent>,
}

impl Submissions {
    pub fn new(settings: &Settings, key: &SecretKey, refusals: Arc<Refusals>, store: Arc<Store>) -> Self {
        let remembered =
            NonZeroUsize::new(settings.limits.max_tracked_submissions).unwrap_or(NonZeroUsize::MIN);
        Self {
            caps: Caps::new(settings, store),
            refusals,
            proofs: Proofs::new(&settings.proof_of_work, key),
            recent: Mutex::new(LruCache::new(remembered)),
        }
    }

    pub fn caps(&self) -> &Caps {
        &self.caps
    }

    pub fn proofs(&self) -> &Proofs {
        &self.proofs
    }

    /// The proof of work a valid person's submission of `form` must carry
    /// while many arrive (after [`Submissions::screen`]); `once` uses it up.
    pub fn proof(&self, input: &Input, form: &'static str) -> Result<Ticket, Refusal> {
        self.proofs.check(input).inspect_err(|refusal| {
            let reason = match refusal {
                Refusal::ProofRequired => "proof_missing",
                Refusal::ProofSpent => "proof_spent",
                _ => "proof_invalid",
            };
            tracing::warn!(form, reason, "submission refused: no valid proof of work");
            crate::telemetry::metrics::spam_discarded(form, reason);
        })
    }

    pub fn refusals(&self) -> &Arc<Refusals> {
        &self.refusals
    }

    /// A submission from a network (its tag) or naming an address that staff
    /// marked as junk: refused with a message that says no more than that the
    /// website cannot take it, so a flooder learns neither which nor for how long.
    pub fn refused_sender(
        &self,
        network: Option<&str>,
        email: &Email,
        form: &'static str,
    ) -> Option<Refusal> {
        if !self.refusals.refuses(network, email, jiff::Timestamp::now()) {
            return None;
        }
        tracing::info!(form, "submission refused: its network or e-mail address was marked as junk");
        crate::telemetry::metrics::spam_discarded(form, "junk");
        Some(Refusal::SenderRefused)
    }

    /// A valid submission that is not a person's: trapped bots get the usual
    /// confirmation (so they learn nothing) and nothing is delivered.
    pub fn screen(&self, verdict: Verdict, form: &'static str) -> Option<Screened> {
        match verdict {
            Verdict::Person => None,
            Verdict::Trapped => {
                tracing::warn!(form, reason = "honeypot", "spam discarded");
                crate::telemetry::metrics::spam_discarded(form, "honeypot");
                Some(Screened::Trapped)
            }
            Verdict::TooFast => {
                tracing::warn!(
                    form,
                    reason = "too_fast",
                    "submission refused: sent too soon after opening the form"
                );
                crate::telemetry::metrics::spam_discarded(form, "too_fast");
                Some(Screened::Refused(Refusal::TooFast))
            }
        }
    }

    /// Stores a submission once per repeat window: `store` runs for the first
    /// of identical submissions (same `fingerprint`) after the site-wide caps
    /// admitted it and its proof `ticket` was used up (and counted), and every
    /// repeat shares its result while `still_current`
    /// says the stored one still stands (a booking since cancelled or declined
    /// does not: the same form then makes a new one). A failed store leaves
    /// the window empty, so a retry tries again. Returns the reference.
    pub async fn once<F, Fut, C, CFut>(
        &self,
        (fingerprint, ticket): (i64, Ticket),
        outbox: &Outbox,
        still_current: C,
        store: F,
    ) -> Result<String, NotStored>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<String, NotStored>>,
        C: FnOnce(String) -> CFut,
        CFut: Future<Output = bool>,
    {
        let mut cell = self.cell(fingerprint, None);
        // A repeat of a booking since cancelled or declined is answered anew.
        if let Some(stored) = cell.get().cloned() {
            if !still_current(stored).await {
                cell = self.cell(fingerprint, Some(&cell));
            }
        }
        cell.get_or_try_init(|| async {
            self.caps.admit(outbox).map_err(NotStored::Refused)?;
            self.proofs.spend(ticket).map_err(NotStored::Refused)?;
            store().await
        })
        .await
        .cloned()
    }
}

impl Submissions {
    /// The window's cell for `fingerprint`: a new one when none is current,
    /// or when the current one is still `stale` (not replaced meanwhile).
    fn cell(&self, fingerprint: i64, stale: Option<&Arc<OnceCell<String>>>) -> Arc<OnceCell<String>> {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        let entry = recent.get_or_insert_mut(fingerprint, || (Instant::now(), Arc::default()));
        let replaced = stale.is_some_and(|stale| Arc::ptr_eq(&entry.1, stale));
        if replaced || entry.0.elapsed() >= REPEAT_WINDOW {
            *entry = (Instant::now(), Arc::default());
        }
        entry.1.clone()
    }
}

/// Same fields, same fingerprint (case and spacing ignored). SHA-256, not
/// Rust's hasher: the booking store keeps it, so it must mean the same after a
/// restart or an upgrade. Fits SQLite's signed 64-bit integers.
pub fn fingerprint(parts: &[&str]) -> i64 {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for part in parts {
        let part = part.trim().to_lowercase();
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part.as_bytes());
    }
    let digest = hasher.finalize();
    i64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}

/// A booking or contact message accepted.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Accepted {
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<SummaryRow>>")]
    pub summary: Vec<SummaryRow>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub receipt: Receipt,
}

/// What the thank-you box says besides the message: that no mail will come
/// (the gate of mails to typed addresses held it back), and the booking's
/// own page, so the visitor has it whatever reaches their mailbox.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub no_mail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub manage: Option<ActionLink>,
}

/// A link the server made, with its label.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ActionLink {
    pub label: String,
    pub href: String,
}

/// One line of what was sent, in the visitor's language.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SummaryRow {
    pub label: String,
    pub value: String,
}

/// A form refused field by field: field name → message.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Invalid {
    pub errors: FieldErrors,
}

/// The JSON answer to a form call.
pub fn outcome_json(outcome: Outcome) -> Result<HttpResponse, AppError> {
    match outcome {
        Outcome::Accepted { message, summary, receipt } => {
            Ok(HttpResponse::Ok().json(Accepted { message, summary, receipt }))
        }
        Outcome::Invalid(errors) => Ok(HttpResponse::BadRequest().json(Invalid { errors })),
        Outcome::Refused(refusal) => Err(refusal.into()),
    }
}

/// What every JSON form call gets: the request, its language (from the path)
/// and its body, read within the size and time limits.
pub struct FormCall {
    pub req: HttpRequest,
    pub lang: Lang,
    pub input: Input,
}

impl FromRequest for FormCall {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut dev::Payload) -> Self::Future {
        let (req, lang, payload) =
            (req.clone(), PathLang::from_request(req, payload), web::Payload::from_request(req, payload));
        Box::pin(async move {
            let PathLang(lang) = lang.await?;
            let settings = web::Data::<Settings>::extract(&req)
                .await
                .map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
            let payload = payload.await.map_err(|_| Refusal::InvalidBody)?;
            let value = read_json(&req, payload, body_timeout(&settings)).await?;
            let input = Input::from_json(value).map_err(|_| Refusal::InvalidBody)?;
            Ok(Self { req, lang, input })
        })
    }
}

/// How long a form body may take to arrive.
pub fn body_timeout(settings: &Settings) -> Duration {
    Duration::from_millis(settings.http.body_timeout_ms)
}
