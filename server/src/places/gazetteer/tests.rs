use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::*;

fn gazetteer() -> &'static Gazetteer {
    static G: OnceLock<Gazetteer> = OnceLock::new();
    G.get_or_init(Gazetteer::embedded)
}

fn show(list: &[Suggestion]) -> String {
    list.iter().map(|s| format!("\n  {} | {} | {}", s.main_text, s.secondary_text, s.id)).collect()
}

// ------------------------------------------------------------------ quality table

/// (language, query, expected id, best rank allowed, expected main text or "" for any).
const QUALITY: &[(Lang, &str, &str, usize, &str)] = &[
    // Home town, its station and word order.
    (Lang::Nl, "roermond", "g2748000", 1, "Roermond"),
    (Lang::Nl, "Roerm", "g2748000", 1, "Roermond"),
    (Lang::En, "roermond station", "s8400523", 1, "Roermond station"),
    (Lang::Nl, "station roermond", "s8400523", 1, "Station Roermond"),
    (Lang::De, "Bahnhof Roermond", "s8400523", 1, "Bahnhof Roermond"),
    // Swalmen: missing from GeoNames, a village from the bus stops and a station.
    (Lang::Nl, "Swalmen", "vnl-roermond-swalmen", 1, "Swalmen"),
    (Lang::Nl, "swalm", "s8400583", 3, "Station Swalmen"),
    (Lang::Nl, "echt", "vnl-echt-susteren-echt", 1, "Echt"),
    (Lang::De, "Elmpt", "vde-niederkruchten-elmpt", 1, "Elmpt"),
    (Lang::Nl, "maasniel", "vnl-roermond-maasniel", 1, "Maasniel"),
    // The two Hertens (checked for their secondary texts below).
    (Lang::Nl, "Herten", "g2754331", 1, "Herten"),
    (Lang::Nl, "Herten", "g2905560", 3, "Herten"),
    (Lang::De, "herten nrw", "g2905560", 1, "Herten"),
    (Lang::Nl, "herten limburg", "g2754331", 1, "Herten"),
    // Exonyms in the three languages.
    (Lang::Nl, "Brussel", "g2800866", 1, "Brussel"),
    (Lang::De, "Brüssel", "g2800866", 1, "Brüssel"),
    (Lang::En, "Brussels", "g2800866", 1, "Brussels"),
    (Lang::En, "Bruxelles", "g2800866", 1, "Brussels"),
    (Lang::De, "Bruessel", "g2800866", 1, "Brüssel"),
    (Lang::Nl, "Luik", "g2792413", 1, "Luik"),
    (Lang::De, "Lüttich", "g2792413", 1, "Lüttich"),
    (Lang::De, "Luettich", "g2792413", 1, "Lüttich"),
    (Lang::En, "Liège", "g2792413", 1, "Liège"),
    (Lang::En, "liege", "g2792413", 1, "Liège"),
    (Lang::Nl, "Keulen", "g2886242", 1, "Keulen"),
    (Lang::De, "Köln", "g2886242", 1, "Köln"),
    (Lang::De, "Koeln", "g2886242", 1, "Köln"),
    (Lang::En, "koln", "g2886242", 1, "Cologne"),
    (Lang::En, "Cologne", "g2886242", 1, "Cologne"),
    (Lang::Nl, "Aken", "g3247449", 1, "Aken"),
    (Lang::De, "Aachen", "g3247449", 1, "Aachen"),
    (Lang::En, "aachen", "g3247449", 1, "Aachen"),
    (Lang::Nl, "Den Haag", "g2747373", 1, "Den Haag"),
    (Lang::En, "the hague", "g2747373", 1, "The Hague"),
    (Lang::De, "Den Haag", "g2747373", 1, "Den Haag"),
    (Lang::En, "Antwerp", "g2803138", 1, "Antwerp"),
    (Lang::En, "ghent", "g2797656", 1, "Ghent"),
    (Lang::Nl, "den bosch", "g2747351", 1, "'s-Hertogenbosch"),
    (Lang::Nl, "'s-Hertogenbosch", "g2747351", 1, "'s-Hertogenbosch"),
    (Lang::De, "st augustin", "g2841648", 1, "Sankt Augustin"),
    // Accents and their ASCII forms.
    (Lang::De, "Düsseldorf", "g2934246", 1, "Düsseldorf"),
    (Lang::En, "Dusseldorf", "g2934246", 1, "Düsseldorf"),
    (Lang::Nl, "Duesseldorf", "g2934246", 1, "Düsseldorf"),
    (Lang::De, "MOENCHENGLADBACH", "g2869894", 1, "Mönchengladbach"),
    (Lang::Nl, "monchengladbach", "g2869894", 1, "Mönchengladbach"),
    (Lang::De, "brueggen", "g2943336", 1, "Brüggen"),
    // Airports: prefixes, kind words in any language and order, codes.
    (Lang::Nl, "schip", "aAMS", 1, "Luchthaven Schiphol"),
    (Lang::En, "schiphol", "aAMS", 1, "Schiphol Airport"),
    (Lang::En, "airport dus", "aDUS", 1, "Düsseldorf Airport"),
    (Lang::Nl, "luchthaven düsseldorf", "aDUS", 1, "Luchthaven Düsseldorf"),
    (Lang::De, "düsseldorf flughafen", "aDUS", 1, "Flughafen Düsseldorf"),
    (Lang::En, "DUS", "aDUS", 1, "Düsseldorf Airport"),
    (Lang::Nl, "eindhoven airport", "aEIN", 1, "Eindhoven Airport"),
    (Lang::De, "Weeze", "aNRN", 3, "Flughafen Weeze"),
    (Lang::De, "flughafen weeze", "aNRN", 1, "Flughafen Weeze"),
    (Lang::Nl, "Keulen Bonn", "aCGN", 1, "Luchthaven Keulen/Bonn"),
    (Lang::De, "flughafen köln", "aCGN", 1, "Flughafen Köln/Bonn"),
    (Lang::En, "bonn cologne airport", "aCGN", 1, "Cologne Bonn Airport"),
    (Lang::De, "frankfurt flughafen", "aFRA", 1, "Flughafen Frankfurt"),
    (Lang::En, "Frankfurt airport", "aFRA", 1, "Frankfurt Airport"),
    (Lang::Nl, "maastricht airport", "aMST", 1, "Maastricht Aachen Airport"),
    (Lang::Nl, "luchthaven zaventem", "aBRU", 1, "Luchthaven Brussel"),
    (Lang::En, "brussels airport", "aBRU", 1, "Brussels Airport"),
    (Lang::Nl, "charleroi airport", "aCRL", 1, "Luchthaven Charleroi"),
    (Lang::En, "liege airport", "aLGG", 1, "Liège Airport"),
    (Lang::De, "dortmund flughafen", "aDTM", 1, "Flughafen Dortmund"),
    // Stations, Belgian ones in their local names and in French.
    (Lang::De, "aachen hbf", "s8000001", 1, "Aachen Hauptbahnhof"),
    (Lang::Nl, "köln hauptbahnhof", "s8000207", 1, "Köln Hauptbahnhof"),
    (Lang::Nl, "Brussel-Zuid", "s8800004", 1, "Station Brussel-Zuid"),
    (Lang::Nl, "bruxelles midi", "s8800004", 1, "Station Brussel-Zuid"),
    (Lang::En, "brussels midi", "s8800004", 1, "Brussels-Midi station"),
    (Lang::De, "Brüssel Süd", "s8800004", 1, "Bahnhof Brüssel-Süd"),
    (Lang::Nl, "brussel centraal", "s8800003", 1, "Station Brussel-Centraal"),
    (Lang::Nl, "antwerpen centraal", "s8800007", 1, "Station Antwerpen-Centraal"),
    (Lang::Nl, "gent sint pieters", "s8800031", 1, "Station Gent-Sint-Pieters"),
    (Lang::De, "lüttich guillemins", "s8800012", 1, "Bahnhof Lüttich-Guillemins"),
    (Lang::En, "liege guillemins", "s8800012", 1, "Liège-Guillemins station"),
    (Lang::En, "Visé station", "s8800172", 1, "Visé station"),
    // Towns around Roermond and the other fixed-price cities.
    (Lang::Nl, "venlo", "g2745641", 1, "Venlo"),
    (Lang::Nl, "weert", "g2744911", 1, "Weert"),
    (Lang::Nl, "maastricht", "g2751283", 1, "Maastricht"),
    (Lang::De, "bonn", "g2946447", 1, "Bonn"),
    (Lang::Nl, "heinsberg", "g2907201", 1, "Heinsberg"),
    (Lang::Nl, "Beek", "g2759350", 1, "Beek"),
    (Lang::En, "Namur", "g2790471", 1, "Namur"),
    (Lang::Nl, "Namen", "g2790471", 1, "Namen"),
    (Lang::Nl, "kleef", "g2887835", 1, "Kleef"),
];

