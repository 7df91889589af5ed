// Text typed into the server-rendered form before React took it over. On a slow
// phone the form is visible seconds before the bundle has run; hydration would
// otherwise put the server's (empty) values back. The client entry starts the
// watch before hydrating; the form takes what was typed once it has mounted.
// Places chosen before hydration (the reservation page's early suggestions, a script of
// their own) are handed over the same way, through a DOM event (`handOver`).
import type { PlaceDetails } from "./contract";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const typed = new Map<string, string>();
let watched: HTMLElement | null = null;

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

function record(target: EventTarget | null) {
  if (!isField(target) || !target.name || target.type === "hidden") return;
  if (target instanceof HTMLInputElement && target.type === "radio") {
    if (target.checked) typed.set(target.name, target.value);
    return;
  }
  // A checkbox unticked before hydration must stay unticked.
  if (target instanceof HTMLInputElement && target.type === "checkbox") {
    typed.set(target.name, target.checked ? target.value : "");
    return;
  }
  typed.set(target.name, target.value);
}

function changedFromServer(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox"))
    return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

const onEvent = (event: Event) => record(event.target);

function recordChanged(root: HTMLElement) {
  root.querySelectorAll<Field>("input, textarea, select").forEach((field) => {
    if (changedFromServer(field)) record(field);
  });
}

/** Remembers what was typed so far in `root`'s forms, and what is typed until the form mounts. */
export function watchTyping(root: HTMLElement) {
  recordChanged(root);
  root.addEventListener("input", onEvent, true);
  root.addEventListener("change", onEvent, true);
  watched = root;
}

/** Sent on the island just before hydration: whatever changed the server's markup puts it back. */
export const HYDRATE_EVENT = "taxi:hydrate";
export interface Handover {
  /** Places chosen before hydration, by field name (`departure`, `destination`). */
  places: Record<string, PlaceDetails>;
}
let handedPlaces: Record<string, PlaceDetails> = {};

/**
 * Right before hydration: the early helpers step back (and restore the server's markup),
 * handing over the places they chose; what they filled in is recorded as typed.
 */
export function handOver(root: HTMLElement) {
  const detail: Handover = { places: {} };
  root.dispatchEvent(new CustomEvent(HYDRATE_EVENT, { detail }));
  handedPlaces = detail.places;
  recordChanged(root);
}

/** The places chosen before hydration, by field name; once. */
export function takePlaces(): Record<string, PlaceDetails> {
  const out = handedPlaces;
  handedPlaces = {};
  return out;
}

/** What was typed before hydration, by field name; ends the watch. */
export function takeTyped(): Record<string, string> {
  watched?.removeEventListener("input", onEvent, true);
  watched?.removeEventListener("change", onEvent, true);
  watched = null;
  const out = Object.fromEntries(typed);
  typed.clear();
  return out;
}
