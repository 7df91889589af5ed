// The reservation, WhatsApp and contact forms end to end in a real browser
// (Debian's Chromium through playwright-core) against the release binary: what
// the visitor sees, what the server answers and the mails it stores. Without
// TAXI_SMTP_URL every mail lands in <data dir>/maildir/new/, one file per mail
// named after its kind (staff-booking, customer-booking, staff-contact,
// contact-ack). One server and one browser for the whole file; nothing may
// leave the server's origin: the wa.me links are intercepted and aborted.
// Run from ui/: npm test. Screenshots of failures go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  LANGS, LOCALES, ROUTES, TEXTS, assertShows, choosePlace, dutchDateTime, eventually, screenshotDir, settle, snapshot, useServerAndBrowser, visit, waitForHydration, watchPage,
} from "./helpers.mjs";

/** What the built-in place data and the fixed-price table give for Roermond → Schiphol. */
const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
const PRICE = { nl: "€ 230,00", de: "230,00 €", en: "€ 230.00" };
const TRIP_PAYLOAD = ["departure", "departurePlaceId", "destination", "destinationPlaceId"];
const EXTRAS_PAYLOAD = ["pickupStreet", "returnDateTime", "flightNumber", "remarks"];
const WHATSAPP_PAYLOAD = ["name", "passengerAmount", "dateTime", "paymentMethod", ...EXTRAS_PAYLOAD, ...TRIP_PAYLOAD].sort();
const MAIL_PAYLOAD = [...WHATSAPP_PAYLOAD, "email", "phone", "website", "departureName", "destinationName"].sort();
/** Some messages word for word, not read from the locale files. */
const NAME_REQUIRED = { nl: "Vul uw naam in.", de: "Bitte geben Sie Ihren Namen ein.", en: "Enter your name." };
const TOO_SOON = {
  nl: "Kies een tijd die minstens 30 minuten in de toekomst ligt. Heeft u eerder een taxi nodig? Bel ons op 0475 00 00 00.",
  de: "Bitte wählen Sie eine Zeit, die mindestens 30 Minuten in der Zukunft liegt. Sie brauchen früher ein Taxi? Rufen Sie uns an: +31 475 00 00 00.",
  en: "Choose a time at least 30 minutes from now. Need a taxi sooner? Call us on +31 475 00 00 00.",
};
const SUBJECT_REQUIRED = { nl: "Vul een onderwerp in.", de: "Bitte geben Sie einen Betreff ein.", en: "Enter a subject." };

const screenshots = screenshotDir();
const TIMEOUT = { timeout: 40_000 };

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

const url = (path) => `${server.baseUrl}${path}`;

/** i18next-style `{{name}}` interpolation of a locale text. */
const fmt = (text, vars = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    assert.ok(name in vars, `no value for {{${name}}} in "${text}"`);
    return String(vars[name]);
  });

/** Something unique per run, so repeated runs and tests never look like repeats to the server. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The date and time of a `YYYY-MM-DDTHH:MM` as the WhatsApp message writes them. */
function whatsappWhen(dateTime, lang) {
  const [, y, m, d, hm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(dateTime);
  const sep = { nl: "-", de: ".", en: "/" }[lang];
  return `${[d, m, y].join(sep)} ${hm}`;
}


// ---------------------------------------------------------------------------
// Mail in the Maildir

/** Decodes RFC 2047 encoded words (`=?utf-8?b?...?=`, `=?utf-8?q?...?=`) in a header value. */
function decodeWords(value) {
  const word = /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/;
  return value
    .replace(new RegExp(`(${word.source})\\s+(?==\\?)`, "g"), "$1") // blanks between encoded words vanish
    .replace(new RegExp(word.source, "g"), (_, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), "latin1");
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

/** One Maildir file: its kind (from the file name), raw text and decoded headers. */
function readMail(file) {
  const raw = readFileSync(join(server.dataDir, "maildir", "new", file), "utf8");
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n([ \t])/g, "$1");
  const headers = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(decodeWords(line.slice(colon + 1).trim()));
  }
  const kind = ["staff-booking", "customer-booking", "staff-contact", "contact-ack"].find((k) => file.includes(k)) ?? "unknown";
  return { file, kind, raw, headers, header: (name) => headers[name.toLowerCase()]?.[0] ?? "" };
}

