//! The embedded default places provider: an offline gazetteer of NL, DE and BE.
//!
//! # Data
//! `server/data/gazetteer.tsv.gz` (about 250 KB), built by
//! `scripts/gazetteer/build.mjs` from open data (format described there) and
//! embedded in the binary: about 7,400 localities within 250 km of Roermond
//! (GeoNames cities500, CC BY 4.0, plus villages near Roermond that GeoNames
//! lists without a population, such as Swalmen and Echt, placed at their bus
//! stops in the DB InfraGO data), 19 airports with scheduled flights
//! (OurAirports, public domain; names curated per language) and about 2,700
//! railway stations (DB InfraGO, CC BY 4.0). Names are localized where the
//! data allows (Keulen/Köln/Cologne, Luik/Lüttich/Liège, …).
//!
//! # Search
//! Every name of a place (its name in each page language, further names of
//! equal standing such as IATA codes or the French name of Brussels, and
//! GeoNames' other spellings) is stored as a search key in a folded form:
//! lower case, accents removed (`Düsseldorf` → `dusseldorf`), plus a second
//! form with German umlauts written out (`duesseldorf`, `koeln`), and `St`
//! forms of `Sankt`/`Sint`/`Saint`. The query is folded the same way and
//! split into words; all-digit words (house numbers, postcodes) are ignored
//! when other words remain. A place matches when, for one of its keys:
//!
//! | tier | rule | example |
//! |---|---|---|
//! | 6 | the query is the whole key | `luik` → Liège |
//! | 5 | the key starts with the query | `schip` → Schiphol |
//! | 4 | each query word starts a different word of the key, in any order | `airport dus`, `bonn koln` |
//! | 3 | as above, with trailing words naming the place's municipality, region or country | `herten nrw` |
//! | 2, 1, 0 | the same on GeoNames' other spellings (exact; prefix or words; with context) | `bruessel` |
//!
//! Words naming the kind of place (`airport`, `luchthaven`, `flughafen`,
//! `station`, `bahnhof`, `gare`, …) may be left out of a key of that kind, so
//! `roermond station` finds Roermond station and not the town. Within a tier,
//! places are ordered by importance: `12·log10(size + 10) − 0.2·km from
//! Roermond`, +15 for airports, −8 for stations, +5 when the matched key is the
//! name shown in the page language. Candidates come from an index of the
//! first two letters of every key word, so a query looks at a few thousand
//! keys at most: about 50 µs at the median and under 2 ms at the 99th
//! percentile on a busy 2-core machine; loading takes 55–130 ms (measured
//! with `cargo run --release --example gazetteer_bench`).
//!
//! # Street addresses
//! The gazetteer has no streets. When the visitor types an address before
//! choosing a place (`Markt 12, Roermond`, `Stationsplein 3 6041 Roermond`),
//! the first suggestion keeps the typed text and resolves to the locality
//! named in it: id `addr:<locality id>:<typed text, base64url>`; its details
//! give the typed text (plus the locality when it is not in it) as
//! `formattedAddress`, the street part as `displayName`, and the locality's
//! position.
//!
//! # Routes
//! Road distance = 1.2 × crow-fly distance + 0.5 km (access roads at both
//! ends). Driving time: the first 5 km at 30 km/h (town streets at both ends),
//! the rest at 105 km/h; so a 2 km ride takes 4 min, a 60 km ride 41 min.
//! Calibrated against typical route-planner figures for the fixed-price trips
//! from Roermond centre (51.1942 N, 5.9875 E) to the destinations' configured
//! coordinates (fastest route without traffic, rounded; the reference figures
//! are typical values as known to the author, not fetched from a planner):
//!
//! | to | crow-fly km | road km (reference) | estimate km | error | time (reference) | estimate | error |
//! |---|---|---|---|---|---|---|---|
//! | Düsseldorf Airport | 55.3 | 61 | 66.8 | +10% | 42 min | 45 min | +8% |
//! | Eindhoven Airport | 51.2 | 57 | 62.0 | +9% | 42 min | 43 min | +1% |
//! | Schiphol | 149.8 | 178 | 180.3 | +1% | 110 min | 110 min | 0% |
//! | Frankfurt Airport | 222.5 | 262 | 267.5 | +2% | 155 min | 160 min | +3% |
//! | Köln/Bonn Airport | 88.6 | 113 | 106.9 | −5% | 70 min | 68 min | −3% |
//! | Bonn | 92.9 | 120 | 112.0 | −7% | 75 min | 71 min | −5% |
//! | Maastricht Aachen Airport | 34.9 | 38 | 42.4 | +12% | 30 min | 31 min | +5% |
//! | Maastricht | 43.4 | 50 | 52.6 | +5% | 38 min | 37 min | −2% |
//! | Brussels Airport | 109.9 | 136 | 132.4 | −3% | 85 min | 83 min | −3% |
//! | Liège | 68.7 | 95 | 82.9 | −13% | 65 min | 55 min | −16% |
//! | Weeze Airport | 46.6 | 60 | 56.5 | −6% | 48 min | 39 min | −18% |
//!
//! Every trip is within ±15% on distance and ±20% on time (asserted by
//! `route_estimate_matches_calibration_table`). A ride to the same spot
//! still costs a sensible minimum: 0.5 km and 1 minute.
use std::collections::HashMap;
use std::io::Read;

