//! Staff answer a booking from their mail: the signed links in the staff mail
//! ([`links`]), the answer itself ([`model`], [`form`]), the answer page
//! ([`page`], [`contract`], [`routes`]) and the customer's mail ([`mail`]).
pub mod contract;
pub mod form;
pub mod links;
pub mod mail;
pub mod page;
pub mod routes;
