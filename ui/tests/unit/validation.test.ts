// The forms' client-side rules (src/shared/validation.ts, src/features/booking/validation.ts):
// which text each answer names. The server checks everything again; these only save a round trip.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LIMITS } from "../../src/shared/contract";
import { checkEmail, checkLength, checkName, checkRequired, compact } from "../../src/shared/validation";
import { checkPassengers } from "../../src/features/booking/validation";
import { t } from "./t";

test("a required field is missing when empty or only spaces", () => {
  assert.equal(checkRequired(t, "", "validation.nameRequired"), "validation.nameRequired");
  assert.equal(checkRequired(t, " \t\n", "validation.nameRequired"), "validation.nameRequired");
  assert.equal(checkRequired(t, " a ", "validation.nameRequired"), undefined);
});

test("a length counts characters as the server does, not UTF-16 units", () => {
  assert.equal(checkLength(t, "abc", 3), undefined);
  assert.equal(checkLength(t, "abcd", 3), 'validation.tooLong {"max":3}');
  // Three emoji are six UTF-16 units and three characters.
  assert.equal(checkLength(t, "🚕🚕🚕", 3), undefined);
});

test("an e-mail address: required, within its limit, with an @ and a dot after it", () => {
  assert.equal(checkEmail(t, " "), "validation.emailRequired");
  assert.equal(checkEmail(t, "anna@example.nl"), undefined);
  assert.equal(checkEmail(t, " anna@example.nl "), undefined);
  for (const bad of ["anna", "anna@example", "anna@@example.nl", "an na@example.nl", "@example.nl"]) {
    assert.equal(checkEmail(t, bad), "validation.email", bad);
  }
  const long = `${"a".repeat(LIMITS.email)}@example.nl`;
  assert.equal(checkEmail(t, long), `validation.tooLong {"max":${LIMITS.email}}`);
});

test("a name: required, then within its limit", () => {
  assert.equal(checkName(t, ""), "validation.nameRequired");
  assert.equal(checkName(t, "Anna de Vries"), undefined);
  assert.equal(checkName(t, "a".repeat(LIMITS.name + 1)), `validation.tooLong {"max":${LIMITS.name}}`);
});

test("compact drops the fields without an error and keeps the others", () => {
  assert.deepEqual(compact({ name: "validation.nameRequired", email: undefined, phone: "" }), {
    name: "validation.nameRequired",
    phone: "",
  });
  assert.deepEqual(compact({}), {});
});

test("passengers: a whole number is required; the maximum is the server's to judge", () => {
  assert.equal(checkPassengers(t, "", 8), "validation.passengerAmountRequired");
  assert.equal(checkPassengers(t, "  ", 8), "validation.passengerAmountRequired");
  assert.equal(checkPassengers(t, "3", 8), undefined);
  assert.equal(checkPassengers(t, " 3 ", 8), undefined);
  assert.equal(checkPassengers(t, "12", 8), undefined);
  for (const bad of ["3.5", "-1", "drie", "3 4", "+3"]) {
    assert.equal(checkPassengers(t, bad, 8), 'validation.passengerAmount {"max":8}', bad);
  }
});
