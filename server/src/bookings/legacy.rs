//! The changes that mails of releases before the one store announced, as
//! their spool files carry them: recorded when the store lacks them, when the
//! old spool is taken over (`mail::legacy`). That release wrote a step's
//! mails before committing its change, so a crash could leave mails whose
//! change is missing; this is the last time that can matter.
use std::io;

use rusqlite::Transaction;
use serde::Deserialize;

use crate::{
    bookings::{answer::Answer, customer_step::CustomerStep, model::Booking, store},
    store::invalid,
    types::Reference,
};

/// A change as the earlier release described it in its spool files.
#[derive(Deserialize)]
#[serde(tag = "change", rename_all = "camelCase")]
enum Change {
    #[serde(rename_all = "camelCase")]
    Booked { booking: Box<Booking>, calendar_uid: String, fingerprint: Option<i64> },
    #[serde(rename_all = "camelCase")]
    Answered { reference: Reference, sequence: u32, answer: Answer },
    #[serde(rename_all = "camelCase")]
    Stepped { reference: Reference, sequence: u32, step: CustomerStep },
    #[serde(rename_all = "camelCase")]
    Reminded { reference: Reference, sequence: u32, key: String },
}

/// Records `change` if the store lacks it. `false`: the store says otherwise
/// (another answer or step is recorded), so its mail must not go out.
pub fn adopt(tx: &Transaction<'_>, change: &serde_json::Value) -> io::Result<bool> {
    let change: Change = serde_json::from_value(change.clone()).map_err(invalid)?;
    match change {
        Change::Booked { booking, calendar_uid, fingerprint } => {
            if store::get(tx, &booking.reference)?.is_none() {
                store::insert(tx, &booking, &calendar_uid, (fingerprint, None))?;
            }
            Ok(true)
        }
        Change::Answered { reference, sequence, answer } => match store::get(tx, &reference)? {
            // Lost with its own mails, or past its retention: nothing to record it in.
            None => Ok(true),
            Some(record) if record.answer.as_ref() == Some(&answer) => Ok(true),
            Some(_) => store::answer(tx, &reference, sequence, &answer),
        },
        Change::Stepped { reference, sequence, step } => match store::get(tx, &reference)? {
            None => Ok(true),
            Some(record) if record.customer_step.as_ref() == Some(&step) => Ok(true),
            Some(record) => store::customer_step(tx, &record.booking, sequence, &step),
        },
        Change::Reminded { reference, sequence, key } => match store::get(tx, &reference)? {
            None => Ok(true),
            Some(record) if record.reminders_sent.contains(&key) => Ok(true),
            Some(_) => store::remind(tx, &reference, sequence, &key),
        },
    }
}
