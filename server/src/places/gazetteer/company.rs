//! What the company's settings add: its own town (the tariff zone's), where a
//! street typed without a town is placed, and its frequent places
//! (`places.frequent`: hotels, venues, the hospital, the town centre).
//!
//! A frequent place becomes a place like the data's: id `f:<id>`, found by
//! its name and aliases with the usual tiers (so 'ECI' and 'ECI Roermond'
//! name it in full), in the town nearest to it, priced from its position. A
//! place of the data of the same kind within [`SUPERSEDE_KM`] (the data's
//! outlet centre under the configured one) is no longer suggested, so the list
//! does not hold both; its id still answers, for links made before.
use crate::config::{FrequentKind, FrequentPlace, PlaceName, Settings};
use crate::places::gazetteer::{
    load::{push_key, push_words},
    matching::{fold, Scope},
    truncate_chars, Gazetteer, KeyClass, Kind, Parent, Place, MAX_INPUT_CHARS, MAX_SUGGESTIONS,
};
use crate::places::Suggestion;
use crate::types::{limits::LIMITS, Lang, LatLon};

/// A place of the data this close to a configured one of its kind is the same place, in km.
pub(crate) const SUPERSEDE_KM: f64 = 0.3;
/// A frequent place names the town of its nearest village within this distance, in km
/// (a hotel in Maasniel lies in Roermond).
const TOWN_OF_VILLAGE_KM: f64 = 3.0;
/// Ranking weight of a frequent place: that of a place of 20,000 people close
/// by, so that within a tier it comes before far places and after the home town.
const FREQUENT_IMPORTANCE: f32 = 51.6;

impl Gazetteer {
    /// The embedded gazetteer with the company's town, its frequent places and
    /// its districts from `settings`, ranking around the tariff zone's centre: what the server uses.
    pub fn for_settings(settings: &Settings) -> Gazetteer {
        let zone = &settings.tariff.zone;
        let mut g = Gazetteer::embedded(zone.centre());
        g.home = g.home_town(&zone.name, zone.centre());
        for place in &settings.places.frequent {
            g.add_frequent(place);
        }
        for district in &settings.places.districts {
            g.add_district(district);
        }
        g
    }

    /// The locality named `name` nearest to `centre` (within 25 km), else the
    /// locality nearest to it.
    fn home_town(&self, name: &str, centre: LatLon) -> Option<u32> {
        let km = |i: u32| self.places[i as usize].location.distance_km(centre);
        let by_distance = |a: &u32, b: &u32| km(*a).partial_cmp(&km(*b)).unwrap_or(std::cmp::Ordering::Equal);
        let named = self.locality_names.get(fold(name, false).as_str()).into_iter().flatten().copied();
        named.filter(|&i| km(i) <= 25.0).min_by(by_distance).or_else(|| {
            (0..self.places.len() as u32)
                .filter(|&i| self.places[i as usize].kind == Kind::Locality)
                .min_by(by_distance)
        })
    }

    /// The locality a place at `at` lies in: the nearest, or the town that
    /// nearest village belongs to when that is close too.
    fn town_at(&self, at: LatLon) -> Option<u32> {
        let localities =
            (0..self.places.len() as u32).filter(|&i| self.places[i as usize].kind == Kind::Locality);
        let km = |i: u32| self.places[i as usize].location.distance_km(at);
        let nearest =
            localities.min_by(|&a, &b| km(a).partial_cmp(&km(b)).unwrap_or(std::cmp::Ordering::Equal))?;
        match self.places[nearest as usize].parent {
            Parent::Place(town) if km(town) <= TOWN_OF_VILLAGE_KM => Some(town),
            _ => Some(nearest),
        }
    }

    /// Adds one frequent place (checked by the settings: its id is new, its
    /// names are not empty, it lies within the data's reach).
    fn add_frequent(&mut self, fp: &FrequentPlace) {
        let id = format!("f:{}", fp.id);
        let at = fp.location();
        let Some(town) = self.town_at(at) else { return };
        if self.by_id.contains_key(id.as_str()) {
            return;
        }
        let kind = match fp.kind {
            FrequentKind::Poi => Kind::Poi,
            FrequentKind::Station => Kind::Station,
            FrequentKind::Airport => Kind::Airport,
        };
        let index = self.places.len() as u32;
        // Its name, and per language only where that differs (as in the data).
        let name = fp.name.get(Lang::Nl).to_string();
        let own = |lang: Lang| -> Box<str> {
            match &fp.name {
                PlaceName::PerLanguage(names) if names.get(lang) != name => names.get(lang).into(),
                _ => "".into(),
            }
        };
        let town_place = &self.places[town as usize];
        let mut context: Vec<Box<str>> = town_place.context.to_vec();
        for n in town_place.names.iter() {
            push_words(&mut context, n);
        }
        let place = Place {
            id: id.clone().into(),
            kind,
            region: town_place.region,
            location: at,
            names: [name.as_str().into(), own(Lang::Nl), own(Lang::De), own(Lang::En)],
            parent: Parent::Place(town),
            importance: FREQUENT_IMPORTANCE,
            context: context.into_boxed_slice(),
            keys: (0, 0),
            configured: true,
            hidden: false,
        };
        let mut own_keys = Vec::new();
        let shown = (0..3).filter(|&l| place.names[l + 1].is_empty()).fold(0u8, |m, l| m | (1 << l));
        push_key(&mut own_keys, index, &place.names[0], KeyClass::Name, shown);
        for l in 0..3 {
            if !place.names[l + 1].is_empty() {
                push_key(&mut own_keys, index, &place.names[l + 1], KeyClass::Name, 1 << l);
            }
        }
        for alias in &fp.aliases {
            push_key(&mut own_keys, index, alias, KeyClass::Name, 0);
        }
        // The data's place of this kind here is this one.
        for p in self.places.iter_mut().filter(|p| !p.configured && p.kind == kind) {
            if p.location.distance_km(at) <= SUPERSEDE_KM {
                p.hidden = true;
            }
        }
        let start = self.keys.len() as u32;
        self.keys.extend(own_keys);
        let end = self.keys.len() as u32;
        self.places.push(Place { keys: (start, end), ..place });
        self.by_id.insert(id.into(), index);
        for k in start..end {
            self.index_key(k);
        }
    }

    /// The frequent places `input` names in full (by name or alias: 'LZR',
    /// 'outlet'), at most `max`: offered before another provider's suggestions,
    /// which know no short names. A start of a name is left to that provider
    /// ('Roerm' would otherwise list hotels before the town).
    pub fn frequent_suggestions(&self, input: &str, lang: Lang, max: usize) -> Vec<Suggestion> {
        let input = truncate_chars(input.trim(), MAX_INPUT_CHARS);
        if input.chars().filter(|c| c.is_alphanumeric()).count() < LIMITS.search_min_chars {
            return Vec::new();
        }
        self.search(input, lang, MAX_SUGGESTIONS, Scope::Configured)
            .into_iter()
            .filter(|hit| hit.exact)
            .take(max)
            .map(|hit| self.suggestion_of(hit.index, lang, hit.exact))
            .collect()
    }

    /// The configured place that stands for a place of the data, if any.
    #[cfg(test)]
    pub(crate) fn superseded_by(&self, id: &str) -> Option<&str> {
        let &i = self.by_id.get(id)?;
        let p = &self.places[i as usize];
        if !p.hidden {
            return None;
        }
        self.places
            .iter()
            .find(|c| c.configured && c.kind == p.kind && c.location.distance_km(p.location) <= SUPERSEDE_KM)
            .map(|c| &*c.id)
    }
}
