//! `ui/src/shared/contract.ts`, generated: the type declarations by ts-rs, the
//! constants as JSON. `UPDATE_CONTRACT=1 cargo test -p taxi-server --lib contract`
//! rewrites the file after a change here. Both ways: the answers the UI reads
//! and the requests its forms send (`forms::request`), whose field names the
//! server's checks use too.
use serde::Serialize;
use ts_rs::{Config, TS};

use crate::{
    booking::request::{ReservationRequest, WhatsappRequest},
    bookings::{
        answer::{Action, DeclineReason, Status},
        customer_step::CustomerAction,
        model::PaymentMethod,
    },
    contact::form::ContactRequest,
    edge::error::Failure,
    forms::{
        antispam::HONEYPOT_FIELD,
        phone_check::{PhoneCheckRequest, PhoneReading},
        proof::{ProofChallenge, PROOF_FIELD},
        submission::{Accepted, ActionLink, Invalid, SummaryRow},
    },
    manage_booking::{
        contract::{BookAgain, ManagePage, ManagePageProps},
        form::{ManageRequest, MANAGE},
    },
    places::{PlaceDetails, PlaceKind, Suggestion, Suggestions},
    pricing::{
        indication::{Indication, RoundTrip},
        stop::StopPart,
        taxibus::TaxibusPart,
        PriceSummary, Rule,
    },
    site::{
        contract::{
            Alternates, BookingRules, Company, ContactPoints, FixedPriceRow, FormState, IslandProps,
            LandingRoute, LegalContent, Links, PageName, PageProps, PickupNote, PlacesProviderName,
            PostalAddress, QualityMark, RadiusSurchargeRow, RouteStory, ServiceNotes, StorySection, Tariff,
            TaxibusRates, WhatsappReady, API_PATHS,
        },
        repeat_props::EarlierReturn,
        ReservationMode,
    },
    staff_answers::{
        contract as staff,
        form::{StaffAnswerRequest, STAFF_ANSWER},
    },
    types::{limits::LIMITS, Lang},
};

/// Where the generated file lives, from the crate's directory.
pub const PATH: &str = "../ui/src/shared/contract.ts";

/// `export type …` for each type, in this order (dependencies first, for the reader).
macro_rules! declarations {
    ($cfg:expr; $($t:ty),* $(,)?) => {
        [$(declaration::<$t>($cfg)),*]
    };
}

fn declaration<T: TS>(cfg: &Config) -> String {
    let docs = T::docs().unwrap_or_default();
    format!("{docs}export {}\n", T::decl(cfg))
}

fn constant(name: &str, docs: &str, value: &impl Serialize) -> String {
    let json = serde_json::to_string_pretty(value).expect("constants serialize");
    format!("/** {docs} */\nexport const {name} = {json} as const;\n")
}

/// The whole text of `ui/src/shared/contract.ts`.
pub fn typescript() -> String {
    // Amounts in cents stay far below 2^53: plain numbers, not bigint.
    let cfg = &Config::new().with_large_int("number");
    let types = declarations![cfg;
        Lang, ReservationMode, PageName, Links, Alternates, PostalAddress, QualityMark, Company, FixedPriceRow, RadiusSurchargeRow, TaxibusRates, Tariff,
        Rule, TaxibusPart, StopPart, PriceSummary, Indication, RoundTrip, FormState, EarlierReturn, Action, DeclineReason, staff::StaffRow, staff::StaffPage, staff::JunkRow, staff::JunkList, staff::JunkChoice, Status, CustomerAction, BookAgain, ManagePage, StorySection, RouteStory, LandingRoute, LegalContent, PlacesProviderName, ServiceNotes, PaymentMethod, BookingRules, PageProps, ContactPoints, IslandProps,
        staff::StaffPageProps, ManagePageProps,
        Suggestion, Suggestions, PlaceKind, PlaceDetails, Accepted, ActionLink, SummaryRow, WhatsappReady, PickupNote, PhoneReading, ProofChallenge, Invalid, Failure,
        // What the forms send.
        WhatsappRequest, ReservationRequest, ContactRequest, PhoneCheckRequest, ManageRequest, StaffAnswerRequest,
    ];
    let constants = [
        constant(
            "LIMITS",
            "Characters per field, and the address search's limits; the server applies the same.",
            &LIMITS,
        ),
        constant("HONEYPOT_FIELD", "The field people never see and bots fill in.", &HONEYPOT_FIELD),
        constant(
            "PROOF_FIELD",
            "The field a post carries its proof of work in, while one is asked.",
            &PROOF_FIELD,
        ),
        constant("API_PATHS", "The API's route patterns; fill them in with `apiPath`.", &API_PATHS),
        constant(
            "MANAGE_FIELDS",
            "The manage page's field names (`ManageRequest`), for its plain HTML forms.",
            &MANAGE,
        ),
        constant(
            "STAFF_ANSWER_FIELDS",
            "The staff answer page's field names (`StaffAnswerRequest`), for its plain HTML forms.",
            &STAFF_ANSWER,
        ),
    ];
    let mut text = String::from(
        "// Generated from server/src/contract.rs by `UPDATE_CONTRACT=1 cargo test -p taxi-server --lib contract`.\n\
         // Do not edit: change the Rust side and regenerate.\n\n",
    );
    text.push_str(&types.join("\n"));
    text.push('\n');
    text.push_str(&constants.join("\n"));
    text
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_checked_in_contract_matches_the_rust_types() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH);
        let generated = typescript();
        if std::env::var_os("UPDATE_CONTRACT").is_some() {
            std::fs::write(&path, &generated).expect("writing the contract");
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            checked_in == generated,
            "{} differs from the Rust types: run `UPDATE_CONTRACT=1 cargo test -p taxi-server --lib contract` and commit it\n--- generated ---\n{generated}",
            path.display()
        );
    }
}
