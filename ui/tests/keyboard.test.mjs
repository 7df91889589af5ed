// The mail booking with the keyboard alone (in English; the keys do not depend on the language): the tab order
// follows the visual order with a visible focus on every stop, a failed send puts
// the focus on the error summary, its links lead to the fields, the address
// comboboxes work with arrow keys and Enter, and the booking goes out.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  ROUTES,
  TEXTS,
  choosePlace,
  dutchDateTime,
  eventually,
  useServerAndBrowser,
  visit,
  visitorContext,
  waitForHydration,
  watchPage,
} from "./helpers.mjs";

const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
const VIA = (lang) => `summary "${TEXTS[lang].funnel.form.viaAdd}"`;
const FORM_ORDER = [
  "departure",
  "via",
  "destination",
  "action=price",
  "dateTime",
  "returnDateTime",
  "passengerAmount",
  "luggage",
  "childSeats",
  "wheelchair",
  "name",
  "email",
  "phone",
  "remarks",
  "paymentMethod",
  "action=send",
];

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The focused element: a name for it, where it is on the page, and whether its focus shows. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== "none";
    const key =
      el.id ||
      (el.name ? `${el.name}${el.tagName === "BUTTON" ? `=${el.value}` : ""}` : "") ||
      `${el.tagName.toLowerCase()} "${el.textContent.trim()}"`;
    return {
      key,
      name: el.getAttribute("name"),
      top: r.top + scrollY,
      left: r.left + scrollX,
      bottom: r.bottom + scrollY,
      visibleFocus: outline || shadow,
      inForm: !!el.closest("form"),
    };
  });

/**
 * The order in which this Chromium's datetime-local takes its parts (it follows
 * the browser's own locale, not the page's), found on a throwaway page.
 */
