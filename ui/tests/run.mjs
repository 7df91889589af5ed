// Runs every browser test file, two at a time (this machine has two cores and
// the suites are CPU-bound), the longest first so that no long file runs alone
// at the end while the other core idles. Arguments are passed on to `node --test`.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

// Measured alone on the 2-core machine (CPU seconds): the form tests 60 (split in three files,
// the booking one the longest), funnel 51, lighthouse 44, every-page 40. The booking forms go
// first, beside the funnel: the funnel's timed slow-3G test next to Lighthouse's throttled
// Chromium ran 3044 ms against its 3000 ms budget once.
const LONGEST_FIRST = ["forms-booking", "funnel", "lighthouse", "every-page", "pages"];

const dir = dirname(fileURLToPath(import.meta.url));
const rank = (file) => {
  const i = LONGEST_FIRST.indexOf(file.replace(/\.test\.mjs$/, ""));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".test.mjs"))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => `tests/${f}`);
const child = spawn(process.execPath, ["--test", "--test-concurrency=2", ...process.argv.slice(2), ...files], { cwd: dirname(dir), stdio: "inherit" });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
