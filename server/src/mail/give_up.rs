//! Giving up on a mail: staff are told, and the mail moves to `failed/`.
use crate::mail::{
    spool::Entry,
    state::{Queued, Shared},
    text::one_line,
    transport::Failure,
    FailedMail, MailKind,
};

/// Queues the staff notice (unless the mail is itself a notice), then moves
/// the mail to `failed/`. The notice goes first: after a crash in between, the
/// mail is tried again and may cause a second notice, never none.
pub(super) fn give_up_with_notice(shared: &Shared, entry: Entry, failure: Failure) -> std::io::Result<bool> {
    let mut notice = false;
    if entry.kind != MailKind::FailureNotice {
        let answer = one_line(entry.last_error.as_deref().unwrap_or(""), 300);
        let failed = FailedMail {
            reference: &entry.reference,
            kind: entry.kind,
            recipient: &entry.recipients.join(", "),
            answer: &answer,
            customer_phone: entry.customer_phone.as_deref(),
            outcome_unknown: failure == Failure::OutcomeUnknown,
        };
        let nonce = super::nonce();
        let queued =
            shared.letterhead.failure_notice(&failed, &nonce).map_err(std::io::Error::other).and_then(
                |mail| {
                    let entries = super::entries(mail, &nonce, jiff::Timestamp::now(), None);
                    shared.spool.enqueue(&entries)?;
                    Ok(entries.iter().map(Into::into).collect::<Vec<Queued>>())
                },
            );
        match queued {
            Ok(registered) => {
                shared.queued(&registered);
                notice = true;
            }
            Err(e) => {
                tracing::error!(id = %entry.id, error = %e, "could not queue the notice to staff about an undeliverable mail")
            }
        }
    }
    shared.spool.give_up(&entry)?;
    Ok(notice)
}
