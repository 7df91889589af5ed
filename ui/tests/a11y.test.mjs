// axe-core on the forms in the states that matter: empty, with errors, a price
// shown, the success box; each form in one language (the languages take turns:
// axe's rules do not read the words). Any violation (all of axe's
// rules, best practices included) fails. Every page as it loads is checked by
// every-page.test.mjs, which also shows that a planted fault is found.
import { describe, test } from "node:test";
import {
  LANGS,
  ROUTES,
  TEXTS,
  assertAccessible,
  choosePlace,
  dutchDateTime,
  useServerAndBrowser,
  visit,
  visitorContext,
  waitForHydration,
} from "./helpers.mjs";

const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
const TIMEOUT = { timeout: 60_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** A phone-sized page. */
async function open(path, lang) {
  const context = await visitorContext(browser, server.baseUrl, lang, { viewport: { width: 360, height: 740 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const response = await visit(page, server.baseUrl, path, { lang });
  return { page, response, close: () => context.close() };
}

/** Sends the form and waits for what answers it (error summary or success box). */
async function sendAndWaitFor(page, selector) {
  await page.locator("form button[type=submit]").click();
  await page.locator(selector).waitFor();
}

describe("axe-core finds nothing in the form states", () => {
  for (const lang of LANGS) {
    if (lang === "en")
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

    if (lang === "de")
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

    if (lang === "nl")
      test(`${lang} contact: with errors and sent`, TIMEOUT, async () => {
        const { page, close } = await open(ROUTES[lang].contact, lang);
        try {
          await waitForHydration(page);
          await sendAndWaitFor(page, ".error-summary");
          await assertAccessible(page, "with errors");
          for (const [field, text] of Object.entries({
            name: "Anna",
            email: "anna@example.com",
            subject: "Vraag",
            message: "Hallo",
          }))
            await page.fill(`#${field}`, text);
          await sendAndWaitFor(page, ".success-box");
          await assertAccessible(page, "sent");
        } finally {
          await close();
        }
      });
  }
});
