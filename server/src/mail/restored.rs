//! Staff told when a copy replaced the store (`store/restore.rs`): at a start
//! that found it damaged, or by hand. The fact is a row in the copy itself,
//! written before the copy took the store's place; [`notify`] queues the
//! notice and marks the row noticed in one transaction, so the notice goes
//! once whatever moment the process dies at. Also what a restore by hand does
//! with the mails the copy holds queued ([`queued_in`], [`drop_queued`]).
use std::io;

use rusqlite::{Connection, Transaction};

use crate::{
    faults,
    mail::{fair::Cause, nonce, queue, text::header_line, DeliveryError, Letterhead, OutgoingMail},
    store::{restore, Restore, Store},
};

/// Queues the notice to staff for each restore the store records untold
/// (normally none, or the one this start or the last restore by hand made).
pub(crate) fn notify(store: &Store, letterhead: &Letterhead) -> Result<(), DeliveryError> {
    let (pending, waiting) =
        store.read(|c| Ok((restore::pending(c)?, queued_in(c)?))).map_err(DeliveryError::Store)?;
    if pending.is_empty() {
        return Ok(());
    }
    let mut notices = Vec::new();
    for (id, restored) in pending {
        notices.push((id, letterhead.store_restored(&restored, waiting, &nonce())?));
    }
    let now = jiff::Timestamp::now();
    store
        .write(|tx| {
            for (id, notice) in &notices {
                if restore::noticed(tx, *id, now)? {
                    queue::insert_mail(tx, notice, now.as_millisecond(), Cause::default())?;
                }
            }
            faults::point("restore-notice-staged");
            Ok(())
        })
        .map_err(DeliveryError::Store)?;
    faults::point("restore-noticed");
    Ok(())
}

/// How many mails the store behind `connection` holds queued.
pub fn queued_in(connection: &Connection) -> io::Result<u64> {
    connection
        .query_row("SELECT count(*) FROM mails WHERE state = 'queued'", [], |row| row.get::<_, i64>(0))
        .map(|n| u64::try_from(n).unwrap_or(0))
        .map_err(crate::store::sql)
}

/// Ends every queued mail unsent (`superseded`, the reason in its last
/// error): the operator chose not to send again what may have gone before.
/// Returns how many.
pub fn drop_queued(tx: &Transaction<'_>) -> io::Result<u64> {
    let now = jiff::Timestamp::now().as_millisecond();
    tx.execute(
        "UPDATE mails SET state = 'superseded', finished_at = ?1, client_network = NULL,
             last_error = 'not sent: dropped when the store was restored by hand'
         WHERE state = 'queued'",
        [now],
    )
    .map(|n| n as u64)
    .map_err(crate::store::sql)
}

impl Letterhead {
    /// Tells staff that a copy replaced the store (`restored`, `waiting`
    /// mails now queued, to go out): what may be missing, and what to do.
    pub fn store_restored(
        &self,
        restored: &Restore,
        waiting: u64,
        nonce: &str,
    ) -> Result<OutgoingMail, DeliveryError> {
        use crate::i18n::format::{date_time_long, local};
        let (lang, l) = (self.staff_lang, &*self.locales);
        let backup_time = restored.backup_taken_at.map(|at| date_time_long(l, lang, local(at)));
        let args = [("time", backup_time.as_deref().unwrap_or_default())];
        let (subject, intro) = match (backup_time.is_some(), restored.by_hand) {
            (true, true) => ("subjectByHand", "introByHand"),
            (true, false) => ("subject", "intro"),
            (false, _) => ("subjectEmpty", "introEmpty"),
        };
        let subject = header_line(&l.format(lang, &format!("mail.storeRestored.{subject}"), &args), 200);
        let mut lines = vec![l.format(lang, &format!("mail.storeRestored.{intro}"), &args)];
        if restored.dropped > 0 {
            lines.push(l.plural(lang, "mail.storeRestored.queuedDropped", restored.dropped, &[]));
        } else if waiting > 0 {
            lines.push(l.plural(lang, "mail.storeRestored.queuedResent", waiting, &[]));
        }
        lines.push(l.format(lang, "mail.storeRestored.action", &args));
        self.staff_notice("store", subject, lines.join("\r\n\r\n") + "\r\n", nonce)
    }
}