#[test]
fn quality_table() {
    let g = gazetteer();
    let mut failures = Vec::new();
    for &(lang, query, id, rank, main) in QUALITY {
        let list = g.suggest(query, lang);
        match list.iter().position(|s| s.id == id) {
            Some(i) if i < rank && (main.is_empty() || list[i].main_text == main) => {}
            Some(i) if i < rank => failures.push(format!("{lang} {query:?}: main text {:?}, want {main:?}", list[i].main_text)),
            found => failures.push(format!("{lang} {query:?}: {id} at {found:?}, want rank ≤ {rank}:{}", show(&list))),
        }
    }
    assert!(QUALITY.len() >= 40);
    assert!(failures.is_empty(), "{} of {} failed:\n{}", failures.len(), QUALITY.len(), failures.join("\n"));
}

#[test]
fn the_two_hertens_are_told_apart() {
    let g = gazetteer();
    for lang in Lang::ALL {
        let list = g.suggest("herten", lang);
        let nl = list.iter().find(|s| s.id == "g2754331").expect("Herten NL");
        let de = list.iter().find(|s| s.id == "g2905560").expect("Herten DE");
        assert_eq!(nl.main_text, de.main_text);
        assert_ne!(nl.secondary_text, de.secondary_text);
    }
    let list = g.suggest("herten", Lang::Nl);
    assert_eq!(list[0].secondary_text, "Roermond, Limburg, Nederland");
    assert_eq!(list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text, "Noordrijn-Westfalen, Duitsland");
    let list = g.suggest("herten", Lang::De);
    assert_eq!(list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text, "Nordrhein-Westfalen, Deutschland");
    let list = g.suggest("herten", Lang::En);
    assert_eq!(list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text, "North Rhine-Westphalia, Germany");
}

