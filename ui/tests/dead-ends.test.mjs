// No dead ends on a 360 × 640 phone: the "nothing found" note under the
// destination is part of the page, so the price button below it is neither
// covered nor robbed of its taps; and without JavaScript the price button's
// post opens its answer at the price (or at the question which place is meant),
// within the first screen, not at the top of the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LANGS,
  ROUTES,
  TEXTS,
  choosePlace,
  eventually,
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
const priceButton = (page, lang) => page.getByRole("button", { name: TEXTS[lang].form.getPrice, exact: true });
/** Whether the element lies on the screen (a pixel's rounding above its top edge allowed). */
const onScreen = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= window.innerHeight + 1;
  });

test("nl: the 'nothing found' note pushes the price button down and a tap on it asks the price", TIMEOUT, () =>
  onPhone("nl", {}, async (page, watch) => {
    const t = TEXTS.nl;
    await visit(page, server.baseUrl, ROUTES.nl.reservation);
    await waitForHydration(page);
    await choosePlace(page, "departure", "roerm", "Roermond");
    await page.locator("#destination").focus();
    await page.keyboard.type("Qxzvbn Wqrt");
    const note = page.locator("#destination-no-match");
    await note.waitFor();
    const button = priceButton(page, "nl");
    await button.scrollIntoViewIfNeeded();
    const [noteBox, buttonBox] = [await note.boundingBox(), await button.boundingBox()];
    assert.ok(
      noteBox.y + noteBox.height <= buttonBox.y,
      `the note ends above the button: ${JSON.stringify({ noteBox, buttonBox })}`,
    );
    const centre = { x: buttonBox.x + buttonBox.width / 2, y: buttonBox.y + buttonBox.height / 2 };
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.value ?? null,
      centre,
    );
    assert.equal(hit, "price", "the price button is what a finger there touches");
    // A finger, not Playwright's click (which would wait for the button to be free).
    await page.touchscreen.tap(centre.x, centre.y);
    const error = page.locator("#destination-error");
    await error.waitFor();
    assert.equal((await error.textContent()).trim(), t.places.noMatch, "the tap reached the button: it answered");
    assert.equal(await note.count(), 0, "the field's error says it now, once");
    watch.assertClean(assert);
  }),
);

// Without JavaScript the typed places are read by the server: a town's whole
// name is that town. The price row lies below the first screen of the page.
const TYPED = { nl: ["Roermond", "Venlo"], de: ["Roermond", "Mönchengladbach"], en: ["Roermond", "Weert"] };

for (const lang of LANGS) {
  test(`${lang}: without JavaScript the price post opens at the price, within the first screen`, TIMEOUT, () =>
    onPhone(lang, { javaScriptEnabled: false }, async (page) => {
      await visit(page, server.baseUrl, ROUTES[lang].reservation);
      const [from, to] = TYPED[lang];
      await page.fill("#departure", from);
      await page.fill("#destination", to);
      const amount = page.locator(".price-box .amount");
      await Promise.all([page.waitForURL(/#price$/), priceButton(page, lang).click()]);
      await amount.first().waitFor();
      await eventually("the price on the first screen", () => onScreen(amount.first()), Boolean);
      assert.match(await page.locator("#departure").inputValue(), new RegExp(from), "the typed place is kept");
      // What the anchor is for: from the top of the page the price is out of sight.
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await onScreen(amount.first()), false, "below the first screen at the top of the page");
    }),
  );
}

test(
  "de: without JavaScript the answer to a town that is also an airport opens at the question, " +
    "and its price at the price",
  TIMEOUT,
  () =>
    onPhone("de", { javaScriptEnabled: false }, async (page) => {
      await visit(page, server.baseUrl, ROUTES.de.reservation);
      await page.fill("#departure", "Roermond");
      await page.fill("#destination", "Düsseldorf");
      await Promise.all([page.waitForURL(/#price$/), priceButton(page, "de").click()]);
      const question = page.locator("fieldset.place-choice");
      await question.waitFor();
      assert.ok(await onScreen(question), "the question is on the first screen");
      assert.ok(await onScreen(page.locator("#destination")), "below the field it asks about");
      await question.getByLabel(/Flughafen Düsseldorf/).check();
      await Promise.all([page.waitForNavigation(), priceButton(page, "de").click()]);
      const amount = page.locator(".price-box .amount");
      await amount.first().waitFor();
      assert.ok(await onScreen(amount.first()), "the airport's price on the first screen");
      assert.match(await page.locator(".price-box").textContent(), /Flughafen Düsseldorf/);
    }),
);
