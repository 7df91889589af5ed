// What a chosen place is (src/features/booking/placeKind.ts): the details' kind when the server
// sent it, else the id read as the server's `PlaceKind::of_id` reads it.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PlaceDetails } from "../../src/shared/contract";
import { placeKind } from "../../src/features/booking/placeKind";

const place = (id: string, kind?: PlaceDetails["kind"]): PlaceDetails => ({
  id,
  formattedAddress: "Venlo",
  displayName: "Venlo",
  ...(kind ? { kind } : {}),
});

test("no place is no kind of place", () => {
  assert.equal(placeKind(null), "other");
});

test("the details' kind counts over the id", () => {
  assert.equal(placeKind(place("addr:x", "locality")), "locality");
  assert.equal(placeKind(place("addr:x", "postcode")), "locality");
  assert.equal(placeKind(place("g123", "airport")), "airport");
  assert.equal(placeKind(place("a1", "address")), "other");
  assert.equal(placeKind(place("g1", "station")), "other");
});

test("a place restored from the hidden fields is read from its id", () => {
  assert.equal(placeKind(place("g2759794")), "locality"); // a gazetteer town
  assert.equal(placeKind(place("v12")), "locality");
  assert.equal(placeKind(place("z5911")), "locality"); // a postcode area
  assert.equal(placeKind(place("d:venlo-blerick")), "locality"); // the company's district
  assert.equal(placeKind(place("aEIN")), "airport");
  assert.equal(placeKind(place("addr:Markt 1, Venlo")), "other"); // typed
  assert.equal(placeKind(place("ChIJ0123")), "other"); // Google's
  assert.equal(placeKind(place("g")), "other"); // too short to be one of the server's
  assert.equal(placeKind(place("")), "other");
});
