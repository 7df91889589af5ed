//! The site's side of what crosses to the React UI: the props every page is
//! rendered with, the state of a form page, and the API paths the browser uses.
//!
//! `ui/src/shared/contract.ts` is generated from these types and the other
//! capabilities' answer types by `crate::contract`; a test fails when the
//! checked-in file differs, so neither side can change alone.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

pub use crate::site::booking_rules::BookingRules;

use crate::{
    forms::{
        submission::{Receipt, SummaryRow},
        FieldErrors,
    },
    places::Suggestion,
    pricing::indication::Indication,
    site::{repeat_props::EarlierReturn, Page, ReservationMode},
    types::Lang,
};

/// The page a set of props renders: one of the site's pages, or the error page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum PageName {
    Home,
    Prices,
    Reservation,
    Contact,
    /// The legal pages (their text in `PageProps.legal`).
    Privacy,
    Terms,
    Complaints,
    /// The page of one fixed-price route.
    Landing,
    Error,
    /// Staff's answer to a booking (see [`crate::staff_answers::contract::StaffPage`]).
    Staff,
    /// The customer's booking (see [`crate::manage_booking::contract::ManagePage`]).
    Manage,
}

impl From<Option<Page>> for PageName {
    fn from(page: Option<Page>) -> Self {
        match page {
            Some(Page::Home) => PageName::Home,
            Some(Page::Prices) => PageName::Prices,
            Some(Page::Reservation) => PageName::Reservation,
            Some(Page::Contact) => PageName::Contact,
            Some(Page::Privacy) => PageName::Privacy,
            Some(Page::Terms) => PageName::Terms,
            Some(Page::Complaints) => PageName::Complaints,
            None => PageName::Error,
        }
    }
}

/// The props every page receives. The server builds them (paths, formatted
/// prices, company data) so the browser never repeats that logic.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct PageProps {
    pub page: PageName,
    pub lang: Lang,
    pub links: Links,
    /// The header's language flags: this page in each language, a link carrying the
    /// choice (`site::language_links`).
    pub alternates: Alternates,
    pub company: Company,
    pub tariff: Tariff,
    /// Reservation page: which form is shown first (`?mode=whatsapp`).
    pub reservation_mode: ReservationMode,
    /// Set when the page answers a form post (no JavaScript).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<FormState>,
    /// What the booking forms offer and accept.
    pub booking_rules: BookingRules,
    /// Landing page: the route it describes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub landing: Option<LandingRoute>,
    /// A legal page: its text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<LegalContent>,
    /// Who answers the address fields' suggestions (the attribution shown with them).
    pub places_provider: PlacesProviderName,
    /// The form pages: the answer hours and the next closure (`site::service_notes`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_notes: Option<ServiceNotes>,
}

/// Said beside the forms, worded: when requests are answered, and the next closure.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(optional_fields)]
pub struct ServiceNotes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closure: Option<String>,
}

/// A legal page's text (`site::legal`), rendered from the owner's Markdown on the server.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LegalContent {
    /// HTML made by `site::legal::markdown` (the file's own HTML escaped).
    pub html: String,
    /// The built-in template (the demo's): the page says it is one to complete.
    pub template: bool,
}

/// The places provider the server chose at start (`places::provider`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum PlacesProviderName {
    Gazetteer,
    /// Google Maps Platform: its suggestions are shown with "Powered by Google".
    Google,
}

/// A fixed-price route as its landing page tells it, amounts formatted.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LandingRoute {
    /// The destination's name in the page's language.
    pub destination: String,
    pub airport: bool,
    pub price: String,
    /// The same route by taxibus, when a taxibus costs more (`Tariff::taxibus` says for whom).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub taxibus_price: Option<String>,
    /// Typical road distance and driving time from the zone's centre, rounded.
    pub distance_km: u32,
    pub minutes: u32,
    /// Where fixed prices start from (the zone's name).
    pub zone: String,
    pub zone_radius_km: f64,
    /// This route's own texts (`site::route_story`), if it has them.
    pub story: Option<RouteStory>,
}

/// A route's own texts: an opening paragraph and sections, placeholders filled in.
#[derive(Debug, Clone, Serialize, TS)]
pub struct RouteStory {
    pub lead: String,
    pub sections: Vec<StorySection>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct StorySection {
    pub heading: String,
    pub paragraphs: Vec<String>,
}

/// The paths of the pages in the page's language.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Links {
    pub home: String,
    pub reservation: String,
    pub prices: String,
    pub contact: String,
    pub privacy: String,
    pub terms: String,
    pub complaints: String,
}

/// One path (or link) per language.
#[derive(Debug, Clone, Default, Serialize, TS)]
pub struct Alternates {
    pub nl: String,
    pub de: String,
    pub en: String,
}

impl Alternates {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Nl => &self.nl,
            Lang::De => &self.de,
            Lang::En => &self.en,
        }
    }
}

/// What a form page's island is hydrated with (`ui/src/client/hydrate.tsx`): what its
/// components read of the page's props. The tariff, the other languages' paths and the footer's
/// company details only the server's render of the whole page reads.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct IslandProps {
    pub page: PageName,
    pub lang: Lang,
    pub links: Links,
    pub company: ContactPoints,
    pub reservation_mode: ReservationMode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<FormState>,
    pub booking_rules: BookingRules,
    pub places_provider: PlacesProviderName,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_notes: Option<ServiceNotes>,
}

