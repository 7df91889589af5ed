//! A booking as the store keeps it and its whole life: the booking itself
//! ([`model`]) and its record with where it stands ([`record`]), staff's
//! answer and the statuses ([`answer`]), the customer's steps and their
//! rules ([`customer_step`]), the reminders it keeps ([`reminder`]), the
//! version a page showed ([`version`]), the bookings table and each change as
//! a function on a step's transaction ([`store`]), junk's part of the store
//! ([`junk`]), the signed links of the mails ([`answer_links`]), the changes
//! announced by the spool of earlier releases ([`legacy`]), and the
//! [`keeper::Keeper`] that commits each change with the finished mails that
//! announce it. It knows no mail's words and no page: `booking_mail` draws
//! the mails, the capabilities above take the steps.
pub mod answer;
pub mod answer_links;
pub mod customer_step;
pub mod junk;
pub mod keeper;
pub mod legacy;
pub mod model;
pub mod record;
pub mod reminder;
pub mod store;
pub mod version;
