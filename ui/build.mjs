// Builds the UI for the Rust server (called by server/build.rs, or by hand):
//   node build.mjs <out-dir>
// <out-dir>/server.js        ES module for the server's QuickJS runtime (not served)
// <out-dir>/public/*         browser files with content-hashed names, plus .gz and .br
// <out-dir>/manifest.json    logical name -> hashed file name
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
});
writeFileSync(join(outDir, "server.js"), serverBuild.outputFiles[0].contents);

const manifest = {};
function emit(logicalName, contents) {
  const hash = createHash("sha256").update(contents).digest("base64url").slice(0, 10);
  const ext = extname(logicalName);
  const hashed = `${basename(logicalName, ext)}.${hash}${ext}`;
  writeFileSync(join(publicDir, hashed), contents);
  if (/\.(js|css|svg|json|txt)$/.test(ext)) {
    writeFileSync(join(publicDir, `${hashed}.gz`), gzipSync(contents, { level: 9 }));
    writeFileSync(
      join(publicDir, `${hashed}.br`),
      brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  manifest[logicalName] = hashed;
}

const browserTarget = ["chrome100", "firefox100", "safari15", "edge100"];
for (const lang of languages) {
  const localePlugin = {
    name: "locale",
    setup(build) {
      build.onResolve({ filter: /^virtual:locale$/ }, () => ({ path: resolve(here, `../locales/${lang}.json`), namespace: "locale" }));
      // Mail, page metadata, WhatsApp, staff and manage page texts are used by the server only (the
      // staff and manage pages are not hydrated): keep them out of the browser bundle.
      build.onLoad({ filter: /.*/, namespace: "locale" }, (args) => {
        const { mail: _mail, meta: _meta, whatsapp: _whatsapp, staff: _staff, manage: _manage, ...texts } = JSON.parse(readFileSync(args.path, "utf8"));
        return { contents: JSON.stringify(texts), loader: "json", watchFiles: [args.path] };
      });
    },
  };
  const result = await esbuild.build({
    ...common,
    entryPoints: [join(here, "src/client.tsx")],
    format: "iife",
    platform: "browser",
    target: browserTarget,
    plugins: [localePlugin],
  });
  emit(`client-${lang}.js`, result.outputFiles[0].contents);
}

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

writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(`ui built into ${outDir}: ${Object.keys(manifest).length} public files`);
