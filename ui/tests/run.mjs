// Runs every browser test file, two at a time (this machine has two cores and
// the suites are CPU-bound), the longest first so that no long file runs alone
// at the end while the other core idles. Arguments are passed on to `node --test`.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

// Measured alone on the 2-core machine (wall seconds): slow-phone-walks 80 (mostly waiting on
// its emulated network), lighthouse 38, funnel 30 (its timed slow-3G test the last 15),
// every-page 22, forms-booking 12, pages 11, nothing-lost 9, forms-booking-errors 7. The funnel
// goes first, the other booking files and every-page beside it, so that Lighthouse's throttled
// Chromium starts once the slow-3G test is done: next to it the test ran 3044 ms against its
// 3000 ms budget once. The walks follow Lighthouse, long before the short files end.
const LONGEST_FIRST = [
  "funnel",
  "forms-booking",
  "forms-booking-errors",
  "nothing-lost",
  "every-page",
  "lighthouse",
  "slow-phone-walks",
  "pages",
];

const dir = dirname(fileURLToPath(import.meta.url));
const rank = (file) => {
  const i = LONGEST_FIRST.indexOf(file.replace(/\.test\.mjs$/, ""));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".test.mjs"))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => `tests/${f}`);
const child = spawn(process.execPath, ["--test", "--test-concurrency=2", ...process.argv.slice(2), ...files], {
  cwd: dirname(dir),
  stdio: "inherit",
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
