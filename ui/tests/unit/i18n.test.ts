// The browser's translate function over the compiled texts (src/shared/i18n.tsx); that it says
// what i18next says for every shipped text is the browser test texts.test.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { browserT } from "../../src/shared/i18n";

const texts = {
  "form.name": "Naam",
  "validation.tooLong": (o: { max?: string | number } | undefined) => `Ten hoogste ${o?.max} tekens`,
  "places.none": () => undefined,
};

test("a compiled text, plain or with its values", () => {
  const t = browserT(texts, () => assert.fail("nothing is missing"));
  assert.equal(t("form.name"), "Naam");
  assert.equal(t("validation.tooLong", { max: 80 }), "Ten hoogste 80 tekens");
});

test("a text the build did not ship is its key, and reported", () => {
  const missing: string[] = [];
  const t = browserT(texts, (key) => missing.push(key));
  assert.equal(t("form.email"), "form.email");
  assert.equal(t("places.none"), "places.none"); // a plural form i18next would not find
  assert.equal(t("toString"), "toString"); // no text from the object's prototype
  assert.deepEqual(missing, ["form.email", "places.none", "toString"]);
});
