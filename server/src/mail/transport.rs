//! How a spooled mail leaves: SMTP through lettre, or the local Maildir.
//!
//! `TAXI_SMTP_URL` takes lettre's URL form: `smtp://host:25` (plain, for a
//! local relay), `smtp://user:pass@host:587?tls=required` (STARTTLS),
//! `smtps://user:pass@host:465` (TLS from the first byte). TLS is rustls with
//! the webpki root certificates and those of `mail.smtp_ca_file` (`config/smtp_ca_file.rs`),
//! so nothing depends on system OpenSSL. Without the variable, mail goes to the
//! Maildir (see `maildir.rs`).
//!
//! Each mail has its own conversation (`smtp.rs`), in two phases with their
//! own time limits: up to `DATA`, and the message with the answer to its final
//! dot. A connection per mail costs a greeting (and TLS, login) per mail,
//! nothing at this volume, and no connection cancelled by a timeout is reused.
//!
//! Errors are sorted for the sender (`Failure`): a 5xx concerns that mail only,
//! for good; a 4xx concerns that mail for now; 421, TLS trouble and a refused
//! authentication (53x) mean the server is not usable and pause all delivery.
//! A timeout or a connection lost before the message was sent is unclear: the
//! sender then asks [`Transport::answers`] whether the server itself is fine.
//! A conversation that ends without an answer once the message has begun
//! leaves the outcome unknown (`retry.rs` says what follows).
use std::{path::Path, sync::atomic::AtomicBool, sync::Arc, time::Duration};

use lettre::{address::Envelope, Address};
use secrecy::ExposeSecret;

use crate::config::SmtpCaFile;
use crate::mail::{
    maildir::Maildir,
    smtp::{SmtpFailure, SmtpServer},
    DeliveryError,
};

/// What a failed delivery says about the mail and the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The server refused this mail (or its recipient) for good.
    Permanent,
    /// The server refused this mail for now (4xx); other mails may pass.
    Temporary,
    /// The server is not usable now: every mail would fail.
    ServerDown,
    /// Connection lost before the message was sent: either this mail or the server.
    Unclear,
    /// No answer within `mail.smtp_timeout_ms` before the message was sent:
    /// the server is down or, if it still answers a probe, too slow.
    TimedOut,
    /// The message had begun and no answer to its end came (a timeout, a
    /// reset, a closed connection): the server may have stored it. Sent
    /// again, it could arrive twice.
    OutcomeUnknown,
}

/// Why one delivery failed.
#[derive(Debug, Clone)]
pub struct SendError {
    pub failure: Failure,
    /// The server's answer or the local error (may name the recipient).
    pub message: String,
}

/// How long one SMTP conversation may take, by phase (see `smtp.rs`).
#[derive(Debug, Clone, Copy)]
pub struct SmtpTimeouts {
    /// Connect, greeting, TLS, login, `MAIL`, `RCPT`, `DATA`.
    pub commands: Duration,
    /// The message and the answer to its final dot.
    pub data_end: Duration,
}

// One per process, so the size of the SMTP variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Transport {
    Smtp { server: SmtpServer, timeouts: SmtpTimeouts, description: String },
    Maildir(Arc<Maildir>),
}

impl Transport {
    /// SMTP when a URL is given, otherwise the Maildir under `data_dir`.
    pub fn from_settings(
        smtp_url: Option<&secrecy::SecretString>,
        ca_file: &SmtpCaFile,
        timeouts: SmtpTimeouts,
        data_dir: &Path,
    ) -> Result<Self, DeliveryError> {
        match smtp_url {
            Some(url) => Self::smtp(url.expose_secret(), ca_file, timeouts),
            None => {
                let root = data_dir.join("maildir");
                let maildir = Maildir::open(&root).map_err(|e| {
                    let what =
                        format!("data_dir (TAXI_DATA_DIR): cannot create the Maildir {}", root.display());
                    DeliveryError::config_io(what, e)
                })?;
                Ok(Self::Maildir(Arc::new(maildir)))
            }
        }
    }

