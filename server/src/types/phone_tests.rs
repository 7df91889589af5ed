//! Unit tests of the parent module, kept apart to keep files short.
use super::*;

/// The company's country in the settings (`company.country`).
const HOME: Country = Country::NL;

fn read_on(raw: &str, lang: Lang) -> Option<String> {
    normalize(raw, HOME, lang)
}

#[test]
fn a_number_typed_with_its_country_code_keeps_its_own_leading_zero() {
    // Italian numbers keep their 0 after +39 (Rome 06, Bergamo 035): read as if
    // it were the Dutch trunk prefix, +39 035 … became another, valid number.
    for lang in Lang::ALL {
        for (raw, want) in [
            ("+39 06 1234 5678", "+390612345678"),
            ("+39 035 123 4567", "+390351234567"),
            ("0039 035 123 4567", "+390351234567"),
            ("+39 347 123 4567", "+393471234567"),
        ] {
            assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on {lang:?}");
        }
    }
}

/// How people in the three countries type their numbers nationally, and with
/// `+` or `00`, with spaces, dots, slashes and dashes; each reads the same on
/// every page. The forms' tests use it too.
pub(crate) const NEIGHBOURS_TYPED: &[(&str, &str)] = &[
    // Dutch mobile and the company's own landline (Roermond, 0475).
    ("06 12345678", "+31612345678"),
    ("06-12345678", "+31612345678"),
    ("06.12.34.56.78", "+31612345678"),
    ("0612345678", "+31612345678"),
    ("612345678", "+31612345678"),
    ("0475 123456", "+31475123456"),
    ("0475-12 34 56", "+31475123456"),
    ("+31 6 12345678", "+31612345678"),
    ("0031 475 123 456", "+31475123456"),
    // Belgian mobile, with the Belgian habit of slashes and dots.
    ("0470 12 34 56", "+32470123456"),
    ("0470/12.34.56", "+32470123456"),
    ("0470-12-34-56", "+32470123456"),
    ("0470123456", "+32470123456"),
    ("0496 12 34 56", "+32496123456"),
    ("+32 470 12 34 56", "+32470123456"),
    ("0032 470/12.34.56", "+32470123456"),
    ("+32 (0)470 12 34 56", "+32470123456"),
    // Belgian landlines: Liège (04), Hasselt (011), Genk (089, also Munich's code).
    ("04 223 45 67", "+3242234567"),
    ("04/223.45.67", "+3242234567"),
    ("011 12 34 56", "+3211123456"),
    ("089 12 34 56", "+3289123456"),
    ("089/12.34.56", "+3289123456"),
    ("+32 4 223 45 67", "+3242234567"),
    ("0032 89 12 34 56", "+3289123456"),
    // German mobile, grouped either way.
    ("0151 23456789", "+4915123456789"),
    ("01512 3456789", "+4915123456789"),
    ("0151/23456789", "+4915123456789"),
    ("0151-234 567 89", "+4915123456789"),
    ("+49 151 23456789", "+4915123456789"),
    ("0049 1512 3456789", "+4915123456789"),
    ("+49 (0)151 23456789", "+4915123456789"),
    // German landline (Mönchengladbach).
    ("02161 123456", "+492161123456"),
    ("02161/123456", "+492161123456"),
    ("02161-12 34 56", "+492161123456"),
    ("(0 21 61) 12 34 56", "+492161123456"),
    ("+49 2161 123456", "+492161123456"),
    ("0049 (0)2161 123456", "+492161123456"),
];

#[test]
fn dutch_belgian_and_german_numbers_read_alike_on_every_page() {
    for lang in Lang::ALL {
        for &(raw, want) in NEIGHBOURS_TYPED {
            assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
        }
    }
}

#[test]
fn the_reading_order_is_the_company_s_country_then_nl_be_de_then_the_page_s() {
    let order =
        |company, lang| reading_order(company, lang).iter().map(Country::to_string).collect::<Vec<_>>();
    for lang in Lang::ALL {
        assert_eq!(order(Country::NL, lang), ["NL", "BE", "DE"], "{lang}");
        assert_eq!(order(Country::BE, lang), ["BE", "NL", "DE"], "{lang}");
        assert_eq!(order(Country::DE, lang), ["DE", "NL", "BE"], "{lang}");
        // A company elsewhere: its own country, then the served ones (the page's among them).
        let lu = Country::parse("LU").unwrap();
        assert_eq!(order(lu, lang), ["LU", "NL", "BE", "DE"], "{lang}");
    }
}