use super::{PlaceDetails, PlacesError, PlacesProvider, RouteEstimate, Suggestion};
use crate::domain::{Lang, LatLon};

/// The gazetteer file, built by `scripts/gazetteer/build.mjs`.
const EMBEDDED: &[u8] = include_bytes!("../../data/gazetteer.tsv.gz");

/// Roermond centre: the reference point for closeness.
const ROERMOND: LatLon = LatLon { lat: 51.1942, lon: 5.9875 };
/// Most suggestions returned.
const MAX_SUGGESTIONS: usize = 8;
/// Longest typed address kept in an `addr:` id, in characters.
const MAX_ADDRESS_CHARS: usize = 200;
/// Longest id `details` looks at; longer ones are not ours.
const MAX_ID_LEN: usize = 1200;
/// Longest input `suggestions` looks at, in characters.
const MAX_INPUT_CHARS: usize = 200;

/// Road distance per crow-fly distance.
pub const ROAD_FACTOR: f64 = 1.2;
/// Road distance added to every trip (access at both ends), km.
pub const ROAD_EXTRA_KM: f64 = 0.5;
/// Road distance driven at town speed, km.
pub const TOWN_KM: f64 = 5.0;
/// Town speed, km/h.
pub const TOWN_KMH: f64 = 30.0;
/// Speed beyond the town part, km/h.
pub const OPEN_ROAD_KMH: f64 = 105.0;
/// Shortest duration of a ride, seconds.
pub const MIN_DURATION_S: f64 = 60.0;

const AIRPORT_WORDS: &[&str] = &[
    "airport", "luchthaven", "flughafen", "vliegveld", "flugplatz", "aeroport", "aeropuerto", "airfield",
];
const STATION_WORDS: &[&str] = &["station", "bahnhof", "bf", "gare", "treinstation", "spoorwegstation", "railway"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Locality,
    Airport,
    Station,
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
    /// Its search keys: `keys[start..end]`.
    keys: (u32, u32),
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
    /// Localities by their exact folded names (for addresses).
    locality_names: HashMap<Box<str>, Vec<u32>>,
    /// Folded country names and codes → country index.
    country_words: HashMap<Box<str>, u8>,
}

fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::Nl => 0,
        Lang::De => 1,
        Lang::En => 2,
    }
}

// ------------------------------------------------------------------ folding