/** `"Name" <address>` or `Name <address>` (after decoding) as its parts. */
function mailbox(value) {
  const match = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^<>\s]+)>\s*$/.exec(value);
  assert.ok(match, `a mailbox with a display name: ${JSON.stringify(value)}`);
  return { name: match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2], address: match[3] };
}

function allMails() {
  let files;
  try {
    files = readdirSync(join(server.dataDir, "maildir", "new"));
  } catch {
    files = [];
  }
  return files.sort().map(readMail);
}

/** Waits until the server has delivered everything it accepted (spool depth 0). */
async function mailDelivered(timeout = 8_000) {
  await eventually(
    "/healthz spoolDepth",
    async () => (await (await fetch(url("/healthz"))).json()).spoolDepth,
    (depth) => depth === 0,
    timeout,
  );
}

/** Waits for `count` mails matching `filter`, then for the spool to be empty, and returns those mails. */
async function waitForMails(what, filter, count, timeout = 8_000) {
  await eventually(what, () => allMails().filter(filter).length, (n) => n >= count, timeout);
  await mailDelivered(timeout);
  return allMails().filter(filter);
}

// ---------------------------------------------------------------------------
// Pages

/** A fresh context and page with its watcher; wa.me links are recorded and aborted. */
async function open(lang, options = {}) {
  const context = await browser.newContext({ locale: LOCALES[lang], ...options });
  context.setDefaultTimeout(10_000);
  const whatsapp = [];
  await context.route("https://wa.me/**", (route) => {
    whatsapp.push(route.request().url());
    return route.abort("aborted");
  });
  const page = await context.newPage();
  const watch = watchPage(page, server.baseUrl);
  return { context, page, watch, whatsapp };
}

/** Runs `fn` with a fresh page; screenshots the page when it fails. */
async function withPage(name, lang, options, fn) {
  const opened = await open(lang, options);
  try {
    await fn(opened);
  } catch (e) {
    const file = join(screenshots, `forms-${name}-failure.png`);
    await opened.page.screenshot({ path: file, fullPage: true }).catch(() => {});
    e.message += `\n(screenshot: ${file}; page problems: ${opened.watch.summary()})`;
    throw e;
  } finally {
    await opened.context.close();
  }
}

async function goto(page, path, { hydrate = true } = {}) {
  const response = await visit(page, server.baseUrl, path, { waitUntil: "load" });
  assert.equal(response.status(), 200, `${path}: status`);
  if (hydrate) await waitForHydration(page);
}

/**
 * Asserts nothing went wrong on the page except what the test caused on
 * purpose: `rejected` paths answered 400 (Chromium logs each as a console
 * error), `leftFor` wa.me URLs that were intercepted and aborted, and
 * `cancelled` paths whose navigation the test ended with a 204.
 */
function assertOnly(watch, { rejected = [], leftFor = [], cancelled = [] } = {}, what = "") {
  const s = () => `${what}: ${watch.summary()}`;
  assert.deepEqual(
    watch.errorResponses.map((r) => `${r.status} ${r.url}`),
    rejected.map((p) => `400 ${url(p)}`),
    `HTTP error responses ${s()}`,
  );
  const badRequestLog = /^Failed to load resource: the server responded with a status of 400\b/;
  const logged = watch.console.filter((c) => !(c.type === "error" && badRequestLog.test(c.text)));
  assert.ok(watch.console.length - logged.length <= rejected.length, `more 400s logged than expected ${s()}`);
  assert.deepEqual(logged, [], `console errors/warnings ${s()}`);
  assert.deepEqual(watch.pageErrors, [], `page errors ${s()}`);
  assert.deepEqual(
    watch.failedRequests.filter((f) => !leftFor.includes(f.url)),
    cancelled.map((p) => ({ url: url(p), failure: "net::ERR_ABORTED" })),
    `failed requests ${s()}`,
  );
  assert.deepEqual(watch.foreignRequests, leftFor, `requests to other hosts ${s()}`);
}

