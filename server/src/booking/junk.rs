//! Junk: a booking nobody meant (a flood, a prank), marked so by staff with
//! the Junk button of their mails (`staff_answers::junk`). In one transaction
//! of the store:
//!
//! - the booking becomes `junk`, final, at its next sequence (a conditional
//!   update, like an answer: of two taps one changes it);
//! - its personal data is deleted: the row keeps what the pages and the
//!   calendar need (reference, language, pick-up and creation times, status,
//!   calendar UID and sequence, the network's tag), the rest is emptied;
//! - the mails still queued to its address are dropped unsent, the records of
//!   its mails forget the address and the phone, and its queued reminders go;
//! - its network and its address are refused for `limits.junk_refusal_days`
//!   (`forms::refusals`).
//!
//! With [`Scope::Network`] the same happens to every other request of that
//! network from the last [`NETWORK_WINDOW`], whatever its status. No mail goes
//! to a junk booking's address again: reminders, staff answers and customer
//! steps act only on other statuses, each by a conditional update at the
//! booking's sequence, which junk raises.
use std::{io, sync::Arc};

use jiff::{SignedDuration, Timestamp};
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::{
    booking::{
        answer::{Action, Answer, Status},
        model::{Address, Booking, ReturnTrip, TripExtras},
        outbox::Bookings,
        store::{self, Record},
    },
    forms::refusals::{self, Refusals},
    mail::{forget, message::customer_address, DeliveryError},
    store::{columns, invalid, sql},
    types::Email,
};

/// How far back "all requests from this network" reaches.
pub const NETWORK_WINDOW: SignedDuration = SignedDuration::from_hours(1);

/// Which bookings one tap marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The booking of the link.
    One,
    /// … and every other request of its network in the last [`NETWORK_WINDOW`].
    Network,
}

impl Scope {
    pub fn code(self) -> &'static str {
        match self {
            Self::One => "one",
            Self::Network => "network",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Self::One, Self::Network].into_iter().find(|s| s.code() == code)
    }
}

/// What one junk step did.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Junked {
    /// The bookings marked, the link's first.
    pub references: Vec<String>,
    /// Mails to their addresses dropped unsent.
    pub dropped: usize,
    /// The tags refused from now on: networks and mailboxes.
    pub refused: Vec<String>,
}

/// The sender's network of a booking (its tag), if the booking has one.
pub struct Network {
    pub tag: Option<String>,
    /// What one tap on "all from this network" would mark: the booking and
    /// the network's other requests since the window's start, not junk yet.
    pub recent: usize,
}

/// The booking as kept once junk: what its pages and the calendar still
/// show (the reference, the language, the times), nothing about a person.
pub fn erased(b: &Booking) -> Booking {
    let place = || Address { formatted: String::new(), name: String::new(), place_id: None, listed: None };
    let back = b.extras.return_trip.as_ref().map(|r| ReturnTrip { pickup_at: r.pickup_at, price: None });
    Booking {
        reference: b.reference.clone(),
        lang: b.lang,
        name: String::new(),
        email: Email::erased(),
        phone: None,
        passengers: b.passengers,
        departure: place(),
        destination: place(),
        pickup_at: b.pickup_at,
        payment_method: None,
        price: None,
        received_at: b.received_at,
        confirmation_withheld: b.confirmation_withheld,
        extras: TripExtras {
            return_trip: back,
            large_vehicle: b.extras.large_vehicle,
            ..TripExtras::default()
        },
    }
}

/// The network of `reference` and its requests since `since`.
pub fn network_of(c: &Connection, reference: &str, since: Timestamp) -> io::Result<Network> {
    let tag = c
        .query_row("SELECT network FROM bookings WHERE reference = ?1", [reference], tag_of)
        .optional()
        .map_err(sql)?
        .flatten();
    let others: i64 = match &tag {
        None => 0,
        Some(tag) => c
            .query_row(
                "SELECT count(*) FROM bookings
                 WHERE network = ?1 AND created_at >= ?2 AND status <> 'junk' AND reference <> ?3",
                params![tag, since.as_second(), reference],
                |row| row.get(0),
            )
            .map_err(sql)?,
    };
    let recent = 1 + usize::try_from(others).unwrap_or(0);
    Ok(Network { tag, recent })
}

/// The network tag of a row: none when it cannot be read (damage costs that
/// booking's neighbours nothing, and refuses no one by mistake).
fn tag_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Option<String>> {
    Ok(columns::optional_text(row, 0).ok().flatten())
}

/// Marks the booking of `record` as junk if it is still at its sequence (and,
/// for [`Scope::Network`], its network's other requests since `now` less the
/// window); refuses their networks and addresses until `until`, when given.
/// `None`: the booking changed meanwhile, nothing was changed.
pub fn junk(
    tx: &Transaction<'_>,
    record: &Record,
    scope: Scope,
    refusals: &Refusals,
    (now, until): (Timestamp, Option<Timestamp>),
) -> io::Result<Option<Junked>> {
    let reference = record.booking.reference.as_str();
    let network = network_of(tx, reference, now - NETWORK_WINDOW)?;
    let mut junked = Junked::default();
    if !mark(tx, record, Some(record.sequence), now, refusals, &mut junked)? {
        return Ok(None);
    }
    junked.refused.extend(network.tag.clone());
    if let (Scope::Network, Some(tag)) = (scope, &network.tag) {
        let others: Vec<String> = {
            let mut statement = tx
                .prepare(
                    "SELECT reference FROM bookings
                     WHERE network = ?1 AND created_at >= ?2 AND status <> 'junk' ORDER BY created_at",
                )
                .map_err(sql)?;
            let rows = statement
                .query_map(params![tag, (now - NETWORK_WINDOW).as_second()], |row| {
                    Ok(columns::text(row, 0).map_err(|e| (columns::shown(row, 0), e)))
                })
                .map_err(sql)?;
            let mut others = Vec::new();
            for row in rows {
                match row.map_err(sql)? {
                    Ok(reference) => others.push(reference),
                    Err((reference, e)) => {
                        tracing::error!(%reference, error = %e, "a booking's reference cannot be read: not marked as junk");
                    }
                }
            }
            others
        };
        for other in others {
            match store::get(tx, &other) {
                Ok(Some(record)) => {
                    mark(tx, &record, None, now, refusals, &mut junked)?;
                }
                Ok(None) => {}
                // A row that cannot be read costs its own booking only: staff see it in their mails.
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    tracing::error!(reference = %other, error = %e, "a booking's row cannot be read: not marked as junk");
                }
                Err(e) => return Err(e),
            }
        }
    }
    junked.refused.sort();
    junked.refused.dedup();
    if let Some(until) = until {
        refusals::record(tx, &junked.refused, until)?;
    }
    Ok(Some(junked))
}

