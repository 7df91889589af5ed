//! A question sent with the contact form, once validated.
use serde::{Deserialize, Serialize};

use crate::types::Lang;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub reference: String,
    pub lang: Lang,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub subject: String,
    pub message: String,
    pub received_at: jiff::Timestamp,
}
