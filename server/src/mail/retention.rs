//! Deleting what is kept past its retention period: finished mails in the
//! store (with what SQLite keeps of deleted rows), the customer mailboxes'
//! days once over, the spool of an earlier release once taken over, and the
//! local Maildir. Blocking: the sender runs it on the blocking pool.
use crate::mail::{legacy, mailbox_days, maildir::Maildir, queue, state::Shared};

/// One sweep; `maildir`: the local Maildir, when mail is delivered there.
pub(crate) fn sweep(shared: &Shared, maildir: Option<&Maildir>) {
    let retention = shared.limits.retention;
    let cutoff = jiff::Timestamp::now()
        .as_millisecond()
        .saturating_sub(retention.as_millis().min(i64::MAX as u128) as i64);
    let swept = (|| {
        let today = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date();
        let store = &shared.store;
        let deleted = store.sweep(|tx| Ok(queue::sweep(tx, cutoff)? + mailbox_days::sweep(tx, today)?))?;
        let counts = store.read(queue::finished_counts)?;
        Ok::<_, std::io::Error>((deleted, counts))
    })();
    match swept {
        Ok((deleted, [delivered, failed, quarantined])) => {
            if deleted > 0 {
                tracing::info!(deleted, "deleted finished mails past their retention");
            }
            let mut state = shared.state.lock().unwrap();
            (state.delivered_retained, state.failed, state.quarantined) = (delivered, failed, quarantined);
        }
        Err(e) => tracing::error!(error = %e, "could not delete old mails"),
    }
    if let Some(data_dir) = shared.store.path().parent() {
        match legacy::sweep_taken_over(data_dir, retention) {
            Ok(0) => {}
            Ok(deleted) => {
                tracing::info!(deleted, "deleted the spool of the earlier release past its retention")
            }
            Err(e) => tracing::error!(error = %e, "could not delete the spool of the earlier release"),
        }
    }
    if let Some(maildir) = maildir {
        match maildir.prune(retention) {
            Ok(deleted) if deleted > 0 => {
                tracing::info!(deleted, "deleted Maildir files past their retention")
            }
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "could not delete old Maildir files"),
        }
    }
}
