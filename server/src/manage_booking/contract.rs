//! The manage page's props: the booking as the customer's mails show it, and
//! what the customer can do now.
use serde::Serialize;
use ts_rs::TS;

use crate::{
    bookings::{answer::Status, customer_step::CustomerAction},
    forms::submission::SummaryRow,
    site::contract::PageProps,
};

/// The manage page's props: the site's, and the page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ManagePageProps {
    #[serde(flatten)]
    pub site: PageProps,
    pub manage: ManagePage,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct ManagePage {
    pub reference: String,
    pub status: Status,
    /// The booking's version this page shows; every form posts it back.
    pub version: u32,
    /// Where the booking stands, in words (the proposed time, when it was cancelled).
    pub status_text: String,
    /// The ride as booked (or as moved by an accepted proposal).
    pub rows: Vec<SummaryRow>,
    /// The pick-up as the date-time field shows it (`2026-11-24T14:30`).
    pub pickup_value: String,
    /// A round trip's return ride as its date-time field shows it; absent for a one-way ride.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_value: Option<String>,
    /// Who booked, as booked: name, e-mail, phone (what "book again" fills in besides the ride).
    pub details: Vec<SummaryRow>,
    /// Links to the reservation page filled in from this booking (none for junk).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book_again: Option<BookAgain>,
    /// Where the forms post: the signed link itself.
    pub form_action: String,
    /// The steps the customer can take now (none once the pick-up has passed).
    pub actions: Vec<CustomerAction>,
    /// The first tap on "cancel" opens this page asking to confirm (a link, so
    /// it works without JavaScript and changes nothing).
    pub cancel_href: String,
    /// The page asks "cancel this ride?": what cancelling does, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm_cancel: Option<String>,
    /// The proposed time in words, while it can be accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proposed: Option<String>,
    /// Why nothing can be changed here any more, with the phone number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<String>,
    /// The proposed time has passed: it can no longer be accepted; call instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expired: Option<String>,
    /// Why the step just posted changed nothing: the booking changed since
    /// the page was opened (and how), or the time asked is the ride's already.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notice: Option<String>,
    /// How to reach the company for anything else, with the phone number.
    pub other: String,
    /// Once the ride is past (both rides of a round trip): where to review the
    /// company (`company.review_url`), when it set one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review_href: Option<String>,
}

/// The manage page's "book again" links (`booking::repeat`), signed and
/// valid as long as the page's own link.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BookAgain {
    /// The same ride.
    pub again: String,
    /// From the destination back to the pick-up.
    pub back: String,
}
