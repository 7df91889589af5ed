// Shared pieces of the forms browser tests (forms-booking, forms-contact and
// forms-nojs .test.mjs): the file's server and browser, pages that record and
// abort wa.me links, the mails the server stored, filling the reservation form
// and checking its errors and WhatsApp message. Without TAXI_SMTP_URL every mail
// lands in <data dir>/maildir/new/, one file per mail named after its kind
// (staff-booking, customer-booking, staff-contact, contact-ack).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeWords } from "./mails.mjs";
import {
  LOCALES,
  TEXTS,
  choosePlace,
  eventually,
  screenshotDir,
  useServerAndBrowser,
  visit,
  waitForHydration,
  watchPage,
} from "./helpers.mjs";

/** What the built-in place data and the fixed-price table give for Roermond → Schiphol. */
const AIRPORT = { nl: "Luchthaven Schiphol", de: "Flughafen Schiphol", en: "Schiphol Airport" };
export const PRICE = { nl: "€ 230,00", de: "230,00 €", en: "€ 230.00" };

const screenshots = screenshotDir();
export const TIMEOUT = { timeout: 40_000 };

/**
 * The file's server, set by useFormsServer()'s `before` hook. Exported as a live
 * binding, so the tests read `server.baseUrl` and `url()` as they would a local.
 */
export let server;
let browser;

/** One server (`startServer`'s options) and one browser for the whole test file; call once at its top. */
export function useFormsServer(serverOptions = {}) {
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]), serverOptions);
}

export const url = (path) => `${server.baseUrl}${path}`;

/** i18next-style `{{name}}` interpolation of a locale text. */
export const fmt = (text, vars = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    assert.ok(name in vars, `no value for {{${name}}} in "${text}"`);
    return String(vars[name]);
  });

/**
 * Something unique per run, so repeated runs and tests never look like repeats to the server.
 * Letters only: it goes into names, and a name with a run of digits is refused (a phone number).
 */
export const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (d) => "abcdefghij"[d]);

/** The date and time of a `YYYY-MM-DDTHH:MM` as the WhatsApp message writes them. */
function whatsappWhen(dateTime, lang) {
  const [, y, m, d, hm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(dateTime);
  const sep = { nl: "-", de: ".", en: "/" }[lang];
  return `${[d, m, y].join(sep)} ${hm}`;
}

// ---------------------------------------------------------------------------
// Mail in the Maildir

/** One Maildir file: its kind (from the file name), raw text and decoded headers. */
function readMail(file) {
  const raw = readFileSync(join(server.dataDir, "maildir", "new", file), "utf8");
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n([ \t])/g, "$1");
  const headers = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(decodeWords(line.slice(colon + 1).trim()));
  }
  const kind =
    ["staff-booking", "customer-booking", "staff-contact", "contact-ack"].find((k) => file.includes(k)) ?? "unknown";
  return { file, kind, raw, headers, header: (name) => headers[name.toLowerCase()]?.[0] ?? "" };
}

/** `"Name" <address>`, `Name <address>` (after decoding) or a bare address as its parts. */
export function mailbox(value) {
  const bare = /^\s*([^<>\s"]+@[^<>\s"]+)\s*$/.exec(value);
  if (bare) return { name: "", address: bare[1] };
  const match = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^<>\s]+)>\s*$/.exec(value);
  assert.ok(match, `a mailbox: ${JSON.stringify(value)}`);
  return { name: match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2], address: match[3] };
}

export function allMails() {
  let files;
  try {
    files = readdirSync(join(server.dataDir, "maildir", "new"));
  } catch {
    files = [];
  }
  return files.sort().map(readMail);
}

/** Waits until the server has delivered everything it accepted (spool depth 0). */
export async function mailDelivered(timeout = 8_000) {
  await eventually(
    "/healthz spoolDepth",
    async () => (await (await fetch(url("/healthz"))).json()).spoolDepth,
    (depth) => depth === 0,
    timeout,
  );
}

