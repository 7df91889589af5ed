// The ride the booking form holds, the same for both ways of booking: the fields as typed and
// the route's two ends. It changes only through the actions below (`useReducer` in useRide.ts),
// and it is pure, so tests/unit/ride.test.ts tests it without a browser.
import {
  HONEYPOT_FIELD,
  type FormState,
  type PlaceDetails,
  type ReservationRequest,
  type Suggestion,
  type WhatsappRequest,
} from "../../shared/contract";
import { placeKind } from "./placeKind";

export const ENDS = ["departure", "destination"] as const;
export type End = (typeof ENDS)[number];
/** The route's places: its two ends and a stop on the way (optional). */
export const SPOTS = [...ENDS, "via"] as const;
export type Spot = (typeof SPOTS)[number];

/** The form's fields besides the route's places (their text and chosen place live apart), as typed. */
type TypedFields = Omit<ReservationRequest, Spot | `${Spot}PlaceId` | `${End}Name`> &
  Record<typeof HONEYPOT_FIELD, string>;
export const EMPTY_FIELDS: TypedFields = {
  name: "",
  email: "",
  phone: "",
  passengerAmount: "",
  dateTime: "",
  paymentMethod: "",
  pickupStreet: "",
  returnDateTime: "",
  flightNumber: "",
  luggage: "",
  childSeats: "",
  wheelchair: "",
  remarks: "",
  companyName: "",
  invoiceReference: "",
  [HONEYPOT_FIELD]: "",
};
export type Fields = typeof EMPTY_FIELDS;
export type FieldName = keyof Fields;
const FIELD_NAMES = Object.keys(EMPTY_FIELDS) as FieldName[];

/** One end of the route. */
export interface EndState {
  /** What its field shows. */
  text: string;
  /** The place chosen; it counts while the field shows its address. */
  place: PlaceDetails | null;
  /** The places the server asked about for this text (the question under the field). */
  choices: Suggestion[];
  /** Whether the last search found nothing, so "choose from the list" would mislead. */
  emptyList: boolean;
  /** Typed before hydration, the field still focused: its search runs as if typed now. */
  resume: boolean;
  /** The question answered before hydration: chosen now. */
  answered?: Suggestion;
}

export interface Ride {
  fields: Fields;
  ends: Record<Spot, EndState>;
}

export type RideAction =
  | { type: "field"; field: FieldName; value: string }
  | { type: "typed"; end: Spot; text: string }
  | { type: "chosen"; end: Spot; place: PlaceDetails }
  | { type: "searched"; end: Spot; empty: boolean }
  /** What the visitor did before hydration (shared/prehydration.ts), by field name. */
  | { type: "handedOver"; typed: Record<string, string>; chosen: Record<string, PlaceDetails>; focused?: string }
  | { type: "cleared" };

/** The ride as the server rendered it: its values, its question, or nothing. */
export function initialRide(initial?: FormState): Ride {
  const start = initial?.values ?? {};
  const end = (id: Spot): EndState => ({
    text: start[id] ?? "",
    place: placeFrom(start, id),
    choices: initial?.choices?.[id] ?? [],
    emptyList: false,
    resume: false,
  });
  return {
    fields: { ...EMPTY_FIELDS, ...pick(start, FIELD_NAMES) },
    ends: { departure: end("departure"), destination: end("destination"), via: end("via") },
  };
}

export function rideReducer(ride: Ride, action: RideAction): Ride {
  switch (action.type) {
    case "field":
      return { ...ride, fields: { ...ride.fields, [action.field]: action.value } };
    case "typed":
      return withEnd(ride, action.end, typed(ride.ends[action.end], action.text));
    case "chosen":
      return withEnd(ride, action.end, { ...ride.ends[action.end], place: action.place });
    case "searched":
      if (ride.ends[action.end].emptyList === action.empty) return ride;
      return withEnd(ride, action.end, { ...ride.ends[action.end], emptyList: action.empty });
    case "handedOver":
      return handedOver(ride, action);
    case "cleared":
      return initialRide();
  }
}

function withEnd(ride: Ride, id: Spot, end: EndState): Ride {
  return { ...ride, ends: { ...ride.ends, [id]: end } };
}

