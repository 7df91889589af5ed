// Helpers shared by the gazetteer build's files, and the list of places it writes.
export function distanceKm(a, b) {
  const r = (x) => (x * Math.PI) / 180;
  const p1 = r(a.lat), p2 = r(b.lat);
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** Lower case without accents: the comparison form used while building. */
export function fold(s) {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const clean = (s) => s.replace(/[\t\n\r|]/g, ' ').replace(/\s+/g, ' ').trim();

/** The places written so far, by id; localities (kind L) kept apart for the look-ups. */
export class Collection {
  constructor() {
    this.places = [];
    this.byId = new Map();
    this.cache = null;
  }

  add(p) {
    if (this.byId.has(p.id)) throw new Error(`duplicate id ${p.id}`);
    this.byId.set(p.id, p);
    this.places.push(p);
    if (p.kind === 'L') this.cache = null;
    return p;
  }

  localities() {
    if (!this.cache) this.cache = this.places.filter((p) => p.kind === 'L');
    return this.cache;
  }

  /** The nearest locality of `country` within `maxKm` that `pred` accepts, or null. */
  nearestLocality(pt, country, maxKm, pred = () => true) {
    let best = null, bestD = Infinity;
    for (const p of this.localities()) {
      if (p.country !== country || !pred(p)) continue;
      const d = distanceKm(p, pt);
      if (d < bestD) { best = p; bestD = d; }
    }
    return bestD <= maxKm ? best : null;
  }
}
