// The visitor's side, round three (issue 55), on an emulated slow phone (Chrome's "Slow 3G"
// and a 4× slower CPU, 360 px, touch): towns far away are found by their names in each
// language and priced, a place the data lacks gets the note with the phone number and no
// namesake (item 2); a street whose town is typed with one error, and a station word typed
// with one, are offered and priced once chosen (item 3); the route box's "Roermond Outlet"
// to "Düsseldorf Flughafen" or "Flughafen Köln" opens priced, without a question (item 6).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, eventually, onPhone as phone, useServerAndBrowser } from "./helpers.mjs";
import { SLOW, openSlow, text } from "./walk-kit.mjs";

const TIMEOUT = { timeout: 150_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));
const onPhone = (lang, run) => phone(browser, server.baseUrl, lang, {}, run);
const open = (page, path) => openSlow(page, server.baseUrl, path);

/** Types `typed` into the field `id`; the suggestions the server answered for it. */
async function suggestions(page, id, typed) {
  await page.locator(`#${id}`).fill("");
  await page.locator(`#${id}`).focus();
  const answered = page.waitForResponse(
    (r) => {
      const u = new URL(r.url());
      return u.pathname === "/api/place-suggestions" && u.searchParams.get("input") === typed;
    },
    { timeout: SLOW },
  );
  await page.keyboard.type(typed);
  const response = await answered;
  assert.equal(response.status(), 200, `suggestions for '${typed}'`);
  return (await response.json()).suggestions;
}

/** Taps the option whose main text is `main` among the suggestions for `typed`; its details. */
async function choose(page, id, typed, main) {
  const list = await suggestions(page, id, typed);
  const index = list.findIndex((s) => s.mainText === main);
  assert.ok(
    index >= 0,
    `'${main}' among the suggestions for '${typed}': ${JSON.stringify(list.map((s) => s.mainText))}`,
  );
  const option = page.locator(`#${id}-listbox > [role=option]`).nth(index);
  await eventually(
    `the option '${main}'`,
    () => text(option.locator(".main")),
    (t) => t === main,
    SLOW,
  );
  const details = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"), {
    timeout: SLOW,
  });
  await option.tap();
  const place = await (await details).json();
  await eventually(
    `${id}PlaceId`,
    () => page.locator(`input[name=${id}PlaceId]`).inputValue(),
    (v) => v === place.id,
    SLOW,
  );
  return { list, place };
}

const amount = async (page) => {
  const box = page.locator(".price-box .amount");
  await box.waitFor({ timeout: SLOW });
  return text(box);
};

describe("item 2: the three countries whole", () => {
  const CITIES = { de: ["Hamburg", "Hamburg"], nl: ["Berlijn", "Berlijn"], en: ["Munich", "Munich"] };
  for (const [lang, [typed, main]] of Object.entries(CITIES)) {
    test(`${lang}: '${typed}' finds the city itself, no namesake, and is priced`, TIMEOUT, () =>
      onPhone(lang, async (page, watch) => {
        await open(page, ROUTES[lang].reservation);
        await choose(page, "departure", "Roermond", "Roermond");
        const { list, place } = await choose(page, "destination", typed, main);
        assert.ok(
          !list.some((s) => /Homburg|Berlingen|Mönchengladbach/.test(s.mainText)),
          `no namesake: ${JSON.stringify(list)}`,
        );
        assert.equal(place.kind, "locality");
        assert.match(await amount(page), /\d/, "a price for the long ride");
        watch.assertClean(assert);
      }),
    );
  }

  test("de: a place the data lacks gets the note with the phone number, no namesake", TIMEOUT, () =>
    onPhone("de", async (page, watch) => {
      await open(page, ROUTES.de.reservation);
      const list = await suggestions(page, "destination", "Berchtesgaden");
      assert.deepEqual(list, [], "nothing found, nothing guessed");
      const note = page.locator("#destination-no-match");
      await note.waitFor({ state: "visible", timeout: SLOW });
      assert.ok((await text(note)).startsWith(TEXTS.de.places.noMatch), await text(note));
      assert.match(await note.locator("a").getAttribute("href"), /^tel:/, "the phone number, to call");
      assert.equal(await page.locator("#destination-listbox").isHidden(), true);
      watch.assertClean(assert);
    }),
  );
});

describe("item 3: one typing error in the town after a street, or in a station word", () => {
  test(
    "nl: 'Hamstraat 12 Roermnd' is Roermond's street, 'Venlo statoin' Venlo's station, and the ride is priced",
    TIMEOUT,
    () =>
      onPhone("nl", async (page, watch) => {
        await open(page, ROUTES.nl.reservation);
        const { list, place } = await choose(page, "departure", "Hamstraat 12 Roermnd", "Hamstraat 12");
        assert.equal(list[0].mainText, "Hamstraat 12", "first: nothing is named in full");
        assert.equal(list[0].secondaryText, "Roermond, Limburg, Nederland");
        assert.equal(place.kind, "address");
        assert.equal(place.formattedAddress, "Hamstraat 12, Roermond", "the town as it is spelled");
        await eventually(
          "the field",
          () => page.locator("#departure").inputValue(),
          (v) => v === "Hamstraat 12, Roermond",
          SLOW,
        );
        await choose(page, "destination", "Venlo statoin", "Station Venlo");
        assert.match(await amount(page), /^€ \d/);
        watch.assertClean(assert);
      }),
  );
});

describe("item 6: no question when there is no choice", () => {
  const ROUTE = {
    nl: ["Roermond Outlet", "Düsseldorf Flughafen", "€ 100,00", "Luchthaven Düsseldorf"],
    de: ["Roermond", "Flughafen Köln", "155,00 €", "Flughafen Köln/Bonn"],
    en: ["Roermond Outlet", "Düsseldorf Flughafen", "€ 100.00", "Düsseldorf Airport"],
  };
  for (const [lang, [from, to, price, airport]] of Object.entries(ROUTE)) {
    test(`${lang}: the route box's '${from}' to '${to}' opens priced, without a question`, TIMEOUT, () =>
      onPhone(lang, async (page, watch) => {
        const path = `${ROUTES[lang].reservation}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
        await open(page, path);
        assert.equal(await page.locator(".place-choice").count(), 0, "no question");
        assert.equal(await amount(page), price);
        assert.ok(
          (await page.locator("#destination").inputValue()).startsWith(airport),
          "the airport, not its station",
        );
        assert.match(await page.locator("input[name=destinationPlaceId]").inputValue(), /^a[A-Z]{3}$/);
        watch.assertClean(assert);
      }),
    );
  }
});
