//! The gazetteer's answers, checked on the embedded data with the default
//! settings (the company's town and frequent places), as the server runs it:
//! suggestions and details here; the quality table, typed addresses, postcodes
//! and other kinds, how locals type, and route estimates in their own files.
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::places::gazetteer::*;

mod addresses;
mod coverage;
mod districts;
mod kinds;
mod local;
mod quality;
mod route;

fn settings() -> crate::config::Settings {
    crate::config::Settings::load_from(&BTreeMap::new()).expect("default config")
}

/// The tariff zone's centre in the default settings.
fn centre() -> LatLon {
    settings().tariff.zone.centre()
}

/// The gazetteer as the server builds it from the default settings.
pub(crate) fn gazetteer() -> &'static Gazetteer {
    static G: OnceLock<Gazetteer> = OnceLock::new();
    G.get_or_init(|| Gazetteer::for_settings(&settings()))
}

fn show(list: &[Suggestion]) -> String {
    list.iter().map(|s| format!("\n  {} | {} | {}", s.main_text, s.secondary_text, s.id)).collect()
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
    assert_eq!(
        list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text,
        "Noordrijn-Westfalen, Duitsland"
    );
    let list = g.suggest("herten", Lang::De);
    assert_eq!(
        list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text,
        "Nordrhein-Westfalen, Deutschland"
    );
    let list = g.suggest("herten", Lang::En);
    assert_eq!(
        list.iter().find(|s| s.id == "g2905560").unwrap().secondary_text,
        "North Rhine-Westphalia, Germany"
    );
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
            let s = g.suggestion_of(g.by_id[&p.id], lang, false);
            assert_eq!(s.main_text, d.display_name);
            assert!(s.secondary_text.ends_with(g.country_name(p, lang)));
        }
        // Beyond 250 km: towns of 10,000 or more, airports and long-distance stations only.
        let far = p.location.distance_km(centre()) > 260.0;
        assert!(!far || matches!(p.kind, Kind::Locality | Kind::Airport | Kind::Station), "{}", p.id);
    }
}

#[test]
fn details_round_trip_for_every_suggestion() {
    let g = gazetteer();
    let mut queries: Vec<&str> = quality::QUALITY.iter().map(|q| q.1).collect();
    queries.extend([
        "Markt 12, Roermond",
        "Stationsplein 3 6041 Roermond",
        "Kerkstraat 5 Herten",
        "ber",
        "sint",
        "bahnhof",
    ]);
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

#[test]
fn folding() {
    use super::matching::fold;
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

#[tokio::test]
async fn provider_trait_answers() {
    let g = gazetteer();
    let list = g.suggestions("schip", Lang::Nl, Some("session")).await.unwrap();
    assert_eq!(list[0].id, "aAMS");
    let id = |text: &str| crate::types::PlaceId::parse(text).unwrap();
    let from = g.details(&id("g2748000"), Lang::Nl, None).await.unwrap();
    let to = g.details(&id(&list[0].id), Lang::Nl, Some("session")).await.unwrap();
    let route = g.route(&from, &to).await.unwrap();
    assert!((170_000.0..190_000.0).contains(&route.distance_m), "{route:?}");
    assert_eq!(g.details(&id("nope"), Lang::Nl, None).await, Err(PlacesError::NotFound));
}