function typed(end: EndState, text: string): EndState {
  return {
    ...end,
    text,
    // The server's question was about the text it had.
    choices: text === end.text ? end.choices : [],
    place: end.place && end.place.formattedAddress !== text ? null : end.place,
  };
}

/** What was typed before hydration wins over the server's values. */
function handedOver(ride: Ride, { typed, chosen, focused }: Extract<RideAction, { type: "handedOver" }>): Ride {
  const ends = { ...ride.ends };
  for (const id of SPOTS) {
    const end = ride.ends[id];
    const text = typed[id];
    // The question answered by a radio button before hydration, the field untouched: chosen now.
    const answer = end.choices.find((s) => s.id === typed[`${id}PlaceId`]);
    const answered = answer && (text === undefined || text === end.text) ? answer : end.answered;
    if (text === undefined) {
      ends[id] = { ...end, answered };
      continue;
    }
    // A place chosen from the early suggestions counts while its text is in the field.
    const early = chosen[id]?.formattedAddress === text ? chosen[id] : null;
    const place = early ?? (end.place && end.place.formattedAddress !== text ? null : end.place);
    // Still typing there: the suggestions the early script may not have shown yet come now.
    ends[id] = { ...end, text, place, answered, resume: end.resume || (!early && focused === id) };
  }
  return { fields: { ...ride.fields, ...pick(typed, FIELD_NAMES) }, ends };
}

/**
 * What the chosen places ask of the form: the street of a pick-up that is a whole town, and on
 * an airport ride the flight, one the taxi meets (pick-up at the airport) or one it brings you to.
 */
export function routeNeeds(ends: Ride["ends"]): { street: boolean; flight: "meet" | "catch" | null } {
  const [from, to] = [placeKind(ends.departure.place), placeKind(ends.destination.place)];
  return { street: from === "locality", flight: from === "airport" ? "meet" : to === "airport" ? "catch" : null };
}

/** The route as the server reads it; it prices the trip itself. */
export function tripOf(ends: Ride["ends"]) {
  const { departure, destination, via } = ends;
  return {
    departure: departure.place?.formattedAddress ?? departure.text,
    departurePlaceId: departure.place?.id ?? "",
    destination: destination.place?.formattedAddress ?? destination.text,
    destinationPlaceId: destination.place?.id ?? "",
    via: via.place?.formattedAddress ?? via.text,
    viaPlaceId: via.place?.id ?? "",
  };
}

/**
 * The stop on the way as the price needs it: none, the chosen place's id, or `pending` while a
 * stop is typed but not chosen (no price then: one without the stop would mislead).
 */
export function stopOf(via: EndState): string {
  if (via.place) return via.place.id;
  return via.text.trim() === "" ? "" : "pending";
}

/** The mail booking's post: every field, the route and the places' names. */
export function mailPayload({ fields, ends }: Ride) {
  const { departure, destination } = ends;
  return {
    ...fields,
    ...tripOf(ends),
    departureName: departure.place?.displayName ?? departure.text,
    destinationName: destination.place?.displayName ?? destination.text,
  } satisfies ReservationRequest;
}

/** The WhatsApp booking's post: the ride without the contact fields (the chat is the contact). */
export function whatsappPayload({ fields, ends }: Ride) {
  const { email, phone, [HONEYPOT_FIELD]: bot, ...ride } = fields;
  return { ...ride, ...tripOf(ends) } satisfies WhatsappRequest;
}

/** Everything typed so far as the form's fields carry it, for the other way of booking. */
export function draftOf({ fields, ends }: Ride): Record<string, string> {
  const out: Record<string, string> = { ...fields };
  for (const id of SPOTS) {
    const { text, place } = ends[id];
    out[id] = text;
    if (place) Object.assign(out, { [`${id}PlaceId`]: place.id, [`${id}Name`]: place.displayName });
  }
  return out;
}

function pick(source: Record<string, string>, keys: readonly string[]): Partial<Fields> {
  return Object.fromEntries(keys.filter((k) => typeof source[k] === "string").map((k) => [k, source[k]]));
}

/** A place restored from the form's hidden fields (its id and name). */
function placeFrom(values: Record<string, string>, id: Spot): PlaceDetails | null {
  const placeId = values[`${id}PlaceId`];
  if (!placeId) return null;
  return { id: placeId, formattedAddress: values[id] ?? "", displayName: values[`${id}Name`] ?? values[id] ?? "" };
}
