//! The embedded default places provider: an offline gazetteer of NL, DE and BE.
//!
//! # Data
//! `server/data/gazetteer.tsv.gz` (332 KB, within a budget of 400 KiB:
//! [`MAX_DATA_BYTES`]), built by `scripts/gazetteer/build.mjs` from open data
//! (format described there) and embedded in the binary: about 8,500
//! localities — every place within 250 km of Roermond (GeoNames cities500,
//! CC BY 4.0, plus villages near Roermond that GeoNames lists without a
//! population, such as Swalmen and Echt, placed at their bus stops in the DB
//! InfraGO data) and beyond it every town of NL, DE and BE of 10,000
//! inhabitants or more —, the 39 airports of the three countries with
//! scheduled flights (OurAirports, public domain; names curated per language)
//! and about 2,900 railway stations (DB InfraGO, CC BY 4.0; beyond 250 km
//! those with long-distance trains). Names are localized where the data
//! allows (Keulen/Köln/Cologne, Luik/Lüttich/Liège, Berlijn, München/Munich,
//! …). Within 120 km of
//! Roermond also about 1,400 Dutch four-digit postcodes (GeoNames postal codes,
//! CC BY 4.0; placed at their locality) and 650 German ones (at the centre of
//! their area, from OpenStreetMap, ODbL), and a few curated well-known places
//! (the outlet centre, hospitals, venues). There are no streets: no open data
//! with their positions is to be had from the package registries (see
//! docs/gazetteer.md), so a typed street is placed at its town, marked
//! approximate.
//!
//! The gazetteer answers in steps, each in its own file: [`load`] reads
//! the data file into places and search keys; [`company`] adds the company's
//! frequent places from the settings and finds its own town; [`districts`]
//! adds that town's districts and villages from the settings; [`matching`]
//! folds names and finds the places a query names (by the tiers of
//! [`tiers`]), [`typos`] those typed with one error when nothing else starts
//! as typed; [`addresses`] keeps a
//! typed street address and resolves it to the locality it names;
//! [`postcodes`] reads a typed postcode; [`suggest`] puts these together, with
//! a street typed without a town placed in the company's town. [`route`]
//! estimates road distance and driving time from the crow-fly distance.
use std::collections::HashMap;

use crate::places::{PlaceDetails, PlaceKind, PlacesError, PlacesProvider, RouteEstimate, Suggestion};
use crate::types::{limits::LIMITS, Lang, LatLon, PlaceId, MAX_PLACE_ID_LEN};

mod addresses;
mod company;
mod districts;
mod load;
mod matching;
mod postcodes;
mod route;
mod suggest;
mod tiers;
mod typos;

/// The gazetteer file, built by `scripts/gazetteer/build.mjs`.
const EMBEDDED: &[u8] = include_bytes!("../../../data/gazetteer.tsv.gz");

/// The budget of the data file in the binary (gzip): 400 KiB. Loaded it takes
/// about 10.5 MiB of memory (`examples/gazetteer_bench.rs` counts it).
pub const MAX_DATA_BYTES: usize = 400 * 1024;

/// Most suggestions returned.
const MAX_SUGGESTIONS: usize = LIMITS.max_suggestions;
/// Longest input `suggestions` looks at, in characters.
const MAX_INPUT_CHARS: usize = LIMITS.search_max_chars;

const AIRPORT_WORDS: &[&str] =
    &["airport", "luchthaven", "flughafen", "vliegveld", "flugplatz", "aeroport", "aeropuerto", "airfield"];
const STATION_WORDS: &[&str] =
    &["station", "bahnhof", "bf", "gare", "treinstation", "spoorwegstation", "railway", "centraal", "cs"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Locality,
    Airport,
    Station,
    Postcode,
    /// A well-known place (curated).
    Poi,
}

impl Kind {
    fn public(self) -> PlaceKind {
        match self {
            Kind::Locality => PlaceKind::Locality,
            Kind::Airport => PlaceKind::Airport,
            Kind::Station => PlaceKind::Station,
            Kind::Postcode => PlaceKind::Postcode,
            Kind::Poi => PlaceKind::Poi,
        }
    }

