//! Phone numbers as visitors type them, turned into links staff can tap.
//!
//! The booking form takes free text ('06 12345678', '+49 151 2345678',
//! '0032 470 12 34 56'). A WhatsApp link (`https://wa.me/<digits>`) needs the
//! number in international form without `+`, so it is only offered when the
//! number can be normalised with confidence; a wrong link is worse than none.
//! A click-to-call link works with whatever digits were typed.
use crate::domain::links::whatsapp_chat;

/// The number in international form, digits only (`31612345678`), or `None`
/// when it cannot be normalised with confidence.
///
/// Rules: `+` or `00` introduces the country code; a national number starting
/// with one `0` is taken as Dutch (the company is in Roermond) when it has the
/// Dutch length of ten digits; a trunk `(0)` after the country code and a `0`
/// right after +31, +32 or +49 are dropped. Dutch, Belgian and German numbers
/// are checked for their lengths; other countries only for E.164's 8 to 15 digits.
pub fn normalize(raw: &str) -> Option<String> {
    let text = raw.trim().replace("(0)", "");
    let (plus, rest) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let mut digits = String::with_capacity(rest.len());
    for ch in rest.chars() {
        match ch {
            '0'..='9' => digits.push(ch),
            ' ' | '-' | '.' | '/' | '(' | ')' | '\u{a0}' => {}
            _ => return None,
        }
    }
    let international = if plus {
        digits
    } else if let Some(after) = digits.strip_prefix("00") {
        after.to_string()
    } else if let Some(national) = digits.strip_prefix('0') {
        if national.len() != 9 {
            return None;
        }
        format!("31{national}")
    } else if ["31", "32", "49"].iter().any(|cc| digits.starts_with(cc)) {
        // Country code typed without `+` or `00`; the length check below decides.
        digits
    } else {
        return None;
    };
    check_country(&international)
}

fn check_country(number: &str) -> Option<String> {
    if number.is_empty() || number.starts_with('0') {
        return None;
    }
    for (code, lengths) in [("31", 9..=9), ("32", 8..=9), ("49", 6..=13)] {
        if let Some(national) = number.strip_prefix(code) {
            let national = national.strip_prefix('0').unwrap_or(national);
            return lengths.contains(&national.len()).then(|| format!("{code}{national}"));
        }
    }
    (8..=15).contains(&number.len()).then(|| number.to_string())
}

/// `https://wa.me/<digits>` when the number can be normalised.
pub fn whatsapp_url(raw: &str) -> Option<String> {
    normalize(raw).map(|digits| whatsapp_chat(&digits, None))
}

/// A `tel:` link: the normalised number when possible, otherwise the typed
/// digits (and a leading `+`), which a phone still dials. `None` without digits.
pub fn tel_url(raw: &str) -> Option<String> {
    if let Some(digits) = normalize(raw) {
        return Some(format!("tel:+{digits}"));
    }
    let trimmed = raw.trim();
    let mut out = String::new();
    if trimmed.starts_with('+') {
        out.push('+');
    }
    out.extend(trimmed.chars().filter(char::is_ascii_digit));
    (out.trim_start_matches('+').len() >= 3).then(|| format!("tel:{out}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dutch_german_and_belgian_numbers_are_normalised() {
        let cases = [
            ("06 12345678", "31612345678"),
            ("06-12345678", "31612345678"),
            ("0475 123456", "31475123456"),
            ("+31 6 12345678", "31612345678"),
            ("+31 (0)6 12345678", "31612345678"),
            ("+31 06 12345678", "31612345678"),
            ("0031 6 1234 5678", "31612345678"),
            ("31612345678", "31612345678"),
            ("+49 151 2345678", "491512345678"),
            ("0049 151 2345678", "491512345678"),
            ("0049 (0)2161 123456", "492161123456"),
            ("+49 0151 2345678", "491512345678"),
            ("+32 470 12 34 56", "32470123456"),
            ("0032 11 23 45 67", "3211234567"),
            ("+44 20 7946 0958", "442079460958"),
            (" +31.6.12.34.56.78 ", "31612345678"),
        ];
        for (raw, want) in cases {
            assert_eq!(normalize(raw).as_deref(), Some(want), "{raw}");
        }
    }

    #[test]
    fn doubtful_numbers_give_no_whatsapp_link() {
        for raw in ["", "0612", "0151 2345678", "12345", "+31 6 1234", "+31 6 123456789", "06 1234 5678 ext 2", "bel mij", "+", "00", "+0031612345678", "+1 23"] {
            assert_eq!(normalize(raw), None, "{raw}");
            assert_eq!(whatsapp_url(raw), None, "{raw}");
        }
        assert_eq!(whatsapp_url("06 12345678").unwrap(), "https://wa.me/31612345678");
    }

    #[test]
    fn call_links_fall_back_to_the_typed_digits() {
        assert_eq!(tel_url("06 12345678").unwrap(), "tel:+31612345678");
        assert_eq!(tel_url("0151 2345678").unwrap(), "tel:01512345678");
        assert_eq!(tel_url("+1 23").unwrap(), "tel:+123");
        assert_eq!(tel_url("bel mij"), None);
    }
}
