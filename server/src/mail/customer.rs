//! The one door to an address a visitor typed. Anybody can type anybody's
//! address into a form, so a mail to it must not carry a stranger's words
//! (a link, "call this number") in the company's name (`docs/edge.md`, "Mail
//! to typed addresses"). The types here make that a matter of the compiler:
//!
//! - [`Letterhead::to_customer`](super::Letterhead::to_customer) takes only a
//!   [`CustomerView`] and a [`CustomerAddress`];
//! - a [`CustomerView`] is only drawn from a [`Screened`] record (each
//!   capability's copy stripped to what its customer mails may repeat) and
//!   [`ServerMade`] values, by a plain `fn`: it cannot capture the unscreened
//!   record from around it, as a closure could;
//! - a [`CustomerAddress`] is the address alone, no display name.
//!
//! Both marker traits are implemented by hand, each with the reason beside
//! it, so that what may reach a customer is one `grep` away.
//!
//! A view drawn by a closure that reaches for the unscreened record does not
//! compile (E0308: a capturing closure is not a `fn`):
//!
//! ```compile_fail,E0308
//! use taxi_server::mail::{customer::{CustomerView, Screened}, layout::{MailView, Views}};
//! struct Copy;
//! impl Screened for Copy {}
//! fn mail(views: &Views<'_>, typed_by_anybody: String) -> CustomerView {
//!     CustomerView::draw(views, &Copy, (), |_: &Views<'_>, _: &Copy, (): ()| -> MailView {
//!         let _shown = &typed_by_anybody;
//!         std::process::abort() // never runs: the example does not compile
//!     })
//! }
//! ```
//!
//! and neither does a customer mail of a view drawn some other way (a staff
//! view):
//!
//! ```compile_fail,E0308
//! use taxi_server::mail::{customer::CustomerAddress, layout::MailView, CustomerLetter, Letterhead, MailKind};
//! fn mail(head: &Letterhead, staff_view: &MailView, to: CustomerAddress) {
//!     let kind = MailKind::new("customer-booking");
//!     let date = std::time::SystemTime::now();
//!     let letter = CustomerLetter { kind, reference: "R", nonce: "n", view: staff_view, date, attachment: None, opens: false };
//!     let _ = head.to_customer(letter, to);
//! }
//! ```
use std::{
    collections::HashMap,
    io,
    net::IpAddr,
    num::NonZeroUsize,
    ops::Deref,
    sync::{Arc, Mutex},
    time::SystemTime,
};

use lettre::message::Mailbox;
use lru::LruCache;
use rusqlite::Transaction;

use crate::{
    config::LimitSettings,
    mail::{
        layout::{Link, MailView, Views},
        mailbox_days::{self, Day},
        MailKind, OutgoingMail,
    },
    store::Store,
    types::Email,
};

/// A record stripped to what its customer mails may repeat: the server's own
/// figures, places in their provider's words, a checked name.
pub trait Screened {}

/// A value the server made (a time, a link it signed, an enum), or that the
/// company's staff wrote: never text a visitor typed.
pub trait ServerMade {}

impl ServerMade for () {}
// The moment something happened: a number, no words.
impl ServerMade for jiff::Timestamp {}
// Its label comes from the locales and its address is made by the server.
impl ServerMade for Link {}
impl<T: ServerMade> ServerMade for Option<T> {}
impl<T: ServerMade + ?Sized> ServerMade for &T {}
impl<A: ServerMade, B: ServerMade> ServerMade for (A, B) {}
impl<A: ServerMade, B: ServerMade, C: ServerMade> ServerMade for (A, B, C) {}

/// What a mail to a typed address shows (see the module docs).
#[derive(Debug, Clone)]
pub struct CustomerView(MailView);

