// Curated names for build.mjs: countries, regions and Belgian stations in the
// page languages (nl / de / en).

export const COUNTRY_NAMES = {
  NL: ['Nederland', 'Niederlande', 'Netherlands'],
  DE: ['Duitsland', 'Deutschland', 'Germany'],
  BE: ['België', 'Belgien', 'Belgium'],
};

// Regions: GeoNames admin1 codes for NL and DE (provinces, states); for BE the
// province (admin2), Brussels being its own region. Names nl / de / en.
export const REGION_NAMES = {
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
  'DE.12': ['Mecklenburg-Voor-Pommeren', 'Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
  'DE.13': ['Saksen', 'Sachsen', 'Saxony'],
  'DE.14': ['Saksen-Anhalt', 'Sachsen-Anhalt', 'Saxony-Anhalt'],
  'DE.15': ['Thüringen', 'Thüringen', 'Thuringia'],
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

// Belgian stations: the source names Brussels stations in French and drops
// accents. Names nl / de / en for the main ones (the source name stays a
// search name); other Belgian names get their accents back from nearby
// GeoNames places (e.g. 'Vise' → 'Visé').
export const BE_STATIONS = {
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
