// Page-weight budget: what a first visit downloads of HTML, JavaScript and CSS,
// gzip-compressed, on every page in every language; and no request to any other
// host. The browser loads the page; every same-origin document, script and
// stylesheet it fetched is fetched again with `Accept-Encoding: gzip` and its
// bytes on the wire are counted.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { LANDINGS, LANGS, LOCALES, ROUTES, useServerAndBrowser, visit, watchPage } from "./helpers.mjs";

const BUDGET_KB = { home: 30, prices: 30, reservation: 108, contact: 108, landingAirport: 30, landingCity: 30 };
const COUNTED = new Set(["document", "script", "stylesheet"]);

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Bytes of the response body as sent with gzip accepted (before decompression). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity", status: res.statusCode }));
    });
    req.on("error", reject);
    req.end();
  });
}

const report = [];

for (const lang of LANGS) {
  describe(`${lang}: first-visit bytes within budget, nothing from other hosts`, () => {
    let context;
    let page;
    let watch;
    const fetched = [];
    before(async () => {
      // A visitor of the page's language with no stored preference, so `/`
      // serves the Dutch page without a redirect. One page walks all paths with
      // the browser cache off: each visit is a first visit.
      context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: LOCALES[lang] });
      page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      watch = watchPage(page, server.baseUrl);
      page.on("request", (r) => fetched.push({ url: r.url(), type: r.resourceType() }));
    });
    after(() => context?.close());

    const paths = { ...ROUTES[lang], ...LANDINGS[lang] };
    for (const name of Object.keys(paths)) {
      test(`${name} ≤ ${BUDGET_KB[name]} KB`, async () => {
        watch.clear();
        fetched.length = 0;
        await visit(page, server.baseUrl, paths[name], { waitUntil: "networkidle" });
        watch.assertClean(assert, paths[name]); // includes: no request to another host
        let total = 0;
        const parts = [];
        for (const { url, type } of fetched.filter((r) => COUNTED.has(r.type))) {
          const { bytes, encoding, status } = await gzipBytes(url);
          assert.equal(status, 200, url);
          assert.ok(bytes < 1000 || encoding === "gzip", `${url} is sent compressed (${encoding}, ${bytes} bytes)`);
          total += bytes;
          parts.push(`${type} ${new URL(url).pathname} ${bytes} B`);
        }
        report.push(`${lang} ${name}: ${(total / 1024).toFixed(1)} KB (${parts.join(", ")})`);
        assert.ok(total <= BUDGET_KB[name] * 1024, `${(total / 1024).toFixed(1)} KB over the ${BUDGET_KB[name]} KB budget: ${parts.join(", ")}`);
      });
    }
  });
}

test("report", () => console.log(report.join("\n")));
