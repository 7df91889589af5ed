import type { PlaceDetails } from "./contract";

export type PlaceKind = "locality" | "airport" | "other";

/**
 * What a chosen place is, as far as its id tells (the server's `PlaceKind`
 * reads ids the same way): the embedded gazetteer's ids starting with `g`/`v`
 * are whole towns, `a` airports; typed addresses (`addr:`) and Google's places
 * (ids start with a capital) are "other".
 */
export function placeKind(place: PlaceDetails | null): PlaceKind {
  const id = place?.id ?? "";
  if (id.startsWith("addr:") || id.length < 2) return "other";
  if (id[0] === "g" || id[0] === "v") return "locality";
  if (id[0] === "a") return "airport";
  return "other";
}
