// "Book this ride again" from the manage page on a slow 360 × 740 phone (slow 3G, 4× CPU), with and without
// JavaScript: the reservation page arrives filled in by the server and opens at the one empty
// field, the date, focused and on the screen with its label (no scroll, no tap to find it);
// hydration leaves it so. A round trip's return ride comes along: with JavaScript the return
// field follows the new date (the same time of day, as many days after), without it a note
// beside the field says when it was and Tab leads there. A repeat booking is counted in taps
// and keys, the figures printed (docs/booking-life.md, "Book again").
import { test } from "node:test";
import assert from "node:assert/strict";
import { decoded, mailOf } from "./mails.mjs";
import { LANG, book, linkIn, open } from "./customer-links.mjs";
import { TEXTS, dutchDateTime, inView, useServerAndBrowser, waitForHydration } from "./helpers.mjs";
import { slowPhone, typeDateTime } from "./walk-kit.mjs";

const TIMEOUT = { timeout: 150_000 };
const SLOW = 60_000;
const T = TEXTS[LANG].manage;

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The focused element's id. */
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? "");

/** Asserts the page shows field `id` focused, it and its label on the screen; its top (px). */
async function assertOpensAt(page, id, state) {
  assert.equal(await focused(page), id, `${state}: the page opens with #${id} focused`);
  for (const part of [`label[for=${id}]`, `#${id}`]) {
    const box = await page.locator(part).boundingBox();
    assert.ok(await inView(page.locator(part)), `${state}: ${part} on the 360 × 740 screen: ${JSON.stringify(box)}`);
  }
  return Math.round((await page.locator(`#${id}`).boundingBox()).y);
}

/** A round trip booked, then booked again from its manage page; the taps, keys and the date's y. */
async function bookAgain(t, javaScriptEnabled) {
  const state = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const reference = await book(server, {
    departure: "Roermond",
    departurePlaceId: "g2748000",
    departureName: "Roermond",
    pickupStreet: "Markt 1",
    destination: "Luchthaven Schiphol",
    destinationPlaceId: "aAMS",
    destinationName: "Luchthaven Schiphol",
    paymentMethod: "cash",
    returnDateTime: dutchDateTime(3, "18:30"),
  });
  const manage = await linkIn(server, "customer-booking", reference, `/booking/${reference}`);
  const { page, close } = await open(browser, server, manage, { javaScriptEnabled });
  let [taps, keys] = [0, 0];
  try {
    // From the manage page on, a slow phone (issue 55, item 11).
    await slowPhone(page);
    page.setDefaultTimeout(SLOW);
    await Promise.all([
      page.waitForNavigation({ timeout: SLOW }),
      page.getByRole("link", { name: T.again.same }).click(),
    ]);
    taps += 1;
    assert.equal(new URL(page.url()).pathname, "/reservation");
    // Filled in by the server: the values are in the page before any script runs.
    const filled = {
      name: "Anna de Wit",
      email: "anna@example.com",
      phone: "+31 6 12345678",
      passengerAmount: "2",
      pickupStreet: "Markt 1",
      dateTime: "",
      returnDateTime: "",
    };
    for (const [id, value] of Object.entries(filled))
      assert.equal(await page.locator(`#${id}`).inputValue(), value, `${state}: ${id}`);
    assert.equal(await page.locator("input[name=departurePlaceId]").inputValue(), "g2748000");
    assert.equal(await page.locator("input[name=destinationPlaceId]").inputValue(), "aAMS");
    assert.equal(await page.locator("input[name=paymentMethod][value=cash]").isChecked(), true);
    if (javaScriptEnabled) await waitForHydration(page, SLOW);
    const y = await assertOpensAt(page, "dateTime", state);
    const note = await page.locator("#returnDateTime-earlier").innerText();
    assert.equal(note, "Your earlier booking had a return ride at 18:30 the same day.", state);

    // The date and time typed at once (the field has the focus), as a person does.
    const when = dutchDateTime(6, "09:45");
    const back = `${when.slice(0, 10)}T18:30`;
    keys += await typeDateTime(page, "dateTime", when);
    assert.equal(await page.locator("#dateTime").inputValue(), when, `${state}: the date and time as typed`);
    if (javaScriptEnabled) {
      assert.equal(await page.locator("#returnDateTime").inputValue(), back, "the return ride follows the date");
    } else {
      // The next field is the return ride's: Tab (twice where the date field's calendar button
      // takes one), and its date and time as the note says.
      for (let tabs = 0; tabs < 2 && (await focused(page)) !== "returnDateTime"; tabs += 1) {
        await page.keyboard.press("Tab");
        keys += 1;
      }
      assert.equal(await focused(page), "returnDateTime", "Tab leads to the return ride");
      keys += await typeDateTime(page, "returnDateTime", back);
    }
    await page.getByRole("button", { name: TEXTS[LANG].form.submitMail }).click();
    taps += 1;
    const box = page.locator(".success-box");
    await box.waitFor();
    const again = /R-[A-Z0-9]{6}/.exec(await box.innerText())[0];
    assert.notEqual(again, reference, "a new booking");
    const staff = decoded(await mailOf(server, "staff-booking", again));
    for (const value of [
      "Anna de Wit",
      "anna@example.com",
      "+31 6 12345678",
      "Markt 1",
      "Schiphol",
      "09:45",
      "18:30",
    ]) {
      assert.ok(staff.includes(value), `${state}: the new booking's staff mail names ${value}`);
    }
    // Nothing kept in the browser: the server filled the form from the signed link.
    if (javaScriptEnabled) {
      const stored = await page.evaluate(() => localStorage.length + sessionStorage.length);
      assert.equal(stored, 0, "nothing in the browser's storage");
    }
    t.diagnostic(`book again ${state}: the date field at y = ${y} px, focused; ${taps} taps and ${keys} keys`);
    return { taps, keys };
  } finally {
    await close();
  }
}

test(
  "book this ride again with JavaScript: the page opens at the date, focused, and the return ride follows it",
  TIMEOUT,
  async (t) => {
    const { taps, keys } = await bookAgain(t, true);
    assert.equal(taps, 2, "the link and Send");
    assert.ok(keys <= 14, `the date's and time's digits, a Tab past the year (AM/PM on a 12-hour clock): ${keys}`);
  },
);

test(
  "book this ride again without JavaScript: the page opens at the date, focused, the return time beside its field",
  TIMEOUT,
  async (t) => {
    const { taps, keys } = await bookAgain(t, false);
    assert.equal(taps, 2, "the link and Send");
    assert.ok(keys <= 30, `the date and time, Tab (two), the return's date and time: ${keys}`);
  },
);
