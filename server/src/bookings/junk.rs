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
//! With [`Scope::Network`] the same happens to the network's other requests
//! that nobody answered: created in the [`NETWORK_WINDOW`] before the moment
//! the Junk page listed them, still `requested`, with no customer step
//! ([`Listed::swept`]). What staff confirmed, proposed or declined, and what
//! the customer accepted, moved or cancelled, is a person's booking (behind a
//! carrier's NAT an honest customer shares the flooder's address): it stays as
//! it is, with its mails and its place in the calendar. Only the network and
//! the mailbox of the booking staff tapped are refused: a swept request's
//! address may be anybody's, typed by the flooder. No mail goes to a junk
//! booking's address again: reminders, staff answers and customer steps act
//! only on other statuses, each by a conditional update at the booking's
//! sequence, which junk raises.
use std::io;

use jiff::{SignedDuration, Timestamp};
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::{
    bookings::{
        answer::{Action, Answer, Status},
        model::{Address, Booking, ReturnTrip, TripExtras},
        record::Record,
        store,
    },
    forms::refusals::{self, Refusals},
    mail::{forget, message::customer_address},
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
    /// … and the network's requests nobody answered in the [`NETWORK_WINDOW`]
    /// before this moment: when its page listed them, so the tap marks no
    /// request staff did not see.
    Network(Timestamp),
}

impl Scope {
    pub fn code(self) -> &'static str {
        match self {
            Self::One => "one",
            Self::Network(_) => "network",
        }
    }
}

/// What one junk step did.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Junked {
    /// The bookings marked, the link's first.
    pub references: Vec<String>,
    /// Mails to their addresses dropped unsent.
    pub dropped: usize,
    /// The tags refused from now on: the network and the mailbox of the link's booking.
    pub refused: Vec<String>,
}

/// The sender's network of a booking (its tag, if the booking has one), and
/// its bookings of the window as the Junk page lists them.
pub struct Network {
    pub tag: Option<String>,
    /// What one tap on "all from this network" would mark: the booking of the
    /// link first, then the network's requests nobody answered.
    pub swept: Vec<Listed>,
    /// The network's other bookings of the window that the tap leaves alone.
    pub spared: Vec<Listed>,
}

/// One booking of a network's window: what staff mails show of it already.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub reference: String,
    pub pickup_at: Timestamp,
    pub status: Status,
    /// The customer took a step on it (accepted, asked for another time, cancelled).
    pub stepped: bool,
}

impl Listed {
    /// Whether "all from this network" marks it: a request nobody answered,
    /// neither staff nor the customer.
    pub fn swept(&self) -> bool {
        self.status == Status::Requested && !self.stepped
    }

    /// Whether the customer acted on it (else staff did), for a booking not swept.
    pub fn by_customer(&self) -> bool {
        self.stepped || self.status == Status::Cancelled
    }
}