    fn smtp(url: &str, ca_file: &SmtpCaFile, timeouts: SmtpTimeouts) -> Result<Self, DeliveryError> {
        // The URL may hold a password: no error message below repeats it.
        let invalid = |why: String| DeliveryError::config(format!("TAXI_SMTP_URL: {why}"));
        let server = SmtpServer::parse(url, ca_file).map_err(|e| invalid(format!("not usable ({e}); expected smtp://host:port, smtp://user:pass@host:587?tls=required or smtps://user:pass@host")))?;
        let description = server.description();
        Ok(Self::Smtp {
            server,
            timeouts,
            description: format!(
                "{description}, timeouts {} ms per command, {} ms for the answer to a message",
                timeouts.commands.as_millis(),
                timeouts.data_end.as_millis()
            ),
        })
    }

    /// The local Maildir, when mail is delivered there (its retention is swept too).
    pub(crate) fn maildir(&self) -> Option<Arc<Maildir>> {
        match self {
            Self::Maildir(m) => Some(m.clone()),
            Self::Smtp { .. } => None,
        }
    }

    /// One line for the start-up log, without the password.
    pub fn description(&self) -> String {
        match self {
            Self::Smtp { description, .. } => description.clone(),
            Self::Maildir(m) => {
                format!("Maildir {} (no TAXI_SMTP_URL: mail is stored locally, not sent)", m.root().display())
            }
        }
    }

    /// Delivers one message. `unique` (the spool id) names the Maildir file;
    /// `in_message` is raised once the message has begun (see `smtp.rs`).
    pub async fn send(
        &self,
        unique: &str,
        envelope_from: &str,
        recipient: &str,
        raw: &[u8],
        in_message: &AtomicBool,
    ) -> Result<(), SendError> {
        match self {
            Self::Smtp { server, timeouts, .. } => {
                let envelope = envelope(envelope_from, recipient)?;
                let limits = (timeouts.commands, timeouts.data_end);
                match server.send(&envelope, raw, limits, in_message).await {
                    Ok(()) => Ok(()),
                    Err(SmtpFailure::Before(e) | SmtpFailure::Refused(e)) => {
                        Err(SendError { failure: classify(&e), message: e.to_string() })
                    }
                    Err(SmtpFailure::TimedOutBefore) => Err(SendError {
                        failure: Failure::TimedOut,
                        message: format!(
                            "no answer from the mail server within {} ms",
                            timeouts.commands.as_millis()
                        ),
                    }),
                    Err(SmtpFailure::LostInMessage(e)) => Err(SendError {
                        failure: Failure::OutcomeUnknown,
                        message: format!("the connection to the mail server ended during the message, without an answer to it ({e})"),
                    }),
                    Err(SmtpFailure::NoAnswerAfterMessage) => Err(SendError {
                        failure: Failure::OutcomeUnknown,
                        message: format!(
                            "the mail server gave no answer within {} s to the end of the message",
                            timeouts.data_end.as_secs()
                        ),
                    }),
                }
            }
            Self::Maildir(maildir) => {
                let (maildir, unique, from, to, raw) = (
                    maildir.clone(),
                    unique.to_string(),
                    envelope_from.to_string(),
                    recipient.to_string(),
                    raw.to_vec(),
                );
                tokio::task::spawn_blocking(move || maildir.deliver(&unique, &from, &to, &raw))
                    .await
                    .map_err(|e| SendError { failure: Failure::ServerDown, message: e.to_string() })?
                    .map(drop)
                    .map_err(|e| SendError { failure: Failure::ServerDown, message: format!("Maildir: {e}") })
            }
        }
    }

    /// Whether the server greets and answers a NOOP within the timeout: tells
    /// a hung or dropped conversation about one mail from a server that is down.
    pub async fn answers(&self) -> bool {
        match self {
            Self::Smtp { server, timeouts, .. } => server.answers(timeouts.commands).await,
            Self::Maildir(_) => true,
        }
    }
}