async function dateTyping(context) {
  const probe = await context.newPage();
  await visit(probe, server.baseUrl, ROUTES.nl.reservation);
  await probe.focus("#dateTime");
  await probe.keyboard.type("01022030");
  await probe.keyboard.press("Tab"); // a year may have more digits: Tab moves on to the hour
  await probe.keyboard.type("1330"); // 13 h reads the same on a 12- and a 24-hour clock
  const dayFirst = (await probe.inputValue("#dateTime")).startsWith("2030-02-01");
  await probe.close();
  /** Types `YYYY-MM-DDTHH:MM` into the focused date field, part by part. */
  return async (page, value) => {
    const [, y, m, d, hh, mm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
    await page.keyboard.type(dayFirst ? `${d}${m}${y}` : `${m}${d}${y}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type(`${hh}${mm}`);
    // A 12-hour clock waits for AM/PM.
    if (!(await page.inputValue("#dateTime"))) await page.keyboard.type(Number(hh) < 12 ? "A" : "P");
  };
}

async function tab(page, shift = false) {
  await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
  return focused(page);
}

describe("mail booking by keyboard only", () => {
  // The tab order and the keys do not depend on the language; one is enough.
  for (const lang of ["en"]) {
    test(`${lang}`, { timeout: 60_000 }, async () => {
      const context = await visitorContext(browser, server.baseUrl, lang, { viewport: { width: 360, height: 740 } });
      context.setDefaultTimeout(10_000);
      const typeDateTime = await dateTyping(context);
      const page = await context.newPage();
      const watch = watchPage(page, server.baseUrl);
      try {
        await visit(page, server.baseUrl, ROUTES[lang].reservation);
        await waitForHydration(page);

        // 1. Tab through the whole page: reading order, focus always visible.
        const stops = [];
        for (let i = 0; i < 80; i++) {
          const stop = await tab(page);
          if (!stop || (stops.length && stop.key === stops[0].key)) break;
          stops.push(stop);
        }
        assert.ok(stops.length > 15, `tab stops: ${stops.map((s) => s.key).join(", ")}`);
        for (const stop of stops)
          assert.ok(stop.visibleFocus, `focus is visible on ${stop.key}: ${JSON.stringify(stop)}`);
        for (let i = 1; i < stops.length; i++) {
          const [a, b] = [stops[i - 1], stops[i]];
          const sameRow = b.top < a.bottom && b.left > a.left;
          assert.ok(
            b.top >= a.top - 2 || sameRow,
            `${b.key} (at ${Math.round(b.top)}) comes after ${a.key} (at ${Math.round(a.top)}) but lies above it`,
          );
        }
        const formStops = stops
          .filter((s) => s.inForm)
          .map((s) => (s.name === "paymentMethod" ? "paymentMethod" : s.key === VIA(lang) ? "via" : s.key))
          .filter((key, i, all) => key !== all[i - 1]); // the date field's parts are stops of their own
        assert.deepEqual(formStops, FORM_ORDER, "the form's tab order");

        // 2. Send the empty form: the error summary takes the focus.
        while ((await focused(page))?.key !== "action=send") await tab(page, true);
        await page.keyboard.press("Enter");
        await eventually(
          "focus on the error summary",
          () => page.evaluate(() => document.activeElement?.className),
          (c) => c === "error-summary",
        );

        // 3. The summary's first link leads to the pick-up field; fill in the form from there.
        assert.equal((await tab(page)).key, `a "${TEXTS[lang].validation.departureRequired}"`);
        await page.keyboard.press("Enter");
        await eventually(
          "focus on #departure",
          () => focused(page),
          (f) => f?.key === "departure",
        );
        await choosePlace(page, "departure", "roerm", "Roermond");
        // A whole town: the street comes next.
        assert.equal((await tab(page)).key, "pickupStreet");
        await page.keyboard.type("Markt 1");
        // The folded stop on the way, then the destination.
        assert.equal((await tab(page)).key, VIA(lang));
        assert.equal((await tab(page)).key, "destination");
        await choosePlace(page, "destination", "schip", AIRPORT[lang]);
        // Both places chosen: the price comes by itself, right under them.
        await page.locator(".price-box .amount").waitFor();
        assert.equal((await tab(page)).key, "action=price");
        assert.equal((await tab(page)).key, "dateTime");
        const when = dutchDateTime(3, "10:15");
        await typeDateTime(page, when);
        assert.equal(await page.inputValue("#dateTime"), when, "the date and time typed");
        let next = await tab(page);
        while (next?.key === "dateTime") next = await tab(page); // Tab walks the date's parts first
        assert.equal(next.key, "returnDateTime");
        while (next?.key === "returnDateTime") next = await tab(page);
        // A ride to the airport: the departing flight is asked too.
        assert.equal(next.key, "flightNumber");
        assert.equal((await tab(page)).key, "passengerAmount");
        await page.keyboard.type("3");
        for (const need of ["luggage", "childSeats", "wheelchair"]) assert.equal((await tab(page)).key, need);
        assert.equal((await tab(page)).key, "name");
        await page.keyboard.type("Kees Toetsenbord");
        assert.equal((await tab(page)).key, "email");
        await page.keyboard.type("kees@example.com");
        assert.equal((await tab(page)).key, "phone");
        await page.keyboard.type("0475 123456");
        assert.equal((await tab(page)).key, "remarks");
        await page.keyboard.type("Kinderzitje");
        next = await tab(page);
        assert.equal(next.name, "paymentMethod");
        await page.keyboard.press("Space");
        assert.equal(
          await page.locator("input[name=paymentMethod]:checked").count(),
          1,
          "a payment method chosen with Space",
        );
        assert.equal((await tab(page)).key, "action=send");
        await page.keyboard.press("Enter");
        const box = page.locator(".success-box");
        await box.waitFor();
        assert.match((await box.textContent()).trim(), /R-[A-Z0-9]{6}/);
        await eventually(
          "focus on the success box",
          () => page.evaluate(() => document.activeElement?.className),
          (c) => c === "success-box",
        );
        // The empty form was answered by the server (every error in one round): that 400, and its console line, only.
        const rejected = (r) => r.status === 400 && new URL(r.url).pathname === `/api/reservation/${lang}`;
        assert.equal(watch.errorResponses.filter(rejected).length, 1, watch.summary());
        watch.errorResponses = watch.errorResponses.filter((r) => !rejected(r));
        watch.console = watch.console.filter((c) => !(c.type === "error" && /status of 400\b/.test(c.text)));
        watch.assertClean(assert);
      } finally {
        await context.close();
      }
    });
  }
});
