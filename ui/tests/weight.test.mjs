// Page-weight budget: what a first visit downloads of HTML, JavaScript and CSS,
// gzip-compressed, on every page in every language; and no request to any other
// host. The browser loads the page; every same-origin document, script and
// stylesheet it fetched is fetched again with `Accept-Encoding: gzip` and its
// bytes on the wire are counted. The same with brotli, which a browser gets over
// HTTPS, is held to its own, smaller target on the form pages. And no browser script holds
// an i18n library (esbuild's metafiles of the build the server embeds): the
// browser's texts are compiled (ui/texts/).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { builtUi, formPageAssets } from "./built-ui.mjs";
import { LANDINGS, LANGS, LEGAL, LOCALES, ROUTES, useServerAndBrowser, visit, watchPage } from "./helpers.mjs";

const BUDGET_KB = {
  home: 30,
  prices: 30,
  reservation: 85,
  contact: 85,
  landingAirport: 30,
  landingCity: 30,
  privacy: 30,
  terms: 30,
  complaints: 30,
};
const BROTLI_TARGET_KB = { reservation: 75, contact: 75 };
const COUNTED = new Set(["document", "script", "stylesheet"]);
/** Packages that translate or format texts at run time: none belongs in a browser script. */
const I18N_LIBRARY =
  /node_modules\/(?:@[^/]+\/)?[^/]*(?:i18n|intl|messageformat|translat|html-parse-stringify|void-elements)[^/]*\//i;

let server;
let browser;
useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

/** Bytes of the response body as sent with `encoding` accepted (before decompression). */
function wireBytes(url, encoding = "gzip") {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () =>
        resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity", status: res.statusCode }),
      );
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

    const paths = { ...ROUTES[lang], ...LANDINGS[lang], ...LEGAL[lang] };
    for (const name of Object.keys(paths)) {
      test(`${name} ≤ ${BUDGET_KB[name]} KB`, async () => {
        watch.clear();
        fetched.length = 0;
        await visit(page, server.baseUrl, paths[name], { waitUntil: "networkidle" });
        watch.assertClean(assert, paths[name]); // includes: no request to another host
        let total = 0;
        let brotli = 0;
        const parts = [];
        for (const { url, type } of fetched.filter((r) => COUNTED.has(r.type))) {
          const { bytes, encoding, status } = await wireBytes(url);
          assert.equal(status, 200, url);
          assert.ok(bytes < 1000 || encoding === "gzip", `${url} is sent compressed (${encoding}, ${bytes} bytes)`);
          total += bytes;
          parts.push(`${type} ${new URL(url).pathname} ${bytes} B`);
          brotli += (await wireBytes(url, "br")).bytes;
        }
        const target = BROTLI_TARGET_KB[name];
        const against = brotli > target * 1024 ? `, OVER its ${target} KB target` : ` (target ${target} KB)`;
        const brotliNote = target ? `; brotli ${(brotli / 1024).toFixed(1)} KB${against}` : "";
        report.push(`${lang} ${name}: ${(total / 1024).toFixed(1)} KB${brotliNote} (${parts.join(", ")})`);
        assert.ok(
          total <= BUDGET_KB[name] * 1024,
          `${(total / 1024).toFixed(1)} KB over the ${BUDGET_KB[name]} KB budget: ${parts.join(", ")}`,
        );
        if (target)
          assert.ok(brotli <= target * 1024, `brotli ${(brotli / 1024).toFixed(1)} KB over the ${target} KB target`);
      });
    }
  });
}

/** The i18n libraries with bytes in a script, by esbuild's metafile of it. */
function i18nLibraries(metafile) {
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output.inputs)
    .filter(([path, { bytesInOutput }]) => bytesInOutput > 0 && I18N_LIBRARY.test(path))
    .map(([path, { bytesInOutput }]) => `${path} ${bytesInOutput} B`);
}

test("no browser script holds an i18n library (esbuild's metafiles)", async () => {
  const dist = await builtUi(server.baseUrl);
  const metafiles = new Set(readdirSync(join(dist, "metafiles")));
  // Every script a page loads has its metafile, so none goes unchecked.
  const scripts = (await formPageAssets(server.baseUrl))
    .filter((a) => a.endsWith(".js"))
    .map((a) => a.replace(/\.[^.]+\.js$/, ".json"));
  for (const script of [...scripts, "site.json"]) assert.ok(metafiles.has(script), `metafiles/${script}`);
  for (const file of metafiles) {
    const libraries = i18nLibraries(JSON.parse(readFileSync(join(dist, "metafiles", file), "utf8")));
    assert.deepEqual(libraries, [], `${file.replace(".json", ".js")} holds an i18n library`);
  }
  // Planted: the check finds i18next and react-i18next where they were before.
  const planted = {
    outputs: {
      "x.js": {
        inputs: {
          "node_modules/i18next/dist/esm/i18next.js": { bytesInOutput: 43_700 },
          "node_modules/react-i18next/dist/es/context.js": { bytesInOutput: 900 },
          "src/shared/i18n.tsx": { bytesInOutput: 300 },
        },
      },
    },
  };
  assert.equal(i18nLibraries(planted).length, 2);
});

test("report", () => console.log(report.join("\n")));