/// One booking marked: at `sequence` when given, else as it stands (not junk yet).
fn mark(
    tx: &Transaction<'_>,
    record: &Record,
    sequence: Option<u32>,
    now: Timestamp,
    refusals: &Refusals,
    junked: &mut Junked,
) -> io::Result<bool> {
    let b = &record.booking;
    let answer = Answer {
        action: Action::Junk,
        note: String::new(),
        proposed_pickup_at: None,
        reason: None,
        answered_at: now,
    };
    let changed = tx
        .execute(
            "UPDATE bookings SET status = ?1, booking = ?2, answer = ?3, answered_at = ?4, customer_step = NULL,
             fingerprint = NULL, sequence = sequence + 1
             WHERE reference = ?5 AND status <> ?1 AND (?6 IS NULL OR sequence = ?6)",
            params![
                Status::Junk.code(),
                serde_json::to_string(&erased(b)).map_err(invalid)?,
                serde_json::to_string(&answer).map_err(invalid)?,
                now.as_second(),
                b.reference.as_str(),
                sequence
            ],
        )
        .map_err(sql)?;
    if changed != 1 {
        return Ok(false);
    }
    let recipient = customer_address(b.email.as_str()).map(|address| address.to_string());
    junked.dropped += forget(tx, &b.reference, recipient.as_deref(), now.as_millisecond())?;
    store::superseded_if(tx, changed, &b.reference)?;
    if !b.email.as_str().is_empty() {
        junked.refused.push(refusals.mailbox_tag(&b.email));
    }
    if sequence.is_none() {
        let tag = tx
            .query_row("SELECT network FROM bookings WHERE reference = ?1", [b.reference.as_str()], tag_of)
            .map_err(sql)?;
        junked.refused.extend(tag);
    }
    junked.references.push(b.reference.to_string());
    Ok(true)
}

impl Bookings {
    /// Marks the booking of `record` (as read, at its sequence) as junk, and
    /// with [`Scope::Network`] its network's other recent requests; their
    /// senders are refused from the commit on. `None`: the booking changed
    /// meanwhile; nothing was changed.
    pub async fn junk(
        &self,
        record: &Record,
        scope: Scope,
        refusals: Arc<Refusals>,
    ) -> Result<Option<Junked>, DeliveryError> {
        let (store, record) = (self.outbox().store().clone(), record.clone());
        let now = Timestamp::now();
        let until = refusals.until(now);
        let kept = refusals.clone();
        let junked = self
            .outbox()
            .blocking(move || store.erase(|tx| junk(tx, &record, scope, &kept, (now, until))))
            .await?;
        if let (Some(junked), Some(until)) = (&junked, until) {
            refusals.remember(&junked.refused, until);
        }
        Ok(junked)
    }

    /// The network of `reference` (its tag) and its requests in the last [`NETWORK_WINDOW`].
    pub async fn network_of(&self, reference: &str) -> Result<Network, DeliveryError> {
        let (store, reference) = (self.outbox().store().clone(), reference.to_string());
        let since = Timestamp::now() - NETWORK_WINDOW;
        self.outbox().blocking(move || store.read(|c| network_of(c, &reference, since))).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::model::sample;

    #[test]
    fn a_junk_booking_keeps_nothing_about_a_person() {
        let mut b = sample("2026-11-20T10:00:00Z".parse().unwrap(), "2026-11-24T14:30");
        b.phone = crate::types::Phone::parse("0612345678", crate::types::Country::NL, crate::types::Lang::Nl);
        b.extras.remarks = Some("Rolstoel".into());
        b.extras.pickup_street = Some("Markt 1".into());
        b.extras.flight_number = Some("KL1234".into());
        let kept = serde_json::to_string(&erased(&b)).unwrap();
        for personal in
            ["Jan", "jan@example.nl", "612345678", "Roermond", "Venlo", "Rolstoel", "Markt", "KL1234"]
        {
            assert!(!kept.contains(personal), "{personal} in {kept}");
        }
        let e = erased(&b);
        assert_eq!(
            (e.reference, e.lang, e.pickup_at, e.received_at),
            (b.reference, b.lang, b.pickup_at, b.received_at)
        );
        assert_eq!(crate::mail::message::customer_address(e.email.as_str()), None, "no mail can go to it");
    }

    #[test]
    fn the_scopes_read_back() {
        for scope in [Scope::One, Scope::Network] {
            assert_eq!(Scope::parse(scope.code()), Some(scope));
        }
        assert_eq!(Scope::parse("all"), None);
    }
}