impl CustomerView {
    /// `draw` is a function, not a closure, so everything it can show comes
    /// from `copy`, `extra` and the settings in `views`.
    pub fn draw<S: Screened, X: ServerMade>(
        views: &Views<'_>,
        copy: &S,
        extra: X,
        draw: fn(&Views<'_>, &S, X) -> MailView,
    ) -> Self {
        Self(draw(views, copy, extra))
    }

    /// The calendar entry sent with the view, made the same way.
    pub fn attach<S: Screened, X: ServerMade>(
        &self,
        views: &Views<'_>,
        copy: &S,
        extra: X,
        draw: fn(&Views<'_>, &S, &MailView, X) -> (String, String),
    ) -> CustomerAttachment {
        CustomerAttachment(draw(views, copy, &self.0, extra))
    }
}

impl Deref for CustomerView {
    type Target = MailView;

    fn deref(&self) -> &MailView {
        &self.0
    }
}

/// A mail to a typed address: as [`Letter`](super::Letter), with a [`CustomerView`].
pub struct CustomerLetter<'a> {
    pub kind: MailKind,
    pub reference: &'a str,
    pub nonce: &'a str,
    pub view: &'a CustomerView,
    pub date: SystemTime,
    pub attachment: Option<CustomerAttachment>,
    /// The first mail of a booking or message, counted when
    /// [`CustomerGate::opens`] let it.
    pub opens: bool,
}

/// A file name and `.ics` text for a customer, drawn by [`CustomerView::attach`].
pub struct CustomerAttachment(pub(super) (String, String));

/// A typed address, without a display name: a name in `To` is shown by mail
/// programs as the company's words. Made by
/// [`Letterhead::customer_mailbox`](super::Letterhead::customer_mailbox).
#[derive(Debug, Clone)]
pub struct CustomerAddress {
    /// The domain in ASCII (IDNA), as the envelope carries it.
    pub(super) mailbox: Mailbox,
    /// The mailbox however spelt (`Email::mailbox`), as the gate counts it.
    pub(super) key: String,
}

impl CustomerAddress {
    /// For `Reply-To` of the staff mails.
    pub fn mailbox(&self) -> Mailbox {
        self.mailbox.clone()
    }
}

/// A mail for the gate: which mailbox it goes to, and whether
/// [`CustomerGate::opens`] already counted it.
#[derive(Debug, Clone)]
pub struct GateTag {
    pub(super) mailbox: String,
    pub(super) counted: bool,
}

/// Every mail to a typed address passes here, counted per mailbox (however
/// spelt) per day. A booking or message may open a conversation with a
/// mailbox only while it had fewer than `opening_per_day` mails today and
/// the hour's site-wide allowance has room for its client network; later
/// mails of one that opened pass up to `all_per_day`. The days are kept in
/// the store (`mailbox_days.rs`), so a restart starts no mailbox's day again;
/// the memory holds the mailboxes seen lately and the hour's allowance (after
/// a restart the hour starts again, bounded by the same numbers).
pub struct CustomerGate {
    opening_per_day: u32,
    all_per_day: u32,
    site_per_hour: u32,
    network_per_hour: u32,
    store: Arc<Store>,
    state: Mutex<GateState>,
}

struct GateState {
    /// Per mailbox: the day, the conversations opened and the mails sent that day.
    mailboxes: LruCache<String, Day>,
    hour: i64,
    site_used: u32,
    networks: HashMap<IpAddr, u32>,
}

/// Beyond the site's allowance, a network's first mail of the hour still
/// goes: a flood from a few networks cannot keep everybody else's out.
const FIRST_OF_A_NETWORK: u32 = 1;

impl CustomerGate {
    pub fn new(limits: &LimitSettings, store: Arc<Store>) -> Self {
        let remembered = NonZeroUsize::new(limits.max_tracked_submissions).unwrap_or(NonZeroUsize::MIN);
        Self {
            opening_per_day: limits.confirmations_per_recipient_per_day,
            all_per_day: limits.customer_mails_per_recipient_per_day,
            site_per_hour: limits.customer_mails_per_hour,
            network_per_hour: limits.customer_mails_per_network_per_hour,
            store,
            state: Mutex::new(GateState {
                mailboxes: LruCache::new(remembered),
                hour: 0,
                site_used: 0,
                networks: HashMap::new(),
            }),
        }
    }