/// How one character folds.
enum Folded {
    Char(char),
    Str(&'static str),
    Lower(char),
    Separator,
}

/// Lower case, accents removed; German umlauts as `ae`, `oe`, `ue` when
/// `umlauts` is set; anything but letters and digits separates words.
fn fold_char(c: char, umlauts: bool) -> Folded {
    let pick = |plain: &'static str, expanded: &'static str| Folded::Str(if umlauts { expanded } else { plain });
    match c {
        'a'..='z' | '0'..='9' => Folded::Char(c),
        'A'..='Z' => Folded::Char(c.to_ascii_lowercase()),
        'ä' | 'Ä' => pick("a", "ae"),
        'ö' | 'Ö' => pick("o", "oe"),
        'ü' | 'Ü' => pick("u", "ue"),
        'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' | 'ă' | 'ą' | 'À' | 'Á' | 'Â' | 'Ã' | 'Å' | 'Ā' | 'Ă' | 'Ą' => Folded::Str("a"),
        'æ' | 'Æ' => Folded::Str("ae"),
        'ç' | 'ć' | 'č' | 'Ç' | 'Ć' | 'Č' => Folded::Str("c"),
        'ď' | 'đ' | 'Ď' | 'Đ' | 'ð' | 'Ð' => Folded::Str("d"),
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ė' | 'Ę' | 'Ě' => Folded::Str("e"),
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'Į' | 'İ' => Folded::Str("i"),
        'ĳ' | 'Ĳ' => Folded::Str("ij"),
        'ł' | 'Ł' | 'ľ' | 'Ľ' | 'ĺ' | 'Ĺ' => Folded::Str("l"),
        'ñ' | 'ń' | 'ň' | 'Ñ' | 'Ń' | 'Ň' => Folded::Str("n"),
        'ò' | 'ó' | 'ô' | 'õ' | 'ø' | 'ō' | 'ő' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ø' | 'Ō' | 'Ő' => Folded::Str("o"),
        'œ' | 'Œ' => Folded::Str("oe"),
        'ŕ' | 'ř' | 'Ŕ' | 'Ř' => Folded::Str("r"),
        'ß' | 'ẞ' => Folded::Str("ss"),
        'ś' | 'š' | 'ş' | 'ș' | 'Ś' | 'Š' | 'Ş' | 'Ș' => Folded::Str("s"),
        'ţ' | 'ť' | 'ț' | 'Ţ' | 'Ť' | 'Ț' => Folded::Str("t"),
        'ù' | 'ú' | 'û' | 'ů' | 'ū' | 'ű' | 'ų' | 'Ù' | 'Ú' | 'Û' | 'Ů' | 'Ū' | 'Ű' | 'Ų' => Folded::Str("u"),
        'ý' | 'ÿ' | 'Ý' | 'Ÿ' => Folded::Str("y"),
        'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => Folded::Str("z"),
        'ğ' | 'Ğ' => Folded::Str("g"),
        c if c.is_alphanumeric() => Folded::Lower(c),
        _ => Folded::Separator,
    }
}

/// The folded form of `s`: words of lower-case ASCII letters and digits
/// (letters of other scripts kept) separated by single spaces; apostrophes
/// and hyphens separate words ("'s-Hertogenbosch" → "s hertogenbosch").
pub fn fold(s: &str, umlauts: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        let folded = fold_char(c, umlauts);
        if matches!(folded, Folded::Separator) {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        match folded {
            Folded::Char(c) => out.push(c),
            Folded::Str(s) => out.push_str(s),
            Folded::Lower(c) => out.extend(c.to_lowercase()),
            Folded::Separator => {}
        }
    }
    out
}

fn prefix_code(word: &str) -> u64 {
    let mut chars = word.chars();
    let a = chars.next().map_or(0, |c| c as u64);
    let b = chars.next().map_or(0, |c| c as u64);
    (a << 32) | b
}

// ------------------------------------------------------------------ base64url

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url_encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        } as u32)
    };
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let produced = chunk.len() - 1;
        for i in 0..produced {
            out.push((n >> (16 - 8 * i)) as u8);
        }
        // Canonical form only: unused low bits must be zero.
        let used_bits = 6 * chunk.len();
        let kept_bits = 8 * produced;
        if used_bits > kept_bits && n & ((1 << (24 - kept_bits)) - 1) != 0 {
            return None;
        }
    }
    Some(out)
}

// ------------------------------------------------------------------ loading

fn parse_f64(s: &str, what: &str) -> Result<f64, String> {
    s.parse::<f64>().map_err(|_| format!("bad {what}: {s:?}"))
}

/// The kind words a query may carry for a place of this kind.
fn kind_words(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Airport => AIRPORT_WORDS,
        Kind::Station => STATION_WORDS,
        Kind::Locality => &[],
    }
}

/// Variants of a folded key: `sankt`/`sint`/`saint` ↔ `st`, `hauptbahnhof` → `hbf`.
fn key_variants(text: &str, out: &mut Vec<String>) {
    let words: Vec<&str> = text.split(' ').collect();
    let swap = |from: &[&str], to: &str| -> Option<String> {
        if words.iter().any(|w| from.contains(w)) {
            Some(words.iter().map(|w| if from.contains(w) { to } else { w }).collect::<Vec<_>>().join(" "))
        } else {
            None
        }
    };
    out.extend(swap(&["sankt", "sint", "saint", "sainte"], "st"));
    out.extend(swap(&["hauptbahnhof"], "hbf"));
    if words.contains(&"st") {
        out.extend(swap(&["st"], "sankt"));
        out.extend(swap(&["st"], "sint"));
    }
}

impl Gazetteer {
    /// The gazetteer embedded in the binary. Takes some tens of milliseconds:
    /// build it once at start-up and share it.
    pub fn embedded() -> Gazetteer {
        Gazetteer::from_tsv_gz(EMBEDDED).expect("the embedded gazetteer is valid (checked by its tests)")
    }

    /// Size of the embedded data file in bytes.
    pub fn embedded_size() -> usize {
        EMBEDDED.len()
    }

