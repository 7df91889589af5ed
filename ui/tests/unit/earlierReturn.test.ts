// A round trip booked again (src/features/booking/earlierReturn.ts): the return field follows
// the new date, as long as the visitor leaves it alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { followingReturn, returnOn } from "../../src/features/booking/earlierReturn";

const sameDay = { days: 0, time: "18:30", note: "" };

test("the return ride keeps its time of day and its days after the pick-up, across a month's end", () => {
  assert.equal(returnOn("2026-11-24T09:45", sameDay), "2026-11-24T18:30");
  assert.equal(returnOn("2026-12-31T23:00", { ...sameDay, days: 2 }), "2027-01-02T18:30");
  assert.equal(returnOn("2026-03-28T10:00", { ...sameDay, days: 1 }), "2026-03-29T18:30", "over a clock change");
  assert.equal(returnOn("", sameDay), "", "no whole date yet");
});

test("the return follows the date until the visitor changes or clears it", () => {
  assert.equal(followingReturn("", "", "2026-11-24T09:45", sameDay), "2026-11-24T18:30", "filled at first");
  const filled = "2026-11-24T18:30";
  assert.equal(followingReturn(filled, filled, "2026-11-25T09:45", sameDay), "2026-11-25T18:30", "follows");
  assert.equal(followingReturn("2026-11-24T20:00", filled, "2026-11-25T09:45", sameDay), null, "typed");
  assert.equal(followingReturn("", filled, "2026-11-25T09:45", sameDay), null, "cleared: one way");
  assert.equal(followingReturn(filled, filled, "", sameDay), null, "a date being typed leaves it");
  assert.equal(followingReturn("", "", "2026-11-24T09:45", undefined), null, "no earlier return");
});
