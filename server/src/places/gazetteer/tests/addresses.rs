use crate::places::gazetteer::tests::{gazetteer, show};
use crate::{
    places::{gazetteer::addresses::address_id, PlacesError},
    types::Lang,
};

#[test]
fn a_typed_street_address_resolves_to_its_locality() {
    let g = gazetteer();
    let list = g.suggest("Markt 12, Roermond", Lang::Nl);
    let first = &list[0];
    assert!(first.id.starts_with("addr:g2748000:"), "{}", show(&list));
    assert_eq!(first.main_text, "Markt 12");
    assert_eq!(first.secondary_text, "Roermond, Limburg, Nederland");
    assert_eq!(list[1].id, "g2748000");
    let d = g.place_details(&first.id, Lang::Nl).unwrap();
    assert_eq!(d.formatted_address, "Markt 12, Roermond");
    assert_eq!(d.display_name, "Markt 12");
    assert_eq!(d.location, g.place_details("g2748000", Lang::Nl).unwrap().location);

    let list = g.suggest("  Stationsplein 3 6041 Roermond ", Lang::De);
    assert!(list[0].id.starts_with("addr:g2748000:"), "{}", show(&list));
    assert_eq!(list[0].main_text, "Stationsplein 3");
    let d = g.place_details(&list[0].id, Lang::De).unwrap();
    assert_eq!(d.formatted_address, "Stationsplein 3 6041 Roermond");
    assert_eq!(d.display_name, "Stationsplein 3");

    // Postcode letters, a trailing country, the locality first.
    for (input, street) in [
        ("Wilhelminaplein 1, 6041 EH Roermond, Nederland", "Wilhelminaplein 1"),
        ("Wilhelminaplein 1 6041EH Roermond", "Wilhelminaplein 1"),
        ("Roermond, Markt 1", "Markt 1"),
        ("Roermond Markt 1", "Markt 1"),
        ("Markt, Roermond", "Markt"),
    ] {
        let list = g.suggest(input, Lang::Nl);
        assert!(list[0].id.starts_with("addr:g2748000:"), "{input:?}:{}", show(&list));
        assert_eq!(list[0].main_text, street, "{input:?}");
        assert_eq!(g.place_details(&list[0].id, Lang::Nl).unwrap().display_name, street);
    }
}

#[test]
fn an_address_naming_the_locality_differently_keeps_the_text() {
    let g = gazetteer();
    // 'Koeln' names Köln: nothing appended even on the Dutch page (Keulen).
    let list = g.suggest("Hohe Straße 1, Koeln", Lang::Nl);
    assert!(list[0].id.starts_with("addr:g2886242:"), "{}", show(&list));
    assert_eq!(g.place_details(&list[0].id, Lang::Nl).unwrap().formatted_address, "Hohe Straße 1, Koeln");
    // An id whose text does not name the locality gets it appended.
    let id = address_id("g2748000", "Kerkpad 4");
    let d = g.place_details(&id, Lang::En).unwrap();
    assert_eq!(d.formatted_address, "Kerkpad 4, Roermond");
    assert_eq!(d.display_name, "Kerkpad 4");
}

#[test]
fn an_address_in_an_ambiguous_locality_offers_both() {
    let g = gazetteer();
    let list = g.suggest("Kerkstraat 5 Herten", Lang::Nl);
    assert!(
        list[0].id.starts_with("addr:g2754331:") && list[1].id.starts_with("addr:g2905560:"),
        "{}",
        show(&list)
    );
    assert_ne!(list[0].secondary_text, list[1].secondary_text);
    let list = g.suggest("Kerkstraat 5, Herten, Deutschland", Lang::Nl);
    assert!(list[0].id.starts_with("addr:g2905560:"), "{}", show(&list));
    assert!(!list.iter().any(|s| s.id.starts_with("addr:g2754331:")));
}

#[test]
fn long_addresses_are_cut_to_200_characters() {
    let g = gazetteer();
    let input = format!("{} 1, Roermond", "Lange Straat ".repeat(30));
    let list = g.suggest(&input, Lang::Nl);
    // Cut at 200 characters the locality is gone: no address in Roermond (the
    // 'Lange' the cut leaves at the end may be Langen typed with one error).
    assert!(!list.iter().any(|s| s.id.starts_with("addr:g2748000:")), "{}", show(&list));
    let input = format!("{} 1, Roermond", "L".repeat(180));
    let list = g.suggest(&input, Lang::Nl);
    let d = g.place_details(&list[0].id, Lang::Nl).unwrap();
    assert!(d.formatted_address.chars().count() <= 200 + ", Roermond".len());
    assert!(d.formatted_address.ends_with("1, Roermond"));
}

#[test]
fn text_that_is_no_address_gives_no_address_entry() {
    let g = gazetteer();
    for input in [
        "Roermond",
        "Herten, Limburg",
        "Roermond, Nederland",
        "12345",
        "6041 Roermond",
        "Terminal 1 Schiphol",
        "Herten Limburg",
        "Köln Hauptbahnhof",
        "Station Roermond",
        "Designer Outlet Roermond",
        "Roermond Station",
        "Borussia Park",
    ] {
        let list = g.suggest(input, Lang::Nl);
        assert!(!list.iter().any(|s| s.id.starts_with("addr:")), "{input:?}:{}", show(&list));
    }
    let list = g.suggest("6041 Roermond", Lang::Nl);
    assert_eq!((list[0].id.as_str(), list[1].id.as_str()), ("zNL6041", "g2748000"), "{}", show(&list));
    // A street without its town is one in the company's town (see local.rs).
    assert!(g.suggest("Markt 12", Lang::Nl)[0].id.starts_with("addr:g2748000:"));
    assert_eq!(g.suggest("Roermond, Nederland", Lang::Nl)[0].id, "g2748000");
}