    /// Number of places (localities, airports, stations).
    pub fn len(&self) -> usize {
        self.places.len()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// Loads a gazetteer file in the format written by `scripts/gazetteer/build.mjs`.
    pub fn from_tsv_gz(bytes: &[u8]) -> Result<Gazetteer, String> {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes).read_to_string(&mut text).map_err(|e| format!("gzip: {e}"))?;

        let mut countries: Vec<[Box<str>; 3]> = Vec::new();
        let mut country_codes: Vec<String> = Vec::new();
        let mut regions: Vec<Region> = Vec::new();
        let mut region_index: HashMap<String, u16> = HashMap::new();
        // Raw rows: parent references are resolved after all ids are known.
        struct Row<'a> {
            parent: &'a str,
            also: &'a str,
            alternates: &'a str,
        }
        let mut places: Vec<Place> = Vec::new();
        let mut rows: Vec<Row> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let bad = |what: &str| format!("line {}: {what}", n + 1);
            match f[0] {
                "C" if f.len() == 5 => {
                    country_codes.push(f[1].to_string());
                    countries.push([f[2].into(), f[3].into(), f[4].into()]);
                }
                "R" if f.len() == 5 => {
                    let cc = f[1].split('.').next().unwrap_or("");
                    let country = country_codes.iter().position(|c| c == cc).ok_or_else(|| bad("unknown country"))?;
                    region_index.insert(f[1].to_string(), regions.len() as u16);
                    regions.push(Region { country: country as u8, names: [f[2].into(), f[3].into(), f[4].into()] });
                }
                "P" if f.len() == 14 => {
                    let kind = match f[2] {
                        "L" => Kind::Locality,
                        "A" => Kind::Airport,
                        "S" => Kind::Station,
                        _ => return Err(bad("unknown kind")),
                    };
                    let region = *region_index.get(f[3]).ok_or_else(|| bad("unknown region"))?;
                    let location = LatLon { lat: parse_f64(f[4], "lat")?, lon: parse_f64(f[5], "lon")? };
                    if !(-90.0..=90.0).contains(&location.lat) || !(-180.0..=180.0).contains(&location.lon) {
                        return Err(bad("coordinates out of range"));
                    }
                    let size = parse_f64(f[6], "size")?;
                    if f[1].is_empty() || f[7].is_empty() {
                        return Err(bad("empty id or name"));
                    }
                    let distance = location.distance_km(ROERMOND).min(300.0);
                    let bonus = match kind {
                        Kind::Airport => 15.0,
                        Kind::Station => -8.0,
                        Kind::Locality => 0.0,
                    };
                    let importance = 12.0 * (size.max(0.0) + 10.0).log10() - 0.2 * distance + bonus;
                    places.push(Place {
                        id: f[1].into(),
                        kind,
                        region,
                        location,
                        names: [f[7].into(), f[8].into(), f[9].into(), f[10].into()],
                        parent: Parent::None,
                        importance: importance as f32,
                        context: Box::new([]),
                        keys: (0, 0),
                    });
                    rows.push(Row { parent: f[11], also: f[12], alternates: f[13] });
                }
                _ => return Err(bad("unknown line")),
            }
        }
        if places.is_empty() || countries.is_empty() {
            return Err("no places".into());
        }
        let mut by_id: HashMap<Box<str>, u32> = HashMap::with_capacity(places.len());
        for (i, p) in places.iter().enumerate() {
            if by_id.insert(p.id.clone(), i as u32).is_some() {
                return Err(format!("duplicate id {}", p.id));
            }
        }
        for (i, row) in rows.iter().enumerate() {
            places[i].parent = if let Some(id) = row.parent.strip_prefix('@') {
                Parent::Place(*by_id.get(id).ok_or_else(|| format!("unknown parent {id}"))?)
            } else if row.parent.is_empty() {
                Parent::None
            } else {
                Parent::Text(row.parent.into())
            };
        }

        let mut country_words: HashMap<Box<str>, u8> = HashMap::new();
        for (i, (code, names)) in country_codes.iter().zip(&countries).enumerate() {
            country_words.insert(fold(code, false).into(), i as u8);
            for n in names.iter() {
                country_words.insert(fold(n, false).into(), i as u8);
            }
        }
        country_words.insert("belgique".into(), 2);
        country_words.insert("holland".into(), 0);

        let mut g = Gazetteer {
            places,
            by_id,
            regions,
            countries,
            keys: Vec::new(),
            by_prefix: HashMap::new(),
            locality_names: HashMap::new(),
            country_words,
        };

        // Context words: municipality, region and country names in all languages.
        for i in 0..g.places.len() {
            let mut words: Vec<Box<str>> = Vec::new();
            let mut push = |s: &str| {
                for w in fold(s, false).split(' ').chain(fold(s, true).split(' ')) {
                    if w.len() >= 2 && !words.iter().any(|x| &**x == w) {
                        words.push(w.into());
                    }
                }
            };
            let p = &g.places[i];
            match &p.parent {
                Parent::Place(j) => {
                    for n in g.places[*j as usize].names.iter() {
                        push(n);
                    }
                }
                Parent::Text(t) => push(t),
                Parent::None => {}
            }
            let region = &g.regions[p.region as usize];
            for n in region.names.iter() {
                push(n);
            }
            for n in g.countries[region.country as usize].iter() {
                push(n);
            }
            push(&country_codes[region.country as usize]);
            if &*country_codes[region.country as usize] == "DE" && &*region.names[1] == "Nordrhein-Westfalen" {
                push("NRW");
            }
            g.places[i].context = words.into_boxed_slice();
        }

        // Search keys, contiguous per place.
        let mut keys: Vec<Key> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let p = &g.places[i];
            let mut own: Vec<Key> = Vec::new();
            let mut add = |text: &str, class: KeyClass, shown_in: u8| {
                let mut forms = vec![fold(text, false), fold(text, true)];
                let mut extra = Vec::new();
                for f in &forms {
                    key_variants(f, &mut extra);
                }
                forms.extend(extra);
                for f in forms.into_iter().filter(|f| !f.is_empty()) {
                    match own.iter_mut().find(|k| *k.text == *f) {
                        // Already a key: keep the better class, add languages.
                        Some(k) => {
                            k.shown_in |= shown_in;
                            if class == KeyClass::Name {
                                k.class = KeyClass::Name;
                            }
                        }
                        None => own.push(Key { place: i as u32, class, shown_in, text: f.into() }),
                    }
                }
            };
            // The name is shown in each language whose own column is empty.
            let name_mask = (0..3).filter(|&l| p.names[l + 1].is_empty()).fold(0u8, |m, l| m | (1 << l));
            add(&p.names[0], KeyClass::Name, name_mask);
            for l in 0..3 {
                if !p.names[l + 1].is_empty() {
                    add(&p.names[l + 1], KeyClass::Name, 1 << l);
                }
            }
            for a in row.also.split('|').filter(|s| !s.is_empty()) {
                add(a, KeyClass::Name, 0);
            }
            for a in row.alternates.split('|').filter(|s| !s.is_empty()) {
                add(a, KeyClass::Alternate, 0);
            }
            g.places[i].keys = (keys.len() as u32, (keys.len() + own.len()) as u32);
            keys.extend(own);
        }
        let mut by_prefix: HashMap<u64, Vec<u32>> = HashMap::new();
        let mut locality_names: HashMap<Box<str>, Vec<u32>> = HashMap::new();
        for (k, key) in keys.iter().enumerate() {
            let mut codes: Vec<u64> = key.text.split(' ').map(prefix_code).collect();
            codes.sort_unstable();
            codes.dedup();
            for c in codes {
                by_prefix.entry(c).or_default().push(k as u32);
            }
            if g.places[key.place as usize].kind == Kind::Locality {
                let list = locality_names.entry(key.text.clone()).or_default();
                if !list.contains(&key.place) {
                    list.push(key.place);
                }
            }
        }
        g.keys = keys;
        g.by_prefix = by_prefix;
        g.locality_names = locality_names;
        Ok(g)
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
        if p.kind != Kind::Station || base.contains("Hauptbahnhof") {
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
        if let Some(parent) = self.parent_name(p, lang) {
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
        PlaceDetails {
            id: p.id.to_string(),
            formatted_address: self.formatted_address(p, lang),
            display_name: self.display_name(p, lang),
            location: p.location,
        }
    }

    fn suggestion_of(&self, index: u32, lang: Lang) -> Suggestion {
        let p = &self.places[index as usize];
        Suggestion { id: p.id.to_string(), main_text: self.display_name(p, lang), secondary_text: self.secondary_text(p, lang) }
    }

    // -------------------------------------------------------------- search

    /// Places matching `input`, best first, as (place index, tier, score).
    fn search(&self, input: &str, lang: Lang, limit: usize, localities_only: bool) -> Vec<u32> {
        let folded = fold(input, false);
        let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        if words.iter().any(|w| !w.bytes().all(|b| b.is_ascii_digit())) {
            words.retain(|w| !w.bytes().all(|b| b.is_ascii_digit()));
        }
        words.truncate(8);
        if words.is_empty() || (words.len() == 1 && words[0].chars().count() < 2) {
            return Vec::new();
        }
        let is_kind_word = |w: &str| AIRPORT_WORDS.contains(&w) || STATION_WORDS.contains(&w);
        // Candidates: keys with a word starting like the first name word of the query.
        let anchor = words
            .iter()
            .find(|w| w.chars().count() >= 2 && !is_kind_word(w))
            .or_else(|| words.iter().find(|w| w.chars().count() >= 2));
        let Some(anchor) = anchor else { return Vec::new() };
        let Some(candidates) = self.by_prefix.get(&prefix_code(anchor)) else { return Vec::new() };

        let lang_bit = 1u8 << lang_index(lang);
        // Best (tier, score) per place.
        let mut best: HashMap<u32, (u8, f32)> = HashMap::new();
        for &k in candidates {
            let key = &self.keys[k as usize];
            let place = &self.places[key.place as usize];
            if localities_only && place.kind != Kind::Locality {
                continue;
            }
            let Some(tier) = match_key(&key.text, &words, kind_words(place.kind), &place.context) else { continue };
            let tier = match key.class {
                KeyClass::Name => tier,
                KeyClass::Alternate => tier.saturating_sub(4),
            };
            let score = place.importance + if key.shown_in & lang_bit != 0 { 5.0 } else { 0.0 };
            let entry = best.entry(key.place).or_insert((tier, score));
            if (tier, score) > *entry {
                *entry = (tier, score);
            }
        }
        let mut ranked: Vec<(u32, u8, f32)> = best.into_iter().map(|(p, (t, s))| (p, t, s)).collect();
        ranked.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(b.2.partial_cmp(&a.2).unwrap_or(std::cmp::Ordering::Equal))
                .then_with(|| self.places[a.0 as usize].id.cmp(&self.places[b.0 as usize].id))
        });
        ranked.truncate(limit);
        ranked.into_iter().map(|(p, _, _)| p).collect()
    }

    /// Suggestions for what the visitor typed (synchronous core of the trait method).
    pub fn suggest(&self, input: &str, lang: Lang) -> Vec<Suggestion> {
        let input = truncate_chars(input.trim(), MAX_INPUT_CHARS);
        if input.chars().filter(|c| c.is_alphanumeric()).count() < 2 {
            return Vec::new();
        }
        let mut out: Vec<Suggestion> = Vec::with_capacity(MAX_SUGGESTIONS);
        let mut rest_query: Option<String> = None;
        if let Some(addr) = self.parse_address(input) {
            let text = truncate_chars(input, MAX_ADDRESS_CHARS);
            for &loc in addr.localities.iter().take(2) {
                let p = &self.places[loc as usize];
                out.push(Suggestion {
                    id: format!("addr:{}:{}", p.id, base64url_encode(text.as_bytes())),
                    main_text: addr.street.clone(),
                    secondary_text: {
                        let mut s = self.display_name(p, lang);
                        s.push_str(", ");
                        s.push_str(&self.secondary_text(p, lang));
                        s
                    },
                });
            }
            rest_query = Some(addr.locality_text);
        }
        let query = rest_query.as_deref().unwrap_or(input);
        for index in self.search(query, lang, MAX_SUGGESTIONS * 2, false) {
            if out.len() >= MAX_SUGGESTIONS {
                break;
            }
            let s = self.suggestion_of(index, lang);
            if out.iter().any(|o| o.main_text == s.main_text && o.secondary_text == s.secondary_text) {
                continue;
            }
            out.push(s);
        }
        out
    }

    /// The place behind a suggestion id (synchronous core of the trait method).
    pub fn place_details(&self, id: &str, lang: Lang) -> Result<PlaceDetails, PlacesError> {
        if id.len() > MAX_ID_LEN {
            return Err(PlacesError::NotFound);
        }
        if let Some(rest) = id.strip_prefix("addr:") {
            return self.address_details(rest, lang).ok_or(PlacesError::NotFound);
        }
        self.by_id.get(id).map(|&i| self.details_of(i, lang)).ok_or(PlacesError::NotFound)
    }

    fn address_details(&self, rest: &str, lang: Lang) -> Option<PlaceDetails> {
        let (locality_id, payload) = rest.split_once(':')?;
        let &index = self.by_id.get(locality_id)?;
        let p = &self.places[index as usize];
        if p.kind != Kind::Locality {
            return None;
        }
        let text = String::from_utf8(base64url_decode(payload)?).ok()?;
        if text.trim() != text || text.is_empty() || text.chars().count() > MAX_ADDRESS_CHARS || text.chars().any(char::is_control) {
            return None;
        }
        // The street part, as the suggestion showed it.
        let street = self
            .parse_address(&text)
            .filter(|a| a.localities.contains(&index))
            .map(|a| a.street)
            .unwrap_or_else(|| text.clone());
        // Append the locality unless one of its names is in the text already.
        let folded = format!(" {} ", fold(&text, false));
        let folded_umlauts = format!(" {} ", fold(&text, true));
        let named = self.keys[p.keys.0 as usize..p.keys.1 as usize].iter().any(|k| {
            let needle = format!(" {} ", k.text);
            folded.contains(&needle) || folded_umlauts.contains(&needle)
        });
        let formatted_address = if named { text.clone() } else { format!("{}, {}", text, self.display_name(p, lang)) };
        Some(PlaceDetails {
            id: format!("addr:{}:{}", p.id, payload),
            formatted_address,
            display_name: street,
            location: p.location,
        })
    }

    /// Reads a typed street address: the street part and the localities it names.
    fn parse_address(&self, text: &str) -> Option<ParsedAddress> {
        let text = truncate_chars(text.trim(), MAX_ADDRESS_CHARS);
        let has_digit = text.chars().any(|c| c.is_ascii_digit());
        let mut segments: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        // An address has a number, or a street name before a comma.
        let street_first = segments.len() >= 2 && looks_like_street(segments[0]);
        if !has_digit && !street_first {
            return None;
        }
        // Trailing country names filter the localities.
        let mut country: Option<u8> = None;
        while segments.len() > 1 {
            match self.country_words.get(fold(segments[segments.len() - 1], false).as_str()) {
                Some(&c) => {
                    country = Some(c);
                    segments.pop();
                }
                None => break,
            }
        }
        let found = |candidate: &str| -> Option<(Vec<u32>, String)> {
            let words = strip_postcode(candidate);
            let joined = words.join(" ");
            let key = fold(&joined, false);
            let list = self.locality_names.get(key.as_str()).or_else(|| self.locality_names.get(fold(&joined, true).as_str()))?;
            let mut list: Vec<u32> = list
                .iter()
                .copied()
                .filter(|&i| country.is_none_or(|c| self.country_of(&self.places[i as usize]) == c))
                .collect();
            if list.is_empty() {
                return None;
            }
            list.sort_by(|a, b| {
                let (pa, pb) = (&self.places[*a as usize], &self.places[*b as usize]);
                pb.importance.partial_cmp(&pa.importance).unwrap_or(std::cmp::Ordering::Equal).then(pa.id.cmp(&pb.id))
            });
            Some((list, joined))
        };
        let (street, localities, locality_text) = if segments.len() >= 2 {
            let last = segments.len() - 1;
            if let Some((list, name)) = found(segments[last]) {
                (segments[..last].join(", "), list, name)
            } else if let Some((list, name)) = found(segments[0]) {
                (segments[1..].join(", "), list, name)
            } else {
                return None;
            }
        } else {
            // One segment with a digit: the locality is the longest run of words
            // after the last word with a digit, or before the first.
            let words: Vec<&str> = text.split_whitespace().collect();
            let digit_at: Vec<usize> =
                (0..words.len()).filter(|&i| words[i].chars().any(|c| c.is_ascii_digit())).collect();
            let (&first, &last) = (digit_at.first()?, digit_at.last()?);
            let mut tail_start = last + 1;
            // An NL postcode's letters ('6041 GL') belong to the number.
            if tail_start < words.len() && is_postcode_letters(words[last], words[tail_start]) {
                tail_start += 1;
            }
            let mut result = None;
            for start in tail_start..words.len() {
                if let Some((list, name)) = found(&words[start..].join(" ")) {
                    let mut street_words = &words[..start];
                    // Drop the postcode in front of the locality.
                    street_words = &street_words[..street_words.len() - postcode_tail_len(street_words)];
                    result = Some((street_words.join(" "), list, name));
                    break;
                }
            }
            if result.is_none() {
                for end in (1..=first).rev() {
                    if let Some((list, name)) = found(&words[..end].join(" ")) {
                        result = Some((words[end..].join(" "), list, name));
                        break;
                    }
                }
            }
            result?
        };
        let street = street.trim().to_string();
        if !street.chars().any(char::is_alphabetic) {
            return None;
        }
        Some(ParsedAddress { street, localities, locality_text })
    }

    /// Road distance and driving time estimated from the crow-fly distance.
    pub fn estimate_route(from: LatLon, to: LatLon) -> RouteEstimate {
        let crow_km = from.distance_km(to);
        let road_km = ROAD_FACTOR * crow_km + ROAD_EXTRA_KM;
        let town_km = road_km.min(TOWN_KM);
        let hours = town_km / TOWN_KMH + (road_km - town_km) / OPEN_ROAD_KMH;
        RouteEstimate { distance_m: road_km * 1000.0, duration_s: (hours * 3600.0).max(MIN_DURATION_S) }
    }
}

