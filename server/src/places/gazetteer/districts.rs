//! The company's town's districts and villages (`places.districts`): the
//! open data has the larger villages around Roermond, but not its districts
//! ('Donderberg', 'Kapel in 't Zand'), its new ones ('Roerdelta') or its
//! smallest villages ('Asselt', 'Ool'), and a search for those found a
//! look-alike elsewhere (Hasselt in Belgium for 'Asselt', Olen for 'Ool').
//!
//! A district becomes a locality of the company's town (the tariff zone's):
//! id `d:<id>`, shown as 'Donderberg — Roermond, Limburg, Nederland', found by
//! its name and aliases under the usual tiers and with the town's name after
//! it ('Donderberg Roermond'), priced from its position. Being a locality, a
//! pick-up there asks for the street, and 'Kerkstraat Asselt' is a street in
//! it. It ranks as a village of 5,000 people at the centre: before far places
//! of a similar name, after the town itself.
//!
//! A district the data holds already (a locality of the same name within
//! [`SAME_PLACE_KM`]: Maasniel, Herten) stays the data's place under its own id;
//! the setting adds its aliases and lifts its rank to a district's.
use crate::config::District;
use crate::places::gazetteer::{
    load::{push_key, push_words},
    matching::fold,
    Gazetteer, Key, KeyClass, Kind, Parent, Place,
};

/// A locality of the data this close to a district of the same name is that district, in km.
pub(crate) const SAME_PLACE_KM: f64 = 3.0;
/// Ranking weight of a district: `12·log10(5,000 + 10)`, a village of 5,000 at the centre.
const DISTRICT_IMPORTANCE: f32 = 44.4;

impl Gazetteer {
    /// Adds one district of the company's town (checked by the settings: its
    /// id is new, its names are not empty, it lies near the tariff zone's centre).
    pub(crate) fn add_district(&mut self, d: &District) {
        let Some(home) = self.home else { return };
        let id = format!("d:{}", d.id);
        if self.by_id.contains_key(id.as_str()) {
            return;
        }
        let at = d.location();
        let known = self.locality_names.get(fold(&d.name, false).as_str()).and_then(|list| {
            list.iter().copied().find(|&i| self.places[i as usize].location.distance_km(at) <= SAME_PLACE_KM)
        });
        if let Some(index) = known {
            let place = &mut self.places[index as usize];
            place.importance = place.importance.max(DISTRICT_IMPORTANCE);
            let mut own = Vec::new();
            for alias in &d.aliases {
                push_key(&mut own, index, alias, KeyClass::Name, 0);
            }
            self.add_keys(own);
            return;
        }
        let index = self.places.len() as u32;
        let town = &self.places[home as usize];
        let region = town.region;
        let mut context: Vec<Box<str>> = town.context.to_vec();
        for n in town.names.iter() {
            push_words(&mut context, n);
        }
        let mut own = Vec::new();
        // One name in every language: bit per language (nl 1, de 2, en 4).
        push_key(&mut own, index, &d.name, KeyClass::Name, 0b111);
        for alias in &d.aliases {
            push_key(&mut own, index, alias, KeyClass::Name, 0);
        }
        self.places.push(Place {
            id: id.as_str().into(),
            kind: Kind::Locality,
            region,
            location: at,
            names: [d.name.as_str().into(), "".into(), "".into(), "".into()],
            parent: Parent::Place(home),
            importance: DISTRICT_IMPORTANCE,
            context: context.into_boxed_slice(),
            keys: (0, 0),
            configured: false,
            hidden: false,
        });
        let range = self.add_keys(own);
        self.places[index as usize].keys = range;
        self.by_id.insert(id.into(), index);
    }

    /// Appends keys and indexes them; their range in `keys`.
    fn add_keys(&mut self, own: Vec<Key>) -> (u32, u32) {
        let start = self.keys.len() as u32;
        self.keys.extend(own);
        let end = self.keys.len() as u32;
        for k in start..end {
            self.index_key(k);
        }
        (start, end)
    }
}
