//! Questions sent with the contact form, top to bottom: the request and its
//! validation ([`form`]), the message ([`model`]), the service that
//! de-duplicates and hands it to the outbox ([`service`]), its mails
//! ([`mails`]) and the HTTP handlers ([`routes`]).
pub mod form;
pub mod mails;
pub mod model;
pub mod routes;
pub mod service;