fn classify(e: &lettre::transport::smtp::Error) -> Failure {
    use lettre::transport::smtp::response::{Category, Severity};
    match e.status() {
        Some(code) if u16::from(code) == 421 => Failure::ServerDown,
        Some(code) if code.severity == Severity::TransientNegativeCompletion => Failure::Temporary,
        // 53x: authentication; no mail can pass until the settings are fixed.
        Some(code) if code.category == Category::Unspecified3 => Failure::ServerDown,
        Some(_) => Failure::Permanent,
        None if e.is_tls() => Failure::ServerDown,
        None => Failure::Unclear,
    }
}

fn envelope(from: &str, to: &str) -> Result<Envelope, SendError> {
    let bad = |e: &dyn std::fmt::Display| SendError {
        failure: Failure::Permanent,
        message: format!("bad envelope: {e}"),
    };
    let from: Address = from.parse().map_err(|e| bad(&e))?;
    let to: Address = to.parse().map_err(|e| bad(&e))?;
    Envelope::new(Some(from), vec![to]).map_err(|e| bad(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe_url(url: &str) -> Result<String, String> {
        SmtpServer::parse(url, &SmtpCaFile::default()).map(|server| server.description())
    }

    const TIMEOUTS: SmtpTimeouts =
        SmtpTimeouts { commands: Duration::from_secs(5), data_end: Duration::from_secs(600) };

    #[tokio::test]
    async fn descriptions_never_show_the_password() {
        let cases = [
            ("smtp://127.0.0.1:2525", "SMTP 127.0.0.1:2525, no TLS"),
            ("smtp://relay.local", "SMTP relay.local:25, no TLS"),
            (
                "smtp://rit%40example.nl:s3cr%3At@mail.example.nl:587?tls=required",
                "SMTP mail.example.nl:587, STARTTLS required, user rit@example.nl",
            ),
            ("smtps://user:hunter2@mail.example.nl", "SMTP mail.example.nl:465, TLS, user user"),
            ("smtp://relay.local?tls=opportunistic", "SMTP relay.local:587, STARTTLS when offered"),
        ];
        for (url, want) in cases {
            assert_eq!(describe_url(url).unwrap(), want);
            let t = Transport::smtp(url, &SmtpCaFile::default(), TIMEOUTS).unwrap();
            assert!(!t.description().contains("s3cr") && !t.description().contains("hunter2"));
        }
    }

    #[test]
    fn a_tls_mode_names_the_file_of_its_extra_roots() {
        use crate::config::test_files::{ca_pem, file};
        let path = file("relay-ca.pem", &ca_pem());
        let roots = SmtpCaFile::try_from(path.clone()).unwrap();
        let described = |url: &str| SmtpServer::parse(url, &roots).unwrap().description();
        let also = format!("(also trusting the roots in {path})");
        assert_eq!(
            described("smtp://relay.local?tls=required"),
            format!("SMTP relay.local:587, STARTTLS required {also}")
        );
        assert_eq!(described("smtps://relay.local"), format!("SMTP relay.local:465, TLS {also}"));
        assert_eq!(described("smtp://relay.local"), "SMTP relay.local:25, no TLS", "no TLS, no roots");
    }

    #[tokio::test]
    async fn bad_urls_are_refused_without_echoing_them() {
        for url in ["mail.example.nl", "http://user:hunter2@x", "smtp://user:hunter2@x?tls=maybe", "smtp://"]
        {
            let err = Transport::smtp(url, &SmtpCaFile::default(), TIMEOUTS).err().expect(url).to_string();
            assert!(err.contains("TAXI_SMTP_URL") && !err.contains("hunter2"), "{err}");
        }
        // Each refusal says what is wrong.
        let said = |url: &str| describe_url(url).unwrap_err();
        assert_eq!(said("smtp://x?tls=maybe"), "`tls` must be `required` or `opportunistic`");
        assert_eq!(said("http://x"), "the scheme must be `smtp` or `smtps`");
    }
}
