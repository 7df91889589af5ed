//! A price indication between two places: the provider finds the places and the
//! route, the tariff engine decides the price ([`Priced`]), and the answer is
//! worded here in the visitor's language, so page, staff mail and WhatsApp
//! text agree.
use serde::Serialize;

use crate::{
    config::{LocalizedText, TariffSettings},
    i18n::{format::decimal1, Locales},
    places::{PlaceDetails, Places, PlacesError, PlacesProvider, RouteEstimate},
    pricing::{
        quote,
        stop::{with_stop, Leg, StopPart},
        taxibus::{TaxibusPart, Vehicle},
        PriceSummary, Rule, Trip,
    },
    types::{Lang, Money, PlaceId},
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

/// The indication between two places by their ids, via the stop `via` if one is given.
pub async fn between_ids(
    places: &Places,
    tariff: &TariffSettings,
    locales: &Locales,
    (from, via, to): (&PlaceId, Option<&PlaceId>, &PlaceId),
    (lang, vehicle): (Lang, Vehicle),
) -> Result<Indication, PlacesError> {
    let (from, via, to) = tokio::join!(
        places.details(from, lang, None),
        details(places, via, lang),
        places.details(to, lang, None)
    );
    between_places(places, (tariff, locales), (&from?, via?.as_ref(), &to?), (lang, vehicle)).await
}

/// The place `id` names, if any.
async fn details(
    places: &Places,
    id: Option<&PlaceId>,
    lang: Lang,
) -> Result<Option<PlaceDetails>, PlacesError> {
    match id {
        Some(id) => places.details(id, lang, None).await.map(Some),
        None => Ok(None),
    }
}

/// A route priced, before it is worded: the tariff engine's answer, which a
/// booking keeps ([`Priced::kept`]) and a page shows ([`Priced::worded`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Priced {
    pub amount_cents: Money,
    pub rule: Rule,
    pub distance_km: f64,
    pub duration_min: f64,
    pub surcharge_cents: Money,
    /// For [`Rule::MeteredUnderFixed`]: the fixed price the meter undercut.
    pub fixed_cents: Option<Money>,
    /// The fixed-price destination's names in every language, when a fixed rule applied
    /// (or was undercut).
    pub fixed: Option<LocalizedText>,
    /// A taxibus and what it added to `amount_cents`.
    pub taxibus: Option<TaxibusPart>,
    /// A stop on the way and what it did to `amount_cents`.
    pub stop: Option<StopPart>,
}

impl Priced {
    /// The breakdown, naming the fixed-price destination in `lang`.
    pub fn summary(&self, lang: Lang) -> PriceSummary {
        PriceSummary {
            amount_cents: self.amount_cents,
            rule: self.rule,
            distance_km: self.distance_km,
            duration_min: self.duration_min,
            fixed_destination: self.fixed.as_ref().map(|names| names.get(lang).to_string()),
            surcharge_cents: self.surcharge_cents,
            fixed_cents: self.fixed_cents,
            taxibus: self.taxibus,
            stop: self.stop,
            fixed_destination_names: None,
        }
    }

    /// The price for `vehicle`: a taxibus adds its surcharge to the rule's price.
    pub fn for_vehicle(self, tariff: &TariffSettings, vehicle: Vehicle) -> Self {
        let taxibus = vehicle.part(tariff, self.amount_cents);
        let amount_cents = self.amount_cents + taxibus.map_or(Money::ZERO, |t| t.surcharge_cents);
        Self { amount_cents, taxibus, ..self }
    }

    /// The price as a booking in `lang` keeps it: with the fixed-price destination's names.
    pub fn kept(&self, lang: Lang) -> PriceSummary {
        PriceSummary { fixed_destination_names: self.fixed.clone(), ..self.summary(lang) }
    }

