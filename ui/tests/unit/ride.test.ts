// The booking form's state (src/features/booking/ride.ts): the reducer over the fields and the
// route's two ends, the takeover of what was typed before hydration, and what is posted.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PlaceDetails, Suggestion } from "../../src/shared/contract";
import {
  draftOf,
  initialRide,
  mailPayload,
  rideReducer,
  routeNeeds,
  whatsappPayload,
  type Ride,
  type RideAction,
} from "../../src/features/booking/ride";

const VENLO: PlaceDetails = { id: "g2745641", formattedAddress: "Venlo, Nederland", displayName: "Venlo" };
const AIRPORT: PlaceDetails = {
  id: "aEIN",
  formattedAddress: "Eindhoven Airport, Eindhoven",
  displayName: "Eindhoven Airport",
  kind: "airport",
};
const suggestion = (id: string, mainText: string): Suggestion => ({
  id,
  mainText,
  secondaryText: "Nederland",
  approximate: false,
});
const run = (ride: Ride, ...actions: RideAction[]) => actions.reduce(rideReducer, ride);

test("the server's values: fields, texts, and places restored from their hidden ids", () => {
  const ride = initialRide({
    values: { name: "Anna", departure: "Venlo, Nederland", departurePlaceId: "g2745641", departureName: "Venlo" },
    errors: {},
    choices: { destination: [suggestion("aEIN", "Eindhoven Airport")] },
  });
  assert.equal(ride.fields.name, "Anna");
  assert.equal(ride.fields.email, "");
  assert.deepEqual(ride.ends.departure.place, VENLO);
  assert.equal(ride.ends.destination.text, "");
  assert.equal(ride.ends.destination.place, null);
  assert.equal(ride.ends.destination.choices.length, 1);
  assert.deepEqual(
    initialRide(),
    run(initialRide(), { type: "field", field: "name", value: "x" }, { type: "cleared" }),
  );
});

test("a place counts while its address is in the field", () => {
  let ride = run(initialRide(), { type: "typed", end: "departure", text: "Ven" });
  ride = run(
    ride,
    { type: "chosen", end: "departure", place: VENLO },
    { type: "typed", end: "departure", text: VENLO.formattedAddress },
  );
  assert.deepEqual(ride.ends.departure.place, VENLO);
  ride = run(ride, { type: "typed", end: "departure", text: "Venlo, Nederland " });
  assert.equal(ride.ends.departure.place, null);
  assert.equal(ride.ends.departure.text, "Venlo, Nederland ");
  assert.equal(ride.ends.destination.text, "", "the other end is untouched");
});

test("the server's question goes when the text it was about changes, not before", () => {
  const asked = initialRide({
    values: { destination: "Eindhoven" },
    errors: {},
    choices: { destination: [suggestion("aEIN", "Eindhoven Airport"), suggestion("g1", "Eindhoven")] },
  });
  assert.equal(run(asked, { type: "typed", end: "destination", text: "Eindhoven" }).ends.destination.choices.length, 2);
  assert.deepEqual(run(asked, { type: "typed", end: "destination", text: "Eindhove" }).ends.destination.choices, []);
});

test("a search that found nothing is remembered per end; the same answer changes nothing", () => {
  const ride = run(initialRide(), { type: "searched", end: "destination", empty: true });
  assert.equal(ride.ends.destination.emptyList, true);
  assert.equal(ride.ends.departure.emptyList, false);
  assert.equal(rideReducer(ride, { type: "searched", end: "destination", empty: true }), ride);
});

test("at hydration what was typed wins over the server's values", () => {
  const server = initialRide({
    values: { name: "", departure: "Venlo, Nederland", departurePlaceId: "g2745641" },
    errors: {},
  });
  const ride = rideReducer(server, {
    type: "handedOver",
    typed: { name: "Anna", departure: "Venlo, Nederland", destination: "Eindh", unknownField: "x" },
    chosen: {},
    focused: "destination",
  });
  assert.equal(ride.fields.name, "Anna");
  assert.equal("unknownField" in ride.fields, false);
  assert.equal(ride.ends.departure.place?.id, "g2745641", "the same text keeps its place");
  assert.equal(ride.ends.destination.text, "Eindh");
  assert.equal(ride.ends.destination.resume, true, "still typing there: its search runs");
  assert.equal(ride.ends.departure.resume, false);
});