struct ParsedAddress {
    /// The street part as typed, e.g. 'Markt 12'.
    street: String,
    /// Localities named, best first.
    localities: Vec<u32>,
    /// The locality part of the text.
    locality_text: String,
}

fn truncate_chars(s: &str, max: usize) -> &str {
    match s.char_indices().nth(max) {
        Some((i, _)) => s[..i].trim_end(),
        None => s,
    }
}

fn is_postcode_digits(w: &str) -> bool {
    (4..=5).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit())
}

/// '6041' + 'GL': the two parts of a Dutch postcode.
fn is_postcode_letters(number: &str, letters: &str) -> bool {
    number.len() == 4
        && number.bytes().all(|b| b.is_ascii_digit())
        && letters.len() == 2
        && letters.bytes().all(|b| b.is_ascii_alphabetic())
}

/// '6041GL': a Dutch postcode written as one word.
fn is_glued_postcode(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 6 && b[..4].iter().all(u8::is_ascii_digit) && b[4..].iter().all(u8::is_ascii_alphabetic)
}

/// The words of `s` without a leading postcode ('6041 GL Roermond' → 'Roermond').
fn strip_postcode(s: &str) -> Vec<&str> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let mut skip = 0;
    if let Some(first) = words.first() {
        if is_postcode_digits(first) {
            skip = 1;
            if words.len() > 2 && is_postcode_letters(first, words[1]) {
                skip = 2;
            }
        } else if is_glued_postcode(first) {
            skip = 1;
        }
    }
    if skip >= words.len() {
        skip = 0;
    }
    words[skip..].to_vec()
}

