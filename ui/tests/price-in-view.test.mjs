// Never a guessed place, and the price where the visitor looks, on a 360 × 640
// phone: the route box's "Düsseldorf" opens as a question (town or airport)
// that is on the screen and focused; the choice brings its price by itself,
// on the screen; two places chosen in the form bring the price without a
// button, under the fields, on one line. Without JavaScript the question is
// radio buttons the price button posts. On a 360 × 440 screen (a phone with its
// keyboard up) a low field's suggestion list opens where it can be seen, and an
// address that finds nothing is not answered with "choose from the list". On a
// slow connection, a price held back until the route changed never shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ROUTES,
  pricedToSchiphol,
  TEXTS,
  choosePlace,
  eventually,
  inView,
  onPhone as phone,
  useServerAndBrowser,
  visit,
  waitForHydration,
} from "./helpers.mjs";

const TIMEOUT = { timeout: 60_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const onPhone = (lang, options, run) => phone(browser, server.baseUrl, lang, options, run);

/** Opens the reservation page from the home page's route box. */
async function routeBox(page, lang, from, to) {
  const t = TEXTS[lang].funnel.routeBox;
  await visit(page, server.baseUrl, ROUTES[lang].home);
  await page.getByLabel(t.from, { exact: true }).fill(from);
  await page.getByLabel(t.to, { exact: true }).fill(to);
  await Promise.all([page.waitForURL(/from=/), page.getByRole("button", { name: t.submit }).click()]);
}

test("nl: the route box's 'Düsseldorf' is a question on the screen; the choice brings its price", TIMEOUT, () =>
  onPhone("nl", {}, async (page, watch) => {
    const t = TEXTS.nl;
    await routeBox(page, "nl", "Roermond", "Düsseldorf");
    await waitForHydration(page);
    const question = page.locator("fieldset.place-choice");
    assert.equal((await question.locator("legend").textContent()).trim(), t.funnel.choosePlace);
    assert.ok(await inView(question), "the question is on the screen");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "price", "and focused");
    assert.equal(await page.locator(".price-box").count(), 0, "no price before the choice");
    const options = (await question.locator("label .main").allTextContents()).map((s) => s.trim());
    assert.deepEqual(options.slice(0, 1), [`Düsseldorf (${t.places.town})`], `the town first: ${options}`);
    assert.ok(options.includes("Luchthaven Düsseldorf"), `and its airport: ${options}`);

    // A click, not check(): the question goes once answered, radio and all.
    await question.getByLabel(/Luchthaven Düsseldorf/).click();
    const amount = page.locator(".price-box .amount");
    await amount.waitFor();
    assert.equal((await amount.textContent()).trim(), "€ 100,00");
    assert.equal(await page.locator("input[name=destinationPlaceId]").inputValue(), "aDUS");
    assert.match(await page.locator("#destination").inputValue(), /Luchthaven Düsseldorf/);
    await eventually("the price on the screen", () => inView(amount), Boolean);
    assert.equal(await question.count(), 0, "the question is answered");
    watch.assertClean(assert);
  }),
);

test("en: two places chosen bring the price without a button, on the screen and on one line", TIMEOUT, () =>
  onPhone("en", {}, async (page, watch) => {
    const amount = await pricedToSchiphol(page, server.baseUrl);
    assert.equal((await amount.textContent()).trim(), "€ 230.00");
    await eventually("the price on the screen", () => inView(amount), Boolean);
    assert.equal(await amount.evaluate((el) => el.getClientRects().length), 1, "the amount does not wrap");
    assert.equal(
      watch.requests.filter((r) => new URL(r).pathname.startsWith("/api/places/")).length,
      1,
      "one price request for the two choices",
    );
    // A return time adds the ride back and the total; clearing it takes them away.
    await page.fill("#returnDateTime", "2031-05-06T18:00");
    await eventually(
      "three amounts",
      () => amount.count(),
      (n) => n === 3,
    );
    assert.match(await page.locator(".price-total").textContent(), /€ 465\.00/);
    await page.fill("#returnDateTime", "");
    await eventually(
      "one amount",
      () => amount.count(),
      (n) => n === 1,
    );
    watch.assertClean(assert);
  }),
);

