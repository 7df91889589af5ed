//! The taxibus: above `booking.large_vehicle_above` passengers a larger vehicle
//! comes, and `tariff.taxibus_surcharge` (an amount, or a percentage of the
//! price) is added to whatever rule priced the ride, each ride of a round trip
//! alike. The rule stays the rule: the words say both (`docs/pricing.md`).
use serde::{Deserialize, Serialize};

use crate::{config::TariffSettings, types::Money};

/// Who travels, as the price sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Vehicle {
    #[default]
    Car,
    Taxibus {
        passengers: u8,
    },
}

impl Vehicle {
    /// The vehicle for `passengers` (unknown: a car) when more than `large_above` need a taxibus.
    pub fn for_passengers(passengers: Option<u8>, large_above: u8) -> Self {
        match passengers {
            Some(passengers) if passengers > large_above => Vehicle::Taxibus { passengers },
            _ => Vehicle::Car,
        }
    }

    /// What it adds to a ride priced `price` by the rules: nothing for a car.
    pub fn part(self, tariff: &TariffSettings, price: Money) -> Option<TaxibusPart> {
        match self {
            Vehicle::Car => None,
            Vehicle::Taxibus { passengers } => {
                Some(TaxibusPart { passengers, surcharge_cents: tariff.taxibus_surcharge.on(price) })
            }
        }
    }
}

/// A ride by taxibus: for how many, and what that added to the price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TaxibusPart {
    pub passengers: u8,
    #[ts(type = "number")]
    pub surcharge_cents: Money,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TaxibusSurcharge;

    #[test]
    fn above_the_limit_a_taxibus_adds_its_amount_or_share() {
        assert_eq!(Vehicle::for_passengers(Some(4), 4), Vehicle::Car, "4 fit in a car");
        assert_eq!(Vehicle::for_passengers(None, 4), Vehicle::Car, "unknown: a car");
        assert_eq!(Vehicle::for_passengers(Some(5), 4), Vehicle::Taxibus { passengers: 5 });
        let mut tariff = crate::config::Settings::load_from(&Default::default()).unwrap().tariff;
        let price = Money::from_cents(4_567);
        tariff.taxibus_surcharge = TaxibusSurcharge::Cents(Money::from_cents(1_500));
        let bus = Vehicle::Taxibus { passengers: 6 };
        assert_eq!(
            bus.part(&tariff, price),
            Some(TaxibusPart { passengers: 6, surcharge_cents: Money::from_cents(1_500) })
        );
        assert_eq!(Vehicle::Car.part(&tariff, price), None);
        // 25 % of € 45.67 is € 11.4175: € 11.42; of € 0.02 half a cent, rounded up.
        tariff.taxibus_surcharge = TaxibusSurcharge::Percent(25);
        assert_eq!(bus.part(&tariff, price).map(|p| p.surcharge_cents), Some(Money::from_cents(1_142)));
        assert_eq!(TaxibusSurcharge::Percent(25).on(Money::from_cents(2)), Money::from_cents(1));
        assert_eq!(TaxibusSurcharge::Percent(0).on(price), Money::ZERO);
    }
}
