//! A stop on the way (the booking's `via`): the whole trip's rule plus
//! `tariff.extra_stop_cents`, the detour included up to
//! `tariff.extra_stop_max_detour_km`; each kilometre of detour beyond it is
//! added at the metered rate. Never more than the meter over both legs (as one
//! ride) where `never_above_meter` holds. Metering both legs as soon as the
//! detour passed the limit doubled a fixed-price trip for a few hundred metres
//! more (`docs/pricing.md`, "A stop on the way").
use serde::{Deserialize, Serialize};

use crate::{
    config::TariffSettings,
    pricing::{indication::Priced, metered_cents, shown_km, shown_minutes, Rule},
    types::Money,
};

/// What a stop did to a ride's price (included in `amount_cents`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct StopPart {
    /// What the stop added to the trip's rule (the fee and the detour beyond
    /// the included kilometres); 0 when both legs were metered.
    #[ts(type = "number")]
    pub surcharge_cents: Money,
    /// How much longer the route via the stop is than the direct one (0.1 km).
    pub detour_km: f64,
    /// Both legs metered: the detour was beyond the setting's, or the meter was lower.
    pub metered: bool,
}

/// A route's length and time, as the provider gave it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leg {
    pub distance_km: f64,
    pub duration_min: f64,
}

/// The price of `direct` (the trip's own, priced by its rule) with a stop, its two legs
/// `legs` (pick-up → stop, stop → destination).
pub fn with_stop(tariff: &TariffSettings, direct: Priced, legs: [Leg; 2]) -> Priced {
    let distance_km = shown_km(legs[0].distance_km + legs[1].distance_km);
    let duration_min = shown_minutes(legs[0].duration_min + legs[1].duration_min);
    let detour_km = shown_km(distance_km - direct.distance_km);
    let metered = Priced {
        amount_cents: metered_cents(tariff, distance_km, duration_min),
        rule: Rule::Metered,
        distance_km,
        duration_min,
        surcharge_cents: Money::ZERO,
        fixed_cents: None,
        fixed: None,
        taxibus: None,
        stop: Some(StopPart { surcharge_cents: Money::ZERO, detour_km, metered: true }),
    };
    let beyond_km = shown_km(detour_km - tariff.extra_stop_max_detour_km);
    let tenths = (beyond_km * 10.0).round() as i64;
    let beyond =
        Money::from_cents((tariff.per_km_cents.cents().saturating_mul(tenths).saturating_add(5)) / 10);
    let stop = StopPart { surcharge_cents: tariff.extra_stop_cents + beyond, detour_km, metered: false };
    let with_fee =
        Priced { amount_cents: direct.amount_cents + stop.surcharge_cents, stop: Some(stop), ..direct };
    if !tariff.never_above_meter || with_fee.amount_cents <= metered.amount_cents {
        return with_fee;
    }
    match with_fee.rule {
        Rule::Metered => metered,
        // The fixed price the meter undercut, with the stop, named as the rule's.
        _ => Priced {
            rule: Rule::MeteredUnderFixed,
            fixed_cents: Some(with_fee.amount_cents),
            fixed: with_fee.fixed,
            ..metered
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    fn tariff() -> TariffSettings {
        Settings::load_from(&Default::default()).expect("defaults").tariff
    }

    fn priced(rule: Rule, cents: i64, km: f64, min: f64) -> Priced {
        Priced {
            amount_cents: Money::from_cents(cents),
            rule,
            distance_km: km,
            duration_min: min,
            surcharge_cents: Money::ZERO,
            fixed_cents: None,
            fixed: None,
            taxibus: None,
            stop: None,
        }
    }

    const fn leg(distance_km: f64, duration_min: f64) -> Leg {
        Leg { distance_km, duration_min }
    }

    #[test]
    fn a_short_detour_keeps_the_trips_rule_and_adds_the_stop() {
        let t = tariff();
        // Roermond → Schiphol fixed at € 230.00 (180.3 km); via Venlo-ish, 4.2 km longer.
        let direct = priced(Rule::Fixed, 23_000, 180.3, 110.0);
        let p = with_stop(&t, direct, [leg(30.1, 25.0), leg(154.4, 90.0)]);
        assert_eq!((p.rule, p.amount_cents), (Rule::Fixed, Money::from_cents(23_750)));
        assert_eq!(
            p.stop,
            Some(StopPart { surcharge_cents: Money::from_cents(750), detour_km: 4.2, metered: false })
        );
        assert_eq!(p.distance_km, 180.3, "the trip's own route stays the one its rule priced");
        // Exactly at the limit still counts as short.
        let at_limit = with_stop(&t, direct_metered(), [leg(6.0, 9.0), leg(9.0, 12.0)]);
        assert_eq!(at_limit.stop.map(|s| (s.detour_km, s.metered)), Some((5.0, false)));
    }

    fn direct_metered() -> Priced {
        let t = tariff();
        priced(Rule::Metered, metered_cents(&t, 10.0, 15.0).cents(), 10.0, 15.0)
    }

    #[test]
    fn each_kilometre_beyond_the_included_detour_is_added_at_the_metered_rate_without_a_cliff() {
        let t = tariff();
        let direct = priced(Rule::Fixed, 23_000, 180.3, 110.0);
        let stop =
            |legs_km: f64| with_stop(&t, direct.clone(), [leg(20.0, 15.0), leg(legs_km - 20.0, 100.0)]);
        // 6.5 km of detour: € 7.50 and 1.5 km × € 2.40.
        let p = stop(186.8);
        assert_eq!((p.rule, p.amount_cents.cents()), (Rule::Fixed, 23_000 + 750 + 360));
        assert_eq!(
            p.stop.map(|s| (s.surcharge_cents.cents(), s.detour_km, s.metered)),
            Some((1_110, 6.5, false))
        );
        // The price rises with the detour, a step of 0.1 km at a time.
        let prices: Vec<i64> =
            [184.9, 185.3, 185.4, 185.5, 190.0].map(|km| stop(km).amount_cents.cents()).to_vec();
        assert_eq!(prices, [23_750, 23_750, 23_774, 23_798, 24_878], "9.7 km: 4.7 km beyond");
    }

    #[test]
    fn a_metered_trip_keeps_its_direct_meter_and_pays_the_stop() {
        let t = tariff();
        let p = with_stop(&t, direct_metered(), [leg(8.04, 10.2), leg(7.02, 9.4)]);
        // The direct meter (€ 33.26 for 10 km and 15 minutes), € 7.50 and 0.1 km beyond: less than
        // the meter over both legs (15.1 km, 20 minutes: € 47.50).
        assert_eq!((p.rule, p.amount_cents), (Rule::Metered, Money::from_cents(3_326 + 750 + 24)));
        assert_eq!((p.distance_km, p.duration_min), (10.0, 15.0));
        assert_eq!(
            p.stop.map(|s| (s.surcharge_cents.cents(), s.detour_km, s.metered)),
            Some((774, 5.1, false))
        );
    }

    #[test]
    fn a_fixed_price_with_its_stop_never_passes_the_meter_over_both_legs() {
        let t = tariff();
        // A fixed € 70.00 (€ 77.50 with the stop) where the meter over both legs makes € 48.06.
        let direct = priced(Rule::Fixed, 7_000, 14.0, 14.0);
        let p = with_stop(&t, direct.clone(), [leg(8.0, 8.0), leg(8.0, 8.0)]);
        assert_eq!(p.rule, Rule::MeteredUnderFixed);
        assert_eq!(p.amount_cents, metered_cents(&t, 16.0, 16.0));
        assert_eq!(p.fixed_cents, Some(Money::from_cents(7_750)), "the fixed price with the stop");
        let literal = TariffSettings { never_above_meter: false, ..t };
        assert_eq!(with_stop(&literal, direct, [leg(8.0, 8.0), leg(8.0, 8.0)]).amount_cents.cents(), 7_750);
    }
}
