import type { PlaceDetails } from "../../shared/contract";

export type PlaceKind = "locality" | "airport" | "other";

/**
 * What a chosen place is: the server says it in the place's details. A place
 * restored from the form's hidden fields has only its id, read the way the
 * server's `PlaceKind::of_id` reads it (gazetteer ids starting with `g`/`v`
 * are whole towns, `d:` the company's districts, `z` postcode areas, `a`
 * airports; typed addresses (`addr:`) and Google's places are "other").
 */
export function placeKind(place: PlaceDetails | null): PlaceKind {
  switch (place?.kind) {
    case "locality":
    case "postcode":
      return "locality";
    case "airport":
      return "airport";
    case undefined:
      break;
    default:
      return "other";
  }
  const id = place?.id ?? "";
  if (id.startsWith("addr:") || id.length < 2) return "other";
  if (id.startsWith("d:")) return "locality";
  if ("gvz".includes(id[0])) return "locality";
  if (id[0] === "a") return "airport";
  return "other";
}
