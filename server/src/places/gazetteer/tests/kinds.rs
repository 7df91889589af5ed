//! Postcodes, well-known places, and what the details say about each kind.
use crate::places::gazetteer::tests::{gazetteer, show};
use crate::{places::PlaceKind, types::Lang};

#[test]
fn postcodes_are_found_in_every_typed_form_and_marked_approximate() {
    let g = gazetteer();
    for (input, id) in [
        ("6041", "zNL6041"),
        ("6041 GL", "zNL6041"),
        ("6041gl", "zNL6041"),
        (" 6041-GL ", "zNL6041"),
        ("Roermond 6043", "zNL6043"),
        // A postcode and its town name no street: the form asks for it.
        ("6041 GL Roermond", "zNL6041"),
        ("6041GL Roermond", "zNL6041"),
        ("Roermond 6041 GL", "zNL6041"),
        ("41372", "zDE41372"),
        ("41379 Brüggen", "zDE41379"),
        ("D-41334", "zDE41334"),
    ] {
        for lang in Lang::ALL {
            let list = g.suggest(input, lang);
            assert_eq!(list.first().map(|s| s.id.as_str()), Some(id), "{input:?} {lang}:{}", show(&list));
            assert!(list[0].approximate, "{input:?}");
            let d = g.place_details(id, lang).unwrap();
            assert_eq!((d.kind, d.approximate), (PlaceKind::Postcode, true));
        }
    }
    let list = g.suggest("6041 GL", Lang::Nl);
    assert_eq!(list[0].main_text, "6041 Roermond");
    assert_eq!(list[0].secondary_text, "Limburg, Nederland");
    // Not a postcode we have: far away, or too short or long, or a house number.
    for input in ["1012", "10115", "Markt 12", "604", "604123"] {
        let list = g.suggest(input, Lang::Nl);
        assert!(!list.iter().any(|s| s.id.starts_with('z')), "{input:?}:{}", show(&list));
    }
    // Postcodes never come up for names.
    assert!(!g.suggest("Maastricht", Lang::Nl).iter().any(|s| s.id.starts_with('z')));
}

#[test]
fn a_belgian_postcode_beside_its_town_is_a_question_not_the_dutch_area_of_that_number() {
    let g = gazetteer();
    // Belgian Limburg: four digits that are also Dutch postcodes about 100 km away (Utrecht).
    for input in ["3545 Halen", "3583 Paal", "Kuringen 3511", "3945 Ham"] {
        let list = g.suggest(input, Lang::Nl);
        assert!(!list.is_empty(), "{input:?}: something to choose from");
        assert!(!list.iter().any(|s| s.exact), "{input:?}: nothing named in full:{}", show(&list));
    }
    let list = g.suggest("3545 Halen", Lang::Nl);
    assert!(list.iter().any(|s| s.main_text == "Halen"), "the town typed is offered:{}", show(&list));
    // A postcode beside its own town (also with its country or a typing error), beside a
    // street, or with its letters, is still that postcode.
    for (input, id) in [
        ("3511 Utrecht", "zNL3511"),
        ("6041 Roermond", "zNL6041"),
        ("6041 Roermond, Nederland", "zNL6041"),
        ("6041 Roermond NL", "zNL6041"),
        ("6041 Roermnd", "zNL6041"),
        ("6041 Markt", "zNL6041"),
        ("Markt 1 6041", "zNL6041"),
        ("6043 Maasniel", "zNL6043"),
        ("3545 AB Halen", "zNL3545"),
    ] {
        let list = g.suggest(input, Lang::Nl);
        assert_eq!((list[0].id.as_str(), list[0].exact), (id, true), "{input:?}:{}", show(&list));
    }
}

#[test]
fn german_postcodes_sit_at_their_area_and_dutch_ones_at_their_locality() {
    let g = gazetteer();
    let at = |id: &str| g.place_details(id, Lang::De).unwrap().location;
    // Niederkrüchten's 41372 lies around Niederkrüchten and Elmpt: within a few km.
    assert!(at("zDE41372").distance_km(at("g2863199")) < 6.0);
    assert_ne!(at("zDE41372"), at("g2863199"));
    assert_eq!(at("zNL6041"), at("g2748000"));
    assert_eq!(at("zNL6071"), at("vnl-roermond-swalmen"));
}

#[test]
fn well_known_places_have_their_own_position_and_town() {
    let g = gazetteer();
    let roermond = g.place_details("g2748000", Lang::Nl).unwrap().location;
    for (id, lang, name, address) in [
        (
            "oroermond-outlet",
            Lang::De,
            "Designer Outlet Roermond",
            "Designer Outlet Roermond, Roermond, Niederlande",
        ),
        (
            "oroermond-laurentius",
            Lang::Nl,
            "Laurentius Ziekenhuis",
            "Laurentius Ziekenhuis, Roermond, Nederland",
        ),
        (
            "oroermond-laurentius",
            Lang::De,
            "Laurentius Krankenhaus",
            "Laurentius Krankenhaus, Roermond, Niederlande",
        ),
        (
            "oroermond-laurentius",
            Lang::En,
            "Laurentius Hospital",
            "Laurentius Hospital, Roermond, Netherlands",
        ),
    ] {
        let d = g.place_details(id, lang).unwrap();
        assert_eq!((d.display_name.as_str(), d.formatted_address.as_str()), (name, address));
        assert_eq!((d.kind, d.approximate), (PlaceKind::Poi, false));
        let km = d.location.distance_km(roermond);
        assert!(km > 0.2 && km < 3.0, "{id}: {km} km from the town's point");
    }
}

#[test]
fn details_tell_the_kind_of_place() {
    let g = gazetteer();
    let kind = |input: &str| {
        let list = g.suggest(input, Lang::En);
        let d = g.place_details(&list[0].id, Lang::En).unwrap();
        assert_eq!(list[0].approximate, d.approximate, "{input}");
        (d.kind, d.approximate)
    };
    assert_eq!(kind("Venlo"), (PlaceKind::Locality, false));
    assert_eq!(kind("Swalmen"), (PlaceKind::Locality, false));
    assert_eq!(kind("Weeze"), (PlaceKind::Airport, false));
    assert_eq!(kind("Roermond station"), (PlaceKind::Station, false));
    assert_eq!(kind("Markt Roermond"), (PlaceKind::Address, true));
    assert_eq!(kind("Markt 1, Roermond"), (PlaceKind::Address, true));
    assert_eq!(kind("6041"), (PlaceKind::Postcode, true));
    assert_eq!(kind("outlet roermond"), (PlaceKind::Poi, false));
}

#[test]
fn airports_come_first_only_for_their_own_town() {
    let g = gazetteer();
    let first = |q: &str| g.suggest(q, Lang::Nl)[0].id.clone();
    assert_eq!(first("Weeze"), "aNRN");
    assert_eq!(first("weez"), "aNRN");
    assert_eq!(first("Eindhoven"), "aEIN");
    // Bonn names Köln/Bonn airport but is not its town; Zaventem's airport is Brussels'.
    assert_eq!(first("Bonn"), "g2946447");
    assert_eq!(first("Brussel"), "g2800866");
    // A station named after the town stays behind the town.
    let list = g.suggest("Weeze", Lang::De);
    let town = list.iter().position(|s| s.id == "g2813410").unwrap();
    let station = list.iter().position(|s| s.id == "s8006240").unwrap();
    assert!(town == 1 && station > town, "{}", show(&list));
}
