// The reservation, WhatsApp and contact forms without JavaScript, end to end in
// a real browser (Debian's Chromium through playwright-core) against the release
// binary: the server's own answers to posted forms (errors, thanks, the redirect
// to wa.me). With JavaScript they are in forms-booking.test.mjs and
// forms-contact.test.mjs; what the forms tests share in forms-kit.mjs. One server
// and one browser for the whole file; nothing may leave the server's origin.
// Run from ui/: npm test. Screenshots of failures go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, assertShows, dutchDateTime, eventually, snapshot } from "./helpers.mjs";
import { errorSummaryPlace } from "./layout-checks.mjs";
import {
  TIMEOUT,
  assertErrors,
  assertOnly,
  expectedWhatsapp,
  fillBooking,
  goto,
  server,
  submitButton,
  unique,
  url,
  useFormsServer,
  value,
  waitForMails,
  whatsappLines,
  withPage,
} from "./forms-kit.mjs";

useFormsServer();

describe("without JavaScript", () => {
  const noJs = { javaScriptEnabled: false };

  test(
    "nl: posting the reservation form with only a name answers 400 with the errors and keeps the name",
    TIMEOUT,
    () =>
      withPage("nojs-booking", "nl", noJs, async ({ page, watch }) => {
        const v = TEXTS.nl.validation;
        const path = ROUTES.nl.reservation;
        await goto(page, path, { hydrate: false });
        await page.fill("#name", "Jan & Zoë");
        const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
        assert.equal(response.request().method(), "POST");
        assert.equal(response.status(), 400, "status of the posted form");
        await assertShows(page, server.baseUrl, path);
        await assertErrors(
          page,
          "nl",
          {
            departure: v.departureRequired,
            destination: v.destinationRequired,
            dateTime: v.dateTimeRequired,
            passengerAmount: v.passengerAmountRequired,
            email: v.emailRequired,
          },
          { focused: false },
        );
        assert.equal(await value(page, "#name"), "Jan & Zoë", "the typed name is kept");
        assert.equal(await page.locator(".success-box").count(), 0);
        await snapshot(page, "forms-nojs-booking-errors.png");
        assertOnly(watch, { rejected: [path] }, path);
      }),
  );

  test("de: posting the contact form filled in shows the success box and stores the mails", TIMEOUT, () =>
    withPage("nojs-contact", "de", noJs, async ({ page, watch }) => {
      const path = ROUTES.de.contact;
      const id = unique();
      const message = {
        name: `Jürgen ${id}`,
        email: `juergen.${id}@example.com`,
        phone: "",
        subject: "Frage",
        message: `Ohne JavaScript ${id}`,
      };
      await goto(page, path, { hydrate: false });
      for (const [field, text] of Object.entries(message)) await page.fill(`#${field}`, text);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response.request().method(), "POST");
      assert.equal(response.status(), 200);
      await assertShows(page, server.baseUrl, path);
      const box = page.locator(".success-box");
      assert.equal(await box.count(), 1, "success box");
      assert.equal((await box.locator("p").textContent()).trim(), TEXTS.de.api.contactReceived);
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        "contact-result",
        "focused without JavaScript too",
      );
      assert.equal(await page.locator("#message").count(), 0, "the thanks take the form's place");
      assert.equal(await page.locator(".error-summary, .field-error").count(), 0, "no errors");
      const mails = await waitForMails("contact mails without JavaScript", (m) => m.raw.includes(message.email), 2);
      assert.deepEqual(mails.map((m) => m.kind).sort(), ["contact-ack", "staff-contact"]);
      assertOnly(watch, {}, path);
    }),
  );

  test("en: the WhatsApp form redirects to wa.me with the message", TIMEOUT, () =>
    withPage("nojs-whatsapp", "en", noJs, async ({ page, watch, whatsapp }) => {
      const path = `${ROUTES.en.reservation}?mode=whatsapp`;
      // Chromium follows a redirect in its network stack, past Playwright's routes:
      // letting the browser have the 303 would make it look up wa.me. So the
      // browser's own form post is sent on to the server here, the server's
      // answer kept, and the browser told "204 No Content" (it stays on the form).
      const posts = [];
      await page.route(url(path), async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        const answer = await route.fetch({ maxRedirects: 0 });
        posts.push({ body: route.request().postData(), status: answer.status(), location: answer.headers().location });
        return route.fulfill({ status: 204 });
      });
      await goto(page, path, { hydrate: false });
      assert.equal(await page.locator("#email").count(), 0, "the server rendered the WhatsApp form");
      const booking = { name: "Zoë & Jan+1", passengers: 2, dateTime: dutchDateTime(2, "18:45") };
      await fillBooking(page, "en", booking, { mail: false, places: false });
      await submitButton(page).click();
      await eventually(
        "the form post",
        () => posts.length,
        (n) => n === 1,
      );
      const form = new URLSearchParams(posts[0].body);
      assert.equal(form.get("mode"), "whatsapp", "the form posts its mode");
      assert.equal(form.get("name"), booking.name, "the browser posts the name as typed");
      assert.equal(posts[0].status, 303, "the form post answers with a redirect (See Other)");
      assert.deepEqual(whatsappLines(posts[0].location), expectedWhatsapp("en", booking), "the WhatsApp message");
      await new Promise((r) => setTimeout(r, 200));
      await assertShows(page, server.baseUrl, path); // the browser stayed on the form
      assert.deepEqual(whatsapp, [], "the browser did not go to wa.me by itself");
      assertOnly(watch, { cancelled: [path] }, path);
    }),
  );

  // GOV.UK's place for the summary: first in the main content, so a phone shows it on the page's
  // first screen, above the heading, the intro and the notes that lead to the form.
  const phone = { ...noJs, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
  const refused = [
    ["nl", "mail booking", ROUTES.nl.reservation],
    ["en", "WhatsApp booking", `${ROUTES.en.reservation}?mode=whatsapp`],
    ["de", "contact", ROUTES.de.contact],
  ];
  for (const [lang, form, path] of refused) {
    test(`${lang} ${form} sent empty on a phone: the error summary is the first thing in main`, TIMEOUT, () =>
      withPage(`nojs-summary-${lang}`, lang, phone, async ({ page, watch }) => {
        await goto(page, path, { hydrate: false });
        const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
        assert.equal(response.status(), 400, "status of the posted form");
        const prefix = TEXTS[lang].form.errorTitle.split("{{title}}")[0];
        assert.ok((await page.title()).startsWith(prefix), `the title starts with "${prefix}"`);
        const place = await page.evaluate(errorSummaryPlace);
        console.log(`# ${lang} ${form}: the error summary from y = ${place?.top} to ${place?.bottom}`);
        assert.ok(place, "an error summary");
        assert.ok(place.bottom <= 740, `the whole summary on the first screen: ${JSON.stringify(place)}`);
        assert.ok(place.first, `the summary comes first in main, not ${place.instead}`);
        assertOnly(watch, { rejected: [path] }, path);
      }),
    );
  }
});
