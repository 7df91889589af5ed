//! Giving up on a mail: staff are told, in the transaction that marks it
//! failed, so there is exactly one notice per mail given up, whatever moment
//! the process dies.
use std::io;

use crate::mail::{
    queue, queue::Row, state::Shared, text::one_line, transport::Failure, FailedMail, MailKind,
};

/// Marks the mail failed and queues the staff notice (unless the mail is
/// itself a notice, or the notice cannot be composed) in one transaction.
/// Returns whether staff will be told.
pub(super) fn give_up_with_notice(
    shared: &Shared,
    row: &Row,
    attempts: u32,
    failure: Failure,
    error: &str,
    now: i64,
) -> io::Result<bool> {
    let notice = (row.kind != MailKind::NOTICE)
        .then(|| {
            let answer = one_line(error, 300);
            let failed = FailedMail {
                reference: &row.reference,
                kind: row.kind.clone(),
                recipient: &row.recipient,
                answer: &answer,
                customer_phone: row.customer_phone.as_deref(),
                outcome_unknown: failure == Failure::OutcomeUnknown,
            };
            shared.letterhead.failure_notice(&failed, &super::nonce()).inspect_err(|e| {
                tracing::error!(id = row.id, error = %e, "could not compose the notice to staff about an undeliverable mail")
            })
        })
        .and_then(Result::ok);
    let queued = shared.store.write_critical(|tx| {
        let unknown = failure == Failure::OutcomeUnknown;
        queue::record_attempt(tx, row.id, attempts, now, queue::Attempt::GivenUp { error, unknown })?;
        match &notice {
            // The failed mail's cause: junk that bounces does not crowd out other notices.
            Some(mail) => queue::insert_mail(tx, mail, now, row.cause),
            None => Ok(Vec::new()),
        }
    })?;
    shared.queued(&queued);
    Ok(notice.is_some())
}
