//! How locals type: a street without the town, the short names of the
//! company's frequent places, a station with its municipality, the villages
//! around Roermond. Each with the place it must find first (or second).
use crate::places::gazetteer::tests::{centre, gazetteer, show};
use crate::places::gazetteer::Gazetteer;
use crate::places::{PlaceKind, Suggestion};
use crate::types::Lang;

use PlaceKind::{Address, Airport, Locality, Poi, Station};

/// (language, what is typed, kind and main text of the place meant, best rank allowed).
const LOCAL: &[(Lang, &str, PlaceKind, &str, usize)] = &[
    // Streets without the town: in the company's town, approximate.
    (Lang::Nl, "Munsterplein 1", Address, "Munsterplein 1", 1),
    (Lang::Nl, "Kapellerlaan 30", Address, "Kapellerlaan 30", 1),
    (Lang::Nl, "kapellerlaan", Address, "kapellerlaan", 1),
    (Lang::Nl, "Hamstraat 20b", Address, "Hamstraat 20b", 1),
    (Lang::De, "Stationsplein 1", Address, "Stationsplein 1", 1),
    (Lang::Nl, "Bisschop Lindanussingel", Address, "Bisschop Lindanussingel", 1),
    (Lang::Nl, "Markt 1", Address, "Markt 1", 1),
    (Lang::Nl, "Markt 1 Roermond", Address, "Markt 1", 1),
    // The company's frequent places by name and short names.
    (Lang::Nl, "ECI Roermond", Poi, "ECI Cultuurfabriek", 1),
    (Lang::Nl, "eci", Poi, "ECI Cultuurfabriek", 1),
    (Lang::Nl, "cultuurfabriek", Poi, "ECI Cultuurfabriek", 1),
    (Lang::Nl, "Hotel Roermond", Poi, "Van der Valk Hotel Roermond", 1),
    (Lang::Nl, "arresthuis", Poi, "Hotel Het Arresthuis", 1),
    (Lang::Nl, "Roermond centrum", Poi, "Roermond centrum (Munsterplein)", 1),
    (Lang::Nl, "centrum", Poi, "Roermond centrum (Munsterplein)", 1),
    (Lang::De, "Zentrum", Poi, "Roermond Zentrum (Munsterplein)", 1),
    (Lang::Nl, "Munsterplein", Poi, "Roermond centrum (Munsterplein)", 1),
    (Lang::Nl, "ziekenhuis", Poi, "Laurentius Ziekenhuis", 1),
    (Lang::Nl, "LZR", Poi, "Laurentius Ziekenhuis", 1),
    (Lang::Nl, "Laurentius", Poi, "Laurentius Ziekenhuis", 1),
    (Lang::De, "Krankenhaus", Poi, "Laurentius Krankenhaus", 1),
    (Lang::En, "hospital", Poi, "Laurentius Hospital", 1),
    (Lang::Nl, "outlet", Poi, "Designer Outlet Roermond", 1),
    (Lang::De, "McArthurGlen", Poi, "Designer Outlet Roermond", 1),
    (Lang::Nl, "designer outlet roermond", Poi, "Designer Outlet Roermond", 1),
    // Stations, also with their municipality.
    (Lang::Nl, "Sittard Geleen station", Station, "Station Sittard", 1),
    (Lang::De, "Bahnhof Sittard-Geleen", Station, "Bahnhof Sittard", 1),
    (Lang::Nl, "station Roermond", Station, "Station Roermond", 1),
    (Lang::Nl, "Echt Susteren station", Station, "Station Echt", 1),
    // Villages and towns: found as today, never as streets.
    (Lang::Nl, "Swalmen", Locality, "Swalmen", 1),
    (Lang::Nl, "Herten", Locality, "Herten", 1),
    (Lang::Nl, "Maasniel", Locality, "Maasniel", 1),
    (Lang::Nl, "Venlo", Locality, "Venlo", 1),
    // The hospital's name holds the municipality's: the town comes second.
    (Lang::Nl, "Sittard-Geleen", Locality, "Sittard", 2),
    (Lang::Nl, "Schiphol", Airport, "Luchthaven Schiphol", 1),
    (Lang::Nl, "Weeze", Airport, "Luchthaven Weeze", 1),
    (Lang::De, "Weeze", Locality, "Weeze", 2),
];

