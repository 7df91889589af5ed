// Villages near Roermond that GeoNames' cities500 lacks (it lists them without a
// population, e.g. Swalmen and Echt), for build.mjs: found in the names of the
// bus stops of the DB InfraGO data and placed at the median of their stops.
import { distanceKm, fold, median } from './util.mjs';

// Villages near Roermond found in bus-stop names but not to be taken as places
// (street or building words that look like place names in the stop names).
const SUPPLEMENT_SKIP = new Set([
  'De', 'Sint', 'Van', 'Nieuw', 'Prins', 'Karel', 'Station', 'Centrum', 'Winkelcentrum', 'Haus', 'Flughafen',
  'Regiopark', 'Hamburgring', 'Keurmeestersdreef', 'Via', 'Avantis', 'Berliner', 'Krefelder', 'Dam', 'Sanger',
  'Heierhoeve', 'Zeswegen', 'Eikske', 'Hoefveld', 'Molenberg', 'Heilust', 'Hussenberg', 'Kelmond', 'Geverik',
  'Woonboulevard', 'Maria', 'Markt', 'Holleweg', 'Eind', 'Ospeldijk', 'Huls', 'Strabeek', 'Niederheid', 'Bauchem',
  'Berg', 'Kirche', 'Bahnhof', 'Schule', 'Friedhof', 'Kreuz', 'Ortsmitte', 'Rathaus', 'Mitte', 'Dorf', 'Sportplatz',
  'Gewerbegebiet', 'Industriegebiet', 'Abzw', 'Krankenhaus', 'Siedlung', 'Zentrum', 'Post', 'Feuerwehr', 'Kapelle',
  'Hauptbahnhof', 'Europark', 'Stadtpark', 'Edelstahlwerk', 'Outokumpu', 'Alte', 'Schicks', 'Grundend',
  'Forschungszentrum', 'Biwak', 'Burgemeester', 'Groot', 'Klein', 'Sankt', 'Busch', 'Neue', 'Alter', 'Altes', 'Hof', 'Burg', 'Gut', 'Haltestelle',
]);
// Word endings of stop names that are streets, parks or works rather than places.
const SUPPLEMENT_SKIP_ENDING = /(str\.?|straße|strasse|weg|platz|laan|ring|allee|markt|plein|dyk|park|werk|bahnhof|zentrum|\.)$/i;

// Villages of the supplement that need a name of more than one word in the stop names.
const SUPPLEMENT_MULTIWORD = ['Maria Hoop', 'Sint Joost', 'Ohe en Laak', 'Sint Odiliënberg', 'Cadier en Keer', 'Schin op Geul', 'Groot Genhout'];
// Spelling fixes of supplement names, and villages accepted with a single stop.
const SUPPLEMENT_RENAME = { 'Ohe en Laak': 'Ohé en Laak' };
const SUPPLEMENT_SINGLE_STOP = new Set(['NL\tLeudal\tBuggenum', 'NL\tLeudal\tNunhem', 'NL\tLeudal\tHaler']);

// Villages near Roermond missing from cities500, from bus-stop
// names. NL stops read '<gemeente> <village> <stop>, Niederlande'; DE stops
// '<village> <stop>, <Gemeinde>'. A village needs at least two stops (three in
// DE); its position is the median of its stops, its size a proxy (600 per stop).
export function addVillages(places, stops, centre, radiusKm) {
  const groups = new Map();
  const put = (key, rec) => { if (!groups.has(key)) groups.set(key, []); groups.get(key).push(rec); };
  for (const s of stops) {
    // The source cuts long names: 'Niederlande' may end as 'Niederl', 'Nied' or 'Ni'.
    let m = /^(.*), (Ni[a-z]*)$/.exec(s.name);
    if (m && 'Niederlande'.startsWith(m[2])) {
      const words = m[1].split(' ');
      const muni = words[0];
      const rest = words.slice(1).join(' ');
      const multi = SUPPLEMENT_MULTIWORD.find((w) => rest === w || rest.startsWith(`${w} `));
      const village = multi || words[1];
      if (village) put(`NL\t${muni}\t${village}`, s);
      continue;
    }
    m = /^([^,]+), ([^,]+)$/.exec(s.name);
    if (m) put(`DE\t${m[2]}\t${m[1].split(' ')[0]}`, s);
  }
  const added = [];
  for (const [key, list] of [...groups.entries()].sort()) {
    const [country, muni, village] = key.split('\t');
    if (list.length < (country === 'NL' ? 2 : 3) && !SUPPLEMENT_SINGLE_STOP.has(key)) continue;
    if (!/^\p{Lu}/u.test(village) || SUPPLEMENT_SKIP.has(village) || village.length < 3) continue;
    if (SUPPLEMENT_SKIP_ENDING.test(village) || (/er$/.test(village) && country === 'DE')) continue;
    const pt = { lat: median(list.map((s) => s.lat)), lon: median(list.map((s) => s.lon)) };
    if (distanceKm(centre, pt) > radiusKm) continue;
    // All stops of a village lie close together; a spread-out group is a street name.
    if (list.some((s) => distanceKm(s, pt) > 4)) continue;
    const f = fold(village);
    const exists = places.places.some((p) => p.kind === 'L' && distanceKm(p, pt) < 8 &&
      [p.name, p.nl, p.de, p.en, ...p.also, ...p.alternates].some((n) => n && fold(n) === f));
    if (exists) continue;
    // Region and municipality from the nearest place of the same country.
    const near = places.nearestLocality(pt, country, 30);
    if (!near) continue;
    const muniName = muni.replace(/\s*\(.*\)$/, ''); // 'Alsdorf (Rheinland)' → 'Alsdorf'
    const g = places.localities().find((p) => p.country === country && p.name === muniName && distanceKm(p, pt) < 15);
    const parent = g ? `@${g.id}` : muniName === village ? '' : muniName;
    const name = SUPPLEMENT_RENAME[village] || village;
    const idBase = `v${fold(`${country} ${muni} ${village}`).replace(/ /g, '-')}`;
    added.push(places.add({
      id: idBase,
      kind: 'L',
      region: near.region,
      country,
      lat: pt.lat,
      lon: pt.lon,
      size: Math.min(600 * list.length, 15000),
      name,
      nl: '', de: '', en: '',
      also: [],
      alternates: [],
      parent,
      feature: 'SUPP',
    }));
  }
  console.log(`supplement: ${added.length} villages from bus stops`);
}
