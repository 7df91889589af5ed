//! One SMTP conversation per mail, on lettre's connection, in two phases with
//! their own time limits (see `docs/delivery.md`, "A late answer after the
//! message"):
//!
//! 1. connect, greeting, TLS, login, `MAIL`, `RCPT`, `DATA`: `mail.smtp_timeout_ms`
//!    for all of it. A server that stops answering here has not got the mail,
//!    so a timeout is safe to retry.
//! 2. the message and the server's answer to its final dot:
//!    `mail.smtp_data_end_timeout_ms` (RFC 5321 §4.5.3.2.6 gives servers ten
//!    minutes here, and a queueing server answers only once the mail is safely
//!    stored). Once the message has begun, a timeout or a connection that ends
//!    without that answer leaves the outcome unknown: the mail may have been
//!    stored. Which bytes reached the server cannot be known here: a message
//!    of a few dozen KB is handed to the kernel's socket buffer whole before
//!    a reset from the other end arrives, so "all of it was written" says
//!    nothing about what the server got.
//!
//! lettre's pooled transport runs both phases under one call, so a late answer
//! after the dot could not be told from a server that never took the mail.
use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::Duration,
};

use lettre::{
    address::Envelope,
    transport::smtp::{
        authentication::{Credentials, Mechanism},
        client::{AsyncSmtpConnection, TlsParameters},
        commands::{Data, Mail, Rcpt},
        extension::{ClientId, Extension, MailBodyParameter, MailParameter},
    },
};

use crate::config::SmtpCaFile;

/// How the connection is secured, from the URL's scheme and `tls` parameter.
#[derive(Clone)]
enum Security {
    None,
    StartTlsRequired(TlsParameters),
    StartTlsWhenOffered(TlsParameters),
    Tls(TlsParameters),
}

/// A mail server as `TAXI_SMTP_URL` names it.
#[derive(Clone)]
pub struct SmtpServer {
    host: String,
    port: u16,
    security: Security,
    credentials: Option<Credentials>,
    /// The login name, for the start-up log (lettre's credentials hide it).
    user: Option<String>,
    /// Where TLS's extra roots came from (`mail.smtp_ca_file`), for the same log.
    ca_file: Option<String>,
    hello: ClientId,
}

/// Why a conversation failed, and in which phase.
pub enum SmtpFailure {
    /// Before the message was sent: the server has not got it.
    Before(lettre::transport::smtp::Error),
    /// No answer in phase 1 within its limit.
    TimedOutBefore,
    /// The server answered the message, refusing it.
    Refused(lettre::transport::smtp::Error),
    /// No answer to the final dot within its limit: maybe stored, maybe not.
    NoAnswerAfterMessage,
    /// The connection ended (reset, broken pipe, closed) once the message had
    /// begun, with no answer to its end: maybe stored, maybe not.
    LostInMessage(lettre::transport::smtp::Error),
}