const value = (page, selector) => page.locator(selector).inputValue();
const activeElement = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), id: el.id, className: el.className } : null;
  });

/** Fills the booking form; places through the comboboxes unless `places` is false. */
async function fillBooking(page, lang, v, { mail = true, places = true } = {}) {
  await page.fill("#name", v.name);
  if (mail) {
    await page.fill("#email", v.email);
    await page.fill("#phone", v.phone ?? "");
  }
  await page.fill("#passengerAmount", String(v.passengers));
  const chosen = {};
  if (places) {
    chosen.departure = await choosePlace(page, "departure", "roerm", "Roermond");
    // Roermond is a whole town: the form asks for the street.
    await page.fill("#pickupStreet", v.street ?? "Markt 1");
    chosen.destination = await choosePlace(page, "destination", "schip", AIRPORT[lang]);
  }
  await page.fill("#dateTime", v.dateTime);
  assert.equal(await value(page, "#dateTime"), v.dateTime, "the datetime-local input took the value");
  if (v.payment) await page.check(`input[name=paymentMethod][value=${v.payment}]`);
  return chosen;
}

async function getPrice(page, lang) {
  await page.getByRole("button", { name: TEXTS[lang].form.getPrice, exact: true }).click();
  const amount = page.locator(".price-box .amount");
  await amount.waitFor();
  assert.equal((await amount.textContent()).trim(), PRICE[lang], "shown price indication");
}

const submitButton = (page) => page.locator("form button[type=submit]").last();

/**
 * The error summary and the inline errors: `expected` maps field ids to
 * messages, in the order the summary lists them. With `focused`, the summary
 * must hold the focus (it takes it once JavaScript runs).
 */
async function assertErrors(page, lang, expected, { focused = true } = {}) {
  const summary = page.locator(".error-summary");
  await summary.waitFor();
  assert.equal(await summary.count(), 1, "one error summary");
  if (focused) {
    await eventually("focus on the error summary", () => activeElement(page), (a) => a?.className === "error-summary");
  }
  assert.equal(await summary.getAttribute("role"), "alert");
  assert.equal(await summary.getAttribute("tabindex"), "-1", "the summary can take the focus");
  assert.equal((await summary.locator("h2").textContent()).trim(), TEXTS[lang].form.errorSummaryTitle);
  // Each item links to its field (a refusal's phone number is a second, call link).
  const items = await summary.locator("li").evaluateAll((lis) => lis.map((li) => [li.querySelector("a")?.getAttribute("href"), li.textContent.trim()]));
  assert.deepEqual(items, Object.entries(expected).map(([id, message]) => [`#${id}`, message]), "links in the error summary");

  for (const [id, message] of Object.entries(expected)) {
    const error = page.locator(`#${id}-error`);
    assert.equal(await error.count(), 1, `#${id}-error exists`);
    assert.equal((await error.textContent()).trim(), message, `#${id}-error text`);
    const field = page.locator(`#${id}`);
    assert.equal(await field.count(), 1, `the summary link #${id} has a target`);
    const describedBy = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/);
    assert.ok(describedBy.includes(`${id}-error`), `#${id} aria-describedby "${describedBy.join(" ")}" names #${id}-error`);
    assert.equal(await field.getAttribute("aria-invalid"), "true", `#${id} aria-invalid`);
  }
  const inline = await page.locator(".field-error").evaluateAll((ps) => ps.map((p) => p.id));
  assert.deepEqual(inline.sort(), Object.keys(expected).map((id) => `${id}-error`).sort(), "inline errors shown");
}

