// Builds the UI for the Rust server (called by server/build.rs, or by hand):
//   node build.mjs <out-dir>
// <out-dir>/server.js        ES module for the server's QuickJS runtime (not served)
// <out-dir>/public/*         browser files with content-hashed names, plus .gz and .br
// <out-dir>/manifest.json    logical name -> hashed file name
// <out-dir>/metafiles/*.json esbuild's metafile of each form page's bundle (what it holds, byte by byte)
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, "dist"));
const publicDir = join(outDir, "public");
const languages = ["nl", "de", "en"];

rmSync(outDir, { recursive: true, force: true });
mkdirSync(publicDir, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
  write: false,
  absWorkingDir: here,
};

// The route pages' own texts (`routes` in the locale files) reach the components in their
// props, filled in by the server (server/src/site/route_story.rs), and country names only
// the server's answers and mails (a phone number's country): the render workers need not
// hold them.
const withoutServerOnlyTexts = {
  name: "without-server-only-texts",
  setup(build) {
    build.onLoad({ filter: /locales[\\/](nl|de|en)\.json$/ }, (args) => {
      const { routes: _routes, countries: _countries, ...texts } = JSON.parse(readFileSync(args.path, "utf8"));
      return { contents: JSON.stringify(texts), loader: "json" };
    });
  },
};

// The legacy server build of react-dom renders to a string with no stream or
// TextEncoder, which QuickJS lacks.
const serverBuild = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/server.tsx")],
  format: "esm",
  platform: "neutral",
  target: "es2020",
  mainFields: ["module", "main"],
  alias: { "react-dom/server": join(here, "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js") },
  plugins: [withoutServerOnlyTexts],
  // The proof-of-work solver is only ever loaded in the browser (src/shared/proof.ts).
  define: { ...common.define, PROOF_SOLVER: '""' },
});
writeFileSync(join(outDir, "server.js"), serverBuild.outputFiles[0].contents);