impl SmtpServer {
    /// Parses `smtp://[user:pass@]host[:port][?tls=required|opportunistic]`
    /// or `smtps://[user:pass@]host[:port]`, TLS trusting `ca_file`'s roots
    /// too. The error never repeats the URL.
    pub fn parse(url: &str, ca_file: &SmtpCaFile) -> Result<Self, String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("not a URL ({e})"))?;
        let host = parsed.host_str().filter(|h| !h.is_empty()).ok_or("no host")?.to_string();
        let tls_param = parsed.query_pairs().find(|(k, _)| k == "tls").map(|(_, v)| v.into_owned());
        let tls = || ca_file.tls_parameters(host.clone()).map_err(|e| format!("TLS: {e}"));
        let (security, default_port) = match (parsed.scheme(), tls_param.as_deref()) {
            ("smtp", None) => (Security::None, 25),
            ("smtp", Some("required")) => (Security::StartTlsRequired(tls()?), 587),
            ("smtp", Some("opportunistic")) => (Security::StartTlsWhenOffered(tls()?), 587),
            ("smtp", Some(_)) => return Err("`tls` must be `required` or `opportunistic`".into()),
            ("smtps", _) => (Security::Tls(tls()?), 465),
            _ => return Err("the scheme must be `smtp` or `smtps`".into()),
        };
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(|c| c.into_owned())
                .map_err(|_| "the user name or password is not UTF-8 once decoded".to_string())
        };
        let user = Some(decode(parsed.username())?).filter(|u| !u.is_empty());
        let credentials = match parsed.password() {
            Some(password) => Some(Credentials::new(user.clone().unwrap_or_default(), decode(password)?)),
            None => None,
        };
        let hello = match parsed.path().trim_matches('/') {
            "" => ClientId::default(),
            name => ClientId::Domain(name.to_string()),
        };
        let ca_file = ca_file.file().filter(|_| !matches!(security, Security::None)).map(str::to_string);
        let port = parsed.port().unwrap_or(default_port);
        Ok(Self { host, port, security, credentials, user, ca_file, hello })
    }

    /// `SMTP smtp.example.com:587, STARTTLS required, user rit@example.nl`:
    /// host, port, TLS mode (with the extra roots' file) and user name; never
    /// the password.
    pub fn description(&self) -> String {
        let mode = match self.security {
            Security::None => "no TLS",
            Security::StartTlsRequired(_) => "STARTTLS required",
            Security::StartTlsWhenOffered(_) => "STARTTLS when offered",
            Security::Tls(_) => "TLS",
        };
        let roots =
            self.ca_file.as_ref().map(|f| format!(" (also trusting the roots in {f})")).unwrap_or_default();
        let user = self.user.as_ref().map(|u| format!(", user {u}")).unwrap_or_default();
        format!("SMTP {}:{}, {mode}{roots}{user}", self.host, self.port)
    }

    /// Phase 1 up to `DATA`'s go-ahead, then phase 2; `QUIT` is only attempted.
    /// `in_message` is raised when phase 2 begins: from then on, an end of the
    /// conversation without the server's answer (also the sender's own, at a
    /// shutdown) leaves the outcome unknown.
    pub async fn send(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        (command_timeout, data_end_timeout): (Duration, Duration),
        in_message: &AtomicBool,
    ) -> Result<(), SmtpFailure> {
        let opened =
            tokio::time::timeout(command_timeout, self.open_and_start(envelope, raw, command_timeout));
        let mut connection = match opened.await {
            Err(_) => return Err(SmtpFailure::TimedOutBefore),
            Ok(Err(e)) => return Err(SmtpFailure::Before(e)),
            Ok(Ok(connection)) => connection,
        };
        in_message.store(true, Ordering::SeqCst);
        match tokio::time::timeout(data_end_timeout, connection.message(raw)).await {
            Err(_) => Err(SmtpFailure::NoAnswerAfterMessage),
            // An SMTP answer (a code) refused it; without one the line ended.
            Ok(Err(e)) if e.status().is_none() => Err(SmtpFailure::LostInMessage(e)),
            Ok(Err(e)) => Err(SmtpFailure::Refused(e)),
            Ok(Ok(_)) => {
                let _ = tokio::time::timeout(command_timeout, connection.quit()).await;
                Ok(())
            }
        }
    }

    /// Whether the server greets and answers `NOOP` within `timeout`.
    pub async fn answers(&self, timeout: Duration) -> bool {
        let check = async {
            let mut connection = self.connect(timeout).await.ok()?;
            let alive = connection.test_connected().await;
            let _ = connection.quit().await;
            Some(alive)
        };
        matches!(tokio::time::timeout(timeout, check).await, Ok(Some(true)))
    }

    async fn connect(
        &self,
        timeout: Duration,
    ) -> Result<AsyncSmtpConnection, lettre::transport::smtp::Error> {
        let wrapper = match &self.security {
            Security::Tls(params) => Some(params.clone()),
            _ => None,
        };
        let address = (self.host.as_str(), self.port);
        let mut connection =
            AsyncSmtpConnection::connect_tokio1(address, Some(timeout), &self.hello, wrapper, None).await?;
        match &self.security {
            Security::StartTlsRequired(params) => connection.starttls(params.clone(), &self.hello).await?,
            Security::StartTlsWhenOffered(params) if connection.can_starttls() => {
                connection.starttls(params.clone(), &self.hello).await?
            }
            _ => {}
        }
        if let Some(credentials) = &self.credentials {
            connection.auth(&[Mechanism::Plain, Mechanism::Login], credentials).await?;
        }
        Ok(connection)
    }

    /// Connects and sends `MAIL`, `RCPT` and `DATA` (as lettre's own `send` does).
    async fn open_and_start(
        &self,
        envelope: &Envelope,
        raw: &[u8],
        timeout: Duration,
    ) -> Result<AsyncSmtpConnection, lettre::transport::smtp::Error> {
        let mut connection = self.connect(timeout).await?;
        let mut options = Vec::new();
        let non_ascii = envelope
            .from()
            .into_iter()
            .chain(envelope.to())
            .any(|a: &lettre::Address| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii {
            options.push(MailParameter::SmtpUtfEight);
        }
        if !raw.is_ascii() && connection.server_info().supports_feature(Extension::EightBitMime) {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        connection.command(Mail::new(envelope.from().cloned(), options)).await?;
        for recipient in envelope.to() {
            connection.command(Rcpt::new(recipient.clone(), Vec::new())).await?;
        }
        connection.command(Data).await?;
        Ok(connection)
    }
}

/// What a mail server answered to an envelope that was never sent
/// ([`SmtpServer::try_envelope`]): each step's error as the server or the
/// connection gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvelopeTrial {
    /// Connecting, greeting, TLS and login; when they fail nothing else is tried.
    pub connected: Result<(), String>,
    /// `MAIL FROM`; `None` when not tried.
    pub sender: Option<Result<(), String>>,
    /// `RCPT TO` for each recipient in order; empty when the sender was refused.
    pub recipients: Vec<Result<(), String>>,
}

