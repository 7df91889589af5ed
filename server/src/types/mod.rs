//! Plain types of the product, each with its parsing rules and unit tests.

/// A text newtype (`struct X(String)`) reads as the text it holds: `&x` is a
/// `&str` where one is expected, and it prints as itself.
macro_rules! text_newtype {
    ($name:ident) => {
        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}
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