#[test]
fn secondary_and_formatted_texts_are_localized() {
    let g = gazetteer();
    let roermond = g.suggest("roermond", Lang::Nl);
    assert_eq!(roermond[0].secondary_text, "Limburg, Nederland");
    assert_eq!(g.suggest("roermond", Lang::De)[0].secondary_text, "Limburg, Niederlande");
    assert_eq!(g.suggest("roermond", Lang::En)[0].secondary_text, "Limburg, Netherlands");
    let d = g.place_details("g2748000", Lang::Nl).unwrap();
    assert_eq!(d.formatted_address, "Roermond, Limburg, Nederland");
    assert_eq!(d.display_name, "Roermond");
    let d = g.place_details("aAMS", Lang::Nl).unwrap();
    assert_eq!(d.formatted_address, "Luchthaven Schiphol, Haarlemmermeer, Nederland");
    assert_eq!(d.display_name, "Luchthaven Schiphol");
    let d = g.place_details("aAMS", Lang::En).unwrap();
    assert_eq!(d.formatted_address, "Schiphol Airport, Haarlemmermeer, Netherlands");
    let d = g.place_details("aDUS", Lang::De).unwrap();
    assert_eq!(d.formatted_address, "Flughafen Düsseldorf, Düsseldorf, Deutschland");
    let d = g.place_details("g2886242", Lang::Nl).unwrap();
    assert_eq!(d.formatted_address, "Keulen, Noordrijn-Westfalen, Duitsland");
    let d = g.place_details("g2792413", Lang::De).unwrap();
    assert_eq!(d.display_name, "Lüttich");
    let d = g.place_details("s8400523", Lang::De).unwrap();
    assert_eq!(d.formatted_address, "Bahnhof Roermond, Roermond, Niederlande");
    let d = g.place_details("aCGN", Lang::En).unwrap();
    assert_eq!(d.formatted_address, "Cologne Bonn Airport, Cologne, Germany");
}

#[test]
fn fixed_price_destinations_are_found_by_their_names_within_their_radius() {
    let settings = crate::config::Settings::load_from(&BTreeMap::new()).expect("default config");
    let g = gazetteer();
    for dest in &settings.tariff.destinations {
        let centre = LatLon { lat: dest.lat, lon: dest.lon };
        for lang in Lang::ALL {
            let name = dest.name.get(lang);
            let list = g.suggest(name, lang);
            let hit = list.iter().take(3).find_map(|s| {
                let d = g.place_details(&s.id, lang).unwrap();
                (d.location.distance_km(centre) <= dest.radius_km).then_some(d)
            });
            assert!(hit.is_some(), "{} {lang} {name:?}:{}", dest.id, show(&list));
        }
    }
}

