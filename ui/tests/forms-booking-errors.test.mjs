// The reservation form's errors with JavaScript, in a real browser against the
// release binary: every error in one round, the browser's and the server's, a time
// in the past refused; and the phone number as the server reads it, shown under
// the field before sending (a Dutch mobile on the German page, a Belgian one on
// the Dutch page). The rest of the form is in forms-booking.test.mjs.
// Run from ui/: npm test. Screenshots of failures go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, dutchDateTime, eventually, snapshot } from "./helpers.mjs";
import {
  TIMEOUT,
  allMails,
  assertErrors,
  assertOnly,
  fillBooking,
  fmt,
  getPrice,
  goto,
  mailDelivered,
  submitButton,
  unique,
  useFormsServer,
  value,
  waitForMails,
  withPage,
} from "./forms-kit.mjs";

/** Some messages word for word, not read from the locale files. */
const NAME_REQUIRED = { nl: "Vul uw naam in.", de: "Bitte geben Sie Ihren Namen ein.", en: "Enter your name." };
const TOO_SOON = {
  nl:
    "Kies een tijd die minstens 30 minuten in de toekomst ligt. " +
    "Heeft u eerder een taxi nodig? Bel ons op 0475 00 00 00.",
  de:
    "Bitte wählen Sie eine Zeit, die mindestens 30 Minuten in der Zukunft liegt. " +
    "Sie brauchen früher ein Taxi? Rufen Sie uns an: +31 475 00 00 00.",
  en: "Choose a time at least 30 minutes from now. Need a taxi sooner? Call us on +31 475 00 00 00.",
};

useFormsServer();

describe("mail booking errors", () => {
  for (const lang of ["de"]) {
    test(`${lang}: every error in one round, the browser's and the server's; a time in the past refused`, TIMEOUT, () =>
      withPage(`booking-errors-${lang}`, lang, {}, async ({ page, watch }) => {
        const v = TEXTS[lang].validation;
        const path = ROUTES[lang].reservation;
        await goto(page, path);

        // Empty: the server is asked too (it has the last word), and nothing is booked.
        const emptyPosted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        assert.equal((await emptyPosted).status(), 400);
        assert.equal(v.nameRequired, NAME_REQUIRED[lang]);
        // In the form's order: the route first, then passengers and contact details.
        await assertErrors(page, lang, {
          departure: v.departureRequired,
          destination: v.destinationRequired,
          dateTime: v.dateTimeRequired,
          passengerAmount: v.passengerAmountRequired,
          name: v.nameRequired,
          email: v.emailRequired,
        });
        await snapshot(page, `forms-${lang}-booking-empty.png`);

        // No name (the browser sees it) and yesterday (only the server knows the rule): both at once.
        const id = unique();
        const booking = {
          name: `Gisteren ${id}`,
          email: `gisteren.${id}@example.com`,
          phone: "+31 475 123456",
          passengers: 2,
          dateTime: dutchDateTime(-1),
          payment: "debitcard",
        };
        const chosen = await fillBooking(page, lang, booking);
        await page.fill("#name", "");
        const bothPosted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        assert.equal((await bothPosted).status(), 400);
        await eventually(
          "one round: the name and the time",
          () => page.locator(".error-summary li").count(),
          (n) => n === 2,
        );
        await assertErrors(page, lang, { dateTime: TOO_SOON[lang], name: v.nameRequired });
        await page.fill("#name", booking.name);

        // Valid in the browser, but yesterday: the server says no.
        const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        const response = await posted;
        assert.equal(response.status(), 400);
        assert.deepEqual(await response.json(), { errors: { dateTime: TOO_SOON[lang] } }, "the server's answer");
        assert.equal(
          fmt(v.dateTimeTooSoon_other, { count: 30, phone: lang === "nl" ? "0475 00 00 00" : "+31 475 00 00 00" }),
          TOO_SOON[lang],
        );
        await eventually(
          "the summary lists only the time",
          () => page.locator(".error-summary li").count(),
          (n) => n === 1,
        );
        await assertErrors(page, lang, { dateTime: TOO_SOON[lang] });
        assert.equal(await page.locator(".success-box").count(), 0, "no success message");

        for (const [field, expected] of [
          ["#name", booking.name],
          ["#email", booking.email],
          ["#phone", booking.phone],
          ["#passengerAmount", String(booking.passengers)],
          ["#departure", chosen.departure.formattedAddress],
          ["#destination", chosen.destination.formattedAddress],
          ["#dateTime", booking.dateTime],
          ["input[name=departurePlaceId]", chosen.departure.id],
          ["input[name=destinationPlaceId]", chosen.destination.id],
        ]) {
          assert.equal(await value(page, field), expected, `${field} keeps what was typed`);
        }
        assert.equal(
          await page.locator("input[name=paymentMethod]:checked").getAttribute("value"),
          booking.payment,
          "payment method kept",
        );
        assert.equal(await submitButton(page).isEnabled(), true, "the submit button is usable again");
        await snapshot(page, `forms-${lang}-booking-too-soon.png`);

        await mailDelivered();
        assert.deepEqual(
          allMails()
            .filter((m) => m.raw.includes(booking.email))
            .map((m) => m.file),
          [],
          "no mail for a rejected booking",
        );
        assertOnly(
          watch,
          { rejected: [`/api/reservation/${lang}`, `/api/reservation/${lang}`, `/api/reservation/${lang}`] },
          path,
        );
      }),
    );
  }
});

