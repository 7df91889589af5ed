//! The company's town's districts and villages from the settings, and names
//! typed with one error: found, placed in the town, and never ahead of what
//! was typed well.
use crate::places::gazetteer::districts::SAME_PLACE_KM;
use crate::places::gazetteer::matching::Scope;
use crate::places::gazetteer::tests::{centre, gazetteer, settings, show};
use crate::places::gazetteer::Gazetteer;
use crate::places::PlaceKind;
use crate::types::Lang;

#[test]
fn every_district_is_a_locality_of_the_company_town_in_every_language() {
    let g = gazetteer();
    let settings = settings();
    assert!(settings.places.districts.len() >= 10, "the demo lists Roermond's districts and villages");
    for d in &settings.places.districts {
        for lang in Lang::ALL {
            let list = g.suggest(&d.name, lang);
            let first = list.first().unwrap_or_else(|| panic!("{}: nothing", d.name));
            assert_eq!((first.main_text.as_str(), first.exact), (d.name.as_str(), true), "{}", show(&list));
            assert_eq!(first.kind, Some(PlaceKind::Locality));
            let details = g.place_details(&first.id, lang).unwrap();
            assert!(details.formatted_address.starts_with(&format!("{}, Roermond, ", d.name)), "{details:?}");
            assert!(!details.approximate);
            assert!(details.location.distance_km(d.location()) <= SAME_PLACE_KM, "{}: {details:?}", d.name);
            // Its own id, or the data's place of that name kept under its id.
            if first.id.starts_with("d:") {
                assert_eq!(first.id, format!("d:{}", d.id));
                assert_eq!(details.location, d.location());
                assert_eq!(
                    PlaceKind::of_id(&first.id),
                    Some(PlaceKind::Locality),
                    "a pick-up there asks the street"
                );
            }
        }
    }
    // The data's villages keep their ids: links made before still answer.
    assert_eq!(g.suggest("Maasniel", Lang::Nl)[0].id, "vnl-roermond-maasniel");
    assert_eq!(g.suggest("Herten", Lang::Nl)[0].id, "g2754331");
    // An alias is a name: typed in full it is exact.
    let list = g.suggest("Kapel in het Zand", Lang::De);
    assert_eq!((list[0].id.as_str(), list[0].exact), ("d:kapel-in-t-zand", true), "{}", show(&list));
}

#[test]
fn a_street_in_a_district_lies_there() {
    let g = gazetteer();
    let list = g.suggest("Kerkstraat 5 Asselt", Lang::Nl);
    let s = &list[0];
    assert!(s.id.starts_with("addr:d:asselt:"), "{}", show(&list));
    assert_eq!(s.secondary_text, "Asselt, Roermond, Limburg, Nederland");
    let d = g.place_details(&s.id, Lang::Nl).unwrap();
    assert_eq!((d.kind, d.display_name.as_str()), (PlaceKind::Address, "Kerkstraat 5"));
    assert_eq!(d.location, g.place_details("d:asselt", Lang::Nl).unwrap().location);
}

#[test]
fn without_the_setting_the_data_finds_look_alikes_elsewhere() {
    // Why the setting exists: the open data alone answers with other places.
    let g = Gazetteer::embedded(centre());
    for (typed, elsewhere) in [("Asselt", "Hasselt"), ("Ool", "Olen")] {
        let list = g.suggest(typed, Lang::Nl);
        assert_eq!(list.first().map(|s| s.main_text.as_str()), Some(elsewhere), "{}", show(&list));
    }
    assert!(g.suggest("Donderberg", Lang::Nl).iter().all(|s| !s.exact));
    assert!(g.place_details("d:donderberg", Lang::Nl).is_err());
}

#[test]
fn a_name_typed_with_one_error_is_offered_not_guessed() {
    let g = gazetteer();
    for typed in ["Roermnd", "Roemond", "Roermondd", "Roermont", "Reormond", "Oermond"] {
        let list = g.suggest(typed, Lang::Nl);
        assert_eq!(list.first().map(|s| s.id.as_str()), Some("g2748000"), "{typed}:{}", show(&list));
        // Not exact: typed text with an error becomes a question, never the place itself.
        assert!(list.iter().all(|s| !s.exact), "{typed}:{}", show(&list));
    }
    // Two errors, or a short name with one, are no typing error.
    for typed in ["Romrond", "Reormnod", "Oal"] {
        let list = g.suggest(typed, Lang::Nl);
        assert!(!list.iter().any(|s| s.id == "g2748000" || s.id == "d:ool"), "{typed}:{}", show(&list));
    }
}

#[test]
fn what_was_typed_well_is_never_pushed_down_by_a_typing_error() {
    let g = gazetteer();
    // Each of these is a name as typed, one letter away from another place's name.
    for (typed, lang) in [
        ("Hasselt", Lang::Nl),
        ("Asselt", Lang::Nl),
        ("Herten", Lang::De),
        ("Weert", Lang::Nl),
        ("Heide", Lang::Nl),
        ("Venlo", Lang::En),
        ("Kapel", Lang::Nl),
        ("Roermond", Lang::Nl),
    ] {
        let hits = g.search(typed, lang, 16, Scope::All);
        assert!(hits[0].exact || hits[0].tier >= 5, "{typed}: {hits:?}");
        assert!(hits.iter().all(|h| !h.typo), "{typed}: a typing error looked for although names start so");
    }
    // Where both come, those found as typed come first.
    let g = Gazetteer::embedded(centre());
    for typed in ["Asselt", "Roermnd limburg", "Maasniel"] {
        let hits = g.search(typed, Lang::Nl, 16, Scope::All);
        let first_typo = hits.iter().position(|h| h.typo).unwrap_or(hits.len());
        assert!(hits[first_typo..].iter().all(|h| h.typo), "{typed}: {hits:?}");
    }
}
