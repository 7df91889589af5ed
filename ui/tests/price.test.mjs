// The address comboboxes and the price indication of the reservation form, driven
// by keyboard in a real browser (Debian's Chromium through playwright-core) against
// the release binary and its built-in place data. One server and one browser for
// the whole file; per language one page that walks through the steps in order.
// Run from ui/: npm test. Screenshots go to <repo>/test-output/screenshots/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  LANGS,
  LOCALES,
  TEXTS,
  eventually,
  screenshotDir,
  settle,
  snapshot,
  useServerAndBrowser,
  visit,
  waitForHydration,
  watchPage,
} from "./helpers.mjs";

const PATHS = { nl: "/reserveren", de: "/reservieren", en: "/reservation" };

/** What the built-in place data and the fixed-price table give for Roermond → Schiphol. */
const EXPECTED = {
  nl: { airport: "Luchthaven Schiphol", price: "€ 230,00" },
  de: { airport: "Flughafen Schiphol", price: "230,00 €" },
  en: { airport: "Schiphol Airport", price: "€ 230.00" },
};
/** The place-missing error, word for word (not read from the locale files, so a changed text fails). */
const PLACE_MISSING = {
  nl: "Selecteer alstublieft een adres uit het keuzemenu",
  de: "Bitte wählen Sie eine Adresse aus dem Dropdown-Feld",
  en: "Please select an address from the dropdown field",
};

const screenshots = screenshotDir();

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** i18next-style `{{name}}` interpolation of a locale text. */
const fmt = (text, vars = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    assert.ok(name in vars, `no value for {{${name}}} in "${text}"`);
    return String(vars[name]);
  });

const text = async (locator) => (await locator.textContent())?.trim() ?? null;

/** The parts of one address combobox. */
function combobox(page, id) {
  const field = page.locator(`.field.combobox:has(> #${id})`);
  return {
    id,
    field,
    input: page.locator(`#${id}`),
    listbox: page.locator(`#${id}-listbox`),
    options: page.locator(`#${id}-listbox > [role=option]`),
    status: field.locator("[role=status]"),
    placeId: page.locator(`input[type=hidden][name=${id}PlaceId]`),
    error: field.locator(`#${id}-error`),
  };
}

const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? null);
/**
 * Presses `key` (Tab or Shift+Tab) until `id` has the focus: the street field comes and goes
 * between the route fields.
 */
async function keyTo(page, id, key = "Tab") {
  for (let i = 0; i < 3 && (await activeId(page)) !== id; i++) await page.keyboard.press(key);
}

/** The place API calls the page made, in order, from the watcher's request log. */
function placeCalls(watch, from = 0, to = watch.requests.length) {
  return watch.requests
    .slice(from, to)
    .map((raw) => new URL(raw))
    .filter((u) => u.origin === server.baseUrl && u.pathname.startsWith("/api/place"))
    .map((u) => ({
      kind:
        u.pathname === "/api/place-suggestions"
          ? "suggestions"
          : u.pathname.startsWith("/api/place-details/")
            ? "details"
            : u.pathname.startsWith("/api/places/")
              ? "price"
              : u.pathname,
      path: u.pathname,
      input: u.searchParams.get("input"),
      lang: u.searchParams.get("lang"),
      session: u.searchParams.get("session"),
    }));
}

/**
 * Types into the focused combobox and waits until its listbox shows the
 * suggestions and the live region has announced how many there are.
 */
async function typeAndWaitForList(page, box, lang, typed, expectedValue) {
  assert.equal(await activeId(page), box.id, `#${box.id} has the focus before typing`);
  await page.keyboard.type(typed);
  assert.equal(await box.input.inputValue(), expectedValue, `#${box.id} value after typing`);
  await box.listbox.waitFor({ state: "visible" });
  const count = await eventually(
    `options in #${box.id}-listbox`,
    () => box.options.count(),
    (n) => n > 0,
  );
  assert.equal(
    await box.input.getAttribute("aria-expanded"),
    "true",
    `#${box.id} aria-expanded while the list is open`,
  );
  assert.equal(await box.input.getAttribute("aria-controls"), `${box.id}-listbox`, `#${box.id} aria-controls`);
  const announced = fmt(TEXTS[lang].form[count === 1 ? "suggestionsCount_one" : "suggestionsCount_other"], { count });
  await eventually(
    `live region of #${box.id}`,
    () => text(box.status),
    (s) => s === announced,
  );
  assert.equal(await box.status.getAttribute("aria-live"), "polite");
  return count;
}