/// How many words at the end of `words` form a postcode.
fn postcode_tail_len(words: &[&str]) -> usize {
    let n = words.len();
    if n >= 3 && is_postcode_letters(words[n - 2], words[n - 1]) {
        2
    } else if n >= 2 && (is_postcode_digits(words[n - 1]) || is_glued_postcode(words[n - 1])) {
        1
    } else {
        0
    }
}

/// Whether the last word of `s` reads like a street name ('Markt', 'Kerkstraat').
fn looks_like_street(s: &str) -> bool {
    const ENDINGS: &[&str] = &[
        "straat", "weg", "laan", "plein", "markt", "singel", "kade", "gracht", "dijk", "steeg", "pad", "hof", "park",
        "strasse", "str", "gasse", "allee", "platz", "ring", "damm", "ufer", "rue", "avenue", "chaussee", "steenweg",
        "street", "road", "lane",
    ];
    let folded = fold(s, false);
    let last = folded.rsplit(' ').next().unwrap_or("");
    ENDINGS.iter().any(|e| last.ends_with(e))
}

/// The tier of a key for the query words (see the module docs), or `None`.
fn match_key(key: &str, words: &[&str], kind_words: &[&str], context: &[Box<str>]) -> Option<u8> {
    let mut best = name_tier(key, words);
    if best == Some(6) {
        return best;
    }
    // Without the words naming the kind of place, in the query and in the key
    // ('frankfurt flughafen' is the whole of 'Flughafen Frankfurt').
    if !kind_words.is_empty() && words.iter().any(|w| kind_words.contains(w)) {
        let core: Vec<&str> = words.iter().copied().filter(|w| !kind_words.contains(w)).collect();
        if !core.is_empty() {
            best = best.max(name_tier(key, &core));
            let key_core: Vec<&str> = key.split(' ').filter(|w| !kind_words.contains(w)).collect();
            if !key_core.is_empty() {
                best = best.max(name_tier(&key_core.join(" "), &core));
            }
        }
    }
    if best.is_some() || words.len() < 2 {
        return best;
    }
    // Trailing words naming the municipality, region or country.
    for split in (1..words.len()).rev() {
        let (head, tail) = words.split_at(split);
        let head: Vec<&str> = head.iter().copied().filter(|w| !kind_words.contains(w)).collect();
        if head.is_empty() {
            continue;
        }
        let tail_ok = tail.iter().all(|w| {
            kind_words.contains(w) || context.iter().any(|c| if w.len() >= 3 { c.starts_with(w) } else { &**c == *w })
        });
        if tail_ok && name_tier(key, &head).is_some() {
            return Some(3);
        }
    }
    None
}

