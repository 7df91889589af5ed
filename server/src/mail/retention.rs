//! Deleting what is kept past its retention period: finished mails in the
//! store (with what SQLite keeps of deleted rows), the customer mailboxes'
//! days once over, the spool of an earlier release once taken over, and the
//! local Maildir.
use std::sync::Arc;

use crate::mail::{legacy, mailbox_days, queue, sender::blocking, state::Shared, transport::Transport};

pub(crate) async fn sweep(shared: &Arc<Shared>, transport: &Transport) {
    let (s, retention) = (shared.clone(), shared.limits.retention);
    let cutoff = jiff::Timestamp::now()
        .as_millisecond()
        .saturating_sub(retention.as_millis().min(i64::MAX as u128) as i64);
    let swept = blocking(move || {
        let today = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date();
        let deleted = s.store.sweep(|tx| Ok(queue::sweep(tx, cutoff)? + mailbox_days::sweep(tx, today)?))?;
        let counts = s.store.read(queue::finished_counts)?;
        Ok((deleted, counts))
    })
    .await;
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
    let data_dir = shared.store.path().parent().map(std::path::Path::to_path_buf);
    if let Some(data_dir) = data_dir {
        match blocking(move || legacy::sweep_taken_over(&data_dir, retention)).await {
            Ok(0) => {}
            Ok(deleted) => {
                tracing::info!(deleted, "deleted the spool of the earlier release past its retention")
            }
            Err(e) => tracing::error!(error = %e, "could not delete the spool of the earlier release"),
        }
    }
    if let Transport::Maildir(maildir) = transport {
        let maildir = maildir.clone();
        match blocking(move || maildir.prune(retention)).await {
            Ok(deleted) if deleted > 0 => {
                tracing::info!(deleted, "deleted Maildir files past their retention")
            }
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "could not delete old Maildir files"),
        }
    }
}
