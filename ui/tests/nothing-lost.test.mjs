// Nothing typed is lost, on a 360 px phone: text typed before hydration survives
// it (the bundle held back), the address fields suggest places before hydration
// and the place chosen counts after it, and the mail ⇄ WhatsApp switch keeps every
// shared field. The rest of the booking funnel is in funnel.test.mjs.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  ROUTES,
  TEXTS,
  choosePlace,
  dutchDateTime,
  onPhone as phone,
  settle,
  useServerAndBrowser,
  visit,
  waitForHydration,
} from "./helpers.mjs";

const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
const PRICE = { nl: "€ 230,00", de: "230,00 €", en: "€ 230.00" };
const TIMEOUT = { timeout: 60_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** i18next-style `{{name}}` interpolation. */
const fmt = (text, vars = {}) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars[name]));
const value = (page, selector) => page.locator(selector).inputValue();

const onPhone = (lang, options, run) => phone(browser, server.baseUrl, lang, options, run);

describe("nothing typed is lost", () => {
  for (const lang of ["de"]) {
    test(`${lang}: text typed before hydration survives it`, TIMEOUT, () =>
      onPhone(lang, {}, async (page, watch) => {
        // Hold the client bundle back until the visitor has typed.
        let release;
        const held = new Promise((r) => (release = r));
        await page.route(/\/assets\/client-[a-z]+-[a-z]{2}\.[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await visit(page, server.baseUrl, ROUTES[lang].reservation, { waitUntil: "commit" });
        await page.locator("#remarks").waitFor();
        const typed = {
          "#departure": "Venlo",
          "#destination": "Weeze",
          "#dateTime": dutchDateTime(3, "06:45"),
          "#returnDateTime": dutchDateTime(6, "21:10"),
          "#passengerAmount": "2",
          "#name": "Voor Hydratie",
          "#email": "vroeg@example.com",
          "#phone": "0475 123456",
          "#remarks": "Een rolstoel",
        };
        for (const [selector, text] of Object.entries(typed)) await page.fill(selector, text);
        await page.check("input[name=paymentMethod][value=cash]");
        assert.equal(
          await page.evaluate(() =>
            Object.keys(document.getElementById("root")).some((k) => k.startsWith("__reactContainer")),
          ),
          false,
          "not hydrated yet",
        );
        release();
        await waitForHydration(page);
        await settle(page, 300);
        for (const [selector, text] of Object.entries(typed))
          assert.equal(await value(page, selector), text, `${selector} after hydration`);
        assert.equal(
          await page.locator("input[name=paymentMethod]:checked").getAttribute("value"),
          "cash",
          "payment method after hydration",
        );
        // React owns the values now: the form sends what was typed.
        await page.fill("#passengerAmount", "6");
        await page.getByText(fmt(TEXTS[lang].funnel.largeVehicle_other, { count: 6 })).waitFor();
        watch.assertClean(assert);
      }),
    );
  }
  for (const lang of ["nl"]) {
    test(
      `${lang}: before hydration the address fields suggest places, and the place chosen counts after it`,
      TIMEOUT,
      () =>
        onPhone(lang, {}, async (page, watch) => {
          let release;
          const held = new Promise((r) => (release = r));
          await page.route(/\/assets\/client-[a-z]+-[a-z]{2}\.[^/]*\.js$/, async (route) => {
            await held;
            await route.continue();
          });
          await visit(page, server.baseUrl, ROUTES[lang].reservation, { waitUntil: "commit" });
          await page.waitForFunction(() => performance.getEntriesByName("form-usable").length > 0);
          await page.locator("#departure").fill("roerm");
          const option = page
            .locator("#departure-listbox > [role=option]")
            .filter({ has: page.locator(".main", { hasText: /^Roermond$/ }) });
          await option.tap();
          assert.equal(await value(page, "#departure"), "Roermond");
          assert.equal(await page.locator("#departure-listbox").isHidden(), true, "the list closes on the choice");
          assert.equal(
            await page.evaluate(() => performance.getEntriesByName("form-interactive").length),
            0,
            "not hydrated yet",
          );
          // Typed and not yet answered when the form hydrates: the form's own list answers.
          await page.locator("#destination").fill("schip");
          release();
          await page.locator("#destination-listbox > [role=option]").filter({ hasText: AIRPORT[lang] }).click();
          await page.locator(".price-box .amount").waitFor();
          assert.equal(
            (await page.locator(".price-box .amount").textContent()).trim(),
            PRICE[lang],
            "the early choice is priced after hydration",
          );
          watch.assertClean(assert);
        }),
    );
  }
  for (const lang of ["en"]) {
    test(`${lang}: the mail ⇄ WhatsApp switch keeps every shared field`, TIMEOUT, () =>
      onPhone(lang, {}, async (page, watch) => {
        await visit(page, server.baseUrl, ROUTES[lang].reservation);
        await waitForHydration(page);
        const departure = await choosePlace(page, "departure", "roerm", "Roermond");
        await page.fill("#pickupStreet", "Markt 1");
        await choosePlace(page, "destination", "schip", AIRPORT[lang]);
        const shared = {
          "#dateTime": dutchDateTime(2, "10:00"),
          "#returnDateTime": dutchDateTime(4, "12:00"),
          "#passengerAmount": "3",
          "#name": "Wissel Test",
          "#remarks": "Twee koffers",
        };
        for (const [selector, text] of Object.entries(shared)) await page.fill(selector, text);
        await page.fill("#email", "wissel@example.com");
        await page.check("input[name=paymentMethod][value=debitcard]");
        await page.locator("nav.toggle a").nth(1).click();
        await page.waitForURL(/mode=whatsapp/);
        assert.equal(await page.locator("#email").count(), 0, "the WhatsApp form");
        const kept = async () => {
          for (const [selector, text] of Object.entries(shared))
            assert.equal(await value(page, selector), text, `${selector} kept`);
          assert.equal(await value(page, "#departure"), departure.formattedAddress);
          assert.equal(await value(page, "input[name=departurePlaceId]"), departure.id);
          assert.equal(await value(page, "#pickupStreet"), "Markt 1");
          assert.equal(await page.locator("input[name=paymentMethod]:checked").getAttribute("value"), "debitcard");
        };
        await kept();
        await page.locator("nav.toggle a").nth(0).click();
        await page.locator("#email").waitFor();
        await kept();
        assert.equal(await value(page, "#email"), "wissel@example.com", "the mail form's own field is back too");
        watch.assertClean(assert);
      }),
    );
  }
});
