//! How a customer means to pay: a code on the forms, in the settings and in the store.
use serde::{Deserialize, Serialize};

/// How the customer means to pay; stored and posted by its code (`cash`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMethod {
    Debitcard,
    Creditcard,
    Cash,
    /// On the company's account: only where the owner lists it in
    /// `booking.payment_methods`; the booking then names the company ([`Invoice`]).
    Invoice,
}

impl PaymentMethod {
    pub const ALL: [Self; 4] = [Self::Debitcard, Self::Creditcard, Self::Cash, Self::Invoice];

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.code() == value)
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Debitcard => "debitcard",
            Self::Creditcard => "creditcard",
            Self::Cash => "cash",
            Self::Invoice => "invoice",
        }
    }
}
