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
//!         unimplemented!()
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
//!     let letter = CustomerLetter { kind, reference: "R", nonce: "n", view: staff_view, date, attachment: None };
//!     let _ = head.to_customer(letter, to);
//! }
//! ```
use std::ops::Deref;

use lettre::message::Mailbox;

use crate::mail::layout::{Link, MailView, Views};

/// A record stripped to what its customer mails may repeat: the server's own
/// figures, places in their provider's words, a checked name.
pub trait Screened {}

/// A value the server made (a time, a link it signed, an enum), or that the
/// company's staff wrote: never text a visitor typed.
pub trait ServerMade {}

impl ServerMade for () {}
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

/// A file name and `.ics` text for a customer, drawn by [`CustomerView::attach`].
pub struct CustomerAttachment(pub(super) (String, String));

/// A typed address, without a display name: a name in `To` is shown by mail
/// programs as the company's words. Made by
/// [`Letterhead::customer_mailbox`](super::Letterhead::customer_mailbox).
#[derive(Debug, Clone)]
pub struct CustomerAddress(pub(super) Mailbox);

impl CustomerAddress {
    /// For `Reply-To` of the staff mails.
    pub fn mailbox(&self) -> Mailbox {
        self.0.clone()
    }
}
