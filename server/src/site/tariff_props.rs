//! The rates as the prices and landing pages show them: every amount formatted
//! for the page's language by the server, from the same settings the tariff
//! engine prices with (`crate::pricing`).
use serde::Serialize;
use ts_rs::TS;

use crate::{
    config::{BookingSettings, DestinationKind, TariffSettings, TaxibusSurcharge},
    places::PlaceKind,
    site::landing::path as landing_path,
    types::{Lang, Money},
};

/// The rates, every amount formatted for the page's language.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Tariff {
    pub start_rate: String,
    pub per_km: String,
    pub per_minute: String,
    pub fixed_prices: Vec<FixedPriceRow>,
    pub pickup_surcharge: String,
    pub radius_surcharges: Vec<RadiusSurchargeRow>,
    pub metered_beyond_km: f64,
    /// Groups: what a taxibus adds; absent when it adds nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taxibus: Option<TaxibusRates>,
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct FixedPriceRow {
    pub name: String,
    pub price: String,
    /// The same route by taxibus, when a taxibus costs more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taxibus_price: Option<String>,
    /// The route's landing page in the page's language.
    pub landing_path: String,
    /// An airport or a town: the booking link says which, as `toKind`.
    pub kind: PlaceKind,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct RadiusSurchargeRow {
    pub km: f64,
    pub price: String,
}

/// For how many a taxibus comes, and what it adds to every price ("€ 15,00", "25%").
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TaxibusRates {
    pub from: u8,
    pub up_to: u8,
    pub surcharge: String,
}

/// The rates for the pages in `lang`.
pub fn tariff_props(t: &TariffSettings, booking: &BookingSettings, lang: Lang) -> Tariff {
    let euro = |amount: Money| amount.euro_text(lang);
    let adds = !t.taxibus_surcharge.is_nothing() && booking.large_vehicle_above < booking.max_passengers;
    let taxibus = adds.then(|| TaxibusRates {
        from: booking.large_vehicle_above + 1,
        up_to: booking.max_passengers,
        surcharge: match t.taxibus_surcharge {
            TaxibusSurcharge::Cents(amount) => euro(amount),
            TaxibusSurcharge::Percent(percent) => format!("{percent}%"),
        },
    });
    Tariff {
        start_rate: euro(t.start_rate_cents),
        per_km: euro(t.per_km_cents),
        per_minute: euro(t.per_minute_cents),
        fixed_prices: (t.destinations.iter().enumerate())
            .map(|(i, d)| FixedPriceRow {
                name: d.name.get(lang).to_string(),
                price: euro(d.price_cents),
                taxibus_price: adds.then(|| euro(d.price_cents + t.taxibus_surcharge.on(d.price_cents))),
                landing_path: landing_path(t, i, lang),
                kind: match d.kind {
                    DestinationKind::Airport => PlaceKind::Airport,
                    DestinationKind::City => PlaceKind::Locality,
                },
            })
            .collect(),
        pickup_surcharge: euro(t.pickup_surcharge_cents),
        radius_surcharges: (t.radius_surcharges.iter())
            .map(|r| RadiusSurchargeRow { km: r.within_km, price: euro(r.cents) })
            .collect(),
        metered_beyond_km: t.radius_surcharges.last().map(|r| r.within_km).unwrap_or(0.0),
        taxibus,
    }
}
