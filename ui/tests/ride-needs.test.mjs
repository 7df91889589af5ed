// What decides the vehicle and who pays, as a visitor on a 360 × 740 phone fills them in: luggage
// (a taxibus suggested above the owner's threshold), child seats, a foldable wheelchair, and "on
// account" with the company's name, which the form asks only while that method is chosen (by CSS,
// so also without JavaScript). The staff mail flags the wheelchair and child seats in its subject.
// A stop on the way, folded under "Add a stop", is chosen from the list and priced with the trip.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  TEXTS,
  assertAccessible,
  choosePlace,
  dutchDateTime,
  eventually,
  inView,
  pricedToSchiphol,
} from "./helpers.mjs";
import {
  TIMEOUT,
  fillBooking,
  fmt,
  goto,
  server,
  submitButton,
  unique,
  useFormsServer,
  waitForMails,
  withPage,
} from "./forms-kit.mjs";
import { decoded } from "./mails.mjs";

useFormsServer({ configToml: '[booking]\npayment_methods = ["cash", "debitcard", "invoice"]\n' });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

test("nl: luggage, child seats, wheelchair and on account reach the staff mail, flagged", TIMEOUT, () =>
  withPage("ride-needs-nl", "nl", PHONE, async ({ page, watch }) => {
    const t = TEXTS.nl.funnel;
    await goto(page, "/reserveren");
    const company = page.locator("#companyName");
    assert.equal(await company.isVisible(), false, "no company asked before 'on account' is chosen");
    const name = `Fam ${unique()}`;
    await fillBooking(page, "nl", { name, email: "fam@example.nl", passengers: 2, dateTime: dutchDateTime(3) });
    // Six suitcases for two: the taxibus is suggested, as a hint.
    await page.fill("#luggage", "6");
    const hint = page.locator("#luggage ~ .passenger-note");
    assert.equal((await hint.textContent()).trim(), fmt(t.form.luggageTaxibus_other, { count: 6 }));
    await page.fill("#childSeats", "2");
    await page.check("#wheelchair");
    await page.check("input[name=paymentMethod][value=invoice]");
    assert.equal(await company.isVisible(), true, "asked once 'on account' is chosen");
    assert.ok(await inView(company), "and in view");
    // Sent without the company: refused under its field, in the same round as nothing else.
    await submitButton(page).click();
    const error = page.locator("#companyName-error");
    await error.waitFor();
    assert.equal((await error.textContent()).trim(), t.validation.companyNameRequired);
    assert.match(await company.getAttribute("aria-describedby"), /companyName-error/);
    await assertAccessible(page, "nl needs and on account, refused");
    await company.fill("Janssen Logistiek BV");
    await page.fill("#invoiceReference", "PO 117");
    await submitButton(page).click();
    await page.locator(".success-box").waitFor();
    const summary = await page.locator(".ride-summary").textContent();
    assert.match(summary, /6 stuks/);
    assert.match(summary, /een opvouwbare rolstoel reist mee/);
    const [staff] = await waitForMails(
      "the staff mail",
      (m) => m.kind === "staff-booking" && decoded(m.raw).includes(name),
      1,
    );
    assert.match(staff.header("subject"), /rolstoel · 2 kinderzitjes/);
    const text = decoded(staff.raw);
    for (const line of ["Janssen Logistiek BV", "PO 117", "6 stuks", "Neem 2 kinderzitjes mee."]) {
      assert.ok(text.includes(line), `staff mail: ${line}`);
    }
    assert.deepEqual(watch.pageErrors, []);
  }),
);

test("de: without JavaScript the company is asked with 'on account' and one post books it", TIMEOUT, () =>
  withPage("ride-needs-nojs", "de", { ...PHONE, javaScriptEnabled: false }, async ({ page }) => {
    await goto(page, "/reservieren", { hydrate: false });
    const company = page.locator("#companyName");
    assert.equal(await company.isVisible(), false);
    await page.check("input[name=paymentMethod][value=invoice]");
    assert.equal(await company.isVisible(), true, "shown by CSS alone");
    await page.check("#wheelchair");
    await page.fill("#luggage", "25");
    const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
    assert.equal(response.status(), 400);
    const t = TEXTS.de.funnel.validation;
    assert.equal((await page.locator("#luggage-error").textContent()).trim(), fmt(t.luggage, { max: 20 }));
    assert.equal((await page.locator("#companyName-error").textContent()).trim(), t.companyNameRequired);
    assert.equal(await page.locator("#wheelchair").isChecked(), true, "the tick kept");
    assert.equal(await company.isVisible(), true, "still asked: 'on account' kept");
    // (axe needs JavaScript in the page; the same markup is checked in the test above.)
  }),
);

test("en: a stop on the way, folded until wanted, is chosen from the list and priced", TIMEOUT, () =>
  withPage("via-stop-en", "en", PHONE, async ({ page, watch }) => {
    const amount = await pricedToSchiphol(page, server.baseUrl);
    assert.equal((await amount.textContent()).trim(), "€ 230.00");
    const via = page.locator("#via");
    assert.equal(await via.isVisible(), false, "folded away");
    await page.getByText(TEXTS.en.funnel.form.viaAdd).click();
    await choosePlace(page, "via", "weert", "Weert");
    await eventually(
      "the price with the stop",
      async () => (await amount.textContent()).trim(),
      (text) => text === "€ 241.10",
    );
    const explanation = await page.locator(".price-box").textContent();
    assert.match(explanation, /With a stop on the way \(6\.5 km detour\): \+ € 11\.10\./);
    await assertAccessible(page, "en stop on the way priced");
    assert.deepEqual(watch.pageErrors, []);
  }),
);
