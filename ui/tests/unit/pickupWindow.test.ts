// The picker's value for a moment (src/features/booking/pickupWindow.ts): the wall-clock time in
// the company's zone, whatever the zone of the machine running it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pickerValue } from "../../src/features/booking/pickupWindow";

test("winter time is UTC+1, summer time UTC+2, in the picker's format", () => {
  assert.equal(pickerValue(new Date("2026-01-15T11:05:00Z")), "2026-01-15T12:05");
  assert.equal(pickerValue(new Date("2026-07-15T11:05:00Z")), "2026-07-15T13:05");
});

test("midnight is 00, not 24, and the date is the company's", () => {
  assert.equal(pickerValue(new Date("2026-01-15T23:00:00Z")), "2026-01-16T00:00");
  assert.equal(pickerValue(new Date("2026-12-31T23:30:59Z")), "2027-01-01T00:30");
});

test("around the clock changes", () => {
  // 29 March 2026: 02:00 becomes 03:00.
  assert.equal(pickerValue(new Date("2026-03-29T00:59:00Z")), "2026-03-29T01:59");
  assert.equal(pickerValue(new Date("2026-03-29T01:00:00Z")), "2026-03-29T03:00");
  // 25 October 2026: 03:00 becomes 02:00 again.
  assert.equal(pickerValue(new Date("2026-10-25T00:30:00Z")), "2026-10-25T02:30");
  assert.equal(pickerValue(new Date("2026-10-25T01:30:00Z")), "2026-10-25T02:30");
});