/// 6: whole key; 5: prefix of the key; 4: every word starts a distinct key word.
fn name_tier(key: &str, words: &[&str]) -> Option<u8> {
    let joined_len = words.iter().map(|w| w.len()).sum::<usize>() + words.len().saturating_sub(1);
    if key.len() >= joined_len {
        let mut matches_prefix = true;
        let mut pos = 0;
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                if key.as_bytes().get(pos) != Some(&b' ') {
                    matches_prefix = false;
                    break;
                }
                pos += 1;
            }
            if !key[pos..].starts_with(w) {
                matches_prefix = false;
                break;
            }
            pos += w.len();
        }
        if matches_prefix {
            return Some(if pos == key.len() { 6 } else { 5 });
        }
    }
    // Any order: each query word a prefix of a different key word.
    let key_words: Vec<&str> = key.split(' ').collect();
    if words.len() > key_words.len() {
        return None;
    }
    let mut used = [false; 16];
    // Longer query words first, so short ones don't take their key words.
    let mut order: Vec<&str> = words.to_vec();
    order.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in order {
        let slot = key_words.iter().enumerate().position(|(i, k)| i < 16 && !used[i] && k.starts_with(w))?;
        used[slot] = true;
    }
    Some(4)
}

impl PlacesProvider for Gazetteer {
    async fn suggestions(&self, input: &str, lang: Lang, _session: Option<&str>) -> Result<Vec<Suggestion>, PlacesError> {
        Ok(self.suggest(input, lang))
    }

    async fn details(&self, id: &str, lang: Lang, _session: Option<&str>) -> Result<PlaceDetails, PlacesError> {
        self.place_details(id, lang)
    }

    async fn route(&self, from: &PlaceDetails, to: &PlaceDetails) -> Result<RouteEstimate, PlacesError> {
        Ok(Gazetteer::estimate_route(from.location, to.location))
    }
}

#[cfg(test)]
mod tests;
