// The reservation form with JavaScript, end to end in a real browser (Debian's
// Chromium through playwright-core) against the release binary: a mail booking
// and the two mails it stores, the WhatsApp booking, and double submits. Its
// errors are in forms-booking-errors.test.mjs, the contact form in
// forms-contact.test.mjs, both forms without JavaScript in forms-nojs.test.mjs;
// what they share in forms-kit.mjs.
// One server and one browser for the whole file; nothing may leave the server's
// origin: the wa.me links are intercepted and aborted.
// Run from ui/: npm test. Screenshots of failures go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { ROUTES, TEXTS, assertShows, dutchDateTime, eventually, settle } from "./helpers.mjs";
import {
  PRICE,
  TIMEOUT,
  allMails,
  assertOnly,
  expectedWhatsapp,
  fillBooking,
  fmt,
  getPrice,
  goto,
  mailDelivered,
  mailbox,
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

/** The keys the browser posts, sorted: what the server reads of each mode of the form. */
const TRIP_PAYLOAD = ["departure", "departurePlaceId", "destination", "destinationPlaceId", "via", "viaPlaceId"];
const EXTRAS_PAYLOAD = [
  "pickupStreet",
  "returnDateTime",
  "flightNumber",
  "remarks",
  "luggage",
  "childSeats",
  "wheelchair",
  "companyName",
  "invoiceReference",
];
const WHATSAPP_PAYLOAD = [
  "name",
  "passengerAmount",
  "dateTime",
  "paymentMethod",
  ...EXTRAS_PAYLOAD,
  ...TRIP_PAYLOAD,
].sort();
// … and the proof of work ("altcha": empty while none is asked).
const MAIL_PAYLOAD = [
  ...WHATSAPP_PAYLOAD,
  "email",
  "phone",
  "website",
  "altcha",
  "departureName",
  "destinationName",
].sort();
useFormsServer();

describe("mail booking with JavaScript", () => {
  for (const lang of ["nl", "en"]) {
    test(`${lang}: a complete booking is accepted, the form is emptied and two mails are stored`, TIMEOUT, () =>
      withPage(`booking-${lang}`, lang, {}, async ({ page, watch }) => {
        const t = TEXTS[lang];
        const id = unique();
        const booking = {
          name: `Test ${lang} ${id}`,
          email: `klant.${lang}.${id}@example.com`,
          phone: "+31 6 12345678",
          passengers: 3,
          dateTime: dutchDateTime(2),
          payment: "cash",
        };
        await goto(page, ROUTES[lang].reservation);
        await fillBooking(page, lang, booking);
        await getPrice(page, lang);
        const priceCalls = () => watch.requests.filter((r) => new URL(r).pathname.startsWith("/api/places/")).length;
        const pricedBefore = priceCalls();

        const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        const response = await posted;
        assert.equal(response.status(), 200, `answer: ${await response.text()}`);
        const sent = JSON.parse(response.request().postData());
        assert.deepEqual(
          Object.keys(sent).sort(),
          MAIL_PAYLOAD,
          "the browser sends only what the server reads (it prices the trip itself)",
        );
        assert.equal(priceCalls(), pricedBefore, "no price call on sending");

        const box = page.locator(".success-box");
        await box.waitFor();
        // The ride in brief under the reference: the route and the time as sent.
        const summary = await box.locator(".ride-summary dd").allTextContents();
        assert.ok(
          summary.length >= 4 && summary.some((v) => v.includes(booking.dateTime.slice(11))),
          `ride summary: ${summary}`,
        );
        const message = (await box.locator("p").first().textContent()).trim();
        const reference = /\bR-[A-Z0-9]{6}\b/.exec(message)?.[0];
        assert.ok(reference, `a reference in "${message}"`);
        assert.equal(message, fmt(t.api.reservationReceived, { reference }), "the server's message");
        const answer = await response.json();
        assert.equal(message, answer.message);
        // The booking's own page, whatever reaches the mailbox.
        const manage = box.getByRole("link", { name: answer.manage.label });
        assert.equal(await manage.getAttribute("href"), answer.manage.href);
        assert.equal(await box.getAttribute("role"), "status");
        await eventually(
          "the success box focused",
          () => page.evaluate(() => document.activeElement?.className),
          (c) => c === "success-box",
        );

        // "Book another ride" brings back an empty form.
        await box.getByRole("link", { name: t.funnel.success.another }).click();
        await page.locator("#departure").waitFor();
        for (const field of [
          "#name",
          "#email",
          "#phone",
          "#passengerAmount",
          "#departure",
          "#destination",
          "#dateTime",
          "input[name=departurePlaceId]",
          "input[name=destinationPlaceId]",
        ]) {
          assert.equal(await value(page, field), "", `${field} is empty after sending`);
        }
        assert.equal(await page.locator("input[name=paymentMethod]:checked").count(), 0, "no payment method checked");
        assert.equal(await page.locator(".price-box").count(), 0, "no price shown");
        assert.equal(await page.locator(".error-summary, .field-error, .error-text").count(), 0, "no errors");

        const mails = await waitForMails(`two mails with ${reference}`, (m) => m.raw.includes(reference), 2);
        assert.deepEqual(
          mails.map((m) => m.kind).sort(),
          ["customer-booking", "staff-booking"],
          `mails for ${reference}: ${mails.map((m) => m.file)}`,
        );
        const staff = mails.find((m) => m.kind === "staff-booking");
        const staffSubject = staff.header("subject");
        assert.match(staffSubject, /Schiphol/, "staff subject names the destination");
        assert.match(staffSubject, /Roermond/, "staff subject names the departure");
        assert.ok(staffSubject.includes(booking.dateTime.slice(11)), `staff subject "${staffSubject}" has the time`);
        assert.ok(
          staffSubject.includes(PRICE[staff.header("content-language")] ?? PRICE.nl),
          `staff subject "${staffSubject}" has the price`,
        );
        assert.ok(staff.header("message-id").includes(reference), "the staff mail's Message-ID carries the reference");
        assert.deepEqual(
          mailbox(staff.header("reply-to")),
          { name: "", address: booking.email },
          "replying to the staff mail goes to the customer (the address only)",
        );
        const customer = mails.find((m) => m.kind === "customer-booking");
        assert.equal(customer.header("delivered-to"), booking.email, "the confirmation goes to the typed address");
        assert.deepEqual(
          mailbox(customer.header("to")),
          { name: "", address: booking.email },
          "customer To: the address only, never the typed name",
        );
        assert.equal(customer.header("content-language"), lang);
        assert.equal(
          customer.header("subject"),
          fmt(t.mail.customerBooking.subject, { reference }),
          "customer subject",
        );

        assertOnly(watch, {}, ROUTES[lang].reservation);
      }),
    );
  }
});

describe("WhatsApp booking with JavaScript", () => {
  for (const lang of ["en"]) {
    test(`${lang}: the form opens wa.me with the whole booking as the message`, TIMEOUT, () =>
      withPage(`whatsapp-${lang}`, lang, {}, async ({ page, watch, whatsapp }) => {
        const path = ROUTES[lang].reservation;
        await goto(page, path);
        await page.locator("nav.toggle a").nth(1).click();
        await page.waitForURL(url(`${path}?mode=whatsapp`));
        await assertShows(page, server.baseUrl, `${path}?mode=whatsapp`);
        await page.getByText(TEXTS[lang].reservation.whatsappIntro, { exact: true }).waitFor();
        assert.equal(await page.locator("#email").count(), 0, "no e-mail field in WhatsApp mode");
        assert.equal((await submitButton(page).textContent()).trim(), TEXTS[lang].form.submitWhatsapp);

        const booking = {
          name: "Zoë & Jan+1",
          passengers: 4,
          dateTime: dutchDateTime(2, "09:05"),
          payment: "creditcard",
          street: "Markt 1",
        };
        const chosen = await fillBooking(page, lang, booking, { mail: false });
        await getPrice(page, lang);

        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/whatsappreservation/${lang}`);
        await submitButton(page).click();
        const response = await answered;
        assert.equal(response.status(), 200, `answer: ${await response.text()}`);
        assert.deepEqual(
          Object.keys(JSON.parse(response.request().postData())).sort(),
          WHATSAPP_PAYLOAD,
          "the browser sends only what the server reads",
        );
        const { whatsappUrl } = await response.json();
        await eventually(
          "the browser going to wa.me",
          () => whatsapp.length,
          (n) => n === 1,
        );
        assert.equal(whatsapp[0], whatsappUrl, "the browser follows the link the server made");

        assert.deepEqual(
          whatsappLines(whatsapp[0]),
          expectedWhatsapp(lang, {
            ...booking,
            departure: chosen.departure.formattedAddress,
            destination: chosen.destination.formattedAddress,
            price: PRICE[lang],
          }),
          "the WhatsApp message",
        );
        await settle(page);
        // The aborted navigation left the page where it was.
        await assertShows(page, server.baseUrl, `${path}?mode=whatsapp`);
        assertOnly(watch, { leftFor: whatsapp }, path);
      }),
    );
  }
});

describe("double submit", () => {
  /** Staff mails whose Reply-To is this customer's address. */
  const staffMailsFor = (email) =>
    allMails().filter((m) => m.kind === "staff-booking" && mailbox(m.header("reply-to")).address === email);

  test("nl: a double click sends once, and sending the same booking again makes no second booking", TIMEOUT, () =>
    withPage("double-click", "nl", {}, async ({ page, watch }) => {
      const id = unique();
      const booking = {
        name: `Dubbel ${id}`,
        email: `dubbel.${id}@example.com`,
        phone: "",
        passengers: 1,
        dateTime: dutchDateTime(2, "07:15"),
        payment: "cash",
      };
      await goto(page, ROUTES.nl.reservation);
      await fillBooking(page, "nl", booking);
      await getPrice(page, "nl");
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/reservation/nl");
      await submitButton(page).dblclick();
      const response = await posted;
      assert.equal(response.status(), 200);
      await page.locator(".success-box").waitFor();
      await settle(page, 300);
      assert.equal(
        watch.requests.filter((r) => new URL(r).pathname === "/api/reservation/nl").length,
        1,
        "one request for a double click",
      );
      const first = (await response.json()).message;
      const reference = /\bR-[A-Z0-9]{6}\b/.exec(first)[0];

      // The same values again, as a second tab or a retry would send them.
      const again = await page.evaluate(async (body) => {
        const r = await fetch("/api/reservation/nl", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
        });
        return { status: r.status, body: await r.json() };
      }, response.request().postData());
      assert.equal(again.status, 200, "a repeat is answered like the first");
      assert.equal(again.body.message, first, "a repeat gets the first booking's reference");

      await mailDelivered();
      await settle(page, 300);
      const staff = staffMailsFor(booking.email);
      assert.equal(staff.length, 1, `one staff mail for ${booking.email}: ${staff.map((m) => m.file)}`);
      assert.ok(staff[0].raw.includes(reference));
      assert.equal(
        allMails().filter((m) => m.kind === "customer-booking" && m.header("delivered-to") === booking.email).length,
        1,
        "one confirmation",
      );
      assertOnly(watch, {}, ROUTES.nl.reservation);
    }),
  );

  test("nl: the same booking sent several times at the same moment makes one booking", TIMEOUT, async () => {
    // What repeated clicks on the form without JavaScript (or a client's retry) do.
    const id = unique();
    const payload = JSON.stringify({
      name: `Gelijktijdig ${id}`,
      email: `gelijk.${id}@example.com`,
      phone: "",
      passengerAmount: "2",
      departure: "Roermond, Limburg, Nederland",
      departureName: "Roermond",
      departurePlaceId: "g2748000",
      destination: "Luchthaven Schiphol, Haarlemmermeer, Nederland",
      destinationName: "Luchthaven Schiphol",
      destinationPlaceId: "aAMS",
      pickupStreet: "Markt 1",
      dateTime: dutchDateTime(3, "11:00"),
      paymentMethod: "cash",
      priceIndication: PRICE.nl,
      language: "nl",
    });
    const send = async () => {
      const r = await fetch(url("/api/reservation/nl"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: payload,
      });
      return { status: r.status, body: await r.json() };
    };
    // Open the connections first, so the requests arrive together instead of one
    // going ahead on a kept-alive connection while the others are still connecting.
    await Promise.all([1, 2, 3, 4].map(() => fetch(url("/healthz")).then((r) => r.arrayBuffer())));
    const answers = await Promise.all([send(), send(), send(), send()]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200],
    );
    const references = answers.map((a) => /\bR-[A-Z0-9]{6}\b/.exec(a.body.message)?.[0]);
    await mailDelivered();
    const staff = staffMailsFor(`gelijk.${id}@example.com`);
    assert.equal(
      staff.length,
      1,
      `one staff mail for 4 identical simultaneous requests, got ${staff.length} (references ${references.join(", ")})`,
    );
    assert.equal(new Set(references).size, 1, `every answer names the same booking: ${references.join(", ")}`);
  });
});
