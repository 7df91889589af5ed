//! Deleting what is kept past its retention period: delivered, given-up and
//! quarantined mails in the spool, the callers' own records beside it (with
//! what SQLite keeps of deleted rows), and the local Maildir.
use std::sync::Arc;

use crate::mail::{sender::blocking, state::Shared, transport::Transport};

pub(crate) async fn sweep(shared: &Arc<Shared>, transport: &Transport) {
    let (s, retention) = (shared.clone(), shared.limits.retention);
    match blocking(move || s.spool.sweep_delivered(retention)).await {
        Ok((deleted, kept)) => {
            if deleted > 0 {
                tracing::info!(deleted, kept, "deleted delivered mails past their retention");
            }
            shared.state.lock().unwrap().delivered_retained = kept;
        }
        Err(e) => tracing::error!(error = %e, "could not delete old delivered mails"),
    }
    let s = shared.clone();
    match blocking(move || s.spool.sweep_failed_and_quarantined(retention)).await {
        Ok([(failed_deleted, failed), (quarantined_deleted, quarantined)]) => {
            if failed_deleted + quarantined_deleted > 0 {
                tracing::info!(
                    failed = failed_deleted,
                    quarantined = quarantined_deleted,
                    "deleted given-up and quarantined mails past their retention"
                );
            }
            let mut state = shared.state.lock().unwrap();
            (state.failed, state.quarantined) = (failed, quarantined);
        }
        Err(e) => tracing::error!(error = %e, "could not delete old given-up or quarantined mails"),
    }
    for records in shared.records.clone() {
        let name = records.name();
        match blocking(move || records.prune(retention, jiff::Timestamp::now())).await {
            Ok(deleted) if deleted > 0 => {
                tracing::info!(deleted, records = name, "deleted records past their retention")
            }
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, records = name, "could not delete old records"),
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
