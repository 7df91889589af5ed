//! The customer's side of a booking: the page the "Manage your booking" link
//! of every customer mail opens (signed like the staff links), where the
//! customer sees where the booking stands, accepts a proposed time, asks for
//! another (either ride of a round trip, or both), cancels (after a second
//! thought), or books the ride again: the step recorded with its mails
//! ([`mail`]; the step's model and store update belong to the bookings core),
//! the page's props ([`contract`]) and content ([`view`]), the post's check
//! ([`form`]), the page ([`page`]) and its handlers ([`routes`]).
pub mod contract;
pub mod form;
pub mod mail;
pub mod page;
pub mod routes;
pub mod view;
