// Railway stations for build.mjs (DB InfraGO data, npm db-hafas-stations):
// display names, Belgian names and accents, ranking sizes, and the locality
// each serves.
import { BE_STATIONS } from './names.mjs';
import { distanceKm, fold } from './util.mjs';

function displayStationName(name) {
  return name
    .replace(/\((B|Belgien)\)|\s\(B\)$/g, '')
    .replace(/\(([^)]+)\)/g, ' ($1) ')
    .replace(/\bHbf\b/g, 'Hauptbahnhof')
    .replace(/\bFernbf\b/g, 'Fernbahnhof')
    .replace(/\bRegionalbf\b/g, 'Regionalbahnhof')
    .replace(/\(M\)/g, '(Main)')
    .replace(/\s+/g, ' ')
    .trim();
}

// Accent repair for Belgian names: a word equal to a nearby GeoNames word but
// for its accents takes the accented form.
function restoreAccents(places, name, pt) {
  const words = new Map();
  for (const p of places.localities()) {
    if (p.country !== 'BE' || distanceKm(p, pt) > 15) continue;
    for (const w of [p.name, ...p.also].join(' ').split(/[\s\-/']+/)) {
      if (/[^\x00-\x7f]/.test(w)) words.set(fold(w), w);
    }
  }
  return name.replace(/[\p{L}]+/gu, (w) => (w === fold(w) || w.toLowerCase() === fold(w) ? words.get(fold(w)) || w : w));
}

// Station size for ranking: 50,000 with long-distance trains, else 5,000, times
// 0.5–2 by the rank of the DB weight within its country (the weights of DE
// and of foreign stations are on different scales).
function setSizes(rail) {
  const byCountry = new Map();
  // Ranked among the stations near Roermond: the far ones leave those sizes as they were.
  for (const s of rail.filter((x) => !x.far)) {
    const c = s.id.slice(0, 2);
    if (!byCountry.has(c)) byCountry.set(c, []);
    byCountry.get(c).push(s.weight);
  }
  for (const list of byCountry.values()) list.sort((a, b) => a - b);
  for (const s of rail) {
    const list = byCountry.get(s.id.slice(0, 2));
    const at = list.findIndex((w) => w >= s.weight);
    const rank = (at < 0 ? list.length - 1 : at) / Math.max(1, list.length - 1);
    s.size = (s.national ? 50000 : 5000) * (0.5 + 1.5 * rank);
  }
}

/** Adds the railway stations of `rail` (read by build.mjs) to `places` (a Collection). */
export function addStations(places, rail) {
  setSizes(rail);
  for (const s of rail.sort((a, b) => a.id.localeCompare(b.id))) {
    const country = s.id.startsWith('80') ? 'DE' : s.id.startsWith('84') ? 'NL' : 'BE';
    let name = displayStationName(s.name);
    let nl = '', de = '', en = '';
    let also = [];
    if (country === 'BE') {
      const cur = BE_STATIONS[s.name];
      if (cur === null) continue;
      if (cur) {
        [nl, de, en] = cur;
        also = [s.name, ...cur[3]];
        name = nl;
      } else {
        name = restoreAccents(places, name, s);
      }
    }
    if (name === 'Schiphol (Airport)' || name === 'Schiphol ( Airport)') name = 'Schiphol Airport';
    // The locality it serves: a place named in the station name nearby, else the nearest larger place.
    const f = fold(name);
    let parent = null;
    let best = -1;
    for (const p of places.localities()) {
      if (p.country !== country || distanceKm(p, s) > 8) continue;
      for (const n of [p.name, p.nl, p.de, p.en, ...p.also]) {
        const fn = n && fold(n);
        if (fn && (f === fn || f.startsWith(`${fn} `)) && fn.length > best) { parent = p; best = fn.length; }
      }
    }
    // Far away only the stations named after their town (not 'Basel Bad Bf' in Switzerland).
    if (!parent && s.far) continue;
    if (!parent) parent = places.nearestLocality(s, country, 6, (p) => p.size >= 2000 && p.feature !== 'PPLX') || places.nearestLocality(s, country, 30);
    if (!parent) continue;
    places.add({
      id: `s${s.id}`,
      kind: 'S',
      region: parent.region,
      country,
      lat: s.lat,
      lon: s.lon,
      size: s.size,
      name,
      nl: nl === name ? '' : nl,
      de: de === name ? '' : de,
      en: en === name ? '' : en,
      also: [...new Set(also)].filter((x) => x !== name),
      alternates: [],
      parent: `@${parent.id}`,
    });
  }
}
