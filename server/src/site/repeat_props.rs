//! What a reservation page filled in to book a ride again carries besides
//! its values (`booking::repeat`), in its own file to keep `contract.rs` short.
use serde::Serialize;
use ts_rs::TS;

/// The return ride of the booking booked again, as it stands to its pick-up:
/// the return field is filled from it once the new date is typed (in the
/// browser), and `note` says it beside that field (also without JavaScript).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EarlierReturn {
    /// Calendar days after the pick-up's day: 0 the same day.
    pub days: u16,
    /// The time of day, `18:00`.
    pub time: String,
    /// "Your earlier booking had a return ride at 18:00 the same day."
    pub note: String,
}