impl SmtpServer {
    /// Connects as for a mail (TLS, login), then `MAIL FROM` and `RCPT TO`
    /// for each recipient, and ends with `RSET` and `QUIT`: the server says
    /// whether it takes this sender and these recipients, and no message is
    /// sent (`taxi-server check`). Each step within `timeout`.
    pub async fn try_envelope(
        &self,
        from: &lettre::Address,
        recipients: &[lettre::Address],
        timeout: Duration,
    ) -> EnvelopeTrial {
        let mut trial = EnvelopeTrial { connected: Ok(()), sender: None, recipients: Vec::new() };
        let mut connection = match within(timeout, self.connect(timeout)).await {
            Ok(connection) => connection,
            Err(e) => {
                trial.connected = Err(e);
                return trial;
            }
        };
        let mail = Mail::new(Some(from.clone()), Vec::new());
        let sender = within(timeout, connection.command(mail)).await.map(drop);
        let accepted = sender.is_ok();
        trial.sender = Some(sender);
        if accepted {
            for recipient in recipients {
                let rcpt = Rcpt::new(recipient.clone(), Vec::new());
                let answer = within(timeout, connection.command(rcpt)).await;
                trial.recipients.push(answer.map(drop));
            }
        }
        let _ =
            tokio::time::timeout(timeout, connection.command(lettre::transport::smtp::commands::Rset)).await;
        let _ = tokio::time::timeout(timeout, connection.quit()).await;
        trial
    }
}

/// A step of [`SmtpServer::try_envelope`] within `timeout`, its error as text.
async fn within<T>(
    timeout: Duration,
    step: impl std::future::Future<Output = Result<T, lettre::transport::smtp::Error>>,
) -> Result<T, String> {
    match tokio::time::timeout(timeout, step).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {} ms", timeout.as_millis())),
    }
}
