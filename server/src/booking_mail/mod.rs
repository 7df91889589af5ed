//! The kit every booking mail is drawn with: the [`composer::Composer`]
//! with the parts the mails share (the signed buttons and links, the
//! customer's letter), each mail in its own file ([`request`], [`answer`],
//! [`step`], [`reminder`]), what each mail says as data ([`views`], the ride's rows
//! [`trip_rows`]), the
//! calendar entries ([`events`], [`ics`]), what a mail to the customer may
//! show ([`customer_copy`]), what changes the dispatch, first in staff's
//! mail ([`dispatch`]), and the route in Google Maps ([`maps`]). Built on
//! the outbox's letterhead and layout (`mail`), over the bookings as stored
//! (`bookings`); the capabilities above record each step with its mails.
pub mod answer;
pub mod composer;
pub mod customer_copy;
pub mod dispatch;
pub mod events;
pub mod ics;
pub mod maps;
pub mod reminder;
pub mod request;
pub mod step;
pub mod trip_rows;
pub mod views;
