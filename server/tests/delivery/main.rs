//! Delivery tests: mails rendered and compared with golden files, headers that
//! cannot be injected, and the outbox against a real SMTP server on loopback
//! (`tests/smtp_sink.py`, aiosmtpd), including processes killed with SIGKILL.
mod helpers;

mod crash;
mod golden;
mod headers;
mod outbox;
