// The API's paths (src/shared/api.ts, src/shared/anchors.ts): the patterns of `API_PATHS` filled in.
import assert from "node:assert/strict";
import { test } from "node:test";
import { atPrice } from "../../src/shared/anchors";
import { apiPath } from "../../src/shared/api";
import { API_PATHS } from "../../src/shared/contract";

test("a pattern's parameters are filled in, encoded", () => {
  const details = apiPath(API_PATHS.placeDetails, { id: "addr:Markt 1/2" });
  assert.equal(details, "/api/place-details/addr%3AMarkt%201%2F2");
  assert.equal(apiPath(API_PATHS.price, { pickup: "g1", destination: "aEIN" }), "/api/places/g1/aEIN");
});

test("a parameter not given is empty, and the query is encoded", () => {
  assert.equal(apiPath(API_PATHS.placeDetails), "/api/place-details/");
  assert.equal(apiPath("/x", {}, { input: "Köln Hbf & Co", lang: "de" }), "/x?input=K%C3%B6ln+Hbf+%26+Co&lang=de");
  assert.equal(apiPath("/x", {}, {}), "/x?");
});

test("every parameter of the contract's paths is filled in", () => {
  for (const pattern of Object.values(API_PATHS)) {
    const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const path = apiPath(pattern, Object.fromEntries(names.map((n) => [n, "v"])));
    assert.doesNotMatch(path, /[{}]/, pattern);
  }
});

test("a link opened at the price", () => {
  assert.equal(atPrice("/nl/reserveren"), "/nl/reserveren#price");
});