/** ArrowDown to the first option and Enter; waits for the place details and returns them. */
async function chooseFirst(page, box, expectedFirst) {
  const first = box.options.first();
  assert.equal(await text(first.locator(".main")), expectedFirst, `first option of #${box.id}-listbox`);
  await page.keyboard.press("ArrowDown");
  await eventually(
    `#${box.id} aria-activedescendant`,
    () => box.input.getAttribute("aria-activedescendant"),
    (v) => v === `${box.id}-option-0`,
  );
  assert.equal(await first.getAttribute("id"), `${box.id}-option-0`, "the active descendant is the first option");
  const selected = await box.options.evaluateAll((options) => options.map((o) => o.getAttribute("aria-selected")));
  assert.deepEqual(
    selected,
    selected.map((_, i) => (i === 0 ? "true" : "false")),
    `aria-selected of the options of #${box.id}`,
  );

  const detailsResponse = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
  await page.keyboard.press("Enter");
  const response = await detailsResponse;
  assert.equal(response.status(), 200, `place details status: ${response.url()}`);
  const details = await response.json();
  assert.ok(details.id && details.formattedAddress, `place details answer: ${JSON.stringify(details)}`);

  await eventually(
    `#${box.id} value after choosing`,
    () => box.input.inputValue(),
    (v) => v === details.formattedAddress,
  );
  await eventually(
    `${box.id}PlaceId after choosing`,
    () => box.placeId.inputValue(),
    (v) => v === details.id,
  );
  await box.listbox.waitFor({ state: "hidden" });
  assert.equal(await box.input.getAttribute("aria-expanded"), "false", `#${box.id} aria-expanded after choosing`);
  assert.equal(
    await box.input.getAttribute("aria-activedescendant"),
    null,
    `#${box.id} aria-activedescendant after choosing`,
  );
  assert.equal(await activeId(page), box.id, `#${box.id} keeps the focus after choosing`);
  return details;
}

/** Presses "get price indication" and waits for the shown price. */
async function getPrice(page, lang, departure, destination) {
  const t = TEXTS[lang].form;
  const button = page.getByRole("button", { name: t.getPrice, exact: true });
  assert.equal(await button.getAttribute("type"), "button", "the hydrated price button does not submit the form");
  const priceResponse = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/places/"));
  await button.click();
  const response = await priceResponse;
  const requested = new URL(response.url());
  assert.equal(
    requested.pathname,
    `/api/places/${encodeURIComponent(departure.id)}/${encodeURIComponent(destination.id)}`,
    "price request path",
  );
  assert.equal(requested.searchParams.get("lang"), lang, "price request lang");
  assert.equal(response.status(), 200, `price status: ${await response.text()}`);

  const box = page.locator(".price-box");
  await box.waitFor();
  assert.equal(await text(box.locator(".amount")), EXPECTED[lang].price, "shown price");
  assert.equal(await text(box.locator("p").first()), `${t.priceLabel}: ${EXPECTED[lang].price}`, "price line");
  assert.deepEqual(
    (await box.locator("p.hint").allTextContents()).map((s) => s.trim()),
    [fmt(t.ruleFixed, { destination: EXPECTED[lang].airport }), t.priceNote],
    "explanation and note under the price",
  );
}