    /// Postcodes are areas: NL ones placed at their locality, DE ones at the area's centre.
    fn approximate(self) -> bool {
        self == Kind::Postcode
    }
}

#[derive(Debug, Clone)]
enum Parent {
    None,
    Place(u32),
    Text(Box<str>),
}

#[derive(Debug)]
struct Place {
    id: Box<str>,
    kind: Kind,
    region: u16,
    location: LatLon,
    /// Name, then the names in nl, de, en (empty: the name).
    names: [Box<str>; 4],
    parent: Parent,
    importance: f32,
    /// Folded words of the municipality, region and country names.
    context: Box<[Box<str>]>,
    /// Its search keys from the data file: `keys[start..end]` (aliases a
    /// district setting adds to it lie elsewhere).
    keys: (u32, u32),
    /// One of the company's frequent places (from the settings): its names are shown as written.
    configured: bool,
    /// A configured place stands for it: not suggested, its id still answered.
    hidden: bool,
}

#[derive(Debug)]
struct Region {
    country: u8,
    names: [Box<str>; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyClass {
    Name,
    Alternate,
}

#[derive(Debug)]
struct Key {
    place: u32,
    class: KeyClass,
    /// Bit per language (nl 1, de 2, en 4) in which this key is the shown name.
    shown_in: u8,
    /// Folded words separated by single spaces.
    text: Box<str>,
}

/// The embedded offline gazetteer. Build once ([`Gazetteer::embedded`]) and share.
#[derive(Debug)]
pub struct Gazetteer {
    places: Vec<Place>,
    by_id: HashMap<Box<str>, u32>,
    regions: Vec<Region>,
    /// Country names nl/de/en by country index (0 NL, 1 DE, 2 BE).
    countries: Vec<[Box<str>; 3]>,
    keys: Vec<Key>,
    /// Key indices by the first two characters of any of their words.
    by_prefix: HashMap<u64, Vec<u32>>,
    /// Key indices by their words of five letters or more without the first
    /// two letters: where a name typed with an error there is found (`typos.rs`).
    by_suffix: HashMap<Box<str>, Vec<u32>>,
    /// Localities by their exact folded names (for addresses).
    locality_names: HashMap<Box<str>, Vec<u32>>,
    /// Localities by their other spellings from GeoNames (for addresses, after the names).
    locality_alternates: HashMap<Box<str>, Vec<u32>>,
    /// Folded country names and codes → country index.
    country_words: HashMap<Box<str>, u8>,
    /// The company's town (the tariff zone's): where a street typed without a town lies.
    home: Option<u32>,
}

fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::Nl => 0,
        Lang::De => 1,
        Lang::En => 2,
    }
}

/// The kind words a query may carry for a place of this kind.
fn kind_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Airport => AIRPORT_WORDS,
        Kind::Station => STATION_WORDS,
        Kind::Locality | Kind::Postcode | Kind::Poi => &[],
    }
}

impl Gazetteer {
    /// The gazetteer embedded in the binary, ranking places by their closeness
    /// to `centre` (the tariff zone). Takes some tens of milliseconds: build it
    /// once at start-up and share it.
    pub fn embedded(centre: LatLon) -> Gazetteer {
        Gazetteer::from_tsv_gz(EMBEDDED, centre)
            .expect("the embedded gazetteer is valid (checked by its tests)")
    }

    /// Size of the embedded data file in bytes.
    pub fn embedded_size() -> usize {
        EMBEDDED.len()
    }

