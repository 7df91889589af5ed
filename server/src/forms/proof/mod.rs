//! A flood costs the flooder: while many bookings and contact messages arrive,
//! each must carry a proof of work. The browser fetches a challenge
//! (`GET /api/challenge`) when the visitor starts filling in the form and
//! solves it in the background; the post carries the solution in the field
//! [`PROOF_FIELD`]. In normal times no proof is asked and none is needed, so a
//! form sent without JavaScript works as ever.
//!
//! The protocol is ALTCHA's proof of work v2 (crate `altcha`, and `altcha-lib`
//! in the browser), deterministic: the server picks a secret count, derives a
//! key from the challenge's nonce and that count (PBKDF2-SHA-256), and gives
//! out half of the key; the browser tries counts from 0 until it finds the key.
//! The count is drawn uniformly from 0 to the level's top, so no order of
//! trying is cheaper than the browser's: on average half the top.
//! The challenge is signed with a key derived from the server's secret, so its
//! level and expiry are the server's; a solution is checked against the
//! signature of the derived key, two HMACs, without deriving anything.
//!
//! The level follows the submissions the site accepted lately ([`pace`]), so
//! it is the flood that raises the price, and a challenge of a lower level
//! than the current one is refused (the browser solves a new one). A proof is
//! good for one post ([`spent`]) until its challenge expires.
pub mod pace;
pub mod spent;

use std::time::Instant;

use actix_web::{http::header, web, HttpRequest, HttpResponse};
use base64::{engine::general_purpose::STANDARD, Engine as _};
use serde::Serialize;
use ts_rs::TS;

use crate::{
    config::ProofOfWorkSettings,
    edge::{
        error::{AppError, Refusal},
        rate_limit::Limiter,
        ClientKey,
    },
    forms::{submission::Submissions, Input},
    secret::SecretKey,
};

/// The field a post carries its proof in (ALTCHA's name for it): base64 of
/// the JSON `{challenge, solution}`.
pub const PROOF_FIELD: &str = "altcha";
const ALGORITHM: &str = "PBKDF2/SHA-256";
/// The challenge's `data` entry naming its level.
const LEVEL: &str = "level";
/// Clients and networks remembered by the limits of challenges made.
const MAX_TRACKED_CLIENTS: usize = 10_000;

/// What a post's proof allows: nothing was asked, or this challenge was solved.
#[derive(Debug)]
pub enum Ticket {
    Free,
    Proven { nonce: String, expires: i64 },
}

/// The answer of `GET /api/challenge`: a challenge to solve, or none while
/// no proof is asked.
#[derive(Debug, Serialize, TS)]
#[ts(optional_fields)]
pub struct ProofChallenge {
    /// ALTCHA's challenge (`altcha-lib`'s `Challenge`), as the solver takes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub challenge: Option<altcha::Challenge>,
}

pub struct Proofs {
    settings: ProofOfWorkSettings,
    /// Sign the challenges and the keys to find (strings: `altcha` takes them so).
    challenge_secret: String,
    key_secret: String,
    pace: pace::Pace,
    spent: spent::Spent,
    /// The level last logged, to log each change once.
    logged: std::sync::atomic::AtomicUsize,
    /// Challenges made per client and per network: each costs a derivation.
    made: (Limiter, Limiter),
}

impl Proofs {
    pub fn new(settings: &ProofOfWorkSettings, key: &SecretKey) -> Self {
        let hex = |bytes: [u8; 32]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
        Self {
            settings: settings.clone(),
            challenge_secret: hex(key.sign(&["proof of work", "challenge"])),
            key_secret: hex(key.sign(&["proof of work", "key"])),
            pace: pace::Pace::new(settings.window_minutes),
            spent: spent::Spent::new(settings.max_spent),
            logged: Default::default(),
            made: (
                Limiter::per_minute(settings.challenges_per_minute, MAX_TRACKED_CLIENTS),
                Limiter::per_minute(settings.network_challenges_per_minute, MAX_TRACKED_CLIENTS),
            ),
        }
    }

    /// The level asked now (0: none), logged when it changes.
    pub fn level(&self) -> usize {
        let count = self.pace.count(Instant::now());
        let level = pace::level(count, self.settings.free_submissions, self.settings.levels.len());
        let before = self.logged.swap(level, std::sync::atomic::Ordering::Relaxed);
        if before != level {
            let window = self.settings.window_minutes;
            tracing::warn!(
                level,
                before,
                count,
                window,
                "proof of work: the level changed ({count} submissions accepted in {window} minutes)"
            );
        }
        level
    }

