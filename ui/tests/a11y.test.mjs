// axe-core on every page in every language, in the states that matter: empty
// forms, forms with errors, a price shown, the success box, the WhatsApp form and
// the error page. Any violation (all of axe's rules, best practices included) fails.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { LANDINGS, LANGS, ROUTES, TEXTS, assertAccessible, choosePlace, dutchDateTime, missingPath, useServerAndBrowser, visit, visitorContext, waitForHydration } from "./helpers.mjs";

const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
const TIMEOUT = { timeout: 60_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** A phone-sized page; the site's CSP would refuse the injected axe script, so it is bypassed here only. */
async function open(path, lang) {
  const context = await visitorContext(browser, server.baseUrl, lang, { bypassCSP: true, viewport: { width: 360, height: 740 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const response = await visit(page, server.baseUrl, path, { lang });
  return { page, response, close: () => context.close() };
}

test("the check can fail: a planted image without text alternative is found", TIMEOUT, async () => {
  const { page, close } = await open(ROUTES.nl.prices, "nl");
  try {
    await page.evaluate(() => document.querySelector("main").insertAdjacentHTML("beforeend", '<img src="/favicon.ico">'));
    await assert.rejects(assertAccessible(page, "planted"), /image-alt/);
  } finally {
    await close();
  }
});

/** Sends the form and waits for what answers it (error summary or success box). */
async function sendAndWaitFor(page, selector) {
  await page.locator("form button[type=submit]").click();
  await page.locator(selector).waitFor();
}

describe("axe-core finds nothing", () => {
  for (const lang of LANGS) {
    // The site's pages and landing pages of fixed-price routes.
    const paths = { ...ROUTES[lang], ...LANDINGS[lang] };
    for (const name of Object.keys(paths)) {
      test(`${lang} ${name}`, TIMEOUT, async () => {
        const { page, close } = await open(paths[name], lang);
        try {
          if (name === "reservation" || name === "contact") await waitForHydration(page);
          await assertAccessible(page, `${lang} ${name}`);
        } finally {
          await close();
        }
      });
    }

    test(`${lang} error page`, TIMEOUT, async () => {
      const { page, response, close } = await open(missingPath(lang), lang);
      try {
        assert.equal(response.status(), 404);
        await assertAccessible(page, `${lang} error page`);
      } finally {
        await close();
      }
    });

    test(`${lang} WhatsApp booking: empty and with errors`, TIMEOUT, async () => {
      const { page, close } = await open(`${ROUTES[lang].reservation}?mode=whatsapp`, lang);
      try {
        await waitForHydration(page);
        await assertAccessible(page, "empty");
        await sendAndWaitFor(page, ".error-summary");
        await assertAccessible(page, "with errors");
      } finally {
        await close();
      }
    });

    test(`${lang} mail booking: with errors, with a price, sent`, TIMEOUT, async () => {
      const { page, close } = await open(ROUTES[lang].reservation, lang);
      try {
        await waitForHydration(page);
        await sendAndWaitFor(page, ".error-summary");
        await assertAccessible(page, "with errors");

        await page.fill("#name", "Anna de Wit");
        await page.fill("#email", "anna@example.com");
        await page.fill("#passengerAmount", "2");
        await choosePlace(page, "departure", "roerm", "Roermond");
        await page.fill("#pickupStreet", "Markt 1");
        await choosePlace(page, "destination", "schip", AIRPORT[lang]);
        await page.fill("#dateTime", dutchDateTime(3));
        await page.getByRole("button", { name: TEXTS[lang].form.getPrice, exact: true }).click();
        await page.locator(".price-box .amount").waitFor();
        await assertAccessible(page, "with a price");

        await sendAndWaitFor(page, ".success-box");
        await assertAccessible(page, "sent");
      } finally {
        await close();
      }
    });

    test(`${lang} contact: with errors and sent`, TIMEOUT, async () => {
      const { page, close } = await open(ROUTES[lang].contact, lang);
      try {
        await waitForHydration(page);
        await sendAndWaitFor(page, ".error-summary");
        await assertAccessible(page, "with errors");
        for (const [field, text] of Object.entries({ name: "Anna", email: "anna@example.com", subject: "Vraag", message: "Hallo" })) await page.fill(`#${field}`, text);
        await sendAndWaitFor(page, ".success-box");
        await assertAccessible(page, "sent");
      } finally {
        await close();
      }
    });
  }
});