#[test]
fn local_searches_find_the_place_meant() {
    let g = gazetteer();
    let mut failures = Vec::new();
    for &(lang, query, kind, main, rank) in LOCAL {
        let list = g.suggest(query, lang);
        let found = list.iter().take(rank).find(|s| s.kind == Some(kind) && s.main_text == main);
        match found {
            // A typed street is placed at the town only: the list must say so.
            Some(s) if s.approximate != (kind == Address) => {
                failures.push(format!("{lang} {query:?}: approximate {}", s.approximate))
            }
            Some(_) => {}
            None => failures.push(format!(
                "{lang} {query:?}: want {kind:?} {main:?} in the first {rank}:{}",
                show(&list)
            )),
        }
    }
    assert!(LOCAL.len() >= 20);
    assert!(failures.is_empty(), "{} of {} failed:\n{}", failures.len(), LOCAL.len(), failures.join("\n"));
}

#[test]
fn a_street_without_its_town_lies_in_the_company_town_in_the_visitors_words() {
    let g = gazetteer();
    let roermond = g.place_details("g2748000", Lang::Nl).unwrap();
    for (input, address) in
        [("Kapellerlaan 30", "Kapellerlaan 30, Roermond"), ("Munsterplein 1", "Munsterplein 1, Roermond")]
    {
        let list = g.suggest(input, Lang::Nl);
        let s = &list[0];
        assert!(s.id.starts_with("addr:g2748000:"), "{input}:{}", show(&list));
        assert_eq!(s.secondary_text, "Roermond, Limburg, Nederland");
        assert!(s.exact && s.approximate, "{s:?}");
        let d = g.place_details(&s.id, Lang::Nl).unwrap();
        assert_eq!((d.kind, d.approximate), (PlaceKind::Address, true));
        assert_eq!((d.display_name.as_str(), d.formatted_address.as_str()), (input, address));
        assert_eq!(d.location, roermond.location);
    }
    // The centre at the Munsterplein comes second: a house number means the street.
    let list = g.suggest("Munsterplein 1", Lang::Nl);
    assert_eq!(list[1].id, "f:centrum", "{}", show(&list));
}

#[test]
fn place_names_do_not_become_streets() {
    let g = gazetteer();
    let addresses = |list: &[Suggestion]| list.iter().filter(|s| s.id.starts_with("addr:")).count();
    for input in [
        "Venlo",
        "Schiphol",
        "Weeze",
        "Venlo 12",
        "Terminal 1 Schiphol",
        "Borussia Park",
        "Maastr",
        "Heinsberg",
        "Station 1",
        "Roermond station",
        "Munsterplein",
        "6041",
        "Stationsplein 3 6041",
    ] {
        let list = g.suggest(input, Lang::Nl);
        assert_eq!(addresses(&list), 0, "{input:?}:{}", show(&list));
    }
    // A street with its town stays in that town, once.
    let list = g.suggest("Kerkstraat 5 Herten", Lang::Nl);
    assert!(!list.iter().any(|s| s.id.starts_with("addr:g2748000:")), "{}", show(&list));
}

#[test]
fn frequent_places_round_trip_and_stand_for_the_datas_own() {
    let g = gazetteer();
    let settings = super::settings();
    for place in &settings.places.frequent {
        let id = format!("f:{}", place.id);
        for lang in Lang::ALL {
            let d = g.place_details(&id, lang).unwrap();
            assert_eq!((d.id.as_str(), d.display_name.as_str()), (id.as_str(), place.name.get(lang)));
            assert_eq!(d.location, place.location());
            assert!(d.formatted_address.contains("Roermond"), "{}", d.formatted_address);
            let list = g.suggest(place.name.get(lang), lang);
            assert_eq!(list.first().map(|s| s.id.as_str()), Some(id.as_str()), "{}", show(&list));
            assert!(list[0].exact);
        }
        assert!(crate::types::PlaceId::parse(&id).is_some());
    }
    // The data's outlet and hospital are not listed beside the configured ones;
    // their ids, in links made before, still answer.
    for (input, old) in
        [("outlet roermond", "oroermond-outlet"), ("ziekenhuis roermond", "oroermond-laurentius")]
    {
        let list = g.suggest(input, Lang::Nl);
        assert!(!list.iter().any(|s| s.id == old), "{input}:{}", show(&list));
        assert!(list[0].id.starts_with("f:"), "{input}:{}", show(&list));
        assert!(g.place_details(old, Lang::Nl).is_ok());
    }
}

#[test]
fn without_the_settings_the_data_alone_answers() {
    let g = Gazetteer::embedded(centre());
    assert!(g.suggest("Kapellerlaan 30", Lang::Nl).is_empty());
    assert!(g.suggest("LZR", Lang::Nl).iter().all(|s| !s.id.starts_with("f:")));
    assert_eq!(g.suggest("outlet roermond", Lang::Nl)[0].id, "oroermond-outlet");
    assert!(g.frequent_suggestions("outlet", Lang::Nl, 2).is_empty());
    let list = gazetteer().frequent_suggestions("outlet", Lang::Nl, 2);
    assert_eq!(list.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["f:outlet"]);
}
