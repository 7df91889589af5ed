//! Booking requests, top to bottom: the form and its extras ([`form`],
//! [`extras`]), the reservation page opened with a route ([`prefill`]) or
//! filled from a booking to book it again ([`repeat`]), the
//! service that validates, prices and de-duplicates ([`service`]; the places
//! a form chose, named the same everywhere: [`chosen`]), the stored
//! booking ([`store`], [`outbox`]; the version a page showed: [`version`]), its mails and calendar entry ([`mails`],
//! [`views`], [`ics`], [`links`]; what a customer mail may show: [`customer_copy`];
//! what changes the dispatch, first in staff's mail: [`dispatch`]; the
//! dispatchers' calendar feed: [`feed`]), a booking marked as junk ([`junk`]),
//! the WhatsApp message ([`whatsapp`]) and the HTTP handlers ([`routes`]).
pub mod answer;
pub mod answer_links;
pub mod chosen;
pub mod customer_copy;
pub mod customer_step;
pub mod dispatch;
pub mod extras;
pub mod feed;
pub mod form;
pub mod ics;
pub mod junk;
pub mod legacy;
pub mod links;
pub mod mails;
pub mod model;
pub mod outbox;
pub mod prefill;
pub mod repeat;
pub mod routes;
pub mod service;
pub mod store;
pub mod version;
pub mod views;
pub mod whatsapp;

pub use crate::booking::store::Record;
