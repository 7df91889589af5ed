//! Plain types of the product, each with its parsing rules and unit tests.
mod clock;
pub mod email;
mod lang;
pub mod limits;
pub mod links;
mod money;
pub mod phone;
mod place;
mod reference;

pub use crate::types::clock::ClockTime;
pub use crate::types::lang::Lang;
pub use crate::types::money::Money;
pub use crate::types::place::{LatLon, PlaceId, MAX_PLACE_ID_LEN};
pub use crate::types::reference::Reference;
pub use email::Email;
pub use phone::Phone;

/// The company's time zone: every date and time a visitor types is local time here.
pub const TIME_ZONE: &str = "Europe/Amsterdam";