    /// Whether a new booking or message from `network` may mail `email`
    /// (then counted; the store counts it with the mail's own commit).
    /// `false`: it is taken, and its address gets nothing. Reads the store
    /// when the mailbox is not in memory: call it off the request threads.
    pub fn opens(&self, email: &Email, network: Option<IpAddr>, now: jiff::Timestamp) -> bool {
        let (mailbox, date) = (email.mailbox(), utc_date(now));
        // Read before the gate's lock is taken: a commit holds the store's and then takes the gate's.
        let stored = match self.lock().mailboxes.get(&mailbox) {
            Some(day) if day.date == date => None,
            _ => Some(self.store.read(|c| mailbox_days::load(c, &mailbox, date))),
        };
        let mut state = self.lock();
        let hour = now.as_second().div_euclid(3600);
        if state.hour != hour {
            (state.hour, state.site_used) = (hour, 0);
            state.networks.clear();
        }
        let Ok(day) = today(&mut state, &mailbox, date, || stored.unwrap_or(Ok(Day::new(date)))) else {
            // The store could not be read: its own health says so; the mail is not withheld for it.
            return true;
        };
        if day.opened >= self.opening_per_day {
            return false;
        }
        let of_network = network.map_or(0, |n| state.networks.get(&n).copied().unwrap_or(0));
        let site_full = self.site_per_hour > 0 && state.site_used >= self.site_per_hour;
        let network_full = self.network_per_hour > 0 && of_network >= self.network_per_hour;
        if network_full || (site_full && (network.is_none() || of_network >= FIRST_OF_A_NETWORK)) {
            tracing::warn!("the hour's allowance of customer mails is used up for this network");
            crate::telemetry::metrics::rate_limited("customer-mails".into());
            return false;
        }
        state.site_used += 1;
        if let Some(n) = network {
            *state.networks.entry(n).or_insert(0) += 1;
        }
        state.mailboxes.put(mailbox, Day { opened: day.opened + 1, mails: day.mails + 1, ..day });
        true
    }

    /// Whether `mail` may go, in the transaction that queues it; counts a
    /// mail to a typed address if so, in memory (unless `opens` did) and in
    /// the store. Staff's mails always go.
    pub(super) fn passes(&self, tx: &Transaction<'_>, mail: &OutgoingMail) -> io::Result<bool> {
        let Some(tag) = &mail.customer else { return Ok(true) };
        let date = utc_date(jiff::Timestamp::now());
        let passes = self.admit(tag, date, || mailbox_days::load(tx, &tag.mailbox, date))?;
        if passes {
            mailbox_days::count(tx, &tag.mailbox, date, tag.counted)?;
        } else {
            tracing::info!(reference = %mail.reference, kind = mail.kind.code(), "the customer's mailbox had today's mails: this one is dropped");
        }
        Ok(passes)
    }

    /// The memory's part of [`CustomerGate::passes`]; `stored` reads the
    /// mailbox's day when the memory does not have it.
    fn admit(
        &self,
        tag: &GateTag,
        date: jiff::civil::Date,
        stored: impl FnOnce() -> io::Result<Day>,
    ) -> io::Result<bool> {
        if tag.counted {
            return Ok(true);
        }
        let mut state = self.lock();
        let day = today(&mut state, &tag.mailbox, date, stored)?;
        if self.all_per_day > 0 && day.mails >= self.all_per_day {
            return Ok(false);
        }
        state.mailboxes.put(tag.mailbox.clone(), Day { mails: day.mails + 1, ..day });
        Ok(true)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn utc_date(now: jiff::Timestamp) -> jiff::civil::Date {
    now.to_zoned(jiff::tz::TimeZone::UTC).date()
}

/// What `mailbox` had on `date`: from memory, or else as `stored` says.
fn today(
    state: &mut GateState,
    mailbox: &str,
    date: jiff::civil::Date,
    stored: impl FnOnce() -> io::Result<Day>,
) -> io::Result<Day> {
    match state.mailboxes.get(mailbox) {
        Some(day) if day.date == date => Ok(*day),
        _ => stored(),
    }
}

#[cfg(test)]
#[path = "customer_tests.rs"]
mod tests;
