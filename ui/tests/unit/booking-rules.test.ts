// The booking form's rules over the ride (src/features/booking/validation.ts) and the send's
// state from the server's page (src/features/booking/useSubmit.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { initialRide, rideReducer, type Ride, type RideAction } from "../../src/features/booking/ride";
import { initialSubmit } from "../../src/features/booking/useSubmit";
import { checkChosen, checkMailBooking, checkRide } from "../../src/features/booking/validation";
import type { BookingRules } from "../../src/shared/contract";
import { t } from "./t";

const run = (...actions: RideAction[]): Ride => actions.reduce(rideReducer, initialRide());
const RULES: BookingRules = {
  maxPassengers: 8,
  leadTimeMinutes: 30,
  largeVehicleAbove: 4,
  paymentMethods: ["cash", "invoice"],
  luggageHintAbove: 4,
};
const TOWN = { id: "g2745641", formattedAddress: "Venlo, Nederland", displayName: "Venlo" };

test("an empty ride: the fields both ways need, each with its text", () => {
  assert.deepEqual(checkRide(t, run(), RULES), {
    name: "validation.nameRequired",
    passengerAmount: "validation.passengerAmountRequired",
    dateTime: "validation.dateTimeRequired",
  });
});

test("a whole town as pick-up needs the street", () => {
  const town = run({ type: "chosen", end: "departure", place: TOWN });
  assert.equal(checkRide(t, town, RULES).pickupStreet, "funnel.validation.pickupStreetRequired");
  const withStreet = rideReducer(town, { type: "field", field: "pickupStreet", value: "Markt 1" });
  assert.equal(checkRide(t, withStreet, RULES).pickupStreet, undefined);
});

test("counts of luggage and child seats in range, and on account the company's name", () => {
  const set = (field: "luggage" | "childSeats" | "paymentMethod" | "companyName", value: string): RideAction => ({
    type: "field",
    field,
    value,
  });
  const ok = checkRide(t, run(set("luggage", " 20 "), set("childSeats", "4"), set("paymentMethod", "cash")), RULES);
  assert.deepEqual([ok.luggage, ok.childSeats, ok.companyName], [undefined, undefined, undefined]);
  const bad = checkRide(t, run(set("luggage", "21"), set("childSeats", "1,5"), set("paymentMethod", "invoice")), RULES);
  assert.deepEqual(
    [bad.luggage, bad.childSeats, bad.companyName],
    [
      'funnel.validation.luggage {"max":20}',
      'funnel.validation.childSeats {"max":4}',
      "funnel.validation.companyNameRequired",
    ],
  );
  const named = run(set("paymentMethod", "invoice"), set("companyName", "Janssen BV"));
  assert.equal(checkRide(t, named, RULES).companyName, undefined);
});

test("the mail booking needs an address to answer and both ends typed", () => {
  assert.deepEqual(checkMailBooking(t, run()), {
    email: "validation.emailRequired",
    departure: "validation.departureRequired",
    destination: "validation.destinationRequired",
  });
  const typed = run(
    { type: "field", field: "email", value: "anna@example.nl" },
    { type: "typed", end: "departure", text: "Venlo" },
    { type: "typed", end: "destination", text: "Ergens" },
  );
  assert.deepEqual(checkMailBooking(t, typed), {});
  const oneEnd = rideReducer(typed, { type: "typed", end: "destination", text: " " });
  assert.deepEqual(checkMailBooking(t, oneEnd), { destination: "validation.destinationRequired" });
});

test("the price asked without both places: what to do at each end", () => {
  const ride = run(
    { type: "typed", end: "departure", text: "Nergenshuizen" },
    { type: "searched", end: "departure", empty: true },
    { type: "typed", end: "destination", text: "Venlo" },
  );
  assert.deepEqual(checkChosen(t, ride.ends), { departure: "places.noMatch", destination: "validation.placeMissing" });
  assert.deepEqual(checkChosen(t, run().ends), {
    departure: "validation.departureRequired",
    destination: "validation.destinationRequired",
  });
  const chosen = rideReducer(ride, { type: "chosen", end: "destination", place: TOWN });
  assert.deepEqual(checkChosen(t, chosen.ends), { departure: "places.noMatch" });
});

test("the send's state on the server's page: booked, refused, or nothing yet", () => {
  assert.deepEqual(initialSubmit(), { state: "idle" });
  assert.deepEqual(initialSubmit({ values: {}, errors: { name: "x" } }), { state: "idle" });
  assert.deepEqual(initialSubmit({ values: {}, errors: {}, errorMessage: "Te veel" }), {
    state: "failed",
    message: "Te veel",
  });
  const sent = initialSubmit({ values: {}, errors: {}, success: "Ontvangen", noMail: "Geen mail" });
  assert.deepEqual(sent, {
    state: "sent",
    message: "Ontvangen",
    summary: [],
    receipt: { noMail: "Geen mail", manage: undefined },
  });
});