/** The lines of the WhatsApp message in a wa.me URL. */
function whatsappLines(waUrl) {
  const match = /^https:\/\/wa\.me\/(\d+)\?text=([^&#]*)$/.exec(waUrl);
  assert.ok(match, `a wa.me chat link with only a text parameter: ${waUrl}`);
  return decodeURIComponent(match[2]).split("\n");
}

/** The message the server should write, line by line. */
function expectedWhatsapp(lang, { name, passengers, departure, street, destination, dateTime, payment, price }) {
  const t = TEXTS[lang];
  return [
    t.whatsapp.greeting,
    `${t.form.name}: ${name}`,
    `${t.form.passengerAmount}: ${passengers}`,
    `${t.form.departure}: ${departure ?? "-"}`,
    ...(street ? [`${t.funnel.form.pickupStreet}: ${street}`] : []),
    `${t.form.destination}: ${destination ?? "-"}`,
    `${t.whatsapp.when}: ${whatsappWhen(dateTime, lang)}`,
    `${t.form.paymentMethod}: ${payment ? t.form[payment] : "-"}`,
    `${t.form.priceLabel}: ${price ?? t.api.noPriceIndication}`,
  ];
}

// ---------------------------------------------------------------------------

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
        assert.deepEqual(Object.keys(sent).sort(), MAIL_PAYLOAD, "the browser sends only what the server reads (it prices the trip itself)");
        assert.equal(priceCalls(), pricedBefore, "no price call on sending");

        const box = page.locator(".success-box");
        await box.waitFor();
        // The ride in brief under the reference: the route and the time as sent.
        const summary = await box.locator(".ride-summary dd").allTextContents();
        assert.ok(summary.length >= 4 && summary.some((v) => v.includes(booking.dateTime.slice(11))), `ride summary: ${summary}`);
        const message = (await box.locator("p").textContent()).trim();
        const reference = /\bR-[A-Z0-9]{6}\b/.exec(message)?.[0];
        assert.ok(reference, `a reference in "${message}"`);
        assert.equal(message, fmt(t.api.reservationReceived, { reference }), "the server's message");
        assert.equal(message, (await response.json()).message);
        assert.equal(await box.getAttribute("role"), "status");
        await eventually("the success box focused", () => page.evaluate(() => document.activeElement?.className), (c) => c === "success-box");

        // "Book another ride" brings back an empty form.
        await box.getByRole("link", { name: t.funnel.success.another }).click();
        await page.locator("#departure").waitFor();
        for (const field of ["#name", "#email", "#phone", "#passengerAmount", "#departure", "#destination", "#dateTime", "input[name=departurePlaceId]", "input[name=destinationPlaceId]"]) {
          assert.equal(await value(page, field), "", `${field} is empty after sending`);
        }
        assert.equal(await page.locator("input[name=paymentMethod]:checked").count(), 0, "no payment method checked");
        assert.equal(await page.locator(".price-box").count(), 0, "no price shown");
        assert.equal(await page.locator(".error-summary, .field-error, .error-text").count(), 0, "no errors");

        const mails = await waitForMails(`two mails with ${reference}`, (m) => m.raw.includes(reference), 2);
        assert.deepEqual(mails.map((m) => m.kind).sort(), ["customer-booking", "staff-booking"], `mails for ${reference}: ${mails.map((m) => m.file)}`);
        const staff = mails.find((m) => m.kind === "staff-booking");
        const staffSubject = staff.header("subject");
        assert.match(staffSubject, /Schiphol/, "staff subject names the destination");
        assert.match(staffSubject, /Roermond/, "staff subject names the departure");
        assert.ok(staffSubject.includes(booking.dateTime.slice(11)), `staff subject "${staffSubject}" has the time`);
        assert.ok(staffSubject.includes(PRICE[staff.header("content-language")] ?? PRICE.nl), `staff subject "${staffSubject}" has the price`);
        assert.ok(staff.header("message-id").includes(reference), "the staff mail's Message-ID carries the reference");
        assert.deepEqual(mailbox(staff.header("reply-to")), { name: booking.name, address: booking.email }, "replying to the staff mail goes to the customer");
        const customer = mails.find((m) => m.kind === "customer-booking");
        assert.equal(customer.header("delivered-to"), booking.email, "the confirmation goes to the typed address");
        assert.deepEqual(mailbox(customer.header("to")), { name: booking.name, address: booking.email }, "customer To");
        assert.equal(customer.header("content-language"), lang);
        assert.equal(customer.header("subject"), fmt(t.mail.customerBooking.subject, { reference }), "customer subject");

        assertOnly(watch, {}, ROUTES[lang].reservation);
      }),
    );
  }
});

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
        const booking = { name: `Gisteren ${id}`, email: `gisteren.${id}@example.com`, phone: "+31 475 123456", passengers: 2, dateTime: dutchDateTime(-1), payment: "debitcard" };
        const chosen = await fillBooking(page, lang, booking);
        await page.fill("#name", "");
        const bothPosted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        assert.equal((await bothPosted).status(), 400);
        await eventually("one round: the name and the time", () => page.locator(".error-summary li").count(), (n) => n === 2);
        await assertErrors(page, lang, { dateTime: TOO_SOON[lang], name: v.nameRequired });
        await page.fill("#name", booking.name);

        // Valid in the browser, but yesterday: the server says no.
        const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reservation/${lang}`);
        await submitButton(page).click();
        const response = await posted;
        assert.equal(response.status(), 400);
        assert.deepEqual(await response.json(), { errors: { dateTime: TOO_SOON[lang] } }, "the server's answer");
        assert.equal(fmt(v.dateTimeTooSoon_other, { count: 30, phone: lang === "nl" ? "0475 00 00 00" : "+31 475 00 00 00" }), TOO_SOON[lang]);
        await eventually("the summary lists only the time", () => page.locator(".error-summary li").count(), (n) => n === 1);
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
        assert.equal(await page.locator("input[name=paymentMethod]:checked").getAttribute("value"), booking.payment, "payment method kept");
        assert.equal(await submitButton(page).isEnabled(), true, "the submit button is usable again");
        await snapshot(page, `forms-${lang}-booking-too-soon.png`);

        await mailDelivered();
        assert.deepEqual(allMails().filter((m) => m.raw.includes(booking.email)).map((m) => m.file), [], "no mail for a rejected booking");
        assertOnly(watch, { rejected: [`/api/reservation/${lang}`, `/api/reservation/${lang}`, `/api/reservation/${lang}`] }, path);
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

        const booking = { name: "Zoë & Jan+1", passengers: 4, dateTime: dutchDateTime(2, "09:05"), payment: "creditcard", street: "Markt 1" };
        const chosen = await fillBooking(page, lang, booking, { mail: false });
        await getPrice(page, lang);

        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/whatsappreservation/${lang}`);
        await submitButton(page).click();
        const response = await answered;
        assert.equal(response.status(), 200, `answer: ${await response.text()}`);
        assert.deepEqual(Object.keys(JSON.parse(response.request().postData())).sort(), WHATSAPP_PAYLOAD, "the browser sends only what the server reads");
        const { whatsappUrl } = await response.json();
        await eventually("the browser going to wa.me", () => whatsapp.length, (n) => n === 1);
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
        await assertShows(page, server.baseUrl, `${path}?mode=whatsapp`); // the aborted navigation left the page where it was
        assertOnly(watch, { leftFor: whatsapp }, path);
      }),
    );
  }
});

