//! Booking requests, the visitor's side: what the forms send ([`request`]),
//! the form and its extras ([`form`], [`extras`], [`needs`]: what decides the
//! vehicle, and the payment), the reservation page
//! opened with a route ([`prefill`]) or filled from a booking to book it
//! again ([`repeat`]), the service that validates, prices and de-duplicates
//! ([`service`], its route prices [`quote`]; the places a form chose, named the same everywhere:
//! [`chosen`]), the WhatsApp message ([`whatsapp`]) and the HTTP handlers
//! ([`routes`]).
pub mod chosen;
pub mod extras;
pub mod form;
pub mod needs;
pub mod prefill;
pub mod quote;
pub mod repeat;
pub mod request;
pub mod routes;
pub mod service;
pub mod whatsapp;
