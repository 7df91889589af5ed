// The staff answer page as staff meet it: a button in their mail opened on a
// 360 px phone. axe-core finds nothing on the form, the form with errors, the
// answer sent and the answer already given; nothing scrolls sideways; and the
// page works without JavaScript. The Junk button's page likewise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { book as bookRide } from "./customer-links.mjs";
import { errorSummaryPlace } from "./layout-checks.mjs";
import { decoded, htmlPart, mailOf } from "./mails.mjs";
import {
  TEXTS,
  assertAccessible as axeFindsNothing,
  assertShows,
  dutchDateTime,
  useServerAndBrowser,
  visit,
  visitorContext,
} from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };
// The staff language (mail.staff_language) of the default settings.
const STAFF = "nl";
const T = TEXTS[STAFF].staff;

let server;
let browser;
// Every booking here comes from 127.0.0.1: junk must not refuse that network for the tests after it.
useServerAndBrowser((s, b) => ([server, browser] = [s, b]), { configToml: "[limits]\njunk_refusal_days = 0\n" });

/** Books a ride over the API (each at another time: identical requests share one booking); returns the reference. */
const book = (fields = {}) => bookRide(server, fields);

/** The staff mail of `reference` as stored in the Maildir, raw. */
function staffMail(reference) {
  return mailOf(server, "staff-booking", reference);
}

/** Path and query of the staff mail's `action` button for `reference`. */
async function staffLink(reference, action) {
  const text = decoded(await staffMail(reference));
  const match = new RegExp(
    `https://www\\.taxiroermond\\.example(/staff/${reference}/${action}\\?expires=\\d+&sig=[A-Za-z0-9_-]+)`,
  ).exec(text);
  assert.ok(match, `a ${action} link in the staff mail of ${reference}`);
  return match[1];
}

/** A phone-sized context; the site's CSP would refuse the injected axe script, so it is bypassed here only. */
async function open(path, options = {}) {
  const context = await visitorContext(browser, server.baseUrl, STAFF, {
    bypassCSP: true,
    viewport: { width: 360, height: 740 },
    ...options,
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const response = await visit(page, server.baseUrl, path, { lang: STAFF });
  return { page, response, close: () => context.close() };
}

/** axe finds nothing, and nothing scrolls sideways on the phone. */
async function assertAccessible(page, state) {
  await axeFindsNothing(page, state);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `${state}: nothing scrolls sideways on a 360 px phone (${width} px wide)`);
}

/**
 * Sends the form and checks that the browser shows the signed link's page
 * again: as the post's answer (an error), or redirected to it saying `done`.
 */
async function send(page, path, done) {
  await Promise.all([page.waitForNavigation(), page.locator("form button[type=submit]").click()]);
  await assertShows(page, server.baseUrl, done ? `${path}&done=${done}` : path, STAFF);
}

test(
  "declining on a phone: the form, its errors, the answer sent and the answer given are accessible",
  TIMEOUT,
  async () => {
    const reference = await book();
    const path = await staffLink(reference, "decline");
    const { page, response, close } = await open(path);
    try {
      assert.equal(response.status(), 200);
      assert.equal(response.headers()["referrer-policy"], "no-referrer");
      await page
        .getByRole("heading", { level: 1, name: T.heading.decline.replace("{{reference}}", reference) })
        .waitFor();
      await assertAccessible(page, "decline form");

      await send(page, path);
      await page.locator(".error-summary").waitFor();
      assert.match(
        await page.locator(".error-summary").innerText(),
        new RegExp(TEXTS[STAFF].validation.staffReasonRequired),
      );
      const place = await page.evaluate(errorSummaryPlace);
      assert.ok(place?.first, `the error summary first in main: ${JSON.stringify(place)}`);
      await assertAccessible(page, "decline form with errors");

      await page.getByLabel(T.reasons.other).check();
      await page.fill("#note", "De weg is afgesloten.");
      await send(page, path, "decline");
      await page.locator(".success-box").waitFor();
      await assertAccessible(page, "decline sent");

      const again = await open(path);
      try {
        await again.page.locator(".notice-box").waitFor();
        assert.equal(await again.page.locator("form").count(), 0, "no second answer");
        await assertAccessible(again.page, "already answered");
      } finally {
        await again.close();
      }
    } finally {
      await close();
    }
  },
);

test("proposing another time works without JavaScript and keeps the typed answer on an error", TIMEOUT, async () => {
  const reference = await book();
  const path = await staffLink(reference, "propose");
  const { page, close } = await open(path, { javaScriptEnabled: false });
  try {
    await page.fill("#dateTime", "2020-01-01T10:00");
    await page.fill("#note", "Een uur later?");
    await send(page, path);
    assert.equal(await page.locator("#note").inputValue(), "Een uur later?", "the note is kept");
    await page.locator("#dateTime-error").waitFor();
    await page.fill("#dateTime", dutchDateTime(4, "09:15"));
    await send(page, path, "propose");
    await page.locator(".success-box").waitFor();
    assert.equal(await page.locator(".success-box").innerText(), T.sent.propose);
  } finally {
    await close();
  }
});

test(
  "the staff mail on a phone: what changes the dispatch is on the first screen, above the buttons",
  TIMEOUT,
  async () => {
    const reference = await book({ passengerAmount: "6", remarks: "Wheelchair, foldable." });
    const html = htmlPart(await staffMail(reference));
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.setContent(html);
      const mail = TEXTS[STAFF].funnel.mail;
      const alerts = [
        mail.largeVehicle_other.replace("{{count}}", "6"),
        TEXTS[STAFF].mail.staffBooking.alerts.remarks.replace("{{remarks}}", "Wheelchair, foldable."),
      ];
      const firstButton = await page
        .getByRole("link", { name: TEXTS[STAFF].mail.staffBooking.answer.confirm })
        .boundingBox();
      for (const alert of alerts) {
        const box = await page.getByText(alert, { exact: true }).boundingBox();
        assert.ok(box, `the mail shows ${JSON.stringify(alert)}`);
        assert.ok(
          box.y + box.height <= 640,
          `${JSON.stringify(alert)} is on the first screen (bottom at ${box.y + box.height} px)`,
        );
        assert.ok(box.y < firstButton.y, `${JSON.stringify(alert)} is above the answer buttons`);
      }
      // Issue 55: the pick-up's time and place were in the rows, below 800 px; a line under the
      // alerts now says them on the first screen of a 360 x 740 phone.
      const lead = TEXTS[STAFF].mail.staffBooking.lead.split("{{pickup}}")[0];
      const pickup = await page.locator("p", { hasText: lead }).first().boundingBox();
      assert.ok(pickup && pickup.y + pickup.height <= 740, `the pick-up line is on the first screen (${pickup?.y} px)`);
      assert.ok(pickup.y < firstButton.y, "the pick-up line is above the answer buttons");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `nothing scrolls sideways (${width} px)`);
    } finally {
      await context.close();
    }
  },
);

