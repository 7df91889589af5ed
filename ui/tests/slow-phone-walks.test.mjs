// The visitor's tasks of issue 55 walked whole on an emulated slow phone (Chrome's "Slow 3G", a
// 4× slower CPU, 360 × 740, touch), their taps and keys counted and printed: a Belgian and a
// German couple book with their mobile typed the national way on a page of another country
// (item 1), the contact form names every problem in one round (item 5), a return before the
// outward ride is refused under its field before Send (item 7), and staff answer from the buttons
// of their mail (item 10; its first screen is staff.test.mjs's). Each walk recovers from a refusal
// as a person would (the field emptied and typed again) and counts that round, so the same walk
// measures an older build too; the assertions hold the figures of this one (docs/performance.md,
// "The visitor's tasks on a slow phone").
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, dutchDateTime, eventually, onPhone as phone, useServerAndBrowser, visit } from "./helpers.mjs";
import { book, linkIn } from "./customer-links.mjs";
import { SLOW, Walk, openSlow, slowPhone, text } from "./walk-kit.mjs";

const TIMEOUT = { timeout: 150_000 };
const PHONE_740 = { viewport: { width: 360, height: 740 } };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));
const onPhone = (lang, run) => phone(browser, server.baseUrl, lang, PHONE_740, run);
const open = (page, path) => openSlow(page, server.baseUrl, path);

/** The ids of the fields the error summary names (none while there is no summary). */
const refused = (page) =>
  page.locator(".error-summary a[href^='#']").evaluateAll((links) => links.map((a) => a.hash.slice(1)));

/** The form's post answered (not a request for a proof of work), or none in 15 s. */
function answered(page) {
  const post = (r) =>
    r.request().method() === "POST" && /\/api\/(contact|reservation)\//.test(r.url()) && r.status() !== 428;
  return Promise.race([page.waitForResponse(post, { timeout: SLOW }), page.waitForTimeout(15_000)]);
}

/**
 * Taps Send (`button`) and waits for the outcome: the success box, or the error summary once
 * the server answered (a build whose browser refuses alone sends nothing: its round ends after
 * 15 s). A refusal counts a round; `fix(ids)` then retypes what was refused and Send goes again.
 */
async function send(walk, button, fix) {
  const page = walk.page;
  for (let round = 0; round < 3; round += 1) {
    const answer = answered(page);
    await walk.tap(button);
    await answer;
    await page.locator(".success-box, .error-summary").first().waitFor();
    if (await page.locator(".success-box").count()) return;
    walk.refusals += 1;
    await fix(await refused(page));
  }
  assert.fail(`still refused after three rounds: ${await refused(walk.page)}`);
}

/** A couple from `country` books Roermond → Schiphol on the `lang` page with `typed` as their phone. */
function bookingWalk({ lang, country, typed, international, reading }) {
  return () =>
    onPhone(lang, async (page) => {
      const walk = await open(page, ROUTES[lang].reservation);
      const airport = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" }[lang];
      await walk.choose("departure", "roerm", "Roermond");
      await walk.type("pickupStreet", "Markt 1");
      await walk.choose("destination", "schip", airport);
      await page.locator(".price-box .amount").waitFor();
      await walk.dateTime("dateTime", dutchDateTime(4, "09:45"));
      await walk.retype("passengerAmount", "2");
      await walk.type("name", `${country} Paar`);
      await walk.type("email", `${country.toLowerCase()}.paar@example.com`);
      await walk.type("phone", typed);
      // Paying is the next question; the phone's reading shows under its field meanwhile.
      await walk.tap(page.locator("input[name=paymentMethod][value=cash]"));
      const shown = await eventually(
        "the phone's reading under the field, before Send",
        () => text(page.locator("#phone-reading")),
        (s) => s.length > 0,
        SLOW,
      ).catch(() => "(none)");
      await send(walk, page.locator("button[name=action][value=send]"), async (ids) => {
        assert.ok(ids.includes("phone"), `only the phone can be refused here: ${ids}`);
        await walk.retype("phone", international);
      });
      console.log(`${lang}, ${country} couple, "${typed}": ${walk} (reading "${shown}")`);
      assert.equal(shown, reading, "read as the couple's own country before Send");
      assert.equal(walk.refusals, 0, "booked in one round");
      const summary = await text(page.locator(".success-box .ride-summary"));
      assert.ok(summary.includes(reading), `the thank-you box names the number as read: ${summary}`);
    });
}

