// The legal pages from a phone (issue 53): on a 360 px touch screen every page's footer shows
// the three links in the page's language, each a tap target of at least 44 × 44 px within the
// screen's width; a tap opens the page, which says on the demo that it is a template, carries
// no React, and axe-core (all rules) finds nothing on it. Every page's layout at four widths is
// every-page.test.mjs's; the weight of these pages is weight.test.mjs's. With Google answering
// the address fields (a fake of its Places API on loopback), its attribution shows under the
// suggestions, before and after hydration.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import {
  LANDINGS,
  LANGS,
  LEGAL,
  ROUTES,
  TEXTS,
  assertAccessible,
  hasReactRoot,
  onPhone,
  settle,
  startServer,
  useServerAndBrowser,
  visit,
  waitForHydration,
} from "./helpers.mjs";
import { findLayoutProblems, findSmallTapTargets } from "./layout-checks.mjs";

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** The footer's legal links as the phone shows them: text, path, box. */
function footerLinks(page) {
  return page.locator("footer nav.legal-links a").evaluateAll((links) =>
    links.map((a) => {
      const box = a.getBoundingClientRect();
      return {
        text: a.textContent.trim(),
        path: a.getAttribute("href"),
        width: box.width,
        height: box.height,
        right: box.right,
      };
    }),
  );
}

describe("the legal pages from every footer, on a phone", () => {
  for (const lang of LANGS) {
    test(`${lang}: footer links, a tap to each page, the template marked, axe clean`, { timeout: 90_000 }, async () => {
      await onPhone(browser, server.baseUrl, lang, {}, async (page, watch) => {
        const texts = TEXTS[lang].legal;
        const expected = ["privacy", "terms", "complaints"].map((key) => ({
          text: texts[key],
          path: LEGAL[lang][key],
        }));
        // From a page of each kind: the home page, a form page, a route's page.
        for (const from of [ROUTES[lang].home, ROUTES[lang].reservation, LANDINGS[lang].landingCity]) {
          await visit(page, server.baseUrl, from, { lang });
          const links = await footerLinks(page);
          assert.deepEqual(
            links.map(({ text, path }) => ({ text, path })),
            expected,
            `footer of ${from}`,
          );
          for (const link of links) {
            assert.ok(
              link.height >= 44 && link.width >= 44,
              `${from}: ${link.text} is ${link.width} × ${link.height} px`,
            );
            assert.ok(link.right <= 360, `${from}: ${link.text} ends at ${link.right} px`);
          }
        }
        for (const key of ["privacy", "terms", "complaints"]) {
          const link = page.locator("footer nav.legal-links a", { hasText: texts[key] });
          await Promise.all([page.waitForURL(new URL(LEGAL[lang][key], server.baseUrl).href), link.tap()]);
          await settle(page);
          assert.equal((await page.locator("h1").innerText()).trim(), texts[key]);
          assert.equal(
            await page.locator("main [role=note]").innerText(),
            texts.template,
            "the demo's text is a template",
          );
          assert.equal(await page.locator("footer nav.legal-links a[aria-current=page]").innerText(), texts[key]);
          assert.equal(await hasReactRoot(page), false, "no React on a legal page");
          assert.deepEqual(await page.evaluate(findLayoutProblems), [], `${key}: layout at 360 px`);
          assert.deepEqual(await page.evaluate(findSmallTapTargets), [], `${key}: tap targets`);
          await assertAccessible(page, `${lang} ${key}`);
        }
        watch.assertClean(assert);
      });
    });
  }
});

/** A fake of Google's Places API (New) autocomplete on loopback: every text is found. */
function fakeGoogle() {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const input = JSON.parse(body || "{}").input ?? "";
      const id = `ChIJ${input.replace(/[^A-Za-z0-9]/g, "")}`;
      const prediction = {
        placePrediction: {
          place: `places/${id}`,
          placeId: id,
          text: { text: `${input}, Nederland` },
          structuredFormat: { mainText: { text: input }, secondaryText: { text: "Nederland" } },
          types: ["locality"],
        },
      };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ suggestions: [prediction] }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("with Google's suggestions, its attribution under them", () => {
  let google;
  let keyed;
  before(async () => {
    google = await fakeGoogle();
    const url = `http://127.0.0.1:${google.address().port}`;
    keyed = await startServer({
      env: { TAXI_GOOGLE_MAPS_KEY: "test-key" },
      configToml: `[google]\nplaces_url = "${url}"\nroutes_url = "${url}"\n`,
    });
  });
  after(async () => {
    await keyed?.stop();
    google?.close();
  });

  const WITH_EARLY = "as soon as the page shows (the early suggestions)";
  for (const hydrated of [false, true]) {
    test(
      `shown with the list ${hydrated ? "once the form is hydrated" : WITH_EARLY}, on a phone, axe clean`,
      { timeout: 60_000 },
      async () => {
        await onPhone(browser, keyed.baseUrl, "nl", {}, async (page) => {
          await visit(page, keyed.baseUrl, ROUTES.nl.reservation);
          if (hydrated) await waitForHydration(page);
          const attribution = page.locator("#departure ~ .suggestions-popup .google-attribution");
          assert.equal(await attribution.isVisible(), false, "no list, no attribution");
          await page.locator("#departure").fill("Venlo");
          await page.locator("#departure-listbox [role=option]").first().waitFor();
          assert.equal(await attribution.innerText(), TEXTS.nl.places.googleAttribution);
          const [list, credit] = await Promise.all([
            page.locator("#departure-listbox").boundingBox(),
            attribution.boundingBox(),
          ]);
          assert.ok(
            Math.abs(credit.y - (list.y + list.height)) < 1 && credit.width === list.width,
            `right under the list: ${JSON.stringify({ list, credit })}`,
          );
          await assertAccessible(page, `suggestions with Google's attribution${hydrated ? "" : " (early)"}`);
          await page.keyboard.press("Escape");
          await page.locator("#departure-listbox").waitFor({ state: "hidden" });
          assert.equal(await attribution.isVisible(), false, "gone with the list");
        });
      },
    );
  }
});