/// The booking as kept once junk: what its pages and the calendar still
/// show (the reference, the language, the times), nothing about a person.
pub fn erased(b: &Booking) -> Booking {
    let place =
        || Address { formatted: String::new(), name: String::new(), place_id: None, listed: None, own: None };
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

/// The network tag of `reference`'s sender, if kept: none when it cannot be
/// read (damage costs that booking's neighbours nothing, and refuses no one by mistake).
fn tag_of(c: &Connection, reference: &str) -> io::Result<Option<String>> {
    let tag = c
        .query_row("SELECT network FROM bookings WHERE reference = ?1", [reference], |row| {
            Ok(columns::optional_text(row, 0).ok().flatten())
        })
        .optional()
        .map_err(sql)?;
    Ok(tag.flatten())
}

/// A row of [`network_of`]'s queries: reference, status, pick-up, stepped;
/// or, for a row that cannot be read, what its reference column shows and why.
type ListedRow = Result<(String, String, i64, bool), (String, io::Error)>;

fn listed_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ListedRow> {
    let read = || -> io::Result<(String, String, i64, bool)> {
        let stepped = columns::integer(row, 3)? != 0;
        Ok((columns::text(row, 0)?, columns::text(row, 1)?, columns::integer(row, 2)?, stepped))
    };
    Ok(read().map_err(|e| (columns::shown(row, 0), e)))
}

/// The network of `reference` and its bookings (not junk) created in the
/// [`NETWORK_WINDOW`] before `through`, as swept or spared by one tap.
pub fn network_of(c: &Connection, reference: &str, through: Timestamp) -> io::Result<Network> {
    let tag = tag_of(c, reference)?;
    let mut network = Network { tag, swept: Vec::new(), spared: Vec::new() };
    let own = c
        .query_row(
            "SELECT reference, status, pickup_at, customer_step IS NOT NULL FROM bookings WHERE reference = ?1",
            [reference],
            listed_row,
        )
        .optional()
        .map_err(sql)?;
    let others: Vec<_> = match &network.tag {
        None => Vec::new(),
        Some(tag) => {
            let mut statement = c
                .prepare(
                    "SELECT reference, status, pickup_at, customer_step IS NOT NULL FROM bookings
                     WHERE network = ?1 AND created_at >= ?2 AND created_at < ?3 AND status <> 'junk'
                       AND reference <> ?4
                     ORDER BY created_at, reference",
                )
                .map_err(sql)?;
            let window = ((through - NETWORK_WINDOW).as_second(), through.as_second());
            let rows =
                statement.query_map(params![tag, window.0, window.1, reference], listed_row).map_err(sql)?;
            rows.collect::<Result<_, _>>().map_err(sql)?
        }
    };
    for (i, row) in own.into_iter().chain(others).enumerate() {
        let (reference, status, pickup, stepped) = match row {
            Ok(row) => row,
            Err((reference, e)) => {
                tracing::error!(%reference, error = %e, "a booking's row cannot be read: not listed for junk");
                continue;
            }
        };
        // An unknown status is no request: left alone, like a row that cannot be read.
        let (Some(status), Ok(pickup_at)) = (Status::parse(&status), Timestamp::from_second(pickup)) else {
            tracing::error!(%reference, %status, "a booking's row cannot be read: not listed for junk");
            continue;
        };
        let listed = Listed { reference, pickup_at, status, stepped };
        // The booking of the link is marked whatever it is: staff chose it.
        if i == 0 || listed.swept() {
            network.swept.push(listed);
        } else {
            network.spared.push(listed);
        }
    }
    Ok(network)
}

/// Marks the booking of `record` as junk if it is still at its sequence (and,
/// for [`Scope::Network`], its network's requests nobody answered, of the
/// window before the scope's moment, capped at `now`); refuses its network
/// and its mailbox until `until`, when given. `None`: the booking changed
/// meanwhile, nothing was changed.
pub fn junk(
    tx: &Transaction<'_>,
    record: &Record,
    scope: Scope,
    refusals: &Refusals,
    (now, until): (Timestamp, Option<Timestamp>),
) -> io::Result<Option<Junked>> {
    let b = &record.booking;
    let reference = b.reference.as_str();
    // Listed before the booking of the link changes, as its page listed them.
    let (tag, swept) = match scope {
        Scope::One => (tag_of(tx, reference)?, Vec::new()),
        Scope::Network(through) => {
            let network = network_of(tx, reference, through.min(now))?;
            (network.tag, network.swept.into_iter().skip(1).map(|l| l.reference).collect())
        }
    };
    let mut junked = Junked::default();
    if !mark(tx, record, Some(record.sequence), now, &mut junked)? {
        return Ok(None);
    }
    if !b.email.as_str().is_empty() {
        junked.refused.push(refusals.mailbox_tag(&b.email));
    }
    junked.refused.extend(tag);
    for other in swept {
        match store::get(tx, &other) {
            Ok(Some(record)) => {
                mark(tx, &record, None, now, &mut junked)?;
            }
            Ok(None) => {}
            // A row that cannot be read costs its own booking only: staff see it in their mails.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                tracing::error!(reference = %other, error = %e, "a booking's row cannot be read: not marked as junk");
            }
            Err(e) => return Err(e),
        }
    }
    if let Some(until) = until {
        refusals::record(tx, &junked.refused, until)?;
    }
    Ok(Some(junked))
}

/// One booking marked: the link's at `sequence`; another (`None`) only while
/// still a request nobody answered ([`Listed::swept`]).
fn mark(
    tx: &Transaction<'_>,
    record: &Record,
    sequence: Option<u32>,
    now: Timestamp,
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
             WHERE reference = ?5 AND status <> ?1
               AND (sequence = ?6 OR (?6 IS NULL AND status = ?7 AND customer_step IS NULL))",
            params![
                Status::Junk.code(),
                serde_json::to_string(&erased(b)).map_err(invalid)?,
                serde_json::to_string(&answer).map_err(invalid)?,
                now.as_second(),
                b.reference.as_str(),
                sequence,
                Status::Requested.code(),
            ],
        )
        .map_err(sql)?;
    if changed != 1 {
        return Ok(false);
    }
    let recipient = customer_address(b.email.as_str()).map(|address| address.to_string());
    junked.dropped += forget(tx, &b.reference, recipient.as_deref(), now.as_millisecond())?;
    store::superseded_if(tx, changed, &b.reference)?;
    junked.references.push(b.reference.to_string());
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::model::sample;

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
    fn a_network_sweep_takes_only_requests_nobody_answered() {
        let listed = |status, stepped| Listed {
            reference: "R-AAAAAA".into(),
            pickup_at: Timestamp::UNIX_EPOCH,
            status,
            stepped,
        };
        assert!(listed(Status::Requested, false).swept());
        // Asked for another time: a request again, but the customer's.
        assert!(!listed(Status::Requested, true).swept());
        assert!(listed(Status::Requested, true).by_customer());
        for status in [Status::Confirmed, Status::Rescheduled, Status::Declined] {
            assert!(!listed(status, false).swept() && !listed(status, false).by_customer(), "{status:?}");
            assert!(listed(status, true).by_customer(), "{status:?} after a step");
        }
        assert!(!listed(Status::Cancelled, false).swept() && listed(Status::Cancelled, false).by_customer());
    }
}
