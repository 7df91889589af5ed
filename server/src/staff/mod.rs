//! Staff answer a booking from their mail: the signed links ([`links`]), the
//! answer form's rules ([`form`]). The page itself is `routes::staff`; the
//! store and the customer's mail live with the outbox (`delivery`).
pub mod form;
pub mod links;