#[test]
fn a_number_valid_in_two_countries_is_the_first_one_s_in_the_order() {
    for lang in Lang::ALL {
        for (raw, want, why) in [
            // Valid in the company's country: the company's (the bug of issue 40).
            ("06 12345678", "+31612345678", "a Dutch mobile, also Eltville's area code 06123"),
            ("0241 123456", "+31241123456", "Nijmegen before Aachen"),
            ("0475 12 34 56", "+31475123456", "Roermond before a Proximus mobile"),
            ("0495 12 34 56", "+31495123456", "Weert before a Proximus mobile"),
            ("046 123 4567", "+31461234567", "Sittard before a Belgian 046 mobile"),
            // Not Dutch: Belgian before German (Germany's metadata takes almost any length).
            ("0470 12 34 56", "+32470123456", "a Belgian mobile, not +49 470"),
            ("089 12 34 56", "+3289123456", "Genk before Munich"),
            ("087 12 34 56", "+3287123456", "Eupen before +49 8712"),
            ("0221 12345", "+3222112345", "Brussels before a short Cologne number"),
            // Belgium has no 041 numbers: read as the German number it is (Barmstedt).
            ("04 123 45 67", "+4941234567", "no Liège number"),
        ] {
            assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page: {why}");
        }
        // Typed with its code, each is what it says.
        assert_eq!(read_on("+49 89 123456", lang).as_deref(), Some("+4989123456"));
        assert_eq!(read_on("+32 475 12 34 56", lang).as_deref(), Some("+32475123456"));
    }
}

#[test]
fn the_company_s_country_comes_from_its_settings() {
    for lang in Lang::ALL {
        // A German company: what is valid in Germany is German, even a Belgian mobile.
        assert_eq!(normalize("0151 23456789", Country::DE, lang).as_deref(), Some("+4915123456789"));
        assert_eq!(normalize("0470 12 34 56", Country::DE, lang).as_deref(), Some("+49470123456"));
        // A Belgian company: 0475 is Proximus, and a Dutch mobile is Dutch (not Eltville).
        assert_eq!(normalize("0475 12 34 56", Country::BE, lang).as_deref(), Some("+32475123456"));
        assert_eq!(normalize("06 12345678", Country::BE, lang).as_deref(), Some("+31612345678"));
    }
    assert_eq!(page_region(Lang::En, Country::BE), Country::BE);
    assert_eq!(page_region(Lang::De, Country::BE), Country::DE);
}

#[test]
fn international_numbers_are_read_as_typed_on_every_page() {
    let cases = [
        ("+31 6 12345678", "+31612345678"),
        ("+31 (0)6 12345678", "+31612345678"),
        ("0031 6 1234 5678", "+31612345678"),
        ("+49 151 23456789", "+4915123456789"),
        ("+49 6123 45678", "+49612345678"),
        ("0049 (0)2161 123456", "+492161123456"),
        ("+32 470 12 34 56", "+32470123456"),
        ("+44 20 7946 0958", "+442079460958"),
        (" +31.6.12.34.56.78 ", "+31612345678"),
    ];
    for lang in Lang::ALL {
        for (raw, want) in cases {
            assert_eq!(read_on(raw, lang).as_deref(), Some(want), "{raw} on a {lang} page");
        }
    }
}

#[test]
fn text_and_impossible_numbers_are_refused() {
    for raw in [
        "abc",
        "bel mij",
        "06 CALL TAXI",
        "0612",
        "12345",
        "+31 6 1234",
        "+31 6 123456789",
        "06 1234 5678 ext 2",
        "+",
        "00",
        "+1 23",
        "0000000000",
        "+999 1234567",
        &"1".repeat(30),
    ] {
        for lang in Lang::ALL {
            assert_eq!(read_on(raw, lang), None, "{raw} on a {lang} page");
        }
    }
    // German 0151 mobiles have 11 digits.
    assert_eq!(read_on("0151 2345678", Lang::De), None);
}

#[test]
fn shown_internationally_with_the_country() {
    let shown = |stored: &str| international(stored).map(|(n, c)| (n, c.map(|c| c.to_string())));
    let pair = |n: &str, c: &str| Some((n.to_string(), Some(c.to_string())));
    assert_eq!(shown("+31612345678"), pair("+31 6 12345678", "NL"));
    // libphonenumber's grouping: 01512 is the prefix of this German mobile.
    assert_eq!(shown("+4915123456789"), pair("+49 1512 3456789", "DE"));
    assert_eq!(shown("+32470123456"), pair("+32 470 12 34 56", "BE"));
    assert_eq!(shown("+442079460958"), pair("+44 20 7946 0958", "GB"));
    // Older records, typed nationally: read as Dutch, else not at all.
    assert_eq!(shown("06 12345678"), pair("+31 6 12345678", "NL"));
    assert_eq!(shown("0151 2345678"), None);
}

#[test]
fn links_use_the_international_form() {
    assert_eq!(tel_url("+4915123456789").unwrap(), "tel:+4915123456789");
    assert_eq!(whatsapp_url("+4915123456789").unwrap(), "https://wa.me/4915123456789");
    assert_eq!(whatsapp_url("+31612345678").unwrap(), "https://wa.me/31612345678");
    assert_eq!(tel_url("+31475123456").unwrap(), "tel:+31475123456");
    assert_eq!(whatsapp_url("+31475123456"), None, "a Dutch landline has no WhatsApp");
    // Older records, typed nationally: read as Dutch, else dialled as typed.
    assert_eq!(tel_url("06 12345678").unwrap(), "tel:+31612345678");
    assert_eq!(tel_url("0151 2345678").unwrap(), "tel:01512345678");
    assert_eq!(whatsapp_url("0151 2345678"), None);
    assert_eq!(tel_url("bel mij"), None);
}