/** Waits for `count` mails matching `filter`, then for the spool to be empty, and returns those mails. */
export async function waitForMails(what, filter, count, timeout = 8_000) {
  await eventually(
    what,
    () => allMails().filter(filter).length,
    (n) => n >= count,
    timeout,
  );
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
export async function withPage(name, lang, options, fn) {
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

export async function goto(page, path, { hydrate = true } = {}) {
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
export function assertOnly(watch, { rejected = [], leftFor = [], cancelled = [] } = {}, what = "") {
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

export const value = (page, selector) => page.locator(selector).inputValue();
const activeElement = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), id: el.id, className: el.className } : null;
  });

/** Fills the booking form; places through the comboboxes unless `places` is false. */
export async function fillBooking(page, lang, v, { mail = true, places = true } = {}) {
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

export async function getPrice(page, lang) {
  await page.getByRole("button", { name: TEXTS[lang].form.getPrice, exact: true }).click();
  const amount = page.locator(".price-box .amount");
  await amount.waitFor();
  assert.equal((await amount.textContent()).trim(), PRICE[lang], "shown price indication");
}

export const submitButton = (page) => page.locator("form button[type=submit]").last();

/**
 * The error summary and the inline errors: `expected` maps field ids to
 * messages, in the order the summary lists them. With `focused`, the summary
 * must hold the focus (it takes it once JavaScript runs).
 */
export async function assertErrors(page, lang, expected, { focused = true } = {}) {
  const summary = page.locator(".error-summary");
  await summary.waitFor();
  assert.equal(await summary.count(), 1, "one error summary");
  if (focused) {
    await eventually(
      "focus on the error summary",
      () => activeElement(page),
      (a) => a?.className === "error-summary",
    );
  }
  assert.equal(await summary.getAttribute("role"), "alert");
  assert.equal(await summary.getAttribute("tabindex"), "-1", "the summary can take the focus");
  assert.equal((await summary.locator("h2").textContent()).trim(), TEXTS[lang].form.errorSummaryTitle);
  // Each item links to its field (a refusal's phone number is a second, call link).
  const items = await summary
    .locator("li")
    .evaluateAll((lis) => lis.map((li) => [li.querySelector("a")?.getAttribute("href"), li.textContent.trim()]));
  assert.deepEqual(
    items,
    Object.entries(expected).map(([id, message]) => [`#${id}`, message]),
    "links in the error summary",
  );

  for (const [id, message] of Object.entries(expected)) {
    const error = page.locator(`#${id}-error`);
    assert.equal(await error.count(), 1, `#${id}-error exists`);
    assert.equal((await error.textContent()).trim(), message, `#${id}-error text`);
    const field = page.locator(`#${id}`);
    assert.equal(await field.count(), 1, `the summary link #${id} has a target`);
    const describedBy = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/);
    assert.ok(
      describedBy.includes(`${id}-error`),
      `#${id} aria-describedby "${describedBy.join(" ")}" names #${id}-error`,
    );
    assert.equal(await field.getAttribute("aria-invalid"), "true", `#${id} aria-invalid`);
  }
  const inline = await page.locator(".field-error").evaluateAll((ps) => ps.map((p) => p.id));
  assert.deepEqual(
    inline.sort(),
    Object.keys(expected)
      .map((id) => `${id}-error`)
      .sort(),
    "inline errors shown",
  );
}

/** The lines of the WhatsApp message in a wa.me URL. */
export function whatsappLines(waUrl) {
  const match = /^https:\/\/wa\.me\/(\d+)\?text=([^&#]*)$/.exec(waUrl);
  assert.ok(match, `a wa.me chat link with only a text parameter: ${waUrl}`);
  return decodeURIComponent(match[2]).split("\n");
}

/** The message the server should write, line by line. */
export function expectedWhatsapp(lang, { name, passengers, departure, street, destination, dateTime, payment, price }) {
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
