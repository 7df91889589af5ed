//! Staff answer a booking, opened from a signed link in the staff mail (the
//! links, the answer's model and its store update belong to the bookings
//! core): the answer recorded with the customer's mail ([`mail`]), the answer
//! form ([`form`]), the page ([`page`], [`contract`]) and its handlers
//! ([`routes`]; the Junk button's page: [`junk`]); the dispatchers' calendar
//! feed ([`calendar`], its events: [`feed`]).
pub mod calendar;
pub mod contract;
pub mod feed;
pub mod form;
pub mod junk;
pub mod mail;
pub mod page;
pub mod routes;
