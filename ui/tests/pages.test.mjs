// The site in a real browser: Debian's Chromium driven by playwright-core, against
// the release binary (TAXI_SERVER_BIN, default ../target/release/taxi-server).
// Run from ui/: npm test. With TAXI_SCREENSHOTS=1, screenshots go to <repo>/test-output/screenshots/.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  LANGS,
  LOCALES,
  PAGES,
  ROUTES,
  TEXTS,
  assertShows,
  imagesNotLoaded,
  settle,
  snapshot,
  uiDir,
  useServerAndBrowser,
  visit,
  waitForHydration,
  watchPage,
} from "./helpers.mjs";

/** Pages React hydrates; the others ship no React at all. */
const INTERACTIVE = new Set(["reservation", "contact"]);

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** A fresh context (no cookies) and page, with its watcher. */
async function open(options = {}) {
  const context = await browser.newContext({ locale: "nl-NL", ...options });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const watch = watchPage(page, server.baseUrl);
  return { context, page, watch };
}

const url = (path) => `${server.baseUrl}${path}`;

describe("React hydration", () => {
  // The toggle works the same in every language; the languages' pages are checked by every-page.test.mjs.
  for (const lang of ["de"]) {
    test(`${lang}: the reservation mode toggle switches without a reload`, async () => {
      const { context, page, watch } = await open({ locale: LOCALES[lang] });
      const path = ROUTES[lang].reservation;
      const t = TEXTS[lang].reservation;
      try {
        await visit(page, server.baseUrl, path, { waitUntil: "load" });
        await waitForHydration(page);
        const links = page.locator("nav.toggle a");
        assert.equal(await links.count(), 2, "two mode links");
        assert.equal(await links.nth(0).getAttribute("aria-current"), "true", "mail mode is current first");
        assert.equal(await links.nth(1).getAttribute("aria-current"), null);
        assert.equal(await links.nth(1).getAttribute("href"), `${path}?mode=whatsapp`, "the link works without JS");
        await page.getByText(t.mailIntro, { exact: true }).waitFor();

        await page.evaluate(() => (window.__marker = 1));
        await links.nth(1).click();
        await page.waitForURL(url(`${path}?mode=whatsapp`));
        await assertShows(page, server.baseUrl, `${path}?mode=whatsapp`);
        assert.equal(await page.evaluate(() => window.__marker), 1, "switching the mode must not reload the page");
        assert.equal(await links.nth(0).getAttribute("aria-current"), null, "aria-current left the mail link");
        assert.equal(
          await links.nth(1).getAttribute("aria-current"),
          "true",
          "aria-current moved to the WhatsApp link",
        );
        await page.getByText(t.whatsappIntro, { exact: true }).waitFor();

        await links.nth(0).click();
        await page.waitForURL(url(path));
        await assertShows(page, server.baseUrl, path);
        assert.equal(await page.evaluate(() => window.__marker), 1, "switching back must not reload the page");
        assert.equal(await links.nth(0).getAttribute("aria-current"), "true");
        assert.equal(await links.nth(1).getAttribute("aria-current"), null);
        await page.getByText(t.mailIntro, { exact: true }).waitFor();
        watch.assertClean(assert, path);
      } finally {
        await context.close();
      }
    });
  }

  test("without JavaScript, ?mode=whatsapp is rendered by the server", async () => {
    const { context, page, watch } = await open({ javaScriptEnabled: false });
    try {
      for (const lang of LANGS) {
        const path = ROUTES[lang].reservation;
        const t = TEXTS[lang].reservation;
        for (const [query, current, intro] of [
          ["?mode=whatsapp", 1, t.whatsappIntro],
          ["", 0, t.mailIntro],
        ]) {
          const response = await visit(page, server.baseUrl, path + query);
          assert.equal(response.status(), 200);
          const currents = await page
            .locator("nav.toggle a")
            .evaluateAll((links) => links.map((a) => a.getAttribute("aria-current")));
          assert.deepEqual(currents, current === 1 ? [null, "true"] : ["true", null], `${path}${query}: aria-current`);
          assert.equal(await page.getByText(intro, { exact: true }).count(), 1, `${path}${query}: intro text`);
        }
      }
      watch.assertClean(assert);
    } finally {
      await context.close();
    }
  });
});

