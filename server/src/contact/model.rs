//! A question sent with the contact form, once validated.
use serde::{Deserialize, Serialize};

use crate::types::{Email, Lang, Phone, Reference};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub reference: Reference,
    pub lang: Lang,
    pub name: String,
    pub email: Email,
    pub phone: Option<Phone>,
    pub subject: String,
    pub message: String,
    pub received_at: jiff::Timestamp,
    /// The gate let it mail its sender (`mail::customer`): the acknowledgement goes.
    pub acknowledged: bool,
}