    /// A challenge of the current level, or none while no proof is asked.
    pub fn challenge(&self) -> Option<altcha::Challenge> {
        let level = self.level();
        let most = *self.settings.levels.get(level.checked_sub(1)?)?;
        // Uniform over the whole range the browser searches (from 0): a count drawn from part of it
        // would let a solver that read the code start there (issue 51: the upper half cost a
        // browser 3× what it cost such a solver). From the system's generator: a solver learns
        // each count, and must not learn the next. The modulo's bias is below `most` / 2^64.
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).ok()?;
        let counter = u32::try_from(u64::from_le_bytes(bytes) % (u64::from(most) + 1)).ok()?;
        let expires = jiff::Timestamp::now().as_second() + i64::from(self.settings.challenge_minutes) * 60;
        let options = altcha::CreateChallengeOptions {
            algorithm: ALGORITHM.into(),
            counter: Some(counter),
            cost: self.settings.cost,
            data: Some([(LEVEL.to_string(), level.into())].into()),
            expires_at: Some(expires),
            hmac_signature_secret: Some(self.challenge_secret.clone()),
            hmac_key_signature_secret: Some(self.key_secret.clone()),
            ..Default::default()
        };
        altcha::create_challenge(options)
            .inspect_err(|e| tracing::error!(error = %e, "a proof-of-work challenge could not be made"))
            .ok()
    }

    /// Whether the client may have another challenge made now.
    fn allow(&self, ClientKey { client, network }: ClientKey) -> Result<(), Refusal> {
        let (own, together) = &self.made;
        own.check(client).and_then(|()| together.check(network)).map_err(|retry_after| {
            tracing::warn!(%client, "proof of work: challenges beyond the allowance refused");
            Refusal::TooManyRequests { retry_after }
        })
    }

    /// What the post's proof allows: [`Ticket::Free`] while none is asked;
    /// otherwise a genuine, unexpired, unused solution of a challenge of at
    /// least the current level. Nothing is used up yet: see [`Proofs::spend`].
    pub fn check(&self, input: &Input) -> Result<Ticket, Refusal> {
        let level = self.level();
        if level == 0 {
            return Ok(Ticket::Free);
        }
        let text = input.line(PROOF_FIELD).unwrap_or_default();
        if text.is_empty() {
            return Err(Refusal::ProofRequired);
        }
        let payload: altcha::Payload = STANDARD
            .decode(text.as_bytes())
            .ok()
            .and_then(|json| serde_json::from_slice(&json).ok())
            .ok_or(Refusal::ProofInvalid)?;
        let (challenge, solution) = (&payload.challenge, &payload.solution);
        let options = altcha::VerifySolutionOptions {
            hmac_key_signature_secret: Some(self.key_secret.clone()),
            ..altcha::VerifySolutionOptions::new(challenge, solution, self.challenge_secret.clone())
        };
        let params = &challenge.parameters;
        // Only our own kind: a signed challenge always is, this keeps the check to two HMACs.
        let ours = params.algorithm == ALGORITHM && params.key_signature.is_some();
        let verified = ours && altcha::verify_solution(options).is_ok_and(|result| result.verified);
        let expires = params.expires_at.filter(|_| verified).ok_or(Refusal::ProofInvalid)?;
        let solved = params.data.as_ref().and_then(|d| d.get(LEVEL)?.as_u64()).unwrap_or(0);
        if solved < level as u64 {
            // Issued before the flood grew: the browser solves one of today's level.
            return Err(Refusal::ProofRequired);
        }
        if self.spent.contains(&params.nonce) {
            return Err(Refusal::ProofSpent);
        }
        Ok(Ticket::Proven { nonce: params.nonce.clone(), expires })
    }

    /// Uses the ticket up for a submission about to be stored, and counts the
    /// submission: the rate of those sets the level.
    pub fn spend(&self, ticket: Ticket) -> Result<(), Refusal> {
        if let Ticket::Proven { nonce, expires } = ticket {
            let now = jiff::Timestamp::now().as_second();
            self.spent.spend(&nonce, expires, now).map_err(|why| match why {
                spent::NotSpent::Again => Refusal::ProofSpent,
                spent::NotSpent::Full => {
                    tracing::error!(
                        max = self.settings.max_spent,
                        "proof of work: as many unexpired proofs used as may be remembered \
                         (proof_of_work.max_spent); posts refused until some expire"
                    );
                    Refusal::Overloaded { retry_after: 60 }
                }
            })?;
        }
        self.pace.add(Instant::now());
        Ok(())
    }
}

/// `GET /api/challenge`: a challenge of the current level, or `{}`. Making one
/// costs a derivation: it runs off the HTTP workers, within the client's and
/// its network's allowance.
pub async fn challenge(
    req: HttpRequest,
    submissions: web::Data<Submissions>,
) -> Result<HttpResponse, AppError> {
    let challenge = if submissions.proofs().level() == 0 {
        None
    } else {
        if let Some(key) = ClientKey::get(&req) {
            submissions.proofs().allow(key)?;
        }
        web::block(move || submissions.proofs().challenge())
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("no thread to make a challenge on: {e}")))?
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ProofChallenge { challenge }))
}

#[cfg(test)]
mod tests;
