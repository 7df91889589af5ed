//! Amounts of money: euro cents, formatted only here.
use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

use crate::types::Lang;

/// An amount in euro cents. Settings and stored records hold whole cents
/// that are never negative; the arithmetic saturates instead of overflowing
/// (an absurd route gives a huge price, not a panic).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Self(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `€ 1.234,50` in Dutch, `1.234,50 €` in German (the sign after the
    /// amount, as German readers write it), `€ 1,234.50` in English. Done here,
    /// not with `Intl`, so every page, mail and WhatsApp text shows the same.
    pub fn euro_text(self, lang: Lang) -> String {
        match lang {
            Lang::De => format!("{} €", self.amount_text(lang)),
            Lang::Nl | Lang::En => format!("€ {}", self.amount_text(lang)),
        }
    }

    /// The amount without the euro sign (the API's `priceIndication`).
    pub fn amount_text(self, lang: Lang) -> String {
        let (thousands, decimal) = match lang {
            Lang::Nl | Lang::De => ('.', ','),
            Lang::En => (',', '.'),
        };
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let euros = (abs / 100).to_string();
        let mut grouped = String::with_capacity(euros.len() + euros.len() / 3);
        for (i, digit) in euros.chars().enumerate() {
            if i > 0 && (euros.len() - i).is_multiple_of(3) {
                grouped.push(thousands);
            }
            grouped.push(digit);
        }
        format!("{sign}{grouped}{decimal}{:02}", abs % 100)
    }
}

impl Add for Money {
    type Output = Money;

    fn add(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }
}

impl Sub for Money {
    type Output = Money;

    fn sub(self, other: Money) -> Money {
        Money(self.0.saturating_sub(other.0))
    }
}

impl TryFrom<i64> for Money {
    type Error = String;

    fn try_from(cents: i64) -> Result<Self, String> {
        if cents < 0 {
            return Err(format!("{cents} is not an amount in cents (negative)"));
        }
        Ok(Self(cents))
    }
}

impl From<Money> for i64 {
    fn from(money: Money) -> i64 {
        money.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn euro(cents: i64, lang: Lang) -> String {
        Money::from_cents(cents).euro_text(lang)
    }

    #[test]
    fn formats_per_language() {
        assert_eq!(euro(326, Lang::Nl), "€ 3,26");
        assert_eq!(euro(326, Lang::De), "3,26 €");
        assert_eq!(euro(326, Lang::En), "€ 3.26");
        assert_eq!(euro(40, Lang::Nl), "€ 0,40");
        assert_eq!(euro(23000, Lang::En), "€ 230.00");
        assert_eq!(euro(123456, Lang::Nl), "€ 1.234,56");
        assert_eq!(euro(123456789, Lang::En), "€ 1,234,567.89");
        assert_eq!(euro(-5, Lang::De), "-0,05 €");
        assert_eq!(Money::from_cents(0).amount_text(Lang::En), "0.00");
    }

    #[test]
    fn stored_and_configured_amounts_are_whole_non_negative_cents() {
        assert_eq!(serde_json::from_str::<Money>("23000").unwrap(), Money::from_cents(23000));
        assert!(serde_json::from_str::<Money>("-1").is_err());
        assert!(serde_json::from_str::<Money>("1.5").is_err());
        assert_eq!(serde_json::to_string(&Money::from_cents(326)).unwrap(), "326");
        assert_eq!(Money::from_cents(i64::MAX) + Money::from_cents(1), Money::from_cents(i64::MAX));
    }
}
