// The pure modules' unit tests (`npm run test:unit`), in Node's test runner, no browser: each
// tests/unit/*.test.ts is bundled by esbuild as the UI build bundles the pages (types stripped,
// imports resolved the same way) into <repo>/test-output/unit/ and run from there. Node 20 runs
// no TypeScript itself. Arguments are passed on to `node --test`.
import * as esbuild from "esbuild";
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const out = join(dir, "../../../test-output/unit");
const tests = readdirSync(dir).filter((f) => f.endsWith(".test.ts"));

rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: tests.map((f) => join(dir, f)),
  outdir: out,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  jsx: "automatic",
  sourcemap: "inline",
  logLevel: "warning",
});
const files = tests.map((f) => join(out, f.replace(/\.ts$/, ".mjs")));
const child = spawn(process.execPath, ["--test", "--enable-source-maps", ...process.argv.slice(2), ...files], {
  stdio: "inherit",
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
