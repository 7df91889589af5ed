//! Reading the data file (format described in `scripts/gazetteer/build.mjs`)
//! into places, their search keys and the indexes over them.
use std::{collections::HashMap, io::Read};

use crate::places::gazetteer::{
    matching::{fold, prefix_code},
    typos::{suffix, MIN_NAME},
    Gazetteer, Key, KeyClass, Kind, Parent, Place, Region,
};
use crate::types::LatLon;

fn parse_f64(s: &str, what: &str) -> Result<f64, String> {
    s.parse::<f64>().map_err(|_| format!("bad {what}: {s:?}"))
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

/// Municipalities named after two of their towns, which the data names for
/// neither (GeoNames makes one the other's parent or none): the name counts as
/// context of the places in and under these towns, so 'Sittard Geleen station'
/// finds Sittard's station. By the towns' ids.
const MUNICIPALITIES: &[(&str, &[&str])] = &[("Sittard-Geleen", &["g2747203", "g2755616"])];

/// Adds the folded words of `s` (both umlaut forms) to a place's context words.
pub(crate) fn push_words(words: &mut Vec<Box<str>>, s: &str) {
    for w in fold(s, false).split(' ').chain(fold(s, true).split(' ')) {
        if w.len() >= 2 && !words.iter().any(|x| &**x == w) {
            words.push(w.into());
        }
    }
}

/// Adds the search keys of one name of a place (its folded forms and variants)
/// to `own`, the place's keys so far.
pub(crate) fn push_key(own: &mut Vec<Key>, place: u32, text: &str, class: KeyClass, shown_in: u8) {
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
            None => own.push(Key { place, class, shown_in, text: f.into() }),
        }
    }
}

impl Gazetteer {
    /// Puts key `k` into the candidate index (and a locality's into the names,
    /// or other spellings, for addresses).
    pub(crate) fn index_key(&mut self, k: u32) {
        let key = &self.keys[k as usize];
        let mut codes: Vec<u64> = key.text.split(' ').map(prefix_code).collect();
        codes.sort_unstable();
        codes.dedup();
        for c in codes {
            self.by_prefix.entry(c).or_default().push(k);
        }
        for word in key.text.split(' ').filter(|w| w.chars().count() >= MIN_NAME) {
            let list = self.by_suffix.entry(suffix(word).into()).or_default();
            if list.last() != Some(&k) {
                list.push(k);
            }
        }
        if self.places[key.place as usize].kind == Kind::Locality {
            let names = match key.class {
                KeyClass::Name => &mut self.locality_names,
                KeyClass::Alternate => &mut self.locality_alternates,
            };
            let list = names.entry(key.text.clone()).or_default();
            if !list.contains(&key.place) {
                list.push(key.place);
            }
        }
    }

    /// Loads a gazetteer file in the format written by `scripts/gazetteer/build.mjs`;
    /// places closer to `centre` rank higher.
    pub fn from_tsv_gz(bytes: &[u8], centre: LatLon) -> Result<Gazetteer, String> {
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
                    let country =
                        country_codes.iter().position(|c| c == cc).ok_or_else(|| bad("unknown country"))?;
                    region_index.insert(f[1].to_string(), regions.len() as u16);
                    regions.push(Region {
                        country: country as u8,
                        names: [f[2].into(), f[3].into(), f[4].into()],
                    });
                }
                "P" if f.len() == 14 => {
                    let kind = match f[2] {
                        "L" => Kind::Locality,
                        "A" => Kind::Airport,
                        "S" => Kind::Station,
                        "Z" => Kind::Postcode,
                        "O" => Kind::Poi,
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
                    let distance = location.distance_km(centre).min(300.0);
                    let bonus = match kind {
                        Kind::Airport => 15.0,
                        Kind::Station => -8.0,
                        Kind::Locality => 0.0,
                        // Their names hold their town's: 'Roermond, Nederland' is the town.
                        Kind::Poi => -10.0,
                        Kind::Postcode => -20.0,
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
                        configured: false,
                        hidden: false,
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
            by_suffix: HashMap::new(),
            locality_names: HashMap::new(),
            locality_alternates: HashMap::new(),
            country_words,
            home: None,
        };

        // Context words: municipality, region and country names in all languages.
        for i in 0..g.places.len() {
            let mut words: Vec<Box<str>> = Vec::new();
            let p = &g.places[i];
            match &p.parent {
                Parent::Place(j) => {
                    let parent = &g.places[*j as usize];
                    for n in parent.names.iter() {
                        push_words(&mut words, n);
                    }
                    // The parent's own municipality: 'Echt-Susteren' for Echt station.
                    if let Parent::Text(t) = &parent.parent {
                        push_words(&mut words, t);
                    }
                }
                Parent::Text(t) => push_words(&mut words, t),
                Parent::None => {}
            }
            for (municipality, seats) in MUNICIPALITIES {
                let parent_id = match p.parent {
                    Parent::Place(j) => Some(&*g.places[j as usize].id),
                    _ => None,
                };
                if seats.iter().any(|s| *s == &*p.id || Some(*s) == parent_id) {
                    push_words(&mut words, municipality);
                }
            }
            let region = &g.regions[p.region as usize];
            for n in region.names.iter() {
                push_words(&mut words, n);
            }
            for n in g.countries[region.country as usize].iter() {
                push_words(&mut words, n);
            }
            push_words(&mut words, &country_codes[region.country as usize]);
            if &*country_codes[region.country as usize] == "DE" && &*region.names[1] == "Nordrhein-Westfalen"
            {
                push_words(&mut words, "NRW");
            }
            g.places[i].context = words.into_boxed_slice();
        }

        // Search keys, contiguous per place.
        let mut keys: Vec<Key> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let p = &g.places[i];
            let mut own: Vec<Key> = Vec::new();
            let mut add = |text: &str, class: KeyClass, shown_in: u8| {
                push_key(&mut own, i as u32, text, class, shown_in)
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
        g.keys = keys;
        for k in 0..g.keys.len() as u32 {
            g.index_key(k);
        }
        Ok(g)
    }
}
