use crate::types::Lang;

/// Formats euro cents the way each language writes money: `€ 1.234,50` in Dutch
/// and German, `€ 1,234.50` in English. Done here, not with `Intl`, so the server
/// is the only place that formats amounts and every page shows the same text.
pub fn format_euro(cents: i64, lang: Lang) -> String {
    format!("€ {}", format_amount(cents, lang))
}

/// The amount without the euro sign (the API's `priceIndication`).
pub fn format_amount(cents: i64, lang: Lang) -> String {
    let (thousands, decimal) = match lang {
        Lang::Nl | Lang::De => ('.', ','),
        Lang::En => (',', '.'),
    };
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_per_language() {
        assert_eq!(format_euro(326, Lang::Nl), "€ 3,26");
        assert_eq!(format_euro(326, Lang::De), "€ 3,26");
        assert_eq!(format_euro(326, Lang::En), "€ 3.26");
        assert_eq!(format_euro(40, Lang::Nl), "€ 0,40");
        assert_eq!(format_euro(23000, Lang::En), "€ 230.00");
        assert_eq!(format_euro(123456, Lang::Nl), "€ 1.234,56");
        assert_eq!(format_euro(123456789, Lang::En), "€ 1,234,567.89");
        assert_eq!(format_euro(-5, Lang::De), "€ -0,05");
        assert_eq!(format_amount(0, Lang::En), "0.00");
    }
}