describe("phone number read before sending", () => {
  test("de: a Dutch mobile typed nationally shows as Dutch under the field, and so in the summary", TIMEOUT, () =>
    withPage("phone-de", "de", {}, async ({ page, watch }) => {
      const path = ROUTES.de.reservation;
      await goto(page, path);
      const reading = page.locator("#phone-reading");
      const readAs = async (typed, expected) => {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/phone/de");
        await page.fill("#phone", typed);
        await page.locator("#phone").blur();
        assert.equal((await answered).status(), 200);
        await eventually(
          `"${typed}" read as "${expected}"`,
          () => reading.textContent(),
          (text) => text === expected,
        );
      };
      // The bug of issue 40: read as German (+49 6123 …) before the company's country came first.
      await readAs("06 12345678", "+31 6 12345678 (Niederlande)");
      assert.equal(TEXTS.de.countries.NL, "Niederlande");
      const describedBy = (await page.locator("#phone").getAttribute("aria-describedby")).split(" ");
      assert.ok(describedBy.includes("phone-reading"), `#phone aria-describedby "${describedBy}" names the reading`);
      await snapshot(page, "forms-de-phone-read.png");
      await readAs("0151 23456789", "+49 1512 3456789 (Deutschland)");
      await readAs("06 1234", TEXTS.de.validation.phone);
      assert.equal(await page.locator(".field-error").count(), 0, "a hint, not an error, before sending");

      const id = unique();
      const booking = {
        name: `Telefon ${id}`,
        email: `telefon.${id}@example.com`,
        phone: "06 12345678",
        passengers: 2,
        dateTime: dutchDateTime(2, "10:30"),
        payment: "cash",
      };
      await fillBooking(page, "de", booking);
      await eventually(
        "the reading of the number sent",
        () => reading.textContent(),
        (text) => text === "+31 6 12345678 (Niederlande)",
      );
      await getPrice(page, "de");
      await submitButton(page).click();
      const rows = page.locator(".success-box .ride-summary div");
      await rows.first().waitFor();
      const summary = await rows.evaluateAll((divs) =>
        divs.map((d) => [d.querySelector("dt").textContent, d.querySelector("dd").textContent]),
      );
      assert.deepEqual(
        summary.at(-1),
        [TEXTS.de.mail.field.phone, "+31 6 12345678 (Niederlande)"],
        `summary: ${summary}`,
      );
      assertOnly(watch, {}, path);
    }),
  );

  test("nl: a Belgian mobile typed nationally shows as Belgian under the field, and is booked so", TIMEOUT, () =>
    withPage("phone-nl-be", "nl", {}, async ({ page, watch }) => {
      const path = ROUTES.nl.reservation;
      await goto(page, path);
      const id = unique();
      const booking = {
        name: `Telefoon ${id}`,
        email: `telefoon.${id}@example.be`,
        // Issue 55: refused on the Dutch form, its message naming only 06 and +49.
        phone: "0470 12 34 56",
        passengers: 2,
        dateTime: dutchDateTime(2, "10:30"),
        payment: "cash",
      };
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/phone/nl");
      await fillBooking(page, "nl", booking);
      assert.equal((await answered).status(), 200);
      await eventually(
        "the Belgian reading under the phone field",
        () => page.locator("#phone-reading").textContent(),
        (text) => text === `+32 470 12 34 56 (${TEXTS.nl.countries.BE})`,
      );
      assert.equal(TEXTS.nl.countries.BE, "België");
      await getPrice(page, "nl");
      await submitButton(page).click();
      const rows = page.locator(".success-box .ride-summary div");
      await rows.first().waitFor();
      const summary = await rows.evaluateAll((divs) =>
        divs.map((d) => [d.querySelector("dt").textContent, d.querySelector("dd").textContent]),
      );
      assert.deepEqual(summary.at(-1), [TEXTS.nl.mail.field.phone, "+32 470 12 34 56 (België)"], `summary: ${summary}`);
      const [staff] = await waitForMails(
        "the staff mail",
        (m) => m.kind === "staff-booking" && m.raw.includes(booking.email),
        1,
      );
      assert.ok(staff.raw.replace(/=\r?\n/g, "").includes("tel:+32470123456"), "the staff mail calls Belgium");
      assertOnly(watch, {}, path);
    }),
  );
});
