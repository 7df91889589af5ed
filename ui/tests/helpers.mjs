// Shared pieces of the browser tests: a watcher that records everything a page
// does wrong, waiting and checking helpers, and the site's pages and forms as the
// tests walk them. The server binary and Debian's Chromium (playwright-core)
// come from server-and-browser.mjs, re-exported here so every test imports one module.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { repoDir } from "./server-and-browser.mjs";

export * from "./server-and-browser.mjs";

/**
 * Records what a page does wrong: console messages (errors, warnings, info, log), uncaught
 * exceptions, failed requests, HTTP error responses and requests that leave the
 * server's origin.
 */
export function watchPage(page, baseUrl) {
  const origin = new URL(baseUrl).origin;
  const problems = {
    /** @type {{ type: string, text: string, url: string }[]} */
    console: [],
    /** @type {string[]} */
    pageErrors: [],
    /** @type {{ url: string, failure: string }[]} */
    failedRequests: [],
    /** @type {{ url: string, status: number, resourceType: string }[]} */
    errorResponses: [],
    /** @type {string[]} */
    foreignRequests: [],
    /** Every request made, for debugging a failure. */
    requests: [],
    summary() {
      return JSON.stringify(
        {
          console: this.console,
          pageErrors: this.pageErrors,
          failedRequests: this.failedRequests,
          errorResponses: this.errorResponses,
          foreignRequests: this.foreignRequests,
        },
        null,
        2,
      );
    },
    /** Forgets what was recorded, for a page that goes on to the next check. */
    clear() {
      for (const list of [
        this.console,
        this.pageErrors,
        this.failedRequests,
        this.errorResponses,
        this.foreignRequests,
        this.requests,
      ])
        list.length = 0;
    },
    /** Asserts nothing at all went wrong. */
    assertClean(assert, what = page.url()) {
      assert.deepEqual(this.console, [], `console messages on ${what}: ${this.summary()}`);
      assert.deepEqual(this.pageErrors, [], `page errors on ${what}: ${this.summary()}`);
      assert.deepEqual(this.failedRequests, [], `failed requests on ${what}: ${this.summary()}`);
      assert.deepEqual(this.errorResponses, [], `HTTP error responses on ${what}: ${this.summary()}`);
      assert.deepEqual(this.foreignRequests, [], `requests to other hosts on ${what}: ${this.summary()}`);
    },
  };
  page.on("console", (msg) => {
    // A page of the site has nothing to say in a visitor's console, not even for information.
    if (["error", "warning", "info", "log"].includes(msg.type())) {
      problems.console.push({ type: msg.type(), text: msg.text(), url: msg.location()?.url ?? "" });
    }
  });
  page.on("pageerror", (error) => problems.pageErrors.push(String(error?.stack ?? error)));
  page.on("request", (request) => {
    const url = request.url();
    problems.requests.push(url);
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    let requestOrigin;
    try {
      requestOrigin = new URL(url).origin;
    } catch {
      requestOrigin = url;
    }
    if (requestOrigin !== origin) problems.foreignRequests.push(url);
  });
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "unknown";
    // Chromium cancels a page's pending subresources (say, its favicon) when the
    // test navigates on; that is the test's doing, not the site's.
    if (failure === "net::ERR_ABORTED" && request.resourceType() !== "document") return;
    problems.failedRequests.push({ url: request.url(), failure });
  });
  page.on("response", (response) => {
    if (response.status() >= 400) {
      problems.errorResponses.push({
        url: response.url(),
        status: response.status(),
        resourceType: response.request().resourceType(),
      });
    }
  });
  return problems;
}

/** Lets queued tasks (React's scheduler, error reporting) and a frame run. */
export function settle(page, ms = 50) {
  return page.evaluate((delay) => new Promise((r) => requestAnimationFrame(() => setTimeout(r, delay))), ms);
}

/** Whether React has a root on `#root` (set by `hydrateRoot`). */
export function hasReactRoot(page) {
  return page.evaluate(() => {
    const root = document.getElementById("root");
    return !!root && Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });
}

/**
 * Waits until React has hydrated the page: a root on `#root`, and fibers on the
 * first and last elements of the rendered tree (hydration, or the client render
 * React falls back to after a mismatch, has reached the whole page).
 */
export async function waitForHydration(page, timeout = 10_000) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById("root");
      if (!root || !Object.keys(root).some((k) => k.startsWith("__reactContainer"))) return false;
      const first = root.firstElementChild;
      const all = root.querySelectorAll("*");
      const last = all[all.length - 1];
      const hasFiber = (el) => !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
      return hasFiber(first) && hasFiber(last);
    },
    null,
    { timeout, polling: 20 },
  );
  await settle(page);
}