const manifest = {};
const compressing = [];
// Precompressed once, so the smallest encodings are worth their time: zopfli for gzip (3 %
// smaller than zlib's level 9 on the form pages' scripts, any gzip reader reads it), brotli 11.
function emit(logicalName, contents) {
  const hash = createHash("sha256").update(contents).digest("base64url").slice(0, 10);
  const ext = extname(logicalName);
  const hashed = `${basename(logicalName, ext)}.${hash}${ext}`;
  writeFileSync(join(publicDir, hashed), contents);
  if (/\.(js|css|svg|json|txt)$/.test(ext)) {
    compressing.push(gzipAsync(contents, { numiterations: 15 }).then((gz) => writeFileSync(join(publicDir, `${hashed}.gz`), gz)));
    writeFileSync(
      join(publicDir, `${hashed}.br`),
      brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  manifest[logicalName] = hashed;
}

const browserTarget = ["chrome100", "firefox100", "safari15", "edge100"];

// The form pages' browser entries (src/client/): one bundle per page and language, holding
// the page's island, React, and those texts of its language that the island's code names.
const islands = ["reservation", "contact"];
const locales = Object.fromEntries(languages.map((lang) => [lang, JSON.parse(readFileSync(resolve(here, `../locales/${lang}.json`), "utf8"))]));

/**
 * The text keys named in `files`: quoted keys ("form.name"), and the starts of keys built in
 * template literals (`form.${method}` keeps every key under "form."). A key the code builds
 * another way is missing in the browser, which says so on the console (src/client/hydrate.tsx).
 */
function namedKeys(files) {
  const exact = new Set();
  const prefixes = new Set();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/["'`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)["'`]/g)) exact.add(m[1]);
    for (const m of source.matchAll(/`([a-z][A-Za-z0-9]*\.(?:[A-Za-z0-9_]+\.)*)\$\{/g)) prefixes.add(m[1]);
  }
  return (key) => exact.has(key) || exact.has(key.replace(/_(one|other)$/, "")) || [...prefixes].some((p) => key.startsWith(p));
}

/** The part of `texts` whose keys `keep` accepts, nested as in the locale file. */
function pickTexts(texts, keep, prefix = "") {
  const out = {};
  for (const [name, value] of Object.entries(texts)) {
    const key = `${prefix}${name}`;
    if (typeof value === "string") {
      if (keep(key)) out[name] = value;
    } else {
      const inner = pickTexts(value, keep, `${key}.`);
      if (Object.keys(inner).length) out[name] = inner;
    }
  }
  return out;
}

const localePlugin = (texts) => ({
  name: "locale",
  setup(build) {
    build.onResolve({ filter: /^virtual:locale$/ }, () => ({ path: "texts", namespace: "locale" }));
    build.onLoad({ filter: /.*/, namespace: "locale" }, () => ({ contents: JSON.stringify(texts), loader: "json" }));
  },
});

// React and react-i18next live in their own script (src/client/vendor.ts); the islands' bundles
// take them from there.
const VENDOR = ["react", "react/jsx-runtime", "react-dom/client", "i18next", "react-i18next"];
const reactFromVendor = {
  name: "react-from-vendor",
  setup(build) {
    const filter = new RegExp(`^(${VENDOR.map((m) => m.replace("/", "\\/")).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "vendor" }));
    build.onLoad({ filter: /.*/, namespace: "vendor" }, (args) => ({ contents: `module.exports = window.__taxiReact[${JSON.stringify(args.path)}];`, loader: "js" }));
  },
};

const metaDir = join(outDir, "metafiles");
mkdirSync(metaDir, { recursive: true });
// V8's explicit compile hint (Chromium 136+; other engines ignore the comment): compile every
// function while the script streams in, off the main thread, instead of on it when first
// called. Hydration calls most of them; measured, it takes a third off the main thread's
// script time (docs/performance.md).
const clientOptions = { ...common, format: "iife", platform: "browser", target: browserTarget, metafile: true, banner: { js: "//# allFunctionsCalledOnLoad" } };
const vendor = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/vendor.ts")] });
emit("client-vendor.js", vendor.outputFiles[0].contents);
writeFileSync(join(metaDir, "client-vendor.json"), JSON.stringify(vendor.metafile));
// The proof-of-work solver (src/client/proof.ts, ALTCHA's from altcha-lib) and its worker: scripts
// of their own, which a form page loads once the visitor starts filling in (src/shared/proof.ts),
// so no first visit pays for them. Each learns the other's content-hashed name here.
const proofWorker = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/proof-worker.ts")] });
emit("proof-worker.js", proofWorker.outputFiles[0].contents);
const proofSolver = await esbuild.build({
  ...clientOptions,
  entryPoints: [join(here, "src/client/proof.ts")],
  define: { ...clientOptions.define, PROOF_WORKER: JSON.stringify(`/assets/${manifest["proof-worker.js"]}`) },
});
emit("proof.js", proofSolver.outputFiles[0].contents);
writeFileSync(join(metaDir, "proof.json"), JSON.stringify(proofSolver.metafile));
clientOptions.define = { ...clientOptions.define, PROOF_SOLVER: JSON.stringify(`/assets/${manifest["proof.js"]}`) };

for (const island of islands) {
  const entryPoints = [join(here, `src/client/${island}.tsx`)];
  // First the island's own source files (without texts), then the texts they name.
  const probe = await esbuild.build({ ...clientOptions, entryPoints, plugins: [reactFromVendor, localePlugin({})] });
  const sources = Object.keys(probe.metafile.inputs).filter((p) => p.startsWith("src/")).map((p) => join(here, p));
  const keep = namedKeys(sources);
  for (const lang of languages) {
    const result = await esbuild.build({ ...clientOptions, entryPoints, plugins: [reactFromVendor, localePlugin(pickTexts(locales[lang], keep))] });
    emit(`client-${island}-${lang}.js`, result.outputFiles[0].contents);
    writeFileSync(join(metaDir, `client-${island}-${lang}.json`), JSON.stringify(result.metafile));
  }
}

// The reservation page's first, small script: address suggestions before hydration.
const early = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/reservation-early.ts")] });
emit("early-reservation.js", early.outputFiles[0].contents);
writeFileSync(join(metaDir, "early-reservation.json"), JSON.stringify(early.metafile));

const site = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/site.ts")],
  format: "iife",
  platform: "browser",
  target: browserTarget,
});
emit("site.js", site.outputFiles[0].contents);

const css = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/styles.css")],
  loader: { ".css": "css" },
  target: browserTarget,
});
emit("styles.css", css.outputFiles[0].contents);

for (const file of readdirSync(join(here, "public"))) {
  emit(file, readFileSync(join(here, "public", file)));
}

await Promise.all(compressing);
writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(`ui built into ${outDir}: ${Object.keys(manifest).length} public files`);
