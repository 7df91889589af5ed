// What the form pages' scripts hold and how much of it runs: `node bench/bundles.mjs` (after
// `cargo build --release`). Part 1 reads esbuild's metafiles of the build embedded in the
// binary (bytes in the bundle by package or source folder); part 2 loads each form page in
// Chromium with JavaScript coverage on, first as loaded and hydrated, then after using the
// form (suggestions, price, sending with errors), and prints the share of each script's
// bytes that ran. Figures for docs/performance.md.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  ROUTES,
  choosePlace,
  launchBrowser,
  repoDir,
  startServer,
  visit,
  waitForHydration,
} from "../tests/helpers.mjs";

// The newest UI build among the release build's outputs is the one the binary embeds.
const buildRoot = join(repoDir, "target/release/build");
const dist = readdirSync(buildRoot)
  .filter((d) => d.startsWith("taxi-server-"))
  .map((d) => join(buildRoot, d, "out/ui"))
  .filter((d) => {
    try {
      return statSync(join(d, "metafiles")).isDirectory();
    } catch {
      return false;
    }
  })
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

const group = (path) => {
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (path.startsWith("texts:")) return "compiled texts";
  return path.replace(/\/[^/]+$/, "/");
};
console.log(`Bundles (${dist}), bytes in the minified output:`);
for (const file of readdirSync(join(dist, "metafiles")).sort()) {
  const meta = JSON.parse(readFileSync(join(dist, "metafiles", file), "utf8"));
  const out = Object.values(meta.outputs)[0];
  const sums = {};
  for (const [path, { bytesInOutput }] of Object.entries(out.inputs))
    sums[group(path)] = (sums[group(path)] ?? 0) + bytesInOutput;
  const parts = Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`);
  console.log(`  ${file.replace(".json", ".js")}: ${out.bytes} B = ${parts.join(", ")}`);
}

const server = await startServer();
const browser = await launchBrowser();
/** Loads `path`, runs `use(page)` when given, and prints the share of each script's bytes that ran. */
async function coverage(label, path, use) {
  const page = await browser.newPage();
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await visit(page, server.baseUrl, path);
  await waitForHydration(page);
  if (use) await use(page);
  for (const entry of await page.coverage.stopJSCoverage()) {
    if (!entry.url.includes("/assets/")) continue;
    // Block coverage: a byte ran when its innermost range counted more than zero.
    const ran = new Uint8Array(entry.source.length);
    for (const fn of entry.functions)
      for (const r of fn.ranges) ran.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
    const used = ran.reduce((a, b) => a + b, 0);
    const share = ((100 * used) / entry.source.length).toFixed(1);
    console.log(`  ${label}: ${new URL(entry.url).pathname} ${used} of ${entry.source.length} B ran (${share} %)`);
  }
  await page.close();
}
try {
  console.log("Chromium coverage:");
  await coverage("reservation, loaded", ROUTES.nl.reservation);
  await coverage("reservation, used", ROUTES.nl.reservation, async (page) => {
    await choosePlace(page, "departure", "roerm", "Roermond");
    await choosePlace(page, "destination", "schip", "Luchthaven Schiphol");
    await page.locator(".price-box .amount").waitFor();
    await page.locator("button[name=action][value=send]").click();
    await page.locator(".error-summary").waitFor();
  });
  await coverage("contact, loaded", ROUTES.nl.contact);
  await coverage("contact, used", ROUTES.nl.contact, async (page) => {
    await page.locator("button[type=submit]").click();
    await page.locator(".error-summary").waitFor();
  });
} finally {
  await browser.close();
  await server.stop();
}