/** Polls `read` until `accept` holds for its value; fails with the last value seen. */
export async function eventually(what, read, accept, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (e) {
      last = `(error: ${e.message})`;
    }
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(last)} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits for every image (lazy ones too, once scrolled into view), scrolls back
 * to the top and lists the images that failed.
 */
export async function imagesNotLoaded(page) {
  await page.evaluate(() => Array.from(document.images).forEach((img) => img.scrollIntoView()));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), null, { polling: 20 });
  const failed = await page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => !(img.complete && img.naturalWidth > 0))
      .map((img) => img.currentSrc || img.src),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  return failed;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core (all rules) on the page and fails with a readable list of what it
 * found. Evaluated through the DevTools protocol, to which the site's CSP does
 * not apply, so the page is checked as visitors get it.
 */
export async function assertAccessible(page, state) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  assert.deepEqual(violations, [], `${state}: ${JSON.stringify(violations, null, 1)}`);
}

/**
 * A full-page screenshot into `<repo>/test-output/screenshots`, for people to
 * look at, when TAXI_SCREENSHOTS=1. Encoding full-page PNGs is most of the
 * every-page test's time, and no assertion reads them, so by default none are made.
 */
export async function snapshot(page, name) {
  if (process.env.TAXI_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: join(screenshotDir(), name), fullPage: true });
}

/** `<repo>/test-output/screenshots`, created on first use (ignored by git). */
export function screenshotDir() {
  const dir = join(repoDir, "test-output", "screenshots");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The locale files, per language, as the site uses them. */
export const TEXTS = Object.fromEntries(
  ["nl", "de", "en"].map((l) => [l, JSON.parse(readFileSync(join(repoDir, "locales", `${l}.json`), "utf8"))]),
);

// ---------------------------------------------------------------------------
// The site's pages and forms, as the tests walk them

export const LANGS = ["nl", "de", "en"];
/** The page paths per language, written out (not read from the server). */
export const ROUTES = {
  nl: { home: "/", reservation: "/reserveren", contact: "/contact", prices: "/tarieven" },
  de: { home: "/de", reservation: "/reservieren", contact: "/kontakt", prices: "/tarife" },
  en: { home: "/en", reservation: "/reservation", contact: "/contact-us", prices: "/prices" },
};
export const PAGES = ["home", "reservation", "contact", "prices"];
/** The legal pages per language (server/src/site/legal/), linked from every footer in this order. */
export const LEGAL = {
  nl: { privacy: "/privacy", terms: "/voorwaarden", complaints: "/klachten" },
  de: { privacy: "/datenschutz", terms: "/agb", complaints: "/beschwerden" },
  en: { privacy: "/privacy-policy", terms: "/terms", complaints: "/complaints" },
};
/**
 * Landing pages of fixed-price routes, written out: the airport with the longest
 * name (the hardest layout) and a city, per language. All share one component.
 */
export const LANDINGS = {
  nl: { landingAirport: "/taxi-roermond-maastricht-aachen-airport-beek", landingCity: "/taxi-roermond-luik" },
  de: {
    landingAirport: "/de/taxi-roermond-flughafen-maastricht-aachen-beek",
    landingCity: "/de/taxi-roermond-luettich",
  },
  en: {
    landingAirport: "/en/taxi-roermond-to-maastricht-aachen-airport-beek",
    landingCity: "/en/taxi-roermond-to-liege",
  },
};
/** The browser locale (and so the Accept-Language) of a visitor of each language. */
export const LOCALES = { nl: "nl-NL", de: "de-DE", en: "en-GB" };

/** The language a page path of {@link ROUTES} belongs to (query ignored); `undefined` for other paths. */
export function langOfPath(path) {
  const bare = path.split("?")[0];
  return LANGS.find((lang) => [ROUTES, LANDINGS, LEGAL].some((paths) => Object.values(paths[lang]).includes(bare)));
}

/** A path on the server that exists in no language: the error page. */
export function missingPath(lang) {
  return `${ROUTES[lang].home === "/" ? "" : ROUTES[lang].home}/does-not-exist`;
}

/**
 * A browser context of a visitor of `lang`: that browser locale and a stored
 * language preference (the `lang` cookie), as after choosing the language once.
 * The preference is what `/` and the error pages go by.
 */
export async function visitorContext(browser, baseUrl, lang, options = {}) {
  const context = await browser.newContext({ locale: LOCALES[lang], ...options });
  await context.addCookies([{ name: "lang", value: lang, url: baseUrl }]);
  return context;
}

/** A 360 × 640 touch phone, the size the funnel is checked at. */
export const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true };