#[test]
fn empty_and_one_character_inputs_give_nothing() {
    let g = gazetteer();
    for input in ["", " ", "r", "R ", "ü", "  -  ", ",", "1", "'s", "é."] {
        assert!(g.suggest(input, Lang::Nl).is_empty(), "{input:?}");
    }
    assert!(g.suggest("zzzzqx", Lang::Nl).is_empty());
    assert!(!g.suggest("ro", Lang::Nl).is_empty());
}

#[test]
fn at_most_eight_suggestions_in_nl_de_be_only() {
    let g = gazetteer();
    for q in ["b", "be", "ber", "st", "station", "airport", "a", "sint", "bad", "neu"] {
        for lang in Lang::ALL {
            let list = g.suggest(q, lang);
            assert!(list.len() <= 8, "{q}: {}", list.len());
            for s in &list {
                let country = s.secondary_text.rsplit(", ").next().unwrap();
                let ok = match lang {
                    Lang::Nl => ["Nederland", "Duitsland", "België"].contains(&country),
                    Lang::De => ["Niederlande", "Deutschland", "Belgien"].contains(&country),
                    Lang::En => ["Netherlands", "Germany", "Belgium"].contains(&country),
                };
                assert!(ok, "{q}: {s:?}");
            }
        }
    }
    // Kind words alone list places of that kind.
    let list = gazetteer().suggest("luchthaven", Lang::Nl);
    assert!(list.len() >= 5 && list.iter().all(|s| s.id.starts_with('a')), "{}", show(&list));
}

#[test]
fn every_place_has_texts_in_every_language_and_round_trips() {
    let g = gazetteer();
    assert!(g.len() > 9000, "{}", g.len());
    for p in &g.places {
        for lang in Lang::ALL {
            let d = g.place_details(&p.id, lang).unwrap();
            assert_eq!(d.id, &*p.id);
            assert!(!d.display_name.is_empty() && !d.formatted_address.is_empty());
            let s = g.suggestion_of(g.by_id[&p.id], lang);
            assert_eq!(s.main_text, d.display_name);
            assert!(s.secondary_text.ends_with(g.country_name(p, lang)));
        }
        assert!(p.location.distance_km(ROERMOND) < 260.0, "{}", p.id);
    }
}

