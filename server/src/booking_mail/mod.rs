//! The kit every booking mail is drawn with: the [`mails::Composer`] (the
//! booking's own mails, the signed buttons and links), what each mail says
//! as data ([`views`]), the calendar entry ([`ics`]), what a mail to the
//! customer may show ([`customer_copy`]), what changes the dispatch, first in
//! staff's mail ([`dispatch`]), the route in Google Maps ([`maps`]) and the
//! dispatchers' calendar feed ([`feed`]). Built on the outbox's letterhead
//! and layout (`mail`), over the bookings as stored (`bookings`).
pub mod customer_copy;
pub mod dispatch;
pub mod feed;
pub mod ics;
pub mod mails;
pub mod maps;
pub mod views;