/** Runs `run(page, watch)` in a fresh phone context of a visitor of `lang`; `options` override the phone's. */
export async function onPhone(browser, baseUrl, lang, options, run) {
  const context = await visitorContext(browser, baseUrl, lang, { ...PHONE, ...options });
  const page = await context.newPage();
  const watch = watchPage(page, baseUrl);
  try {
    await run(page, watch);
  } finally {
    await context.close();
  }
}

/**
 * Whether the element is wholly inside the viewport, to the pixel: scrolling goes by whole
 * pixels, so a box scrolled into view may end a fraction of one past the edge.
 */
export function inView(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top > -1 && r.bottom < window.innerHeight + 1 && r.left > -1 && r.right < window.innerWidth + 1;
  });
}

/**
 * The only way the tests navigate: opens `path` and asserts that the browser
 * really shows that page, so a test can never check a page other than the one it
 * names (a redirect to another language, say). Passes `gotoOptions` on to
 * `page.goto`; `lang` defaults to the language `path` belongs to and must be
 * given for other paths; `endsOn` is the path expected after redirects.
 * @returns the navigation's response
 */
export async function visit(page, baseUrl, path, { lang = langOfPath(path), endsOn = path, ...gotoOptions } = {}) {
  assert.ok(lang, `visit(${path}): the language of this path must be given`);
  const response = await page.goto(new URL(path, baseUrl).href, gotoOptions);
  await assertShows(page, baseUrl, endsOn, lang);
  return response;
}

/** Asserts the page is at `path` (query included) and its `<html lang>` is `lang`. */
export async function assertShows(page, baseUrl, path, lang = langOfPath(path)) {
  assert.ok(lang, `assertShows(${path}): the language of this path must be given`);
  assert.equal(page.url(), new URL(path, baseUrl).href, "the URL the browser ended on");
  assert.equal(await page.locator("html").getAttribute("lang"), lang, `<html lang> of ${path}`);
}

/** `YYYY-MM-DDTHH:MM` in Dutch time, `days` from today (what a datetime-local input holds). */
export function dutchDateTime(days, time = "14:30") {
  const day = new Date(Date.now() + days * 86_400_000);
  const date = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Amsterdam",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(day);
  return `${date}T${time}`;
}

/**
 * Types into an address combobox, walks with ArrowDown to the option whose main
 * text is `optionMain`, chooses it with Enter and returns the place details.
 */
export async function choosePlace(page, id, typed, optionMain) {
  const input = page.locator(`#${id}`);
  await input.focus();
  const searched = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === "/api/place-suggestions" && u.searchParams.get("input") === typed;
  });
  await page.keyboard.type(typed);
  assert.equal((await searched).status(), 200, `suggestions for '${typed}'`);
  await page.locator(`#${id}-listbox`).waitFor({ state: "visible" });
  const mains = (await page.locator(`#${id}-listbox > [role=option] .main`).allTextContents()).map((s) => s.trim());
  const index = mains.indexOf(optionMain);
  assert.ok(index >= 0, `'${optionMain}' among the suggestions for '${typed}': ${JSON.stringify(mains)}`);
  for (let i = 0; i <= index; i++) await page.keyboard.press("ArrowDown");
  await eventually(
    `#${id} aria-activedescendant`,
    () => input.getAttribute("aria-activedescendant"),
    (v) => v === `${id}-option-${index}`,
  );
  const detailsResponse = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/place-details/"));
  await page.keyboard.press("Enter");
  const details = await (await detailsResponse).json();
  assert.ok(details.id && details.formattedAddress, `place details: ${JSON.stringify(details)}`);
  await eventually(
    `#${id} after choosing`,
    () => input.inputValue(),
    (v) => v === details.formattedAddress,
  );
  await eventually(
    `${id}PlaceId after choosing`,
    () => page.locator(`input[name=${id}PlaceId]`).inputValue(),
    (v) => v === details.id,
  );
  await page.locator(`#${id}-listbox`).waitFor({ state: "hidden" });
  return details;
}

/**
 * The English reservation page, hydrated, with Roermond → Schiphol Airport chosen from the
 * suggestions; the price's amount, once shown (€ 230.00 by car).
 */
export async function pricedToSchiphol(page, baseUrl) {
  await visit(page, baseUrl, ROUTES.en.reservation);
  await waitForHydration(page);
  await choosePlace(page, "departure", "roerm", "Roermond");
  await choosePlace(page, "destination", "schip", "Schiphol Airport");
  const amount = page.locator(".price-box .amount");
  await amount.waitFor();
  return amount;
}
