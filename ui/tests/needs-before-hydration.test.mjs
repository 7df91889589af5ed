// What the ride needs, given on a slow 360 × 740 phone before the form's script has run: the
// wheelchair ticked and luggage and child seats typed are still there once React has hydrated,
// and staff's mail flags them; a tick undone before hydration stays undone (also on a "book
// again" page the server rendered ticked) and the mail says nothing of a wheelchair. The
// island's script is held back (walk-kit.mjs), so every step comes before hydration by
// construction; prehydration.ts records them.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, dutchDateTime, onPhone as phone, useServerAndBrowser, visit } from "./helpers.mjs";
import { decoded, headerOf, mailOf } from "./mails.mjs";
import { book, linkIn } from "./customer-links.mjs";
import { SLOW, formInteractive, marked, slowPhoneHeld } from "./walk-kit.mjs";
import { fmt } from "./forms-kit.mjs";

const TIMEOUT = { timeout: 90_000 };
const PHONE = { viewport: { width: 360, height: 740 } };
/** Staff's mail is in the staff language, Dutch by default. */
const STAFF = TEXTS.nl.mail.staffBooking;
const ASKED = `${ROUTES.en.reservation}?from=Roermond&to=Venlo`;

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));
const onPhone = (run) => phone(browser, server.baseUrl, "en", PHONE, run);
const value = (page, selector) => page.locator(selector).inputValue();
const wheelchair = (page) => page.locator("#wheelchair");
/** Asserts the form has not taken over yet: what the test did came before hydration. */
const assertNotHydrated = async (page, what) =>
  assert.equal(await marked(page, "form-interactive"), false, `${what} before hydration`);
/** A tap on the wheelchair's label, as a thumb would. */
const tapWheelchair = (page) => page.locator("label", { has: wheelchair(page) }).tap();

/** The rest of the booking, sent with JavaScript; the reference from the success box. */
async function send(page, name) {
  if (!(await value(page, "#pickupStreet"))) await page.fill("#pickupStreet", "Markt 1");
  await page.fill("#dateTime", dutchDateTime(3, "09:45"));
  await page.fill("#passengerAmount", "2");
  await page.fill("#name", name);
  await page.fill("#email", `needs.${Date.now()}@example.com`);
  await page.locator("button[name=action][value=send]").click();
  const box = page.locator(".success-box");
  await box.waitFor({ timeout: 30_000 });
  return /R-[A-Z0-9]{6}/.exec(await box.textContent())[0];
}

/** Staff's mail of `reference`: its subject and text. */
async function staffMail(reference) {
  const raw = await mailOf(server, "staff-booking", reference);
  return { subject: headerOf(raw, "Subject"), text: decoded(raw) };
}

/** Staff's mail says nothing of a wheelchair: no flag in the subject, no line in the text. */
async function assertNoWheelchair(reference, what) {
  const staff = await staffMail(reference);
  assert.ok(!staff.subject.includes(STAFF.tags.wheelchair), `${what}: no flag: ${staff.subject}`);
  assert.ok(!staff.text.includes(STAFF.alerts.wheelchair), `${what}: no wheelchair line`);
}

describe("what the ride needs, given before hydration", () => {
  test("a wheelchair ticked and luggage and child seats typed are kept and reach staff, flagged", TIMEOUT, () =>
    onPhone(async (page, watch) => {
      const { release, fast } = await slowPhoneHeld(page);
      await visit(page, server.baseUrl, ASKED, { waitUntil: "commit", timeout: SLOW });
      await wheelchair(page).waitFor({ timeout: SLOW });
      await tapWheelchair(page);
      assert.ok(await wheelchair(page).isChecked(), "the tap ticks the box");
      await page.locator("#luggage").fill("3");
      await page.locator("#childSeats").fill("2");
      await assertNotHydrated(page, "ticked and typed");
      release();
      await formInteractive(page);
      await fast();
      assert.ok(await wheelchair(page).isChecked(), "still ticked after hydration");
      assert.equal(await value(page, "#luggage"), "3", "the luggage typed");
      assert.equal(await value(page, "#childSeats"), "2", "the child seats typed");
      const reference = await send(page, "Wil Rolstoel");
      const summary = await page.locator(".ride-summary").textContent();
      assert.match(summary, new RegExp(TEXTS.en.funnel.mail.wheelchairValue), "the success box");
      const staff = await staffMail(reference);
      assert.ok(staff.subject.includes(STAFF.tags.wheelchair), `flagged: ${staff.subject}`);
      assert.ok(staff.subject.includes(fmt(STAFF.tags.childSeats_other, { count: 2 })), staff.subject);
      assert.ok(staff.text.includes(STAFF.alerts.wheelchair), "the wheelchair's line");
      assert.ok(staff.text.includes(fmt(STAFF.alerts.childSeats_other, { count: 2 })), "the child seats' line");
      assert.ok(staff.text.includes(fmt(TEXTS.nl.funnel.mail.luggageValue_other, { count: 3 })), "the luggage");
      watch.assertClean(assert);
    }),
  );

  test("a wheelchair ticked and unticked before hydration stays unticked and is not in the mail", TIMEOUT, () =>
    onPhone(async (page, watch) => {
      const { release, fast } = await slowPhoneHeld(page);
      await visit(page, server.baseUrl, ASKED, { waitUntil: "commit", timeout: SLOW });
      await wheelchair(page).waitFor({ timeout: SLOW });
      await tapWheelchair(page);
      assert.ok(await wheelchair(page).isChecked(), "the first tap ticks the box");
      await tapWheelchair(page);
      assert.equal(await wheelchair(page).isChecked(), false, "the second unticks it");
      await assertNotHydrated(page, "ticked and unticked");
      release();
      await formInteractive(page);
      await fast();
      assert.equal(await wheelchair(page).isChecked(), false, "unticked after hydration");
      await assertNoWheelchair(await send(page, "Wil Geen Rolstoel"), "ticked and unticked");
      watch.assertClean(assert);
    }),
  );

  // The case the record of an untick is for: the server's markup has the box ticked.
  test("'book again' of a wheelchair ride, the tick undone before hydration, stays unticked", TIMEOUT, async () => {
    const earlier = await book(server, {
      departure: "Roermond",
      departurePlaceId: "g2748000",
      departureName: "Roermond",
      pickupStreet: "Markt 1",
      destination: "Venlo",
      wheelchair: "true",
      paymentMethod: "cash",
    });
    const manage = await linkIn(server, "customer-booking", earlier, `/booking/${earlier}`);
    const html = await (await fetch(new URL(manage, server.baseUrl))).text();
    const again = /href="([^"]*repeat=again[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(again, "a 'book again' link on the manage page");
    await onPhone(async (page, watch) => {
      const { release, fast } = await slowPhoneHeld(page);
      await visit(page, server.baseUrl, again, { waitUntil: "commit", timeout: SLOW });
      await wheelchair(page).waitFor({ timeout: SLOW });
      assert.ok(await wheelchair(page).isChecked(), "the server's page has the earlier ride's tick");
      await tapWheelchair(page);
      assert.equal(await wheelchair(page).isChecked(), false, "the tap unticks it");
      await assertNotHydrated(page, "unticked");
      release();
      await formInteractive(page);
      await fast();
      assert.equal(await wheelchair(page).isChecked(), false, "unticked after hydration");
      await assertNoWheelchair(await send(page, "Wil Weer Zonder"), "book again, unticked");
      watch.assertClean(assert);
    });
  });
});
