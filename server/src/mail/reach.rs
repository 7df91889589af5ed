//! Whether mail can leave now, for `/readyz`: the SMTP server of
//! `TAXI_SMTP_URL` greets, takes the login and answers `NOOP`
//! ([`SmtpServer::answers`]). A readiness probe never waits for that
//! conversation: it gets the last answer known, and one older than
//! [`FRESH_WHEN_UP`] (or [`FRESH_WHEN_DOWN`]) starts a new one in the
//! background, so a load balancer asking every second costs the mail server
//! one login a minute. Until the first answer mail counts as not leaving.
//! The Maildir (the demo's, or one wanted on purpose) always takes mail.
use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use secrecy::ExposeSecret;

use crate::config::Settings;
use crate::mail::smtp::SmtpServer;

/// How long a "the server answers" is believed.
pub const FRESH_WHEN_UP: Duration = Duration::from_secs(60);
/// How long a "the server does not answer" is believed: a server back up
/// makes the instance ready again within this.
pub const FRESH_WHEN_DOWN: Duration = Duration::from_secs(5);

/// Cheap to clone; one per application.
#[derive(Clone)]
pub struct MailReach {
    /// `None` for the Maildir.
    server: Option<SmtpServer>,
    timeout: Duration,
    known: Arc<Mutex<Known>>,
}

#[derive(Default)]
struct Known {
    leaves: bool,
    at: Option<Instant>,
    asking: bool,
}

impl MailReach {
    pub fn new(settings: &Settings) -> Self {
        // A URL that does not parse stops the outbox's start before this is asked.
        let server = settings
            .secrets
            .smtp_url
            .as_ref()
            .and_then(|url| SmtpServer::parse(url.expose_secret(), &settings.mail.smtp_ca_file).ok());
        let timeout = Duration::from_millis(settings.mail.smtp_timeout_ms.max(1));
        Self { server, timeout, known: Arc::default() }
    }

    /// The last known answer; asks the server again in the background when
    /// that answer is stale. Call from within a tokio runtime.
    pub fn leaves(&self) -> bool {
        let Some(server) = &self.server else { return true };
        let mut known = self.known.lock().unwrap();
        let fresh_for = if known.leaves { FRESH_WHEN_UP } else { FRESH_WHEN_DOWN };
        if !known.asking && known.at.is_none_or(|at| at.elapsed() >= fresh_for) {
            known.asking = true;
            let (server, timeout, shared) = (server.clone(), self.timeout, self.known.clone());
            tokio::spawn(async move {
                let leaves = server.answers(timeout).await;
                let mut known = shared.lock().unwrap();
                // Once per change, not per probe.
                if known.at.is_none() || known.leaves != leaves {
                    match leaves {
                        true => tracing::info!("the mail server answers"),
                        false => tracing::warn!("the mail server does not answer: not ready until it does"),
                    }
                }
                *known = Known { leaves, at: Some(Instant::now()), asking: false };
            });
        }
        known.leaves
    }
}