    /// Number of places (localities, airports, stations, postcodes, well-known places).
    pub fn len(&self) -> usize {
        self.places.len()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    // -------------------------------------------------------------- texts

    fn country_of(&self, p: &Place) -> u8 {
        self.regions[p.region as usize].country
    }

    /// The name of a place in `lang` (for stations: with the station wording).
    fn display_name(&self, p: &Place, lang: Lang) -> String {
        let l = lang_index(lang);
        let own = &p.names[l + 1];
        let base: &str = if own.is_empty() { &p.names[0] } else { own };
        if p.kind != Kind::Station || p.configured || base.contains("Hauptbahnhof") {
            return base.to_string();
        }
        match lang {
            Lang::Nl => format!("Station {base}"),
            Lang::De if base.contains("bahnhof") => base.to_string(),
            Lang::De => format!("Bahnhof {base}"),
            Lang::En => format!("{base} station"),
        }
    }

    fn parent_name(&self, p: &Place, lang: Lang) -> Option<String> {
        match &p.parent {
            Parent::None => None,
            Parent::Text(t) => Some(t.to_string()),
            Parent::Place(j) => {
                let parent = &self.places[*j as usize];
                Some(self.display_name(parent, lang))
            }
        }
    }

    fn region_name(&self, p: &Place, lang: Lang) -> &str {
        &self.regions[p.region as usize].names[lang_index(lang)]
    }

    fn country_name(&self, p: &Place, lang: Lang) -> &str {
        &self.countries[self.country_of(p) as usize][lang_index(lang)]
    }

    /// `[municipality, ]region, country`, e.g. 'Limburg, Nederland'.
    fn secondary_text(&self, p: &Place, lang: Lang) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(3);
        // A postcode's name carries its locality already.
        if let Some(parent) = self.parent_name(p, lang).filter(|_| p.kind != Kind::Postcode) {
            if parent != self.display_name(p, lang) || p.kind != Kind::Locality {
                parts.push(parent);
            }
        }
        parts.push(self.region_name(p, lang).to_string());
        parts.push(self.country_name(p, lang).to_string());
        parts.dedup();
        parts.join(", ")
    }

    /// `name, municipality or region, country`, e.g. 'Roermond, Limburg, Nederland'.
    fn formatted_address(&self, p: &Place, lang: Lang) -> String {
        let name = self.display_name(p, lang);
        let middle = self.parent_name(p, lang).unwrap_or_else(|| self.region_name(p, lang).to_string());
        let mut parts = vec![name];
        if parts[0] != middle {
            parts.push(middle);
        }
        parts.push(self.country_name(p, lang).to_string());
        parts.join(", ")
    }

    fn details_of(&self, index: u32, lang: Lang) -> PlaceDetails {
        let p = &self.places[index as usize];
        PlaceDetails::new(
            p.id.to_string(),
            self.formatted_address(p, lang),
            self.display_name(p, lang),
            p.kind.public(),
            p.kind.approximate(),
            p.location,
        )
    }

    fn suggestion_of(&self, index: u32, lang: Lang, exact: bool) -> Suggestion {
        let p = &self.places[index as usize];
        Suggestion {
            id: p.id.to_string(),
            main_text: self.display_name(p, lang),
            secondary_text: self.secondary_text(p, lang),
            approximate: p.kind.approximate(),
            kind: Some(p.kind.public()),
            exact,
            whole_words: exact,
        }
    }

    /// The place behind a suggestion id (synchronous core of the trait method).
    pub fn place_details(&self, id: &str, lang: Lang) -> Result<PlaceDetails, PlacesError> {
        if id.len() > MAX_PLACE_ID_LEN {
            return Err(PlacesError::NotFound);
        }
        if let Some(rest) = id.strip_prefix("addr:") {
            return self.address_details(rest, lang).ok_or(PlacesError::NotFound);
        }
        self.by_id.get(id).map(|&i| self.details_of(i, lang)).ok_or(PlacesError::NotFound)
    }
}

/// `s` cut to at most `max` characters.
fn truncate_chars(s: &str, max: usize) -> &str {
    match s.char_indices().nth(max) {
        Some((i, _)) => s[..i].trim_end(),
        None => s,
    }
}

impl PlacesProvider for Gazetteer {
    async fn suggestions(
        &self,
        input: &str,
        lang: Lang,
        _session: Option<&str>,
    ) -> Result<Vec<Suggestion>, PlacesError> {
        Ok(self.suggest(input, lang))
    }

    async fn details(
        &self,
        id: &PlaceId,
        lang: Lang,
        _session: Option<&str>,
    ) -> Result<PlaceDetails, PlacesError> {
        self.place_details(id.as_str(), lang)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        Ok(Gazetteer::estimate_route(from.location, to.location))
    }
}

#[cfg(test)]
pub(crate) mod tests;
