//! Delivery tests: mails rendered and compared with golden files, headers that
//! cannot be injected, and the outbox against a real SMTP server on loopback
//! (`tests/smtp_sink.py`, aiosmtpd), including processes killed with SIGKILL,
//! a server that misbehaves in every way a real one does, one that offers
//! STARTTLS with a private CA's certificate, and a full disk.
mod helpers;

mod crash;
mod disk_full;
mod failures;
mod fair_turns;
mod golden;
mod golden_group;
mod headers;
mod late_answer;
mod mail_parameters;
mod outbox;
mod perishable;
mod probe;
mod restore_by_hand;
mod restore_crash;
mod schedule;
mod starttls;
mod store_faults;
mod typed_address;
mod unknown_outcome;
mod upgrade;
