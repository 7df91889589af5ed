// The real server binary and Debian's Chromium for the browser tests: starting
// and stopping the server, launching the browser, and one of each for a test
// file. helpers.mjs re-exports all of it, so the tests import from there.
import { spawn } from "node:child_process";
import { after, before } from "node:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
/** The ui/ directory. */
export const uiDir = resolve(here, "..");
/** The repository root. */
export const repoDir = resolve(uiDir, "..");

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * Starts the server binary on a free port with a fresh data directory and waits
 * until it listens. `dataDir` is its TAXI_DATA_DIR (without SMTP, mail lands in
 * `<dataDir>/maildir/new/`); `stop` removes it. Pages render on first request;
 * with `warmUp` the server renders all of them into memory at start-up, as in
 * production, and this waits until it has (about 2 s of CPU on this machine,
 * which suites that only visit a few pages need not pay).
 * @returns {Promise<{ baseUrl: string, dataDir: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startServer({
  env = {},
  configToml = "",
  warmUp = false,
  timeoutMs = 30_000,
  warmTimeoutMs = 30_000,
} = {}) {
  const bin = resolve(uiDir, process.env.TAXI_SERVER_BIN ?? "../target/release/taxi-server");
  const dataDir = mkdtempSync(join(tmpdir(), "taxi-test-"));
  if (configToml) {
    writeFileSync(join(dataDir, "test.toml"), configToml);
    env = { TAXI_CONFIG: join(dataDir, "test.toml"), ...env };
  }
  const child = spawn(bin, [], {
    env: {
      ...process.env,
      TAXI_LISTEN: "127.0.0.1:0",
      TAXI_DATA_DIR: dataDir,
      // The suites post far more forms per minute than a visitor may; the limits
      // themselves are tested in server/tests/api/rate_limits.rs.
      TAXI_RATE_LIMIT_PER_MINUTE: "0",
      // … and all come from 127.0.0.1, one network (its limit is tested there too), and more than
      // a site gets in normal times: proof-of-work.test.mjs raises the proof of work on purpose.
      TAXI_NETWORK_RATE_LIMIT_PER_MINUTE: "0",
      TAXI_PROOF_FREE_SUBMISSIONS: "1000000",
      // Every test books from 127.0.0.1: one client network for the gate of customer mails.
      TAXI_CUSTOMER_MAILS_PER_NETWORK_PER_HOUR: "0",
      // Playwright fills a form faster than a person; antispam.test.mjs checks the minimum with its own server.
      TAXI_MIN_FILL_SECONDS: "0",
      NO_COLOR: "1",
      RUST_LOG: "info",
      TAXI_RENDER_WARM_UP: String(warmUp),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });

  let output = "";
  const exited = new Promise((resolveExit) => child.once("exit", (code, signal) => resolveExit({ code, signal })));
  let exitInfo = null;
  exited.then((info) => (exitInfo = info));

  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    if (exitInfo === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    cleanup();
  };

  let baseUrl;
  try {
    baseUrl = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`taxi-server (${bin}) did not log "listening on" within ${timeoutMs} ms; output:\n${output}`),
          ),
        timeoutMs,
      );
      const onData = (chunk) => {
        output += chunk.toString("utf8").replace(ANSI, "");
        const match = /listening on (http:\/\/[^\s/]+:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("error", (e) => {
        clearTimeout(timer);
        reject(new Error(`cannot start taxi-server (${bin}): ${e.message}`));
      });
      exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`taxi-server exited early (code ${code}, signal ${signal}); output:\n${output}`));
      });
    });

    // With warmUp, pages are rendered into memory in the background after start-up;
    // without, /healthz reports them warm at once.
    const deadline = Date.now() + warmTimeoutMs;
    let last = "no answer";
    for (;;) {
      try {
        const res = await fetch(`${baseUrl}/healthz`);
        const body = await res.json();
        last = `${res.status} ${JSON.stringify(body)}`;
        if (res.ok && body.pagesWarm === true) break;
      } catch (e) {
        last = String(e);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `/healthz did not report "pagesWarm": true within ${warmTimeoutMs} ms (last: ${last}); output:\n${output}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (e) {
    await stop();
    throw e;
  }

  return { baseUrl, dataDir: env.TAXI_DATA_DIR ?? dataDir, output: () => output, stop };
}

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The clock `scripts/test-at-hours.sh` moves with libfaketime (FAKETIME, an offset in seconds):
 * the server and the test files run on it. Chromium hangs under libfaketime, so it starts
 * without it ([browserEnv]) and its pages get the same offset on `Date` instead ([shiftDate]).
 */
const FAKED_OFFSET_MS = (() => {
  const faked = process.env.FAKETIME;
  if (!faked) return 0;
  if (!/^[+-]?\d+$/.test(faked))
    throw new Error(`FAKETIME=${faked}: the browser tests take an offset in seconds (scripts/test-at-hours.sh)`);
  return Number(faked) * 1000;
})();

/** This process's environment without libfaketime, for Chromium. */
export function browserEnv(env = process.env) {
  const { FAKETIME: _offset, FAKETIME_DONT_FAKE_MONOTONIC: _monotonic, LD_PRELOAD: preload = "", ...rest } = env;
  const kept = preload
    .split(/[:\s]+/)
    .filter((lib) => lib && !lib.includes("faketime"))
    .join(":");
  return kept ? { ...rest, LD_PRELOAD: kept } : rest;
}

/**
 * In a page: `Date` moved by `offsetMs`, as libfaketime moves the other processes' clocks
 * (timers and `performance.now()` keep the real time, as their monotonic clocks do).
 */
function shiftDate(offsetMs) {
  const Real = Date;
  const now = () => Real.now() + offsetMs;
  function Shifted(...args) {
    if (!new.target) return new Real(now()).toString();
    return args.length ? new Real(...args) : new Real(now());
  }
  Shifted.prototype = Real.prototype;
  Shifted.now = now;
  Shifted.parse = Real.parse;
  Shifted.UTC = Real.UTC;
  globalThis.Date = Shifted;
}

/** Debian's Chromium; Playwright never downloads a browser here. */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
    args: chromiumArgs,
    env: browserEnv(),
  });
  if (FAKED_OFFSET_MS) {
    // Every context of the tests comes from here (a context's own newPage inherits the script).
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      await context.addInitScript(shiftDate, FAKED_OFFSET_MS);
      return context;
    };
  }
  return browser;
}

/** One server and one browser for a whole test file; `use` receives both once started. */
export function useServerAndBrowser(use, serverOptions = {}) {
  let server;
  let browser;
  before(async () => {
    const [started, launched] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    server = started.value;
    browser = launched.value;
    // A browser or server left running would keep this file's process alive after the failure.
    const failed = [started, launched].find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