test(
  "marking a request as junk on a phone: the page, its list of the network's bookings, " +
    "the marked request and its other buttons are accessible",
  TIMEOUT,
  async () => {
    const reference = await book({ email: "junk@example.org" });
    const more = await book({ email: "junk2@example.org" });
    // A ride staff confirmed, from the same address (every booking here comes from 127.0.0.1).
    const confirmed = await book({ email: "honest@example.org" });
    const confirmPath = await staffLink(confirmed, "confirm");
    const confirming = await open(confirmPath);
    try {
      await send(confirming.page, confirmPath, "confirm");
    } finally {
      await confirming.close();
    }
    // The page lists the requests created before the second it is opened.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const path = await staffLink(reference, "junk");
    const { page, response, close } = await open(path);
    try {
      assert.equal(response.status(), 200);
      await page.getByRole("heading", { level: 1, name: T.heading.junk.replace("{{reference}}", reference) }).waitFor();
      assert.ok(
        (await page.locator("form").innerText()).includes(T.junk.notRefused),
        "what junk does, and that nobody is refused here",
      );
      const swept = await page.locator("#junk-swept-list").innerText();
      assert.ok(
        swept.startsWith(reference) && swept.includes(more),
        `this request first in what the network button marks: ${swept}`,
      );
      const spared = await page.locator("#junk-spared-list li", { hasText: confirmed }).innerText();
      assert.ok(spared.endsWith(`${TEXTS[STAFF].staff.calendar.status.confirmed} · ${T.junk.why.staff}`), spared);
      assert.ok(!swept.includes(confirmed), "the confirmed ride is not marked");
      await assertAccessible(page, "junk form with the network's bookings");
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole("button", { name: T.submit.junk, exact: true }).click(),
      ]);
      await assertShows(page, server.baseUrl, `${path}&done=junk`, STAFF);
      assert.equal(await page.locator(".success-box").innerText(), T.sent.junk);
      assert.equal(await page.locator("form").count(), 0, "nothing more to do");
      await assertAccessible(page, "junk done");

      const confirm = await open(await staffLink(reference, "confirm"));
      try {
        assert.match(await confirm.page.locator(".notice-box").innerText(), /junk/);
        assert.equal(await confirm.page.locator("form").count(), 0, "no answer to a junk request");
        await assertAccessible(confirm.page, "a junk request's confirm button");
      } finally {
        await confirm.close();
      }
    } finally {
      await close();
    }
  },
);
