// The Lighthouse benchmark behind `scripts/lighthouse.sh`: the median of RUNS
// runs (mobile preset) per page, every category against its budget. Run on an
// otherwise idle machine: the performance score measures the CPU it gets.
// Prints one line per page and exits 1 when a median misses its budget.
import { readFileSync } from "node:fs";
import { LANDINGS, ROUTES } from "../tests/helpers.mjs";
import { CATEGORIES, scores, startLighthouse, weakAudits } from "../tests/lighthouse-kit.mjs";

const BUDGET = { performance: 98, accessibility: 100, "best-practices": 96, seo: 100 };
const MAX_TBT_MS = 150;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
  ...["nl", "de", "en"].flatMap((lang) => [ROUTES[lang].reservation, ROUTES[lang].contact]),
  ROUTES.nl.home,
  ROUTES.nl.prices,
  LANDINGS.nl.landingAirport,
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The 1-minute load average: a figure taken beside other work is no figure, so each line says it. */
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];

const lighthouse = await startLighthouse();
let failed = false;
try {
  console.log(
    `Lighthouse mobile preset, median of ${RUNS} runs; ` +
      `budget ${JSON.stringify(BUDGET)}, total blocking time ≤ ${MAX_TBT_MS} ms`,
  );
  for (const path of PAGES) {
    const runs = [];
    const loadBefore = load();
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse.run(path));
    const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => scores(r)[c]))]));
    const tbt = median(runs.map((r) => r.audits["total-blocking-time"].numericValue));
    const lcp = median(runs.map((r) => r.audits["largest-contentful-paint"].numericValue));
    const misses = CATEGORIES.filter((c) => med[c] < BUDGET[c]);
    if (tbt > MAX_TBT_MS) misses.push("total-blocking-time");
    const perf = runs.map((r) => scores(r).performance).join("/");
    const tbts = runs.map((r) => Math.round(r.audits["total-blocking-time"].numericValue)).join("/");
    const medians = CATEGORIES.map((c) => `${c} ${med[c]}`).join(", ");
    console.log(
      `${misses.length ? "MISS" : "ok  "} ${path.padEnd(52)} ${medians}; ` +
        `TBT ${Math.round(tbt)} ms, LCP ${Math.round(lcp)} ms ` +
        `(per run: performance ${perf}, TBT ${tbts} ms; load average ${loadBefore} → ${load()})`,
    );
    if (misses.length) {
      failed = true;
      const weak = weakAudits(runs[runs.length - 1]).join(", ");
      console.log(`     below budget: ${misses.join(", ")}; audits below full marks in the last run: ${weak}`);
    }
  }
} finally {
  await lighthouse.stop();
}
process.exit(failed ? 1 : 0);