describe("contact form with JavaScript", () => {
  for (const lang of ["de"]) {
    test(`${lang}: a complete message is accepted, the thanks take the form's place in view and the staff gets a mail`, TIMEOUT, () =>
      withPage(`contact-${lang}`, lang, {}, async ({ page, watch }) => {
        const t = TEXTS[lang];
        const id = unique();
        const message = { name: `Anna ${id}`, email: `anna.${id}@example.com`, phone: "06-12345678", subject: `Vraag ${id}`, message: "Regel één\nRegel twee & meer" };
        await goto(page, ROUTES[lang].contact);
        for (const [field, text] of Object.entries(message)) await page.fill(`#${field}`, text);
        const posted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/contact/${lang}`);
        await submitButton(page).click();
        assert.equal((await posted).status(), 200);

        const box = page.locator(".success-box");
        await box.waitFor();
        assert.equal((await box.locator("h2").textContent()).trim(), t.contact.success.heading);
        assert.equal((await box.locator("p").textContent()).trim(), t.api.contactReceived);
        // As the booking's: in view and focused, in the form's place (no emptied fields to puzzle over).
        await eventually("the thanks focused", () => page.evaluate(() => document.activeElement?.id), (id) => id === "contact-result");
        assert.ok(await box.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }), "in view");
        assert.equal(await page.locator("#message").count(), 0, "the form gave way to the thanks");
        assert.equal(await page.locator(".error-summary, .field-error, .error-text").count(), 0, "no errors");
        await box.getByRole("link", { name: t.contact.success.another }).click();
        assert.equal(await value(page, "#message"), "", "another message starts empty");

        const mails = await waitForMails(`contact mails for ${message.email}`, (m) => m.headers["reply-to"]?.[0]?.includes(message.email) || m.header("delivered-to") === message.email, 2);
        assert.deepEqual(mails.map((m) => m.kind).sort(), ["contact-ack", "staff-contact"], `contact mails: ${mails.map((m) => m.file)}`);
        const staff = mails.find((m) => m.kind === "staff-contact");
        const staffLang = staff.header("content-language");
        assert.ok(LANGS.includes(staffLang), `staff mail language ${staffLang}`);
        assert.equal(staff.header("subject"), fmt(TEXTS[staffLang].mail.staffContact.subject, message), "staff contact subject");
        assert.deepEqual(mailbox(staff.header("reply-to")), { name: message.name, address: message.email }, "staff Reply-To");
        const ack = mails.find((m) => m.kind === "contact-ack");
        assert.deepEqual(mailbox(ack.header("to")), { name: message.name, address: message.email }, "acknowledgement To");
        assert.equal(ack.header("delivered-to"), message.email);
        assert.equal(ack.header("content-language"), lang);
        const reference = /\bC-[A-Z0-9]{6}\b/.exec(ack.header("subject"))?.[0];
        assert.ok(reference, `a reference in the acknowledgement's subject "${ack.header("subject")}"`);
        assert.ok(staff.raw.includes(reference), "the staff mail has the same reference");
        assertOnly(watch, {}, ROUTES[lang].contact);
      }),
    );

  }
  for (const lang of ["nl"]) {
    test(`${lang}: an empty message is stopped with the summary focused and inline messages`, TIMEOUT, () =>
      withPage(`contact-errors-${lang}`, lang, {}, async ({ page, watch }) => {
        const v = TEXTS[lang].validation;
        await goto(page, ROUTES[lang].contact);
        const textarea = page.locator("textarea#message");
        assert.equal(await textarea.getAttribute("rows"), "8", "message rows");
        assert.equal(await textarea.getAttribute("maxlength"), "500", "message maxlength");
        assert.equal((await page.locator("#message-hint").textContent()).trim(), fmt(TEXTS[lang].form.charactersMax, { max: 500 }));

        await page.fill("#phone", "0475 123456");
        await submitButton(page).click();
        assert.equal(v.subjectRequired, SUBJECT_REQUIRED[lang]);
        await assertErrors(page, lang, { name: v.nameRequired, email: v.emailRequired, subject: v.subjectRequired, message: v.messageRequired });
        assert.deepEqual(
          ((await textarea.getAttribute("aria-describedby")) ?? "").split(/\s+/),
          ["message-hint", "message-error"],
          "the textarea is described by its hint and its error",
        );
        assert.equal(await value(page, "#phone"), "0475 123456", "typed phone kept");
        assert.equal(watch.requests.filter((r) => r.includes("/api/contact/")).length, 0, "nothing is sent while the form is incomplete");

        // Fixing one field and sending again updates the summary (and focuses it again).
        await page.fill("#name", "Anna");
        await page.locator("body").click({ position: { x: 1, y: 1 } });
        await submitButton(page).click();
        await eventually("three errors left", () => page.locator(".error-summary li").count(), (n) => n === 3);
        await assertErrors(page, lang, { email: v.emailRequired, subject: v.subjectRequired, message: v.messageRequired });
        await snapshot(page, `forms-${lang}-contact-empty.png`);
        assertOnly(watch, {}, ROUTES[lang].contact);
      }),
    );
  }
});

