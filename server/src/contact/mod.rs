//! Questions sent with the contact form: validation ([`form`]).
pub mod form;
