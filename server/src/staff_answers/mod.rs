//! The page where staff answer a booking, opened from a signed link in the
//! staff mail (the links, the answer's model, its store update and the
//! customer's mail belong to the booking): the answer form ([`form`]), the page
//! ([`page`], [`contract`]) and its handlers ([`routes`]); the dispatchers' calendar feed ([`calendar`]).
pub mod calendar;
pub mod contract;
pub mod form;
pub mod page;
pub mod routes;
