// Builds the UI for the Rust server (called by server/build.rs, or by hand):
//   node build.mjs <out-dir>
// <out-dir>/server.js        ES module for the server's QuickJS runtime (not served)
// <out-dir>/public/*         browser files with content-hashed names, plus .gz and .br
// <out-dir>/manifest.json    logical name -> hashed file name
// <out-dir>/metafiles/*.json esbuild's metafile of each browser script (what it holds, byte by byte)
// <out-dir>/texts/*.mjs      the texts compiled into each form page's bundle, per language
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { minify } from "terser";
import { compileTexts, flatten, textsToShip } from "./texts/compile.mjs";
import { bundleSources, namedKeys } from "./texts/keys.mjs";

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
  alias: {
    "react-dom/server": join(here, "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js"),
  },
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
    compressing.push(
      gzipAsync(contents, { numiterations: 15 }).then((gz) => writeFileSync(join(publicDir, `${hashed}.gz`), gz)),
    );
    writeFileSync(
      join(publicDir, `${hashed}.br`),
      brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  manifest[logicalName] = hashed;
}

const browserTarget = ["chrome100", "firefox100", "safari15", "edge100"];

// esbuild bundles and minifies each file as it goes; terser then compresses the bundled whole
// twice over, which takes another 2–20 % off a script's brotli size (React's 1.6 %, the
// reservation form's 4.5 %: docs/performance.md). Its safe transforms only; the compile hint
// below stays first.
async function minified(result) {
  const { code } = await minify(result.outputFiles[0].text, {
    ecma: 2020,
    compress: { passes: 2 },
    format: { comments: /allFunctionsCalledOnLoad/ },
  });
  return code;
}

// The form pages' browser entries (src/client/): one bundle per page and language, holding
// the page's island and the texts of its language that the island's code names, compiled into
// strings and small functions (texts/: keys.mjs finds the keys, compile.mjs compiles them). The
// browser gets no i18n library; the server keeps i18next (src/shared/i18n.tsx).
const islands = ["reservation", "contact"];
const locales = Object.fromEntries(
  languages.map((lang) => [lang, flatten(JSON.parse(readFileSync(resolve(here, `../locales/${lang}.json`), "utf8")))]),
);

const textsPlugin = (source) => ({
  name: "texts",
  setup(build) {
    build.onResolve({ filter: /^virtual:texts$/ }, () => ({ path: "texts", namespace: "texts" }));
    build.onLoad({ filter: /.*/, namespace: "texts" }, () => ({ contents: source, loader: "js" }));
  },
});

// i18next declares no `sideEffects`, so esbuild would put the whole library into a browser
// bundle for src/shared/i18n.tsx's import alone, though only the server's side calls it. Said
// free of side effects, it is left out unless a browser bundle really calls it (which
// tests/weight.test.mjs would then find in the metafile).
const i18nextOnlyWhenCalled = {
  name: "i18next-only-when-called",
  setup(build) {
    build.onResolve({ filter: /^i18next$/ }, async ({ path, resolveDir, kind, pluginData }) => {
      if (pluginData === "resolving") return undefined;
      const resolved = await build.resolve(path, { resolveDir, kind, pluginData: "resolving" });
      if (resolved.errors.length) return { errors: resolved.errors };
      return { path: resolved.path, namespace: resolved.namespace, sideEffects: false };
    });
  },
};

// React lives in its own script (src/client/vendor.ts); the islands' bundles take it from there.
const VENDOR = ["react", "react/jsx-runtime", "react-dom/client"];
const reactFromVendor = {
  name: "react-from-vendor",
  setup(build) {
    const filter = new RegExp(`^(${VENDOR.map((m) => m.replace("/", "\\/")).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "vendor" }));
    build.onLoad({ filter: /.*/, namespace: "vendor" }, (args) => ({
      contents: `module.exports = window.__taxiReact[${JSON.stringify(args.path)}];`,
      loader: "js",
    }));
  },
};

const metaDir = join(outDir, "metafiles");
mkdirSync(metaDir, { recursive: true });
// V8's explicit compile hint (Chromium 136+; other engines ignore the comment): compile every
// function while the script streams in, off the main thread, instead of on it when first
// called. Hydration calls most of them; measured, it takes a third off the main thread's
// script time (docs/performance.md).
const clientOptions = {
  ...common,
  format: "iife",
  platform: "browser",
  target: browserTarget,
  metafile: true,
  banner: { js: "//# allFunctionsCalledOnLoad" },
};
const vendor = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/vendor.ts")] });
emit("client-vendor.js", await minified(vendor));
writeFileSync(join(metaDir, "client-vendor.json"), JSON.stringify(vendor.metafile));
// The proof-of-work solver (src/client/proof.ts, ALTCHA's from altcha-lib) and its worker: scripts
// of their own, which a form page loads once the visitor starts filling in (src/shared/proof.ts),
// so no first visit pays for them. Each learns the other's content-hashed name here.
const proofWorker = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/proof-worker.ts")] });
emit("proof-worker.js", await minified(proofWorker));
const proofSolver = await esbuild.build({
  ...clientOptions,
  entryPoints: [join(here, "src/client/proof.ts")],
  define: { ...clientOptions.define, PROOF_WORKER: JSON.stringify(`/assets/${manifest["proof-worker.js"]}`) },
});
emit("proof.js", await minified(proofSolver));
writeFileSync(join(metaDir, "proof.json"), JSON.stringify(proofSolver.metafile));
clientOptions.define = { ...clientOptions.define, PROOF_SOLVER: JSON.stringify(`/assets/${manifest["proof.js"]}`) };

// First each island's own source files, then the keys their code names.
const islandSources = await bundleSources(
  Object.fromEntries(islands.map((island) => [island, `src/client/${island}.tsx`])),
  here,
);
const named = namedKeys(islandSources, join(here, "tsconfig.json"));
const textsDir = join(outDir, "texts");
mkdirSync(textsDir, { recursive: true });
for (const island of islands) {
  if (named[island].unbounded.length) {
    throw new Error(
      `The ${island} page's code names texts the build cannot know (give the key a string-literal type):\n` +
        named[island].unbounded.join("\n"),
    );
  }
  for (const lang of languages) {
    const source = compileTexts(
      lang,
      locales[lang],
      textsToShip(named[island].names, locales[lang], `locales/${lang}.json`),
      `locales/${lang}.json`,
    );
    // Kept beside the bundles for tests/texts.test.mjs, which holds them to i18next.
    writeFileSync(join(textsDir, `${island}-${lang}.mjs`), source);
    const result = await esbuild.build({
      ...clientOptions,
      entryPoints: [join(here, `src/client/${island}.tsx`)],
      plugins: [reactFromVendor, i18nextOnlyWhenCalled, textsPlugin(source)],
    });
    emit(`client-${island}-${lang}.js`, await minified(result));
    writeFileSync(join(metaDir, `client-${island}-${lang}.json`), JSON.stringify(result.metafile));
  }
}

// The reservation page's first, small script: address suggestions before hydration.
const early = await esbuild.build({ ...clientOptions, entryPoints: [join(here, "src/client/reservation-early.ts")] });
emit("early-reservation.js", await minified(early));
writeFileSync(join(metaDir, "early-reservation.json"), JSON.stringify(early.metafile));

const site = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/site.ts")],
  format: "iife",
  platform: "browser",
  target: browserTarget,
  metafile: true,
});
emit("site.js", await minified(site));
writeFileSync(join(metaDir, "site.json"), JSON.stringify(site.metafile));

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