#[test]
fn details_round_trip_for_every_suggestion() {
    let g = gazetteer();
    let mut queries: Vec<&str> = QUALITY.iter().map(|q| q.1).collect();
    queries.extend(["Markt 12, Roermond", "Stationsplein 3 6041 Roermond", "Kerkstraat 5 Herten", "ber", "sint", "bahnhof"]);
    let mut checked = 0;
    for q in queries {
        for lang in Lang::ALL {
            for s in g.suggest(q, lang) {
                let d = g.place_details(&s.id, lang).unwrap_or_else(|e| panic!("{q:?} {}: {e}", s.id));
                assert_eq!(d.id, s.id);
                if !s.id.starts_with("addr:") {
                    assert_eq!(d.display_name, s.main_text);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

// ------------------------------------------------------------------ addresses

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
    let id = format!("addr:g2748000:{}", base64url_encode("Kerkpad 4".as_bytes()));
    let d = g.place_details(&id, Lang::En).unwrap();
    assert_eq!(d.formatted_address, "Kerkpad 4, Roermond");
    assert_eq!(d.display_name, "Kerkpad 4");
}

#[test]
fn an_address_in_an_ambiguous_locality_offers_both() {
    let g = gazetteer();
    let list = g.suggest("Kerkstraat 5 Herten", Lang::Nl);
    assert!(list[0].id.starts_with("addr:g2754331:") && list[1].id.starts_with("addr:g2905560:"), "{}", show(&list));
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
    // Cut at 200 characters the locality is gone: no address entry.
    assert!(!list.iter().any(|s| s.id.starts_with("addr:")), "{}", show(&list));
    let input = format!("{} 1, Roermond", "L".repeat(180));
    let list = g.suggest(&input, Lang::Nl);
    let d = g.place_details(&list[0].id, Lang::Nl).unwrap();
    assert!(d.formatted_address.chars().count() <= 200 + ", Roermond".len());
    assert!(d.formatted_address.ends_with("1, Roermond"));
}

#[test]
fn text_that_is_no_address_gives_no_address_entry() {
    let g = gazetteer();
    for input in ["Roermond", "Herten, Limburg", "Roermond, Nederland", "12345", "6041 Roermond", "Markt 12", "Terminal 1 Schiphol"] {
        let list = g.suggest(input, Lang::Nl);
        assert!(!list.iter().any(|s| s.id.starts_with("addr:")), "{input:?}:{}", show(&list));
    }
    assert_eq!(g.suggest("6041 Roermond", Lang::Nl)[0].id, "g2748000");
    assert_eq!(g.suggest("Roermond, Nederland", Lang::Nl)[0].id, "g2748000");
}

#[test]
fn hostile_ids_are_not_found() {
    let g = gazetteer();
    let long = "x".repeat(100_000);
    let long_addr = format!("addr:g2748000:{}", "QUFB".repeat(1000));
    let too_long_text = format!("addr:g2748000:{}", base64url_encode("a".repeat(201).as_bytes()));
    let control = format!("addr:g2748000:{}", base64url_encode("Markt\n1".as_bytes()));
    let untrimmed = format!("addr:g2748000:{}", base64url_encode(" Markt 1".as_bytes()));
    let not_utf8 = format!("addr:g2748000:{}", base64url_encode(&[0xff, 0xfe, 0x41]));
    let station = format!("addr:s8400523:{}", base64url_encode("Markt 1".as_bytes()));
    let ids: Vec<&str> = vec![
        "", " ", "g", "g0", "g2748000 ", " g2748000", "G2748000", "g2748000\0", "aams", "AAMS", "s", "v", "addr:",
        "addr::", "addr:g2748000", "addr:g2748000:", "addr:g2748000:!!!!", "addr:g2748000:TWFya3QgMT", "addr:g2748000:TWFya3QgMTJ",
        "addr:nope:TWFya3QgMTI", "addr:addr:g2748000:TWFya3QgMTI", "../../etc/passwd", "%00", "🚕", "ChIJN1t_tDeuEmsRUsoyG83frY4",
        "g2748000:TWFya3QgMTI", "addr:g2748000:TWFya3QgMTI=", "addr:g2748000:TWFya3QgMTI:x",
        &long, &long_addr, &too_long_text, &control, &untrimmed, &not_utf8, &station,
    ];
    for id in ids {
        for lang in Lang::ALL {
            assert_eq!(g.place_details(id, lang), Err(PlacesError::NotFound), "{:?}", &id[..id.len().min(60)]);
        }
    }
    // Valid ones for comparison.
    assert!(g.place_details(&format!("addr:g2748000:{}", base64url_encode("Markt 1".as_bytes())), Lang::Nl).is_ok());
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

// ------------------------------------------------------------------ helpers

#[test]
fn folding() {
    assert_eq!(fold("Düsseldorf", false), "dusseldorf");
    assert_eq!(fold("Düsseldorf", true), "duesseldorf");
    assert_eq!(fold("  Köln/Bonn  Flughafen ", false), "koln bonn flughafen");
    assert_eq!(fold("'s-Hertogenbosch", false), "s hertogenbosch");
    assert_eq!(fold("Liège-Guillemins", false), "liege guillemins");
    assert_eq!(fold("Straße", false), "strasse");
    assert_eq!(fold("Œuf Æther Łódź", false), "oeuf aether lodz");
    assert_eq!(fold("Кельн", false), "кельн");
    assert_eq!(fold("", false), "");
    assert_eq!(fold("--", false), "");
}

#[test]
fn base64url_round_trips_and_rejects_junk() {
    for text in ["", "a", "ab", "abc", "abcd", "Markt 12, Roermond", "Hauptstraße 1, Köln 🚕"] {
        let enc = base64url_encode(text.as_bytes());
        assert!(enc.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(base64url_decode(&enc).unwrap(), text.as_bytes());
    }
    for bad in ["A", "AB=", "A+B/", "ä", "TR", "QUJ"] {
        let ok = base64url_decode(bad).map(|b| base64url_encode(&b) == bad).unwrap_or(false);
        assert!(!ok || bad == "QUJ", "{bad}");
    }
    // Non-canonical trailing bits are refused.
    assert_eq!(base64url_decode("QR"), None);
    assert_eq!(base64url_decode("QQ"), Some(b"A".to_vec()));
}

// ------------------------------------------------------------------ routes

/// The calibration table of the module docs: destination, lat, lon (from the
/// default config), reference road km and minutes, documented estimate km and minutes.
const CALIBRATION: &[(&str, f64, f64, f64, f64, f64, f64)] = &[
    ("Düsseldorf Airport", 51.2895, 6.7668, 61.0, 42.0, 66.8, 45.0),
    ("Eindhoven Airport", 51.4501, 5.3745, 57.0, 42.0, 62.0, 43.0),
    ("Schiphol", 52.3105, 4.7683, 178.0, 110.0, 180.3, 110.0),
    ("Frankfurt Airport", 50.0379, 8.5622, 262.0, 155.0, 267.5, 160.0),
    ("Köln/Bonn Airport", 50.8659, 7.1427, 113.0, 70.0, 106.9, 68.0),
    ("Bonn", 50.7374, 7.0982, 120.0, 75.0, 112.0, 71.0),
    ("Maastricht Aachen Airport", 50.9117, 5.7701, 38.0, 30.0, 42.4, 31.0),
    ("Maastricht", 50.8514, 5.6910, 50.0, 38.0, 52.6, 37.0),
    ("Brussels Airport", 50.9010, 4.4856, 136.0, 85.0, 132.4, 83.0),
    ("Liège", 50.6326, 5.5797, 95.0, 65.0, 82.9, 55.0),
    ("Weeze Airport", 51.6024, 6.1422, 60.0, 48.0, 56.5, 39.0),
];

#[test]
fn route_estimate_matches_calibration_table() {
    let from = ROERMOND;
    let mut report = String::new();
    for &(name, lat, lon, ref_km, ref_min, doc_km, doc_min) in CALIBRATION {
        let est = Gazetteer::estimate_route(from, LatLon { lat, lon });
        let km = est.distance_m / 1000.0;
        let min = est.duration_s / 60.0;
        let km_err = (km - ref_km) / ref_km;
        let min_err = (min - ref_min) / ref_min;
        report.push_str(&format!(
            "\n| {name} | {:.1} | {ref_km} | {km:.1} | {:+.0}% | {ref_min} min | {min:.0} min | {:+.0}% |",
            from.distance_km(LatLon { lat, lon }),
            km_err * 100.0,
            min_err * 100.0
        ));
        // The documented band…
        assert!(km_err.abs() <= 0.15, "{name}: distance off by {:.1}%{report}", km_err * 100.0);
        assert!(min_err.abs() <= 0.20, "{name}: time off by {:.1}%{report}", min_err * 100.0);
        // …and the documented numbers.
        assert!((km - doc_km).abs() < 0.1, "{name}: {km:.1} km, docs say {doc_km}{report}");
        assert!((min - doc_min).abs() <= 0.5, "{name}: {min:.1} min, docs say {doc_min}{report}");
    }
    println!("{report}");
}

#[test]
fn short_routes_have_a_sensible_minimum() {
    let here = LatLon { lat: 51.1942, lon: 5.9875 };
    let same = Gazetteer::estimate_route(here, here);
    assert_eq!(same.distance_m, 500.0);
    assert_eq!(same.duration_s, 60.0);
    let near = Gazetteer::estimate_route(here, LatLon { lat: 51.1950, lon: 5.9875 }); // ~90 m
    assert!(near.distance_m >= 500.0 && near.distance_m < 700.0, "{near:?}");
    assert!(near.duration_s >= 60.0 && near.duration_s < 120.0, "{near:?}");
    // Roermond → Herten (2.3 km crow-fly): some 3 km and 6–7 minutes.
    let herten = Gazetteer::estimate_route(here, LatLon { lat: 51.1808, lon: 5.9625 });
    assert!((3.0..4.0).contains(&(herten.distance_m / 1000.0)), "{herten:?}");
    assert!((6.0..10.0).contains(&(herten.duration_s / 60.0)), "{herten:?}");
}

#[tokio::test]
async fn provider_trait_answers() {
    let g = gazetteer();
    let list = g.suggestions("schip", Lang::Nl, Some("session")).await.unwrap();
    assert_eq!(list[0].id, "aAMS");
    let from = g.details("g2748000", Lang::Nl, None).await.unwrap();
    let to = g.details(&list[0].id, Lang::Nl, Some("session")).await.unwrap();
    let route = g.route(&from, &to).await.unwrap();
    assert!((170_000.0..190_000.0).contains(&route.distance_m), "{route:?}");
    assert_eq!(g.details("nope", Lang::Nl, None).await, Err(PlacesError::NotFound));
}
