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
mod client;
mod clock;
mod country;
pub mod email;
mod lang;
pub mod limits;
pub mod links;
mod money;
mod payment;
pub mod person_name;
pub mod phone;
mod pickup;
mod place;
mod reference;

pub use crate::types::client::ClientKey;
pub use crate::types::clock::ClockTime;
pub use crate::types::country::Country;
pub use crate::types::lang::Lang;
pub use crate::types::money::Money;
pub use crate::types::payment::PaymentMethod;
pub use crate::types::pickup::Pickup;
pub use crate::types::place::{LatLon, PlaceId, MAX_PLACE_ID_LEN};
pub use crate::types::reference::Reference;
pub use email::Email;
pub use phone::Phone;

/// The company's time zone: every date and time a visitor types is local time here.
pub const TIME_ZONE: &str = "Europe/Amsterdam";

static COMPANY_ZONE: std::sync::OnceLock<jiff::tz::TimeZone> = std::sync::OnceLock::new();

/// Resolves [`TIME_ZONE`] once, at start-up: an unknown zone stops the start
/// instead of every later use picking its own fallback.
pub fn resolve_company_zone() -> Result<(), jiff::Error> {
    let zone = jiff::tz::TimeZone::get(TIME_ZONE)?;
    let _ = COMPANY_ZONE.set(zone);
    Ok(())
}

/// The company's time zone: pick-ups, answer hours and dates in mails and pages.
pub fn company_zone() -> jiff::tz::TimeZone {
    COMPANY_ZONE
        .get_or_init(|| {
            // Unit tests and tools that skip start-up; the bundled database always has it.
            jiff::tz::TimeZone::get(TIME_ZONE).expect("the bundled time zone database knows Europe/Amsterdam")
        })
        .clone()
}