impl From<&PageProps> for IslandProps {
    fn from(props: &PageProps) -> Self {
        let company = &props.company;
        Self {
            page: props.page,
            lang: props.lang,
            links: props.links.clone(),
            company: ContactPoints {
                phone_display: company.phone_display.clone(),
                phone_href: company.phone_href.clone(),
                email: company.email.clone(),
                whatsapp_href: company.whatsapp_href.clone(),
            },
            reservation_mode: props.reservation_mode,
            form: props.form.clone(),
            booking_rules: props.booking_rules.clone(),
            places_provider: props.places_provider,
            service_notes: props.service_notes.clone(),
        }
    }
}

/// How to reach the company: what the forms link to.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ContactPoints {
    pub phone_display: String,
    pub phone_href: String,
    pub email: String,
    pub whatsapp_href: String,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub name: String,
    pub phone_display: String,
    pub phone_href: String,
    pub email: String,
    pub whatsapp_href: String,
    /// For the footer's address block.
    pub address: PostalAddress,
    pub kvk: String,
    pub vat: String,
    /// The taxi licence number, when the company set one (footer, complaints page).
    pub licence_number: Option<String>,
    /// Where customers leave a review (`company.review_url`), when the company set one.
    pub review_url: Option<String>,
    /// The footer says the company's details are examples (`company.demo`).
    pub sample_notice: bool,
    /// The footer's quality mark, if one is shown.
    pub quality_mark: Option<QualityMark>,
    pub taxi_image_src: String,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct QualityMark {
    pub src: String,
    /// Its real name (or, on the demo, that it is an example).
    pub alt: String,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    pub street: String,
    pub postal_code: String,
    pub city: String,
    pub country: String,
}

pub use crate::site::tariff_props::{FixedPriceRow, RadiusSurchargeRow, Tariff, TaxibusRates};

/// What a page shows after a form post without JavaScript: the typed values
/// again, and the errors, the success message or the price.
#[derive(Debug, Clone, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct FormState {
    pub values: BTreeMap<String, String>,
    pub errors: FieldErrors,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<Indication>,
    /// The return ride's price (the reversed route), when a return time was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_price: Option<Indication>,
    /// With `success`: what was sent, in brief (a booking's ride).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<SummaryRow>>")]
    pub summary: Vec<SummaryRow>,
    /// With `success`: no mail will come, and the booking's own page.
    #[serde(flatten)]
    #[ts(flatten)]
    pub receipt: Receipt,
    /// Both rides together, with the euro sign, when both are priced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_text: Option<String>,
    /// Per address field: the places its typed text may mean, for the visitor to choose.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(as = "Option<BTreeMap<String, Vec<Suggestion>>>")]
    pub choices: BTreeMap<String, Vec<Suggestion>>,
    /// The field the page opens at, focused and in view (a repeat booking's date).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus: Option<String>,
    /// A repeat of a round trip: its return ride, to follow the new date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub earlier_return: Option<EarlierReturn>,
}

impl FormState {
    pub fn accepted(message: String) -> Self {
        Self { success: Some(message), ..Self::default() }
    }

    pub fn invalid(values: BTreeMap<String, String>, errors: FieldErrors) -> Self {
        Self { values, errors, ..Self::default() }
    }

    pub fn refused(values: BTreeMap<String, String>, message: String) -> Self {
        Self { values, error_message: Some(message), ..Self::default() }
    }

    pub fn priced(values: BTreeMap<String, String>, price: Indication) -> Self {
        Self { values, price: Some(price), ..Self::default() }
    }
}

/// A WhatsApp booking checked: the chat link with the prefilled message.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WhatsappReady {
    pub message: String,
    pub whatsapp_url: String,
}

/// The API's route patterns; `{name}` is a path parameter.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiPaths {
    pub reservation: &'static str,
    pub whatsapp_reservation: &'static str,
    pub contact: &'static str,
    pub place_suggestions: &'static str,
    pub place_details: &'static str,
    pub price: &'static str,
    pub pickup_note: &'static str,
    /// A typed phone number as the server reads it (`forms::phone_check`).
    pub phone_check: &'static str,
    /// A proof-of-work challenge, or none while no proof is asked (`forms::proof`).
    pub challenge: &'static str,
}

pub const API_PATHS: ApiPaths = ApiPaths {
    reservation: "/api/reservation/{language}",
    whatsapp_reservation: "/api/whatsappreservation/{language}",
    contact: "/api/contact/{language}",
    place_suggestions: "/api/place-suggestions",
    place_details: "/api/place-details/{id}",
    price: "/api/places/{pickup}/{destination}",
    pickup_note: "/api/pickup-note/{dateTime}",
    phone_check: "/api/phone/{language}",
    challenge: "/api/challenge",
};

/// Said under the pick-up time when the ride starts before the answer the
/// booking mail promises (a night request for an early ride): phone instead.
/// And what Send would refuse in the pick-up and return times (a closed day,
/// a return before the outward ride), by field, in the request's language.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(optional_fields)]
pub struct PickupNote {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub errors: FieldErrors,
}
