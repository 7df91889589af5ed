//! The customer's side of a booking: the page the "Manage your booking" link
//! of every customer mail opens (signed like the staff links), where the
//! customer sees where the booking stands and accepts a proposed time or
//! cancels (the steps and their mails belong to the booking): the page's
//! props ([`contract`]), the post's check ([`form`]), the page ([`page`]) and
//! its handlers ([`routes`]).
pub mod contract;
pub mod form;
pub mod page;
pub mod routes;
