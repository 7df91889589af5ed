import type { PlaceDetails } from "./contract";

export type PlaceKind = "locality" | "airport" | "other";

/**
 * What a chosen place is, as far as its id tells (the server's `PlaceKind`
 * reads ids the same way): the embedded gazetteer's `g:`/`v:` ids are whole
 * towns, `a:` airports; anything else (typed addresses, Google places) is "other".
 */
export function placeKind(place: PlaceDetails | null): PlaceKind {
  const prefix = place?.id.split(":", 1)[0];
  if (prefix === "g" || prefix === "v") return "locality";
  if (prefix === "a") return "airport";
  return "other";
}