#[test]
fn hostile_ids_are_not_found() {
    let g = gazetteer();
    let long = "x".repeat(100_000);
    let long_addr = format!("addr:g2748000:{}", "QUFB".repeat(1000));
    let too_long_text = address_id("g2748000", "a".repeat(201));
    let control = address_id("g2748000", "Markt\n1");
    let untrimmed = address_id("g2748000", " Markt 1");
    let not_utf8 = address_id("g2748000", [0xff, 0xfe, 0x41]);
    let station = address_id("s8400523", "Markt 1");
    let ids: Vec<&str> = vec![
        "",
        " ",
        "g",
        "g0",
        "g2748000 ",
        " g2748000",
        "G2748000",
        "g2748000\0",
        "aams",
        "AAMS",
        "s",
        "v",
        "addr:",
        "addr::",
        "addr:g2748000",
        "addr:g2748000:",
        "addr:g2748000:!!!!",
        "addr:g2748000:TWFya3QgMT",
        "addr:g2748000:TWFya3QgMTJ",
        "addr:nope:TWFya3QgMTI",
        "addr:addr:g2748000:TWFya3QgMTI",
        "../../etc/passwd",
        "%00",
        "🚕",
        "ChIJN1t_tDeuEmsRUsoyG83frY4",
        "g2748000:TWFya3QgMTI",
        "addr:g2748000:TWFya3QgMTI=",
        "addr:g2748000:TWFya3QgMTI:x",
        &long,
        &long_addr,
        &too_long_text,
        &control,
        &untrimmed,
        &not_utf8,
        &station,
    ];
    for id in ids {
        for lang in Lang::ALL {
            assert_eq!(
                g.place_details(id, lang),
                Err(PlacesError::NotFound),
                "{:?}",
                &id[..id.len().min(60)]
            );
        }
    }
    // Valid ones for comparison.
    assert!(g.place_details(&address_id("g2748000", "Markt 1"), Lang::Nl).is_ok());
    assert!(g.place_details("g2748000", Lang::Nl).is_ok());
}

#[test]
fn hostile_inputs_do_not_panic() {
    let g = gazetteer();
    let inputs = [
        "\0\0\0".to_string(),
        "€€€€ 1, Roermond".to_string(),
        "€1234€ Roermond".to_string(),
        "1234€€ Roermond".to_string(),
        "ab".repeat(10_000),
        "a ".repeat(5_000),
        "1, ,,,, 2, Roermond, ,".to_string(),
        "🚕🚕 12, Roermond".to_string(),
        "Ⅻ ⅻ ǅ ǈ ß ẞ İ ı".to_string(),
        "'s ' s '' ---".to_string(),
        "\u{202e}dnomreoR 1".to_string(),
        ", Roermond 1".to_string(),
        "6041 GL".to_string(),
    ];
    for input in &inputs {
        for lang in Lang::ALL {
            for s in g.suggest(input, lang) {
                g.place_details(&s.id, lang).unwrap();
            }
        }
    }
}

#[test]
fn only_canonical_base64url_is_read() {
    let g = gazetteer();
    // 'QQ' is 'A'; 'QR' carries stray low bits and 'QQ==' padding: neither is an id we issue.
    assert!(g.place_details("addr:g2748000:QQ", Lang::Nl).is_ok());
    for payload in ["QR", "QQ==", "Q", "A+B/"] {
        assert_eq!(
            g.place_details(&format!("addr:g2748000:{payload}"), Lang::Nl),
            Err(PlacesError::NotFound),
            "{payload}"
        );
    }
}

#[test]
fn a_town_typed_with_one_error_after_a_street_is_that_towns_street_never_exact() {
    let g = gazetteer();
    for (typed, street, address) in [
        ("Hamstraat 12 Roermnd", "Hamstraat 12", "Hamstraat 12, Roermond"),
        ("Hamstraat 12, Roermnd", "Hamstraat 12", "Hamstraat 12, Roermond"),
        ("Markt Roermodn", "Markt", "Markt, Roermond"),
        ("Stationsplein 3 6041 Roermnd", "Stationsplein 3", "Stationsplein 3, Roermond"),
    ] {
        let list = g.suggest(typed, Lang::Nl);
        // After what the text names in full (the postcode 6041), before the rest.
        let at = list.iter().position(|s| s.id.starts_with("addr:g2748000:"));
        let at = at.unwrap_or_else(|| panic!("{typed}:{}", show(&list)));
        assert!(
            list[..at].iter().all(|s| s.exact) && list[at + 1..].iter().all(|s| !s.exact),
            "{}",
            show(&list)
        );
        let s = &list[at];
        assert_eq!(s.main_text, street);
        assert!(s.approximate && !s.exact && !s.whole_words, "a question, placed at its town: {s:?}");
        let d = g.place_details(&s.id, Lang::Nl).unwrap();
        assert_eq!((d.display_name.as_str(), d.formatted_address.as_str()), (street, address));
    }
    // Only the town at the end may carry the error: 'Lange' is no Langen before a street.
    let list = g.suggest("Lange Straat 5", Lang::Nl);
    assert!(list[0].id.starts_with("addr:g2748000:"), "a street in the company's town:{}", show(&list));
    // Typed well, the town needs no second look.
    let list = g.suggest("Hamstraat 12 Roermond", Lang::Nl);
    assert!(list[0].exact && list[0].id.starts_with("addr:g2748000:"), "{}", show(&list));
}