describe("without JavaScript", () => {
  const noJs = { javaScriptEnabled: false };

  test("nl: posting the reservation form with only a name answers 400 with the errors and keeps the name", TIMEOUT, () =>
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
      const message = { name: `Jürgen ${id}`, email: `juergen.${id}@example.com`, phone: "", subject: "Frage", message: `Ohne JavaScript ${id}` };
      await goto(page, path, { hydrate: false });
      for (const [field, text] of Object.entries(message)) await page.fill(`#${field}`, text);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response.request().method(), "POST");
      assert.equal(response.status(), 200);
      await assertShows(page, server.baseUrl, path);
      const box = page.locator(".success-box");
      assert.equal(await box.count(), 1, "success box");
      assert.equal((await box.locator("p").textContent()).trim(), TEXTS.de.api.contactReceived);
      assert.equal(await page.evaluate(() => document.activeElement?.id), "contact-result", "focused without JavaScript too");
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
      await eventually("the form post", () => posts.length, (n) => n === 1);
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
});

describe("double submit", () => {
  /** Staff mails whose Reply-To names this customer. */
  const staffMailsFor = (name) => allMails().filter((m) => m.kind === "staff-booking" && mailbox(m.header("reply-to")).name === name);

  test("nl: a double click sends once, and sending the same booking again makes no second booking", TIMEOUT, () =>
    withPage("double-click", "nl", {}, async ({ page, watch }) => {
      const id = unique();
      const booking = { name: `Dubbel ${id}`, email: `dubbel.${id}@example.com`, phone: "", passengers: 1, dateTime: dutchDateTime(2, "07:15"), payment: "cash" };
      await goto(page, ROUTES.nl.reservation);
      await fillBooking(page, "nl", booking);
      await getPrice(page, "nl");
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/reservation/nl");
      await submitButton(page).dblclick();
      const response = await posted;
      assert.equal(response.status(), 200);
      await page.locator(".success-box").waitFor();
      await settle(page, 300);
      assert.equal(watch.requests.filter((r) => new URL(r).pathname === "/api/reservation/nl").length, 1, "one request for a double click");
      const first = (await response.json()).message;
      const reference = /\bR-[A-Z0-9]{6}\b/.exec(first)[0];

      // The same values again, as a second tab or a retry would send them.
      const again = await page.evaluate(async (body) => {
        const r = await fetch("/api/reservation/nl", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body });
        return { status: r.status, body: await r.json() };
      }, response.request().postData());
      assert.equal(again.status, 200, "a repeat is answered like the first");
      assert.equal(again.body.message, first, "a repeat gets the first booking's reference");

      await mailDelivered();
      await settle(page, 300);
      const staff = staffMailsFor(booking.name);
      assert.equal(staff.length, 1, `one staff mail for ${booking.name}: ${staff.map((m) => m.file)}`);
      assert.ok(staff[0].raw.includes(reference));
      assert.equal(allMails().filter((m) => m.kind === "customer-booking" && m.header("delivered-to") === booking.email).length, 1, "one confirmation");
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
      const r = await fetch(url("/api/reservation/nl"), { method: "POST", headers: { "Content-Type": "application/json" }, body: payload });
      return { status: r.status, body: await r.json() };
    };
    // Open the connections first, so the requests arrive together instead of one
    // going ahead on a kept-alive connection while the others are still connecting.
    await Promise.all([1, 2, 3, 4].map(() => fetch(url("/healthz")).then((r) => r.arrayBuffer())));
    const answers = await Promise.all([send(), send(), send(), send()]);
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200]);
    const references = answers.map((a) => /\bR-[A-Z0-9]{6}\b/.exec(a.body.message)?.[0]);
    await mailDelivered();
    const staff = staffMailsFor(`Gelijktijdig ${id}`);
    assert.equal(staff.length, 1, `one staff mail for 4 identical simultaneous requests, got ${staff.length} (references ${references.join(", ")})`);
    assert.equal(new Set(references).size, 1, `every answer names the same booking: ${references.join(", ")}`);
  });
});
