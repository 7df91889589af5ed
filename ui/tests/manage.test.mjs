// The customer's manage page as a customer meets it: the link in their mail
// opened on a 360 px phone (the page is plain forms, not hydrated).
// axe-core finds nothing in any state (requested, a proposal, accepted,
// another time asked with an error and sent, asked to confirm a cancellation,
// an error under the reason, cancelled), nothing scrolls sideways, every step
// is one tap and cancelling two. "Book this ride again": book-again.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { errorSummaryPlace } from "./layout-checks.mjs";
import { LANG, book as bookRide, linkIn as linkInMail, open as openPhone } from "./customer-links.mjs";
import {
  TEXTS,
  assertAccessible as axeFindsNothing,
  assertShows,
  dutchDateTime,
  useServerAndBrowser,
  visit,
} from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };
const T = TEXTS[LANG].manage;

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const book = (more) => bookRide(server, more);
const linkIn = (kind, reference, pathStart) => linkInMail(server, kind, reference, pathStart);
const open = (path) => openPhone(browser, server, path);

/** Posts `fields` to the page at `path` as its form would now (with the version it shows); the status. */
async function post(path, fields) {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  const version = /name="version" value="(\d+)"/.exec(html)?.[1] ?? "";
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ ...fields, version }),
  });
  return response.status;
}

async function assertAccessible(page, state) {
  await axeFindsNothing(page, state);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `${state}: nothing scrolls sideways on a 360 px phone (${width} px wide)`);
}

/** Taps `name`; a step taken comes back as the page saying `done` (POST/redirect/GET). */
async function tap(page, path, name, done) {
  await Promise.all([page.waitForNavigation(), page.getByRole("button", { name }).click()]);
  await assertShows(page, server.baseUrl, done ? `${path}&done=${done}` : path, LANG);
}