test("en: six passengers bring the taxibus's price, said in words, without moving the screen", TIMEOUT, () =>
  onPhone("en", {}, async (page, watch) => {
    const amount = await pricedToSchiphol(page, server.baseUrl);
    assert.equal((await amount.textContent()).trim(), "€ 230.00", "a car's price");
    const field = page.locator("#passengerAmount");
    await field.scrollIntoViewIfNeeded();
    await field.fill("6");
    const where = async () => (await field.boundingBox()).y;
    const before = await where();
    await eventually(
      "the taxibus's price",
      async () => (await amount.textContent()).trim(),
      (text) => text === "€ 245.00",
    );
    const words = await page.locator(".price-box .hint").first().textContent();
    assert.ok(words.endsWith("Taxibus for 6 passengers: + € 15.00."), words);
    // A longer explanation above may grow the page; the browser keeps the field where it was.
    assert.ok(
      Math.abs((await where()) - before) < 40,
      `the field stays where the visitor types: ${before} → ${await where()}`,
    );
    assert.ok(await inView(field), "the passengers field is still on the screen");
    await field.fill("3");
    await eventually(
      "a car's price again",
      async () => (await amount.textContent()).trim(),
      (text) => text === "€ 230.00",
    );
    watch.assertClean(assert);
  }),
);

test("de: without JavaScript the question is radio buttons the price button posts", TIMEOUT, () =>
  onPhone("de", { javaScriptEnabled: false }, async (page) => {
    await routeBox(page, "de", "Roermond", "Köln");
    const question = page.locator("fieldset.place-choice");
    await question.getByLabel(/Köln\/Bonn/).check();
    await page.getByRole("button", { name: TEXTS.de.form.getPrice, exact: true }).click();
    const amount = page.locator(".price-box .amount");
    await amount.waitFor();
    assert.match(await page.locator(".price-box").textContent(), /Köln\/Bonn/);
  }),
);

test("nl: on a 360 × 440 screen the destination's list opens in view, not under the keyboard", TIMEOUT, () =>
  onPhone("nl", { viewport: { width: 360, height: 440 } }, async (page) => {
    await visit(page, server.baseUrl, ROUTES.nl.reservation);
    await waitForHydration(page);
    await page.locator("#destination").focus();
    await page.keyboard.type("schip");
    const list = page.locator("#destination-listbox");
    await list.waitFor({ state: "visible" });
    await eventually(
      "the list within the screen",
      () =>
        list.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      Boolean,
    );
    assert.ok(await inView(page.locator("#destination")), "the field stays in view above its list");
  }),
);

test("en: an address that finds nothing is not told to choose from the list", TIMEOUT, () =>
  onPhone("en", {}, async (page) => {
    const t = TEXTS.en;
    await visit(page, server.baseUrl, ROUTES.en.reservation);
    await waitForHydration(page);
    await page.locator("#departure").focus();
    await page.keyboard.type("Qxzvbn Wqrt");
    await page.locator("#departure-no-match").waitFor();
    await page.getByRole("button", { name: t.form.getPrice, exact: true }).click();
    await page.locator("#departure-error").waitFor();
    assert.equal((await page.locator("#departure-error").textContent()).trim(), t.places.noMatch);
    assert.equal((await page.locator("#destination-error").textContent()).trim(), t.validation.destinationRequired);
  }),
);

test("en: on a slow connection a price that arrives after the destination changed is never shown", TIMEOUT, () =>
  onPhone("en", {}, async (page, watch) => {
    await visit(page, server.baseUrl, ROUTES.en.reservation);
    await waitForHydration(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 20_000,
    });
    // The first price request is held back until the second has been answered.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    let first = true;
    await page.route("**/api/places/**", async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await choosePlace(page, "departure", "roerm", "Roermond");
    await choosePlace(page, "destination", "schip", "Schiphol Airport");
    await eventually(
      "the Schiphol price asked",
      () => watch.requests.filter((r) => new URL(r).pathname.startsWith("/api/places/")).length,
      (n) => n === 1,
    );
    await page.fill("#destination", "");
    await choosePlace(page, "destination", "venl", "Venlo");
    const amount = page.locator(".price-box .amount");
    await amount.waitFor();
    const venlo = (await amount.textContent()).trim();
    assert.notEqual(venlo, "€ 230.00");
    const late = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith("/api/places/") && r.url().includes("aAMS"),
    );
    release();
    await late;
    await page.waitForTimeout(300);
    assert.deepEqual(await amount.allTextContents(), [venlo], "the late Schiphol price stays away");
  }),
);