describe("language flags", () => {
  async function assertLangCookie(context, lang) {
    const cookies = (await context.cookies(server.baseUrl)).filter((c) => c.name === "lang");
    assert.equal(cookies.length, 1, `one lang cookie, got ${JSON.stringify(cookies)}`);
    assert.equal(cookies[0].value, lang, "lang cookie value");
    assert.equal(cookies[0].path, "/", "lang cookie path");
    assert.ok(cookies[0].expires > Date.now() / 1000 + 300 * 24 * 3600, "lang cookie lasts about a year");
  }

  /** Visits `/` and asserts where the server sent the browser. */
  async function assertRootGoesTo(page, lang) {
    const response = await visit(page, server.baseUrl, "/", { lang, endsOn: ROUTES[lang].home });
    assert.equal(response.status(), 200);
    if (lang !== "nl") {
      const redirect = response.request().redirectedFrom();
      assert.ok(redirect, "/ redirected");
      assert.equal(redirect.url(), url("/"));
      assert.equal((await redirect.response()).status(), 302);
    }
  }

  async function switchLanguage({ locale, from, to }) {
    const { context, page, watch } = await open({ locale });
    try {
      await visit(page, server.baseUrl, from, { waitUntil: "load" });
      const fromLang = LANGS.find((l) => Object.values(ROUTES[l]).includes(from));
      const pageName = PAGES.find((p) => ROUTES[fromLang][p] === from);
      for (const l of LANGS) {
        const flag = page.locator(`header a[data-lang=${l}]`);
        assert.equal(await flag.getAttribute("href"), `${ROUTES[l][pageName]}?lang=${l}`, `flag ${l} on ${from}`);
        assert.equal(await flag.getAttribute("aria-current"), l === fromLang ? "true" : null, `flag ${l} aria-current`);
      }
      if (INTERACTIVE.has(pageName)) await waitForHydration(page);
      await Promise.all([
        page.waitForURL(url(ROUTES[to][pageName])),
        page.locator(`header a[data-lang=${to}]`).click(),
      ]);
      await page.waitForLoadState("load");
      await assertShows(page, server.baseUrl, ROUTES[to][pageName], to);
      await assertLangCookie(context, to);
      await assertRootGoesTo(page, to);
      watch.assertClean(assert);
    } finally {
      await context.close();
    }
  }

  test("German flag on /tarieven: /tarife, cookie lang=de, / goes to /de", () =>
    switchLanguage({ locale: "nl-NL", from: "/tarieven", to: "de" }));

  test("English flag on /reserveren: /reservation, cookie lang=en, / goes to /en", () =>
    switchLanguage({ locale: "nl-NL", from: "/reserveren", to: "en" }));

  test("Dutch flag on /kontakt: /contact, cookie lang=nl beats an English browser", () =>
    switchLanguage({ locale: "en-GB", from: "/kontakt", to: "nl" }));
});

describe("error page", () => {
  // Each language's error page with its stored preference is checked by every-page.test.mjs.
  for (const [cookie, lang] of [
    [null, "en"],
    ["de", "de"],
  ]) {
    test(`404 ${cookie ? `with lang=${cookie}` : "without a cookie"} is in ${lang}`, async () => {
      const { context, page, watch } = await open({ locale: cookie ? "nl-NL" : undefined });
      try {
        if (cookie) await context.addCookies([{ name: "lang", value: cookie, url: server.baseUrl }]);
        const response = await visit(page, server.baseUrl, "/does-not-exist", { lang, waitUntil: "load" });
        assert.equal(response.status(), 404);
        await settle(page);
        assert.equal((await page.locator("h1").innerText()).trim(), TEXTS[lang].error.heading);
        const links = await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        assert.deepEqual(
          links,
          [ROUTES[lang].home, ROUTES[lang].reservation, ROUTES[lang].contact],
          "links of the error page",
        );
        await snapshot(page, `${lang}-error${cookie ? "" : "-nocookie"}.png`);
        assert.deepEqual(await imagesNotLoaded(page), [], "images that did not load");

        // Chromium reports the 404 of the document itself; nothing else may go wrong.
        assert.equal(watch.console.length, 1, `console: ${watch.summary()}`);
        assert.equal(watch.console[0].type, "error");
        assert.match(watch.console[0].text, /^Failed to load resource: the server responded with a status of 404/);
        assert.deepEqual(watch.errorResponses, [
          { url: url("/does-not-exist"), status: 404, resourceType: "document" },
        ]);
        assert.deepEqual(watch.pageErrors, [], watch.summary());
        assert.deepEqual(watch.failedRequests, [], watch.summary());
        assert.deepEqual(watch.foreignRequests, [], watch.summary());
      } finally {
        await context.close();
      }
    });
  }
});

test("the check can fail: visit() notices a redirect to another page and a page in another language", async () => {
  // An English browser without a stored preference is sent from / on to /en.
  const { context, page } = await open({ locale: "en-GB" });
  try {
    await assert.rejects(visit(page, server.baseUrl, "/"), /the URL the browser ended on/);
    await assert.rejects(visit(page, server.baseUrl, ROUTES.en.home, { lang: "nl" }), /<html lang>/);
  } finally {
    await context.close();
  }
});

test("every browser test navigates through visit(), which checks the URL and <html lang>", () => {
  const dir = join(uiDir, "tests");
  const direct = readdirSync(dir)
    .filter((file) => file.endsWith(".mjs") && file !== "helpers.mjs")
    .flatMap((file) =>
      readFileSync(join(dir, file), "utf8")
        .split("\n")
        .map((line, i) => `${file}:${i + 1}: ${line.trim()}`),
    )
    .filter((line) => /\.goto\(/.test(line));
  assert.deepEqual(direct, [], "page.goto outside helpers.mjs");
});