for (const lang of LANGS) {
  describe(`${lang}: address comboboxes and price indication on ${PATHS[lang]}`, () => {
    const t = TEXTS[lang];
    let context;
    let page;
    let watch;
    let dep;
    let dest;
    /** Place details chosen so far. */
    const chosen = {};
    /** Ranges of the request log, one per search session: from the first keystroke to the choice. */
    const sessions = [];
    let failedStep = null;

    /** The steps share one page: after a failure the later ones are skipped, not failed again. */
    const step = (name, fn) =>
      test(name, async (tc) => {
        if (failedStep) return tc.skip(`step "${failedStep}" failed`);
        try {
          await fn(tc);
        } catch (e) {
          failedStep = name;
          const file = join(screenshots, `price-${lang}-failure.png`);
          await page?.screenshot({ path: file, fullPage: true }).catch(() => {});
          e.message += `\n(screenshot: ${file}; page problems: ${watch?.summary()})`;
          throw e;
        }
      });

    before(async () => {
      context = await browser.newContext({ locale: LOCALES[lang] });
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      watch = watchPage(page, server.baseUrl);
      dep = combobox(page, "departure");
      dest = combobox(page, "destination");
    });

    after(async () => {
      await context?.close();
    });

    step("the page loads and React hydrates it", async () => {
      const response = await visit(page, server.baseUrl, PATHS[lang], { waitUntil: "load" });
      assert.equal(response.status(), 200);
      await waitForHydration(page);
      for (const box of [dep, dest]) {
        assert.equal(await box.input.getAttribute("role"), "combobox", `#${box.id} role`);
        assert.equal(await box.input.getAttribute("aria-expanded"), "false", `#${box.id} starts collapsed`);
        assert.equal(await box.listbox.getAttribute("role"), "listbox");
        assert.equal(await box.listbox.isHidden(), true, `#${box.id}-listbox starts hidden`);
      }
    });

    step("departure: 'roerm', ArrowDown, Enter chooses Roermond", async () => {
      // Keyboard only: back from the field after it (the route comes first in the form).
      await page.locator("#destination").focus();
      await keyTo(page, "departure", "Shift+Tab");
      const from = watch.requests.length;
      await typeAndWaitForList(page, dep, lang, "roerm", "roerm");
      chosen.departure = await chooseFirst(page, dep, "Roermond");
      sessions.push({ field: "departure", from, to: watch.requests.length });
      assert.match(await dep.input.inputValue(), /Roermond/);
      assert.equal(chosen.departure.displayName, "Roermond");
    });

    step(`destination: 'schip', ArrowDown, Enter chooses ${EXPECTED[lang].airport}`, async () => {
      await keyTo(page, "destination");
      const from = watch.requests.length;
      await typeAndWaitForList(page, dest, lang, "schip", "schip");
      chosen.destination = await chooseFirst(page, dest, EXPECTED[lang].airport);
      sessions.push({ field: "destination", from, to: watch.requests.length });
      assert.equal(chosen.destination.displayName, EXPECTED[lang].airport);
      assert.ok(
        (await dest.input.inputValue()).startsWith(EXPECTED[lang].airport),
        "the destination holds the airport's address",
      );
      // The departure is untouched by the second combobox.
      assert.equal(await dep.input.inputValue(), chosen.departure.formattedAddress);
      assert.equal(await dep.placeId.inputValue(), chosen.departure.id);
    });

    step(`'${t.form.getPrice}' shows ${EXPECTED[lang].price} with the fixed-price explanation`, async () => {
      await getPrice(page, lang, chosen.departure, chosen.destination);
      await snapshot(page, `price-${lang}.png`);
    });

    step("Escape closes the list without choosing; a typed-over place is missing for the price", async () => {
      await page.locator("#destination").focus();
      await keyTo(page, "departure", "Shift+Tab");
      assert.equal(await activeId(page), "departure");
      const from = watch.requests.length;
      await page.keyboard.press("ControlOrMeta+A");
      await typeAndWaitForList(page, dep, lang, "roer", "roer");
      assert.equal(await dep.placeId.inputValue(), "", "typing over the chosen address forgets the place");
      assert.equal(await page.locator(".price-box").count(), 0, "typing over the chosen address removes the price");

      const detailsBefore = placeCalls(watch).filter((c) => c.kind === "details").length;
      await page.keyboard.press("Escape");
      await dep.listbox.waitFor({ state: "hidden" });
      assert.equal(await dep.input.getAttribute("aria-expanded"), "false", "aria-expanded after Escape");
      assert.equal(await dep.input.getAttribute("aria-activedescendant"), null, "aria-activedescendant after Escape");
      await settle(page, 300);
      assert.equal(await dep.input.inputValue(), "roer", "Escape keeps the typed text");
      assert.equal(await dep.placeId.inputValue(), "", "Escape chooses nothing");
      assert.equal(await dep.listbox.isHidden(), true, "the list stays closed after Escape");
      assert.equal(
        placeCalls(watch).filter((c) => c.kind === "details").length,
        detailsBefore,
        "Escape asks for no place details",
      );

      const pricesBefore = placeCalls(watch).filter((c) => c.kind === "price").length;
      await page.getByRole("button", { name: t.form.getPrice, exact: true }).click();
      await dep.error.waitFor();
      assert.equal(await text(dep.error), PLACE_MISSING[lang], "place-missing error under the departure");
      assert.equal(t.validation.placeMissing, PLACE_MISSING[lang], "locale text validation.placeMissing");
      assert.equal(await dep.input.getAttribute("aria-invalid"), "true", "departure aria-invalid");
      assert.ok(
        ((await dep.input.getAttribute("aria-describedby")) ?? "").split(/\s+/).includes("departure-error"),
        "the error describes the departure input",
      );
      assert.ok(
        await dep.field.evaluate((f) => f.classList.contains("has-error")),
        "the departure field is marked as erroneous",
      );
      assert.equal(await dest.error.count(), 0, "no error under the chosen destination");
      assert.equal(await page.locator(".price-box").count(), 0, "no price shown");
      await settle(page, 300);
      assert.deepEqual(
        placeCalls(watch)
          .filter((c) => c.kind === "price")
          .slice(pricesBefore),
        [],
        "no price request without a chosen departure",
      );
      await snapshot(page, `price-${lang}-place-missing.png`);

      // Choosing a place again (keyboard again) removes the error, and the price works.
      await dep.input.focus();
      await page.keyboard.press("End");
      await typeAndWaitForList(page, dep, lang, "m", "roerm");
      chosen.departure = await chooseFirst(page, dep, "Roermond");
      sessions.push({ field: "departure", from, to: watch.requests.length });
      await eventually(
        "#departure-error after choosing again",
        () => dep.error.count(),
        (n) => n === 0,
      );
      assert.equal(await dep.input.getAttribute("aria-invalid"), null, "aria-invalid after choosing again");
      assert.equal(await dep.field.evaluate((f) => f.classList.contains("has-error")), false);
      await getPrice(page, lang, chosen.departure, chosen.destination);
    });

    step("every search carries a session token; a choice ends it", async () => {
      assert.equal(sessions.length, 3, "three search sessions recorded");
      const tokens = sessions.map(({ field, from, to }, n) => {
        const calls = placeCalls(watch, from, to);
        const searches = calls.filter((c) => c.kind === "suggestions");
        const details = calls.filter((c) => c.kind === "details");
        const where = `session ${n + 1} (${field}): ${JSON.stringify(calls)}`;
        assert.ok(searches.length >= 1, `suggestion requests in ${where}`);
        assert.equal(details.length, 1, `one details request in ${where}`);
        for (const s of searches) {
          assert.ok(s.session && /^[0-9A-Za-z-]{16,}$/.test(s.session), `session parameter of ${JSON.stringify(s)}`);
          assert.equal(s.lang, lang, `lang parameter of ${JSON.stringify(s)}`);
        }
        assert.equal(new Set(searches.map((s) => s.session)).size, 1, `one token for all searches of ${where}`);
        assert.equal(details[0].session, searches[0].session, `the details request ends the session of ${where}`);
        assert.equal(details[0].lang, lang);
        return searches[0].session;
      });
      assert.equal(new Set(tokens).size, tokens.length, `a new token after every choice: ${JSON.stringify(tokens)}`);
      // The search after the first departure choice (the "roer" typed over it) used the new token.
      const afterChoice = placeCalls(watch, sessions[1].to).find((c) => c.kind === "suggestions");
      assert.ok(afterChoice, "a search after the choices");
      assert.notEqual(afterChoice.session, tokens[0], "the search after a departure choice uses a new token");
      assert.equal(afterChoice.session, tokens[2]);
    });

    step("nothing went wrong on the page", async () => {
      watch.assertClean(assert, PATHS[lang]);
    });
  });
}