test(
  "a proposed time accepted with one tap, another time asked, then the ride cancelled: every state is accessible",
  TIMEOUT,
  async () => {
    const reference = await book();
    const booking = await linkIn("customer-booking", reference, `/booking/${reference}`);
    const { page, response, close } = await open(booking);
    try {
      assert.equal(response.status(), 200);
      assert.equal(response.headers()["referrer-policy"], "no-referrer");
      await page.getByRole("heading", { level: 1, name: T.heading.replace("{{reference}}", reference) }).waitFor();
      await assertAccessible(page, "requested");
      assert.equal(await page.getByRole("button", { name: T.accept.button }).count(), 0, "nothing to accept yet");

      // Staff propose another time from their mail.
      const propose = await linkIn("staff-booking", reference, `/staff/${reference}/propose`);
      const at = dutchDateTime(4, "09:15");
      assert.equal(await post(propose, { dateTime: at, note: "" }), 303);
      const manage = await linkIn("customer-answer", reference, `/booking/${reference}`);
      await visit(page, server.baseUrl, manage, { lang: LANG });
      await page.getByRole("button", { name: T.accept.button }).waitFor();
      assert.match(await page.locator(".status-line").innerText(), /09:15/);
      await assertAccessible(page, "a proposal");

      await tap(page, manage, T.accept.button, "accept");
      await page.locator(".success-box").waitFor();
      assert.match(await page.locator(".success-box").innerText(), /09:15/);
      assert.equal(await page.getByRole("button", { name: T.accept.button }).count(), 0, "accepted once");
      await assertAccessible(page, "accepted");

      // Another time: a time in the past is answered under the field, a good one sent.
      await page.fill("#dateTime", "2020-01-01T10:00");
      await tap(page, manage, T.ask.button);
      await page.locator("#dateTime-error").waitFor();
      // Without scripts the page opens at its top, far above the form: the summary comes first in
      // main, is on the first screen and leads to the field.
      const place = await page.evaluate(errorSummaryPlace);
      assert.ok(place?.first, `the error summary first in main: ${JSON.stringify(place)}`);
      const summary = page.locator(".error-summary");
      const box = await summary.boundingBox();
      assert.ok(
        box && box.y + box.height <= 740,
        `the error summary on a phone's first screen: ${JSON.stringify(box)}`,
      );
      await summary.locator('a[href="#dateTime"]').click();
      const field = await page.locator("#dateTime").boundingBox();
      assert.ok(
        field && field.y >= 0 && field.y < 740,
        `the link scrolls the field into view: ${JSON.stringify(field)}`,
      );
      await assertAccessible(page, "another time with an error");
      await page.fill("#dateTime", dutchDateTime(5, "10:45"));
      await tap(page, manage, T.ask.button, "ask");
      await page.locator(".success-box").waitFor();
      assert.match(await page.locator(".success-box").innerText(), /10:45/);
      await assertAccessible(page, "another time asked");

      // Cancelling asks first: the first tap is a link to the question, which changes nothing.
      await Promise.all([page.waitForNavigation(), page.getByRole("link", { name: T.cancel.button }).click()]);
      await assertShows(page, server.baseUrl, `${manage}&confirm=cancel`, LANG);
      await page.getByRole("heading", { name: T.cancel.confirm.heading }).waitFor();
      await assertAccessible(page, "asked to confirm the cancellation");
      // "No" goes back to the page, the ride kept.
      await Promise.all([page.waitForNavigation(), page.getByRole("link", { name: T.cancel.confirm.no }).click()]);
      await assertShows(page, server.baseUrl, manage, LANG);
      await Promise.all([page.waitForNavigation(), page.getByRole("link", { name: T.cancel.button }).click()]);

      // A reason too long (past the field's own limit) is answered under the field.
      await page.locator("#note").evaluate((note) => note.removeAttribute("maxlength"));
      await page.fill("#note", "x".repeat(501));
      await tap(page, manage, T.cancel.confirm.yes);
      await page.locator("#note-error").waitFor();
      const placed = await page.evaluate(errorSummaryPlace);
      assert.ok(placed?.first, `the error summary first in main: ${JSON.stringify(placed)}`);
      await assertAccessible(page, "cancel with an error");

      await page.fill("#note", "Flight cancelled.");
      await tap(page, manage, T.cancel.confirm.yes, "cancel");
      await page.locator(".success-box").waitFor();
      assert.equal(await page.locator("form").count(), 0, "nothing left to do");
      await assertAccessible(page, "cancelled");
    } finally {
      await close();
    }
  },
);

test(
  "a tab left open while the booking changed accepts nothing it did not show, and says what changed",
  TIMEOUT,
  async () => {
    const reference = await book();
    const propose = await linkIn("staff-booking", reference, `/staff/${reference}/propose`);
    assert.equal(await post(propose, { dateTime: dutchDateTime(4, "09:15"), note: "" }), 303);
    const manage = await linkIn("customer-answer", reference, `/booking/${reference}`);
    const { page, close } = await open(manage);
    try {
      await page.getByRole("button", { name: T.accept.button }).waitFor();
      // Meanwhile, in another tab, the customer asks for 12:00, and staff propose 22:00.
      assert.equal(await post(manage, { action: "ask", dateTime: dutchDateTime(4, "12:00") }), 303);
      const again = await linkIn("staff-step", reference, `/staff/${reference}/propose`);
      assert.equal(await post(again, { dateTime: dutchDateTime(4, "22:00"), note: "" }), 303);

      // The old tab's "accept" (of 09:15) changes nothing, and the page offers 22:00.
      await tap(page, manage, T.accept.button);
      const alert = page.getByRole("alert");
      await alert.waitFor();
      const said = await alert.innerText();
      assert.match(said, new RegExp(T.changed.split("{{")[0].trim()));
      assert.match(said, /22:00/);
      assert.match(await page.locator(".status-line").innerText(), /22:00/);
      await page.getByRole("button", { name: T.accept.button }).waitFor();
      await assertAccessible(page, "an old tab's step not taken");
      // Accepted from the page as it is now: 22:00 is confirmed.
      await tap(page, manage, T.accept.button, "accept");
      assert.match(await page.locator(".success-box").innerText(), /22:00/);
    } finally {
      await close();
    }
  },
);
