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
use std::{collections::HashMap, net::IpAddr, num::NonZeroUsize, ops::Deref, sync::Mutex, time::SystemTime};

use lettre::message::Mailbox;
use lru::LruCache;

use crate::{
    config::LimitSettings,
    mail::{
        layout::{Link, MailView, Views},
        MailKind, OutgoingMail,
    },
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
/// mails of one that opened pass up to `all_per_day`. Kept in memory: after
/// a restart the day starts again, bounded by the same numbers.
pub struct CustomerGate {
    opening_per_day: u32,
    all_per_day: u32,
    site_per_hour: u32,
    network_per_hour: u32,
    state: Mutex<GateState>,
}

#[derive(Clone, Copy)]
struct Day {
    date: jiff::civil::Date,
    opened: u32,
    mails: u32,
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
    pub fn new(limits: &LimitSettings) -> Self {
        let remembered = NonZeroUsize::new(limits.max_tracked_submissions).unwrap_or(NonZeroUsize::MIN);
        Self {
            opening_per_day: limits.confirmations_per_recipient_per_day,
            all_per_day: limits.customer_mails_per_recipient_per_day,
            site_per_hour: limits.customer_mails_per_hour,
            network_per_hour: limits.customer_mails_per_network_per_hour,
            state: Mutex::new(GateState {
                mailboxes: LruCache::new(remembered),
                hour: 0,
                site_used: 0,
                networks: HashMap::new(),
            }),
        }
    }

    /// Whether a new booking or message from `network` may mail `email`
    /// (then counted). `false`: it is taken, and its address gets nothing.
    pub fn opens(&self, email: &Email, network: Option<IpAddr>, now: jiff::Timestamp) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let hour = now.as_second().div_euclid(3600);
        if state.hour != hour {
            (state.hour, state.site_used) = (hour, 0);
            state.networks.clear();
        }
        if today(&mut state, &email.mailbox(), now).opened >= self.opening_per_day {
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
        count(&mut state, &email.mailbox(), now, true);
        true
    }

    /// Whether `mail` may go; counts a mail to a typed address if so
    /// (unless `opens` did). Staff's mails always go.
    pub(super) fn passes(&self, mail: &OutgoingMail) -> bool {
        let Some(tag) = &mail.customer else { return true };
        let passes = self.passes_tag(tag, jiff::Timestamp::now());
        if !passes {
            tracing::info!(reference = %mail.reference, kind = mail.kind.code(), "the customer's mailbox had today's mails: this one is dropped");
        }
        passes
    }

    fn passes_tag(&self, tag: &GateTag, now: jiff::Timestamp) -> bool {
        if tag.counted {
            return true;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if self.all_per_day > 0 && today(&mut state, &tag.mailbox, now).mails >= self.all_per_day {
            return false;
        }
        count(&mut state, &tag.mailbox, now, false);
        true
    }
}

/// What `mailbox` had today.
fn today(state: &mut GateState, mailbox: &str, now: jiff::Timestamp) -> Day {
    let date = now.to_zoned(jiff::tz::TimeZone::UTC).date();
    match state.mailboxes.get(mailbox) {
        Some(day) if day.date == date => *day,
        _ => Day { date, opened: 0, mails: 0 },
    }
}

/// One more mail to `mailbox` today; `opens`: the first of a booking or message.
fn count(state: &mut GateState, mailbox: &str, now: jiff::Timestamp, opens: bool) {
    let mut day = today(state, mailbox, now);
    day.mails += 1;
    day.opened += u32::from(opens);
    state.mailboxes.put(mailbox.to_owned(), day);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(opening: u32, all: u32, site: u32, network: u32) -> CustomerGate {
        let mut settings = crate::config::Settings::load_from(&Default::default()).expect("defaults");
        let limits = &mut settings.limits;
        limits.confirmations_per_recipient_per_day = opening;
        limits.customer_mails_per_recipient_per_day = all;
        limits.customer_mails_per_hour = site;
        limits.customer_mails_per_network_per_hour = network;
        CustomerGate::new(&settings.limits)
    }

    fn email(n: usize) -> Email {
        Email::parse(&format!("visitor{n}@example.nl")).unwrap()
    }

    #[test]
    fn a_few_networks_cannot_spend_the_sites_hour_for_everybody() {
        let gate = gate(5, 15, 3, 2);
        let now: jiff::Timestamp = "2026-11-27T10:00:00Z".parse().unwrap();
        let net = |last: u8| Some(IpAddr::from([198, 51, 100, last]));
        assert!(gate.opens(&email(1), net(1), now) && gate.opens(&email(2), net(1), now));
        assert!(!gate.opens(&email(3), net(1), now), "the network's share is spent");
        assert!(gate.opens(&email(4), net(2), now), "the site's third of the hour");
        assert!(gate.opens(&email(5), net(3), now), "a network's first beyond the site's allowance");
        assert!(!gate.opens(&email(6), net(3), now), "but not its second");
        assert!(!gate.opens(&email(7), None, now), "nor one of no known network");
        let next_hour = now + jiff::SignedDuration::from_hours(1);
        assert!(gate.opens(&email(8), net(1), next_hour), "a new hour");
    }

    #[test]
    fn a_mailbox_opens_a_few_times_a_day_and_takes_a_few_more_mails_after() {
        let gate = gate(2, 3, 0, 0);
        let monday: jiff::Timestamp = "2026-11-23T10:00:00Z".parse().unwrap();
        let spelt = |text: &str| Email::parse(text).unwrap();
        assert!(gate.opens(&spelt("a@bücher.example"), None, monday));
        assert!(gate.opens(&spelt("A+2@xn--bcher-kva.example"), None, monday), "one mailbox, two spellings");
        assert!(!gate.opens(&spelt("a@BÜCHER.example"), None, monday), "its two openings are used");
        let mailbox = spelt("a@bücher.example").mailbox();
        let tag = |counted| GateTag { mailbox: mailbox.clone(), counted };
        assert!(gate.state.lock().unwrap().mailboxes.get(&mailbox).is_some_and(|day| day.mails == 2));
        let later = |counted| gate.passes_tag(&tag(counted), monday);
        assert!(later(true), "an opening mail was counted when it opened");
        assert!(later(false), "the third mail of the day");
        assert!(!later(false), "not a fourth");
        assert!(gate.passes_tag(&tag(false), monday + jiff::SignedDuration::from_hours(24)), "a new day");
        let gate = self::gate(2, 0, 0, 0);
        let busy = spelt("busy@example.nl");
        assert!(gate.opens(&busy, None, monday));
        let tag = GateTag { mailbox: busy.mailbox(), counted: false };
        assert!((0..20).all(|_| gate.passes_tag(&tag, monday)), "0: later mails uncapped");
        assert!(gate.opens(&busy, None, monday), "later mails do not use up the openings");
    }
}
