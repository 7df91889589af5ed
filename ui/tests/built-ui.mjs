// The UI build that a running server embeds: server/build.rs runs `node build.mjs` into
// target/<profile>/build/taxi-server-*/out/ui (or takes TAXI_UI_DIST). There may be several
// such directories; the one meant is the one holding every hashed script and stylesheet the
// server's form pages load, so a test reads the compiled texts and metafiles of exactly the
// binary it runs against, and a build older than the sources is found out, not replaced.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ROUTES, uiDir } from "./helpers.mjs";

/** The `/assets/…` files the form pages of `baseUrl` load. */
export async function formPageAssets(baseUrl) {
  const assets = new Set();
  for (const lang of Object.keys(ROUTES)) {
    for (const page of ["reservation", "contact"]) {
      const html = await (await fetch(`${baseUrl}${ROUTES[lang][page]}`)).text();
      for (const m of html.matchAll(/(?:src|href)="\/assets\/([^"?#]+\.(?:js|css))"/g)) assets.add(m[1]);
    }
  }
  return [...assets];
}

/** The directory of the UI build the server at `baseUrl` serves (its `texts/`, `metafiles/`, `public/`). */
export async function builtUi(baseUrl) {
  const bin = resolve(uiDir, process.env.TAXI_SERVER_BIN ?? "../target/release/taxi-server");
  const buildDir = join(dirname(bin), "build");
  const candidates = [
    ...(process.env.TAXI_UI_DIST ? [process.env.TAXI_UI_DIST] : []),
    ...(existsSync(buildDir)
      ? readdirSync(buildDir)
          .filter((d) => d.startsWith("taxi-server-"))
          .map((d) => join(buildDir, d, "out/ui"))
      : []),
  ];
  const assets = await formPageAssets(baseUrl);
  if (!assets.some((a) => a.startsWith("client-")))
    throw new Error(`the form pages of ${baseUrl} load no client script`);
  const found = candidates.find((dir) => assets.every((a) => existsSync(join(dir, "public", a))));
  if (!found) {
    throw new Error(
      `no UI build under ${buildDir} holds the scripts the server serves (${assets.join(", ")}): ` +
        "was the binary built elsewhere? Set TAXI_UI_DIST.",
    );
  }
  return found;
}
