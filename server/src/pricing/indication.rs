//! A price indication between two places: the provider finds the places and the
//! route, the tariff engine decides the price, and the answer is worded here in
//! the visitor's language, so page, staff mail and WhatsApp text agree.
use serde::Serialize;

use crate::{
    config::TariffSettings,
    i18n::{format::decimal1, Locales},
    places::{PlaceDetails, Places, PlacesError, PlacesProvider},
    pricing::{quote, PriceSummary, Rule, Trip},
    types::{Lang, PlaceId},
};

/// The JSON answer of `GET /api/places/{pickup}/{destination}`: the price
/// breakdown that bookings keep too, plus its wording for the visitor.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Indication {
    /// The amount formatted for the language, without the euro sign.
    pub price_indication: String,
    /// The amount as shown, with the euro sign: `€ 230,00`.
    pub price_text: String,
    #[serde(flatten)]
    pub summary: PriceSummary,
    /// Which rule applied, in words.
    pub explanation: String,
    /// The fixed-price destination's names in every language: for a booking, not the page.
    #[serde(skip)]
    #[ts(skip)]
    pub fixed_names: Option<crate::config::LocalizedText>,
}

impl Indication {
    /// The price as a booking keeps it: with the fixed-price destination's names.
    pub fn kept(self) -> PriceSummary {
        PriceSummary { fixed_destination_names: self.fixed_names, ..self.summary }
    }
}

/// The JSON answer of `GET /api/places/{pickup}/{destination}?return=true`:
/// the ride there, the ride back (the reversed route, its own price) and both
/// together, so the page shows the sum the server made.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoundTrip {
    #[serde(flatten)]
    pub there: Indication,
    pub back: Indication,
    /// Both amounts together, with the euro sign.
    pub total_text: String,
}

impl RoundTrip {
    pub fn new(there: Indication, back: Indication, lang: Lang) -> Self {
        let total_text = total_text(&there, &back, lang);
        Self { there, back, total_text }
    }
}

/// Both rides' amounts together, with the euro sign.
pub fn total_text(there: &Indication, back: &Indication, lang: Lang) -> String {
    (there.summary.amount_cents + back.summary.amount_cents).euro_text(lang)
}

pub async fn between_ids(
    places: &Places,
    tariff: &TariffSettings,
    locales: &Locales,
    from: &PlaceId,
    to: &PlaceId,
    lang: Lang,
) -> Result<Indication, PlacesError> {
    let (from, to) = tokio::join!(places.details(from, lang, None), places.details(to, lang, None));
    between_places(places, tariff, locales, &from?, &to?, lang).await
}

pub async fn between_places(
    places: &Places,
    tariff: &TariffSettings,
    locales: &Locales,
    from: &PlaceDetails,
    to: &PlaceDetails,
    lang: Lang,
) -> Result<Indication, PlacesError> {
    let route = places.route(from, to).await?;
    let trip = Trip {
        pickup: from.location,
        destination: to.location,
        distance_km: route.distance_m / 1000.0,
        duration_min: route.duration_s / 60.0,
    };
    let q = quote(tariff, &trip);
    let fixed_names = q.fixed_destination.map(|d| d.name.clone());
    let fixed_destination = q.fixed_destination.map(|d| d.name.get(lang).to_string());
    let surcharge = q.surcharge_cents.euro_text(lang);
    let destination = fixed_destination.clone().unwrap_or_default();
    let fixed_args = [("destination", destination.as_str()), ("surcharge", surcharge.as_str())];
    let explanation = match q.rule {
        Rule::Fixed => locales.format(lang, "form.ruleFixed", &fixed_args),
        Rule::FixedPickup => locales.format(lang, "form.ruleFixedPickup", &fixed_args),
        Rule::FixedSurcharge => locales.format(lang, "form.ruleFixedSurcharge", &fixed_args),
        Rule::FixedPickupSurcharge => {
            let pickup = tariff.pickup_surcharge_cents;
            let step = (q.surcharge_cents - pickup).euro_text(lang);
            let args = [
                ("destination", destination.as_str()),
                ("pickup", &pickup.euro_text(lang)),
                ("surcharge", &step),
            ];
            locales.format(lang, "form.ruleFixedPickupSurcharge", &args)
        }
        // Exactly the figures the amount was computed from.
        Rule::Metered => locales.plural(
            lang,
            "form.ruleMetered",
            q.duration_min as u64,
            &[("km", &decimal1(q.distance_km, lang))],
        ),
        // The same figures, and the fixed price they undercut, so the customer can check both.
        Rule::MeteredUnderFixed => {
            let fixed = q.fixed_cents.unwrap_or_default().euro_text(lang);
            let args =
                [("km", decimal1(q.distance_km, lang)), ("fixed", fixed), ("destination", destination)];
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            locales.plural(lang, "form.ruleMeteredUnderFixed", q.duration_min as u64, &args)
        }
    };
    Ok(Indication {
        price_indication: q.amount_cents.amount_text(lang),
        price_text: q.amount_cents.euro_text(lang),
        summary: PriceSummary {
            amount_cents: q.amount_cents,
            rule: q.rule,
            distance_km: q.distance_km,
            duration_min: q.duration_min,
            fixed_destination,
            surcharge_cents: q.surcharge_cents,
            fixed_cents: q.fixed_cents,
            fixed_destination_names: None,
        },
        explanation,
        fixed_names,
    })
}
