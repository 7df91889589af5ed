//! The staff answer page's props: the booking as staff read it, and the form
//! for the action their mail's button chose.
use serde::Serialize;
use ts_rs::TS;

use crate::{
    bookings::answer::{Action, DeclineReason},
    site::contract::PageProps,
};

/// The staff answer page's props: the site's, and the page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct StaffPageProps {
    #[serde(flatten)]
    pub site: PageProps,
    pub staff: StaffPage,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct StaffPage {
    pub reference: String,
    pub action: Action,
    /// The booking's version this page shows; its form posts it back.
    pub version: u32,
    /// What changes the dispatch (urgency, larger vehicle, remarks, flight,
    /// ride back), first on the page as in the mail.
    pub alerts: Vec<String>,
    /// The booking, in the staff language, the customer's remarks included.
    pub rows: Vec<StaffRow>,
    /// Where the form posts: the signed link itself.
    pub form_action: String,
    /// The booking's pick-up as the date-time field shows it (`2026-11-24T14:30`).
    pub pickup_value: String,
    /// The choices of a decline.
    pub reasons: Vec<DeclineReason>,
    /// In the staff language: which language the customer reads, for the note.
    pub note_language: String,
    /// Once answered (by anyone), or once its pick-up time has passed: why
    /// there is no form, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered: Option<String>,
    /// Why the post was not taken: the booking changed since the page was
    /// opened (or another answer came first), and how.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<String>,
    /// On the Junk button's page, while the booking is not junk yet: what
    /// marking it does, and the choice of its network's other requests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub junk: Option<JunkChoice>,
}

/// What the Junk page offers, in the staff language.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct JunkChoice {
    /// What marking a request as junk does, and for how long its sender is refused.
    pub intro: String,
    /// The button for the requests of the booking's network in the last hour
    /// that nobody answered ("all 12 requests …"), when there are others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// With [`Self::network`]: what its tap does to each booking of the
    /// network's hour, those it marks first (this one leading), then those it
    /// leaves alone and why. Nothing personal: what staff mails show already.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed: Option<JunkList>,
    /// Why only the address will be refused: the booking came before its
    /// sender's network was kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_network: Option<String>,
}

/// The bookings of a network's hour as the Junk page lists them.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct JunkList {
    /// The moment they were listed (Unix seconds), posted back: the tap
    /// marks no request that came after it, so nothing the page did not show.
    pub through: String,
    /// "The button marks these 3 requests, which nobody answered:"
    pub swept_heading: String,
    pub swept: Vec<JunkRow>,
    /// "It leaves these 2 bookings alone:", when there are any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spared_heading: Option<String>,
    pub spared: Vec<JunkRow>,
}

/// One booking in that list: reference, pick-up and status, and for one left
/// alone who acted on it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct JunkRow {
    pub reference: String,
    pub pickup: String,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct StaffRow {
    pub label: String,
    pub value: String,
}
