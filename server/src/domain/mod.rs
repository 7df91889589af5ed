//! Plain types of the product, each with its parsing rules and unit tests.
pub mod answer;
pub mod booking;
pub mod landing;
mod lang;
pub mod links;
mod money;
mod page;
mod place;

pub use lang::Lang;
pub use money::{format_amount, format_euro};
pub use page::{Page, ReservationMode};
pub use place::{LatLon, MAX_PLACE_ID_LEN};
