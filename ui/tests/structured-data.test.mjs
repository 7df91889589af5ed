// Structured data and share previews of every page in the sitemap, checked with
// structured-data-testing-tool (the JSON-LD is parsed and matched against
// schema.org; Open Graph and Twitter tags by its Facebook and Twitter presets),
// plus the rules of a local-business rich result: one LocalBusiness node with the
// same @id everywhere, its required and recommended properties, and offers only
// where the fixed prices are shown. No browser needed: this is what crawlers read.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { startServer } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const { structuredDataTest } = require("structured-data-testing-tool");
const { Facebook, Twitter } = require("structured-data-testing-tool/presets");

const ORIGIN = "https://www.taxi.example";
const PROFILE = "https://www.facebook.com/taxi.example";

const schema = "LocalBusiness";
const LocalBusiness = {
  name: "Local business",
  description: "Google's required and recommended properties of a local business",
  schema,
  tests: [
    { test: schema, type: "jsonld" },
    ...["@id", "name", "url", "logo", "image", "telephone", "email", "priceRange", "areaServed"].map((p) => ({
      test: `${schema}[*]."${p}"`,
      type: "jsonld",
    })),
    ...["streetAddress", "postalCode", "addressLocality", "addressCountry"].map((p) => ({
      test: `${schema}[*].address.${p}`,
      type: "jsonld",
    })),
    { test: `${schema}[*].geo.latitude`, type: "jsonld" },
    { test: `${schema}[*].geo.longitude`, type: "jsonld" },
    { test: `${schema}[*].openingHoursSpecification`, type: "jsonld" },
    { test: `${schema}[*].sameAs`, type: "jsonld" },
  ],
};

let server;
let pages; // [{ path, html }]
before(async () => {
  server = await startServer({ configToml: `[site]\nbase_url = "${ORIGIN}"\n[company]\nsame_as = ["${PROFILE}"]\n` });
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(ORIGIN.length) || "/");
  pages = await Promise.all(
    paths.map(async (path) => ({
      path,
      html: await (
        await fetch(`${server.baseUrl}${path}`, { headers: { "Accept-Language": "nl" }, redirect: "error" })
      ).text(),
    })),
  );
});
after(() => server?.stop());

const jsonLd = (html) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const meta = (html, key) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe("structured data and share previews", () => {
  test("every page passes the structured-data tests", async () => {
    assert.ok(pages.length >= 12, `${pages.length} pages in the sitemap`);
    for (const { path, html } of pages) {
      const result = await structuredDataTest(html, { presets: [LocalBusiness, Facebook, Twitter] }).catch(
        (e) => e.res ?? Promise.reject(e),
      );
      const failed = result.failed.map((t) => `${t.test}: ${t.error?.message ?? t.description}`);
      assert.deepEqual(failed, [], `${path}`);
      assert.ok(result.passed.length > 20, `${path}: ${result.passed.length} tests passed`);
    }
  });

  test("one business node, the same everywhere, with offers only where prices are shown", () => {
    const ids = new Set();
    for (const { path, html } of pages) {
      const nodes = jsonLd(html);
      const isRoute = path.includes("taxi-roermond");
      // A route's page also has its breadcrumb trail (home › prices › the route).
      assert.deepEqual(
        nodes.map((n) => n["@type"]),
        isRoute ? ["LocalBusiness", "BreadcrumbList"] : ["LocalBusiness"],
        path,
      );
      const [business] = nodes;
      if (isRoute) assert.equal(nodes[1].itemListElement.at(-1).item, `${ORIGIN}${path}`, path);
      ids.add(business["@id"]);
      assert.deepEqual(business.sameAs, [PROFILE]);
      assert.match(String(business.geo.latitude), /^\d+\.\d{1,5}$/);
      assert.ok(business.image.startsWith(`${ORIGIN}/assets/share.`), business.image);
      const showsPrices = /\/(tarieven|tarife|prices)$/.test(path);
      const offers = business.makesOffer ?? [];
      if (showsPrices) assert.equal(offers.length, 11, path);
      else if (!isRoute) assert.equal(offers.length, 0, path);
      for (const offer of offers) {
        assert.ok(
          html.includes(offer.price.replace(".", path.startsWith("/en") || path === "/prices" ? "." : ",")),
          `${path}: ${offer.name} ${offer.price} shown`,
        );
      }
    }
    assert.equal(ids.size, 1, [...ids].join(", "));
  });

  test("the share image is a 1200×630 PNG on the canonical origin, served with its type", async () => {
    const seen = new Set();
    for (const { path, html } of pages) {
      const image = meta(html, "og:image");
      assert.equal(meta(html, "twitter:image"), image, path);
      assert.equal(meta(html, "twitter:card"), "summary_large_image", path);
      assert.equal(meta(html, "og:url"), `${ORIGIN}${path}`, path);
      assert.ok(image.startsWith(`${ORIGIN}/assets/`), image);
      seen.add(image);
    }
    assert.equal(seen.size, 1);
    const response = await fetch(`${server.baseUrl}${[...seen][0].slice(ORIGIN.length)}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/png");
    const png = Buffer.from(await response.arrayBuffer());
    assert.equal(png.subarray(1, 4).toString(), "PNG");
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  });

  test("the tests can fail: a page without the business or the tags is reported", async () => {
    const bare = "<!doctype html><html><head><title>x</title></head><body></body></html>";
    const result = await structuredDataTest(bare, { presets: [LocalBusiness, Facebook, Twitter] }).catch((e) => e.res);
    assert.ok(result.failed.length >= 10, `${result.failed.length} failures`);
  });
});