describe("slow phone: booking with a neighbour's mobile (item 1)", () => {
  test(
    "nl: a Belgian couple's '0470 12 34 56' is read as Belgian and booked in one round",
    TIMEOUT,
    bookingWalk({
      lang: "nl",
      country: "Belgisch",
      typed: "0470 12 34 56",
      international: "+32 470 12 34 56",
      reading: `+32 470 12 34 56 (${TEXTS.nl.countries.BE})`,
    }),
  );
  test(
    "en: a German couple's '0151 23456789' is read as German and booked in one round",
    TIMEOUT,
    bookingWalk({
      lang: "en",
      country: "German",
      typed: "0151 23456789",
      international: "+49 151 23456789",
      reading: `+49 1512 3456789 (${TEXTS.en.countries.DE})`,
    }),
  );
});

describe("slow phone: every problem at once (item 5)", () => {
  test("nl: the contact form names a mistyped e-mail and a short phone in one round", TIMEOUT, () =>
    onPhone("nl", async (page) => {
      const walk = await open(page, ROUTES.nl.contact);
      await walk.type("name", "Jan Peeters");
      await walk.type("email", "jan.peeters@voorbeeld");
      await walk.type("phone", "0475 12");
      await walk.type("subject", "Rolstoel");
      await walk.type("message", "Kan de taxi een opvouwbare rolstoel meenemen?");
      const rounds = [];
      await send(walk, page.locator("form button[type=submit]").last(), async (ids) => {
        rounds.push(ids);
        if (ids.includes("email")) await walk.retype("email", "jan.peeters@voorbeeld.be");
        if (ids.includes("phone")) await walk.retype("phone", "0475 12 34 56");
      });
      console.log(`nl contact, a mistyped e-mail and a short phone: ${walk}; refused: ${JSON.stringify(rounds)}`);
      assert.deepEqual(rounds, [["email", "phone"]], "both named in the first round, nothing after");
    }),
  );
});

describe("slow phone: a return before the outward ride (item 7)", () => {
  test("de: refused under the return field as the time is typed, no total, then priced", TIMEOUT, () =>
    onPhone("de", async (page) => {
      const walk = await open(page, ROUTES.de.reservation);
      await walk.choose("departure", "roerm", "Roermond");
      await walk.choose("destination", "schip", "Flughafen Schiphol");
      await page.locator(".price-box .amount").waitFor();
      const day = dutchDateTime(5, "10:00").slice(0, 10);
      await walk.dateTime("dateTime", `${day}T10:00`);
      await walk.dateTime("returnDateTime", `${day}T09:00`);
      const typed = Date.now();
      const error = page.locator("#returnDateTime-error");
      await error.waitFor();
      const after = Date.now() - typed;
      assert.equal(await text(error), TEXTS.de.funnel.validation.returnBeforePickup);
      assert.equal(await page.locator(".price-total").count(), 0, "no total for a return Send would refuse");
      await walk.dateTime("returnDateTime", `${day}T11:30`);
      await page.locator(".price-total").waitFor();
      assert.equal(await error.count(), 0, "the message went");
      console.log(
        `de, a return before the outward ride: the message ${after} ms after the last key, no Send; ` +
          `fixed and priced: ${walk}`,
      );
      assert.equal(walk.refusals, 0);
    }),
  );
});

describe("slow phone: staff answer from their mail (item 10)", () => {
  /** Staff's page for `action` on a new booking, opened from their mail's button (a tap). */
  async function fromMail(page, action) {
    const reference = await book(server);
    const path = await linkIn(server, "staff-booking", reference, `/staff/${reference}/${action}`);
    await slowPhone(page);
    page.setDefaultTimeout(SLOW);
    await visit(page, server.baseUrl, path, { lang: "nl", timeout: SLOW });
    const walk = new Walk(page);
    walk.taps += 1;
    return walk;
  }

  test("nl: confirming takes the mail's button and one more tap; proposing a time, a time and two taps", TIMEOUT, () =>
    onPhone("nl", async (page) => {
      const confirm = await fromMail(page, "confirm");
      const tapped = Date.now();
      await Promise.all([page.waitForNavigation(), confirm.tap(page.locator("form button[type=submit]"))]);
      await page.locator(".success-box").waitFor();
      const confirmed = Date.now() - tapped;
      const propose = await fromMail(page, "propose");
      await propose.dateTime("dateTime", dutchDateTime(4, "09:15"));
      await Promise.all([page.waitForNavigation(), propose.tap(page.locator("form button[type=submit]"))]);
      await page.locator(".success-box").waitFor();
      console.log(`nl staff: confirm ${confirm} (answered ${confirmed} ms after the tap); propose ${propose}`);
      assert.equal(confirm.toString(), "2 taps + 0 keys");
      assert.ok(propose.taps === 3 && propose.keys <= 15, `the booked time cleared, the new one typed: ${propose}`);
    }),
  );
});
