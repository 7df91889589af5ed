// The booking rules as a visitor on a 360 px phone meets them, each in one
// language (the languages take turns):
// the date picker offers no past times, and a refusal (too many passengers, too
// soon, a phone number that is none) says what to do, with the company's number
// as a working call link, with and without JavaScript.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  LANGS,
  ROUTES,
  TEXTS,
  dutchDateTime,
  eventually,
  snapshot,
  useServerAndBrowser,
  visit,
  visitorContext,
  waitForHydration,
} from "./helpers.mjs";

/** The demo company's number as the site shows it and dials it (not read from the config). */
// Dutch pages show the national number; German and English ones the international (dialled from abroad).
const PHONE_SHOWN = { nl: "0475 00 00 00", de: "+31 475 00 00 00", en: "+31 475 00 00 00" };
const CALL_US = { href: "tel:+31475000000" };
/** Too many passengers, word for word. */
const TOO_MANY = {
  nl: "Via de website kunt u voor maximaal 8 personen boeken. Voor een grotere groep belt u ons op 0475 00 00 00.",
  de:
    "Über die Website können Sie für höchstens 8 Personen buchen. " +
    "Für eine größere Gruppe rufen Sie uns an: +31 475 00 00 00.",
  en: "You can book for at most 8 passengers on the website. For a larger group, call us on +31 475 00 00 00.",
};
const PHONE = { width: 360, height: 740 };
const TIMEOUT = { timeout: 60_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

async function withPhone(lang, options, run) {
  const context = await visitorContext(browser, server.baseUrl, lang, {
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** `YYYY-MM-DDTHH:MM` in Dutch time, `minutes` from now. */
function dutchIn(minutes) {
  const at = new Date(Date.now() + minutes * 60_000);
  const part = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Amsterdam",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** A booking that is fine but for the values in `change`; places typed, not chosen. */
async function fill(page, change) {
  const values = {
    name: "Rules Test",
    email: "rules@example.com",
    phone: "+31 6 12345678",
    passengerAmount: "2",
    departure: "Roermond",
    destination: "Venlo",
    dateTime: dutchDateTime(2),
    ...change,
  };
  for (const [id, value] of Object.entries(values)) await page.fill(`#${id}`, value);
}

/**
 * The refusal under a field and in the error summary, each with a call link that is on screen
 * and dials the company.
 */
async function assertRefusal(page, lang, field, message) {
  const inline = page.locator(`#${field}-error`);
  await inline.waitFor();
  assert.equal((await inline.textContent()).trim(), message, `#${field}-error`);
  const item = page.locator(".error-summary li");
  assert.equal(await item.count(), 1, "one problem in the summary");
  assert.equal((await item.textContent()).trim(), message, "the summary's text");
  assert.equal(await item.locator("a").first().getAttribute("href"), `#${field}`, "the summary links to the field");
  for (const where of [inline, item]) {
    const call = where.locator(`a[href="${CALL_US.href}"]`);
    assert.equal(await call.count(), 1, "a call link");
    assert.equal((await call.textContent()).trim(), PHONE_SHOWN[lang]);
    const box = await call.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= PHONE.width,
      `the call link fits the phone's width: ${JSON.stringify(box)}`,
    );
    assert.ok(box.height >= 16, "tall enough to tap");
  }
}

describe("booking rules on a phone", () => {
  for (const lang of LANGS) {
    const path = ROUTES[lang].reservation;
    const submit = () => TEXTS[lang].form.submitMail;

    if (lang === "en")
      test(`${lang}: the date picker offers no past times`, TIMEOUT, () =>
        withPhone(lang, {}, async (page) => {
          await visit(page, server.baseUrl, path);
          await waitForHydration(page);
          const input = page.locator("#dateTime");
          const min = await eventually(
            "#dateTime min",
            () => input.getAttribute("min"),
            (v) => !!v,
          );
          // The lead time (30 minutes) from now, to the minute; never earlier.
          assert.ok(min >= dutchIn(30) || min === dutchIn(29), `min ${min} is the lead time from now (${dutchIn(30)})`);
          assert.ok(min <= dutchIn(32), `min ${min} is not later than needed`);
          assert.equal(
            await page.evaluate(() => {
              const i = document.querySelector("#dateTime");
              i.value = "2020-01-01T10:00";
              return i.validity.rangeUnderflow;
            }),
            true,
            "a past time is below the picker's range",
          );
        }),
      );

    if (lang === "de")
      test(`${lang}: too many passengers and too soon are refused with a call link (JavaScript)`, TIMEOUT, () =>
        withPhone(lang, {}, async (page) => {
          await visit(page, server.baseUrl, path);
          await waitForHydration(page);
          await fill(page, { passengerAmount: "12" });
          await page.getByRole("button", { name: submit(), exact: true }).click();
          await assertRefusal(page, lang, "passengerAmount", TOO_MANY[lang]);
          await snapshot(page, `rules-${lang}-too-many.png`);

          await fill(page, { dateTime: dutchIn(5) });
          await page.getByRole("button", { name: submit(), exact: true }).click();
          const tooSoon = TEXTS[lang].validation.dateTimeTooSoon_other
            .replace("{{count}}", "30")
            .replace("{{phone}}", PHONE_SHOWN[lang]);
          await eventually(
            "the time refused",
            () => page.locator("#dateTime-error").count(),
            (n) => n === 1,
          );
          await assertRefusal(page, lang, "dateTime", tooSoon);

          await fill(page, { phone: "abc" });
          await page.getByRole("button", { name: submit(), exact: true }).click();
          await eventually(
            "the phone refused",
            () => page.locator("#phone-error").count(),
            (n) => n === 1,
          );
          assert.equal((await page.locator("#phone-error").textContent()).trim(), TEXTS[lang].validation.phone);
        }),
      );

    if (lang === "nl")
      test(`${lang}: the refusal and its call link without JavaScript`, TIMEOUT, () =>
        withPhone(lang, { javaScriptEnabled: false }, async (page) => {
          await visit(page, server.baseUrl, path);
          await fill(page, { passengerAmount: "40" });
          const answer = page.waitForResponse((r) => r.request().method() === "POST");
          await page.getByRole("button", { name: submit(), exact: true }).click();
          assert.equal((await answer).status(), 400);
          await assertRefusal(page, lang, "passengerAmount", TOO_MANY[lang]);
          assert.equal(await page.locator("#passengerAmount").inputValue(), "40", "the typed value is kept");
        }),
      );
  }
});
