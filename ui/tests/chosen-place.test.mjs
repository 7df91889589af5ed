// The answer to "which place do you mean?" is the place everywhere (issue 42): the reservation
// page opened with a town that has an airport ("Düsseldorf") asks which; the airport chosen —
// by its radio button or from the early list on a slow phone before the form's script has run,
// or without JavaScript at all — is kept, priced, shown in the field and the success box, and
// named in staff's mail (in the staff language, Dutch here) whatever the field still holds.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { LANGS, ROUTES, dutchDateTime, eventually, onPhone as phone, useServerAndBrowser, visit } from "./helpers.mjs";
import { formInteractive, marked, slowPhoneHeld } from "./walk-kit.mjs";
import { htmlPart, mailOf } from "./mails.mjs";

const AIRPORT = { nl: "Luchthaven Düsseldorf", de: "Flughafen Düsseldorf", en: "Düsseldorf Airport" };
const PRICE = { nl: "€ 100,00", de: "100,00 €", en: "€ 100.00" };
const TIMEOUT = { timeout: 90_000 };
const asked = (lang) => `${ROUTES[lang].reservation}?from=Roermond&to=D%C3%BCsseldorf`;

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));
const onPhone = (lang, options, run) => phone(browser, server.baseUrl, lang, options, run);
const value = (page, selector) => page.locator(selector).inputValue();

/** The rest of the booking, sent; the reference from the success box, which is returned. */
async function send(page, lang, js) {
  await page.fill("#pickupStreet", "Markt 1");
  await page.fill("#dateTime", dutchDateTime(3, "10:15"));
  await page.fill("#passengerAmount", "2");
  await page.fill("#name", `Keuze ${lang}`);
  await page.fill("#email", `keuze.${lang}.${Date.now()}@example.com`);
  const button = page.locator("button[name=action][value=send]");
  if (js) await button.click();
  else await Promise.all([page.waitForNavigation(), button.click()]);
  const box = page.locator(".success-box");
  await box.waitFor({ timeout: 30_000 });
  const text = await box.textContent();
  assert.ok(text.includes(AIRPORT[lang]), `${lang}: the success box names the airport: ${text}`);
  return /R-[A-Z0-9]{6}/.exec(text)[0];
}

/** Staff's mail (Dutch) names the airport as the destination, in its Maps link and calendar. */
async function assertStaffMail(reference) {
  const raw = await mailOf(server, "staff-booking", reference);
  const html = htmlPart(raw);
  assert.match(html, />Luchthaven Düsseldorf, Düsseldorf, Duitsland</, "the destination row");
  assert.doesNotMatch(html, />Düsseldorf<\/td>/, "not the town typed");
  assert.match(html, /destination=Luchthaven%20D%C3%BCsseldorf/, "the Maps link");
  assert.doesNotMatch(html, /Flughafen|Düsseldorf Airport/, "in the staff language only");
}

describe("the place chosen before hydration", () => {
  for (const lang of LANGS) {
    test(`${lang}: a slow phone's tap on the airport before hydration is kept, priced and booked`, TIMEOUT, () =>
      onPhone(lang, {}, async (page, watch) => {
        const { release, fast } = await slowPhoneHeld(page);
        await visit(page, server.baseUrl, asked(lang), { waitUntil: "commit", timeout: 60_000 });
        const radio = page.locator("input[name=destinationPlaceId][value=aDUS]");
        await radio.waitFor({ timeout: 60_000 });
        await page.locator("label.radio", { has: radio }).tap();
        assert.ok(await radio.isChecked(), "the tap checks the airport");
        assert.equal(await marked(page, "form-interactive"), false, "tapped before hydration");
        release();
        await formInteractive(page);
        const amount = page.locator(".price-box .amount");
        await amount.waitFor({ timeout: 30_000 });
        assert.equal((await amount.textContent()).trim(), PRICE[lang], "the choice is priced");
        await fast();
        await eventually(
          "the field names the airport",
          () => value(page, "#destination"),
          (v) => v.startsWith(AIRPORT[lang]),
        );
        assert.equal(await value(page, "input[name=destinationPlaceId]"), "aDUS");
        assert.equal(await page.locator(".place-choice").count(), 0, "the question is answered");
        await assertStaffMail(await send(page, lang, true));
        watch.assertClean(assert);
      }),
    );
  }

  test("de: a place chosen from the early list while the question is on screen is kept and priced", TIMEOUT, () =>
    onPhone("de", {}, async (page, watch) => {
      const { release, fast } = await slowPhoneHeld(page);
      await visit(page, server.baseUrl, asked("de"), { waitUntil: "commit", timeout: 60_000 });
      await page.waitForFunction(() => performance.getEntriesByName("form-usable").length > 0, null, {
        timeout: 60_000,
        polling: 20,
      });
      await page.locator(".place-choice").waitFor();
      await page.locator("#destination").fill("Flughafen Düss");
      const option = page
        .locator("#destination-listbox > [role=option]")
        .filter({ has: page.locator(".main", { hasText: /^Flughafen Düsseldorf$/ }) });
      await option.tap({ timeout: 30_000 });
      assert.equal(await value(page, "#destination"), AIRPORT.de);
      assert.equal(await marked(page, "form-interactive"), false, "chosen before hydration");
      release();
      const amount = page.locator(".price-box .amount");
      await amount.waitFor({ timeout: 60_000 });
      assert.equal((await amount.textContent()).trim(), PRICE.de);
      await fast();
      assert.equal(await value(page, "input[name=destinationPlaceId]"), "aDUS");
      assert.equal(await page.locator(".place-choice").count(), 0, "the question is answered");
      watch.assertClean(assert);
    }),
  );
});

describe("the place chosen without JavaScript", () => {
  for (const lang of LANGS) {
    test(
      `${lang}: the airport's radio button is the place in the field, the success box and staff's mail`,
      TIMEOUT,
      () =>
        onPhone(lang, { javaScriptEnabled: false }, async (page) => {
          await visit(page, server.baseUrl, asked(lang));
          assert.equal(await value(page, "#destination"), "Düsseldorf", "the text as typed, with the question");
          await page.check("input[name=destinationPlaceId][value=aDUS]");
          await Promise.all([page.waitForNavigation(), page.locator("button[name=action][value=price]").click()]);
          assert.equal((await page.locator(".price-box .amount").textContent()).trim(), PRICE[lang]);
          assert.ok((await value(page, "#destination")).startsWith(AIRPORT[lang]), "the field names the airport");
          assert.equal(await value(page, "input[name=destinationPlaceId]"), "aDUS");
          await assertStaffMail(await send(page, lang, false));
        }),
    );
  }
});
