//! The three countries whole: every town of 10,000 inhabitants or more and
//! every airport of the data file is found by each of its names in each page
//! language, named in full; an airport by its city's name with an airport word;
//! and the data file within its size budget.
use std::io::Read;

use crate::places::gazetteer::tests::{gazetteer, show};
use crate::places::gazetteer::{Gazetteer, EMBEDDED, MAX_DATA_BYTES};
use crate::types::Lang;

/// Inhabitants from which a town is kept however far it lies (`MIN_TOWN` of the build).
const TOWN: f64 = 10_000.0;

/// The data file's place rows as (id, kind, size, names: name, nl, de, en and the further names).
fn rows() -> Vec<(String, String, f64, Vec<String>)> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(EMBEDDED).read_to_string(&mut text).unwrap();
    text.lines()
        .filter(|l| l.starts_with("P\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let names = f[7..11].iter().copied().chain(f[12].split('|'));
            let names = names.filter(|n| !n.is_empty()).map(str::to_string).collect();
            (f[1].to_string(), f[2].to_string(), f[6].parse().unwrap(), names)
        })
        .collect()
}

/// Where `name` finds place `id` among the suggestions in `lang`, named in full; else why not.
fn finds(g: &Gazetteer, name: &str, lang: Lang, id: &str) -> Result<(), String> {
    let list = g.suggest(name, lang);
    let is_it = |s: &&crate::places::Suggestion| s.id == id || g.superseded_by(id) == Some(s.id.as_str());
    match list.iter().find(is_it) {
        Some(s) if s.exact => Ok(()),
        Some(_) => Err(format!("{lang} {name:?}: {id} found, not named in full:{}", show(&list))),
        None => Err(format!("{lang} {name:?}: {id} not found:{}", show(&list))),
    }
}

#[test]
fn every_town_of_10000_is_found_by_each_of_its_names_in_each_language() {
    let g = gazetteer();
    let rows = rows();
    let towns: Vec<_> = rows.iter().filter(|(_, kind, size, _)| kind == "L" && *size >= TOWN).collect();
    assert!(towns.len() > 2_300, "{} towns", towns.len());
    let mut failures = Vec::new();
    let mut searches = 0;
    for (id, _, _, names) in &towns {
        for name in names.iter().filter(|n| n.chars().filter(|c| c.is_alphanumeric()).count() >= 2) {
            for lang in Lang::ALL {
                searches += 1;
                failures.extend(finds(g, name, lang, id).err());
            }
        }
    }
    eprintln!("{} towns of 10,000 or more, {searches} searches", towns.len());
    assert!(failures.is_empty(), "{} of {searches}:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_airport_is_found_by_its_names_and_by_its_city_with_an_airport_word() {
    let g = gazetteer();
    let airports: Vec<_> = rows().into_iter().filter(|(_, kind, _, _)| kind == "A").collect();
    assert!(airports.len() >= 39, "every airport with scheduled flights of NL, DE and BE");
    let mut failures = Vec::new();
    for (id, _, _, names) in &airports {
        for name in names {
            for lang in Lang::ALL {
                failures.extend(finds(g, name, lang, id).err());
            }
        }
    }
    // The city with the airport word in each language, either way round.
    for (city, id) in [
        ("Hamburg", "aHAM"),
        ("Berlin", "aBER"),
        ("München", "aMUC"),
        ("Stuttgart", "aSTR"),
        ("Hannover", "aHAJ"),
        ("Bremen", "aBRE"),
        ("Köln", "aCGN"),
        ("Keulen", "aCGN"),
        ("Bonn", "aCGN"),
        ("Düsseldorf", "aDUS"),
        ("Brussel", "aBRU"),
        ("Luik", "aLGG"),
    ] {
        for (lang, word) in [(Lang::De, "Flughafen"), (Lang::Nl, "Luchthaven"), (Lang::En, "Airport")] {
            failures.extend(finds(g, &format!("{word} {city}"), lang, id).err());
            failures.extend(finds(g, &format!("{city} {word}"), lang, id).err());
        }
    }
    assert!(failures.is_empty(), "{}:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_data_file_keeps_within_its_budget() {
    // 331,905 bytes when the towns of 10,000 of all three countries came in (282,297 before).
    assert!(EMBEDDED.len() <= MAX_DATA_BYTES, "{} bytes, budget {MAX_DATA_BYTES}", EMBEDDED.len());
    assert!(EMBEDDED.len() > 300_000, "{} bytes: the three countries whole", EMBEDDED.len());
}
