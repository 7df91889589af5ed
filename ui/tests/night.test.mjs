// A night request for an early ride, as a visitor on a 360 px phone meets it:
// with the answer hours set so that "now" is outside them, a pick-up before the
// promised answer gets the server's note under the time field with the company's
// number as a call link; a later pick-up none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, useServerAndBrowser, visit, visitorContext, waitForHydration } from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };

/** Local time in the company's zone, `minutes` from now, as the picker writes it. */
function localIn(minutes) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

let server;
let browser;
// Staff answer from three hours from now, for an hour: it is "night" now. Read once: the
// promised answer is 30 minutes after this time, however long the run takes to get there.
const ANSWER_FROM = localIn(180).slice(11);
useServerAndBrowser((s, b) => ([server, browser] = [s, b]), {
  configToml: `[mail]\nanswer_within_minutes = 30\nanswer_from = "${ANSWER_FROM}"\nanswer_until = "${localIn(240).slice(11)}"\n`,
});

/** `HH:MM` plus `minutes`, within the day. */
function plusMinutes(time, minutes) {
  const [h, m] = time.split(":").map(Number);
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

test("en: a pick-up before the promised answer shows the note with a call link; a later one does not", TIMEOUT, async () => {
  const context = await visitorContext(browser, server.baseUrl, "en", { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await visit(page, server.baseUrl, ROUTES.en.reservation);
    await waitForHydration(page);
    const note = page.locator(".pickup-note");
    await page.fill("#dateTime", localIn(60));
    const expected = TEXTS.en.funnel.beforeAnswer.replace("{{answerBy}}", plusMinutes(ANSWER_FROM, 30));
    await note.getByText(expected).waitFor();
    const call = note.getByRole("link");
    assert.match(await call.getAttribute("href"), /^tel:\+31/);
    await page.fill("#dateTime", localIn(2 * 24 * 60));
    await page.waitForFunction(() => document.querySelector(".pickup-note")?.textContent === "");
  } finally {
    await context.close();
  }
});
