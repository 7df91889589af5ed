//! Field and search limits, shared with the browser (the UI contract lists them).
use serde::Serialize;

/// Limits the browser checks before sending; the server checks them again.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Characters per form field.
    pub name: u64,
    pub email: u64,
    pub phone: u64,
    pub subject: u64,
    pub message: u64,
    pub address: u64,
    pub pickup_street: u64,
    pub flight_number: u64,
    pub remarks: u64,
    pub company_name: u64,
    pub invoice_reference: u64,
    /// Most pieces of luggage and child seats one booking names.
    pub luggage: u8,
    pub child_seats: u8,
    /// Address search: shortest input searched, longest input read, most suggestions.
    pub search_min_chars: usize,
    pub search_max_chars: usize,
    pub max_suggestions: usize,
}

pub const LIMITS: Limits = Limits {
    name: 100,
    email: 100,
    phone: 30,
    subject: 50,
    message: 500,
    address: 300,
    pickup_street: 100,
    flight_number: 10,
    remarks: 500,
    company_name: 100,
    invoice_reference: 50,
    luggage: 20,
    child_seats: 4,
    search_min_chars: 2,
    search_max_chars: 200,
    max_suggestions: 8,
};
