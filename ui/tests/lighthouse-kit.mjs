// Lighthouse against the release binary, shared by the test (one run per page,
// the categories that do not depend on timing) and the benchmark
// `scripts/lighthouse.sh` (median of five runs, performance included).
// The server runs with `site.base_url` set to its own address, as in production,
// so canonical and hreflang links point at the pages Lighthouse reads.
import { createServer } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LOCALES, browserEnv, langOfPath, startServer } from "./helpers.mjs";

/** The categories Lighthouse scores, each out of 100. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** A port free right now, so the configuration can name the server's own origin. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server (pages warmed, as in production) and a Chromium for
 * Lighthouse; `stop` ends both.
 */
export async function startLighthouse() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    warmUp: true,
    env: { TAXI_LISTEN: `127.0.0.1:${port}` },
    configToml: `[site]\nbase_url = "${origin}"\nalternate_domains = []\n`,
  });
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      // Chromium hangs under libfaketime (scripts/test-at-hours.sh); Lighthouse scores no clock.
      envVars: browserEnv(),
    });
  } catch (e) {
    await server.stop();
    throw e;
  }
  return {
    baseUrl: server.baseUrl,
    /**
     * One Lighthouse run (mobile preset: simulated slow 4G, 4× slower CPU) of
     * `path` as a visitor of the path's language; fails when Lighthouse ends on
     * another page than the one named (a redirect to another language, say).
     * @returns the report (`lhr`)
     */
    async run(path) {
      const url = `${server.baseUrl}${path}`;
      let result;
      // Now and then Lighthouse loses its own trace (NO_NAVSTART) and scores
      // nothing: that run says nothing about the page, so it is made again.
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          // Otherwise Chromium's English Accept-Language sends `/` on to /en.
          extraHeaders: { "Accept-Language": LOCALES[langOfPath(path)] },
        });
        if (!result.lhr.runtimeError || attempt === 3) break;
        console.error(`Lighthouse failed on ${path} (${result.lhr.runtimeError.code}); measuring again`);
      }
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse failed three times on ${url}: ${result.lhr.runtimeError.message}`);
      if (result.lhr.finalDisplayedUrl !== url) {
        throw new Error(`Lighthouse measured ${result.lhr.finalDisplayedUrl}, not ${url}`);
      }
      return result.lhr;
    },
    async stop() {
      await chrome.kill();
      await server.stop();
    },
  };
}

/** The scores of a report, out of 100, by category. */
export function scores(lhr) {
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
}

/** The audits of a report below full marks, as `id value` strings, for a failure message. */
export function weakAudits(lhr) {
  return Object.values(lhr.audits)
    .filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual",
    )
    .map((a) => `${a.id} ${a.displayValue ?? a.score}`);
}
