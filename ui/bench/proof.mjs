// What a proof of work costs a visitor's browser: the site's own solver worker
// (src/client/proof-worker.ts, altcha-lib with Web Crypto's PBKDF2) in Chromium, on this
// machine, with one worker and with one per core as the solver runs it. Challenges are made here
// with altcha-lib at the shipped cost, with a known count, so each level's expected (½ of its
// top: the server draws the count uniformly from 0 to it) and longest (its top) solve can be
// worked out from the time per derivation. Native figures:
// `cargo run --release --example proof_bench`. Results go to docs/edge.md.
//
//   cd ui && npm run build && cargo build --release && node bench/proof.mjs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { launchBrowser, repoDir, startServer } from "../tests/server-and-browser.mjs";

const toml = readFileSync(join(repoDir, "server/config/default.toml"), "utf8");
const section = toml.slice(toml.indexOf("[proof_of_work]"));
const cost = Number(/\ncost = (\d+)/.exec(section)[1]);
const levels = JSON.parse(/\nlevels = (\[[^\]]*\])/.exec(section)[1]);
const COUNT = 200;

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/contact-us`);
  // The worker's content-hashed URL, as the solver script names it.
  const solverUrl = await page.evaluate(async () => {
    const html = await (await fetch("/contact-us")).text();
    const island = /<script defer src="(\/assets\/client-contact-en\.[^"]+)"/.exec(html)[1];
    return /\/assets\/proof\.[\w-]+\.js/.exec(await (await fetch(island)).text())[0];
  });
  const workerUrl = await page.evaluate(
    async (url) => /\/assets\/proof-worker\.[\w-]+\.js/.exec(await (await fetch(url)).text())[0],
    solverUrl,
  );
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const challenge = await createChallenge({ algorithm: "PBKDF2/SHA-256", cost, counter: COUNT, deriveKey });
  const timed = (workers) =>
    page.evaluate(
      async ({ workerUrl, challenge, workers }) => {
        const started = performance.now();
        const pool = Array.from({ length: workers }, () => new Worker(workerUrl));
        const found = await Promise.race(
          pool.map(
            (worker, i) =>
              new Promise((resolve) => {
                worker.onmessage = (m) => m.data && resolve(m.data);
                worker.postMessage({ type: "work", challenge, counterStart: i, counterStep: workers });
              }),
          ),
        );
        pool.forEach((w) => w.terminate());
        return { ms: performance.now() - started, counter: found.counter };
      },
      { workerUrl, challenge, workers },
    );
  await timed(1); // warm-up
  console.log(`Chromium ${browser.version()}, ${cores} cores; PBKDF2-SHA-256, ${cost} rounds per derivation`);
  for (const workers of [1, cores]) {
    const { ms, counter } = await timed(workers);
    if (counter !== COUNT) throw new Error(`solved at ${counter}, not ${COUNT}`);
    const per = ms / (COUNT + 1) / 1000;
    const [perWorker, together] = [(per * 1e3 * workers).toFixed(3), (per * 1e3).toFixed(3)];
    console.log(`\n${workers} worker(s): ${perWorker} ms per derivation per worker (${together} ms all together)`);
    console.log("level  top count  expected (1/2 top)  longest (top)");
    levels.forEach((top, i) => {
      const row = [
        String(i + 1).padStart(5),
        String(top).padStart(9),
        `${(0.5 * top * per).toFixed(2)} s`.padStart(18),
        `${(top * per).toFixed(2)} s`.padStart(13),
      ];
      console.log(row.join("  "));
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