    /// The indication in the visitor's words.
    pub fn worded(&self, tariff: &TariffSettings, locales: &Locales, lang: Lang) -> Indication {
        let summary = self.summary(lang);
        let surcharge = self.surcharge_cents.euro_text(lang);
        let destination = summary.fixed_destination.clone().unwrap_or_default();
        let fixed_args = [("destination", destination.as_str()), ("surcharge", surcharge.as_str())];
        let rule = match self.rule {
            Rule::Fixed => locales.format(lang, "form.ruleFixed", &fixed_args),
            Rule::FixedPickup => locales.format(lang, "form.ruleFixedPickup", &fixed_args),
            Rule::FixedSurcharge => locales.format(lang, "form.ruleFixedSurcharge", &fixed_args),
            Rule::FixedPickupSurcharge => {
                let pickup = tariff.pickup_surcharge_cents;
                let step = (self.surcharge_cents - pickup).euro_text(lang);
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
                self.duration_min as u64,
                &[("km", &decimal1(self.distance_km, lang))],
            ),
            // The same figures, and the fixed price they undercut, so the customer can check both.
            Rule::MeteredUnderFixed => {
                let fixed = self.fixed_cents.unwrap_or_default().euro_text(lang);
                let args = [
                    ("km", decimal1(self.distance_km, lang)),
                    ("fixed", fixed),
                    ("destination", destination),
                ];
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                locales.plural(lang, "form.ruleMeteredUnderFixed", self.duration_min as u64, &args)
            }
        };
        let mut explanation = rule;
        if let Some(stop) = self.stop {
            explanation = format!("{explanation} {}", stop_words(&stop, locales, lang, "form"));
        }
        if let Some(bus) = self.taxibus {
            let surcharge = bus.surcharge_cents.euro_text(lang);
            let taxibus =
                locales.plural(lang, "form.taxibus", bus.passengers.into(), &[("surcharge", &surcharge)]);
            explanation = format!("{explanation} {taxibus}");
        }
        Indication {
            price_indication: self.amount_cents.amount_text(lang),
            price_text: self.amount_cents.euro_text(lang),
            summary,
            explanation,
            fixed_names: self.fixed.clone(),
        }
    }
}

/// The indication between two places (via `stop`) for `vehicle`, in the visitor's words.
pub async fn between_places(
    places: &Places,
    (tariff, locales): (&TariffSettings, &Locales),
    (from, stop, to): (&PlaceDetails, Option<&PlaceDetails>, &PlaceDetails),
    (lang, vehicle): (Lang, Vehicle),
) -> Result<Indication, PlacesError> {
    let priced = price_route(places, tariff, from, stop, to).await?.for_vehicle(tariff, vehicle);
    Ok(priced.worded(tariff, locales, lang))
}

/// The price between two places: the provider's route, the tariff engine's rule.
pub async fn price(
    places: &Places,
    tariff: &TariffSettings,
    from: &PlaceDetails,
    to: &PlaceDetails,
) -> Result<Priced, PlacesError> {
    Ok(priced(tariff, from, to, places.route(from, to).await?))
}

/// The price of the trip from `from` to `to` along `route`, by the tariff engine's rule.
fn priced(tariff: &TariffSettings, from: &PlaceDetails, to: &PlaceDetails, route: RouteEstimate) -> Priced {
    let trip = Trip {
        pickup: from.location,
        destination: to.location,
        distance_km: route.distance_m / 1000.0,
        duration_min: route.duration_s / 60.0,
    };
    let q = quote(tariff, &trip);
    Priced {
        amount_cents: q.amount_cents,
        rule: q.rule,
        distance_km: q.distance_km,
        duration_min: q.duration_min,
        surcharge_cents: q.surcharge_cents,
        fixed_cents: q.fixed_cents,
        fixed: q.fixed_destination.map(|d| d.name.clone()),
        taxibus: None,
        stop: None,
    }
}

/// What a stop did to the price, in the words under `prefix` (`form` for a
/// sentence, `mail.price` for a clause): its amount, or both legs metered.
pub fn stop_words(stop: &StopPart, locales: &Locales, lang: Lang, prefix: &str) -> String {
    let km = decimal1(stop.detour_km, lang);
    match stop.metered {
        false => {
            let surcharge = stop.surcharge_cents.euro_text(lang);
            locales.format(lang, &format!("{prefix}.stop"), &[("km", &km), ("surcharge", &surcharge)])
        }
        true => locales.format(lang, &format!("{prefix}.stopMetered"), &[("km", &km)]),
    }
}

/// The price of a ride: the direct route by its rule, or via `stop` (`pricing::stop`),
/// from one provider's routes of the trip and of both legs. A leg without a route leaves
/// the ride unpriced, never priced without its stop.
pub async fn price_route(
    places: &Places,
    tariff: &TariffSettings,
    from: &PlaceDetails,
    stop: Option<&PlaceDetails>,
    to: &PlaceDetails,
) -> Result<Priced, PlacesError> {
    let Some(via) = stop else { return price(places, tariff, from, to).await };
    let [direct, first, second] = places.routes_alike([(from, to), (from, via), (via, to)]).await;
    let leg =
        |r: RouteEstimate| Leg { distance_km: r.distance_m / 1000.0, duration_min: r.duration_s / 60.0 };
    Ok(with_stop(tariff, priced(tariff, from, to, direct?), [leg(first?), leg(second?)]))
}