test("at hydration an early choice counts while its text is in the field; other text drops the server's place", () => {
  const server = initialRide({ values: { departure: "Venlo, Nederland", departurePlaceId: "g2745641" }, errors: {} });
  const early = rideReducer(server, {
    type: "handedOver",
    typed: { destination: AIRPORT.formattedAddress },
    chosen: { destination: AIRPORT },
    focused: "destination",
  });
  assert.deepEqual(early.ends.destination.place, AIRPORT);
  assert.equal(early.ends.destination.resume, false, "chosen: no search to resume");
  const retyped = rideReducer(server, {
    type: "handedOver",
    typed: { departure: "Venlo Markt", destination: "Eindhoven" },
    chosen: { destination: AIRPORT },
  });
  assert.equal(retyped.ends.departure.place, null);
  assert.equal(retyped.ends.destination.place, null);
});

test("at hydration the question's radio button answered counts only while the field is untouched", () => {
  const airport = suggestion("aEIN", "Eindhoven Airport");
  const server = initialRide({ values: { destination: "Eindhoven" }, errors: {}, choices: { destination: [airport] } });
  const answer = (typed: Record<string, string>) =>
    rideReducer(server, { type: "handedOver", typed, chosen: {} }).ends.destination.answered;
  assert.deepEqual(answer({ destinationPlaceId: "aEIN" }), airport);
  assert.deepEqual(answer({ destinationPlaceId: "aEIN", destination: "Eindhoven" }), airport);
  assert.equal(answer({ destinationPlaceId: "aEIN", destination: "Eindhoven Centrum" }), undefined);
  assert.equal(answer({ destinationPlaceId: "g999" }), undefined);
});

test("what the places ask: a street for a whole town, a flight at an airport", () => {
  const ends = (departure: PlaceDetails | null, destination: PlaceDetails | null) =>
    run(
      initialRide(),
      ...(departure ? [{ type: "chosen", end: "departure", place: departure } as const] : []),
      ...(destination ? [{ type: "chosen", end: "destination", place: destination } as const] : []),
    ).ends;
  assert.deepEqual(routeNeeds(ends(VENLO, AIRPORT)), { street: true, flight: "catch" });
  assert.deepEqual(routeNeeds(ends(AIRPORT, VENLO)), { street: false, flight: "meet" });
  assert.deepEqual(routeNeeds(ends(null, null)), { street: false, flight: null });
  const address = { id: "addr:Markt 1, Venlo", formattedAddress: "Markt 1, Venlo", displayName: "Markt 1" };
  assert.deepEqual(routeNeeds(ends(address, VENLO)), { street: false, flight: null });
});

test("the posts: the mail booking carries every field and the names, WhatsApp no contact fields", () => {
  const ride = run(
    initialRide(),
    { type: "field", field: "name", value: "Anna" },
    { type: "field", field: "email", value: "anna@example.nl" },
    { type: "typed", end: "departure", text: "Venlo" },
    { type: "chosen", end: "departure", place: VENLO },
    { type: "typed", end: "destination", text: "Ergens 1" },
  );
  const mail = mailPayload(ride);
  assert.equal(mail.email, "anna@example.nl");
  assert.equal(mail.website, "");
  assert.deepEqual(
    [mail.departure, mail.departurePlaceId, mail.departureName],
    [VENLO.formattedAddress, VENLO.id, "Venlo"],
  );
  assert.deepEqual([mail.destination, mail.destinationPlaceId, mail.destinationName], ["Ergens 1", "", "Ergens 1"]);
  const whatsapp = whatsappPayload(ride);
  assert.deepEqual(Object.keys(whatsapp).sort(), [
    "childSeats",
    "companyName",
    "dateTime",
    "departure",
    "departurePlaceId",
    "destination",
    "destinationPlaceId",
    "flightNumber",
    "invoiceReference",
    "luggage",
    "name",
    "passengerAmount",
    "paymentMethod",
    "pickupStreet",
    "remarks",
    "returnDateTime",
    "via",
    "viaPlaceId",
    "wheelchair",
  ]);
});

test("the draft for the other way of booking is the form's fields, and it restores the ride", () => {
  const ride = run(
    initialRide(),
    { type: "field", field: "remarks", value: "Kinderzitje" },
    { type: "typed", end: "departure", text: VENLO.formattedAddress },
    { type: "chosen", end: "departure", place: VENLO },
  );
  const draft = draftOf(ride);
  assert.equal(draft.departurePlaceId, VENLO.id);
  assert.equal(draft.departureName, "Venlo");
  assert.equal(draft.destination, "");
  const again = initialRide({ values: draft, errors: {} });
  assert.deepEqual(again.fields, ride.fields);
  assert.deepEqual(again.ends.departure.place, VENLO);
});
