// One source of text: the browser's texts are compiled by the build (ui/texts/) from the same
// locale files i18next reads on the server. For every text any browser bundle ships, in every
// language, the compiled text must equal i18next's answer for the same key and values: without
// values, with every placeholder filled (by strings and by numbers), and with the counts 0, 1, 2
// and 5 where the text has plural forms. The compiled texts checked are those of the build the
// server under test embeds (tests/built-ui.mjs), and they are checked against the locale files as
// they are now, so a locale file changed without a rebuild fails here. So does a key the
// islands' code names (found again, now) that the bundle lacks, in any language. Each check is
// also run once on a planted fault, which it must find.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { flatten, namedAs } from "../texts/compile.mjs";
import { bundleSources, namedKeys, shapeRegExp, shapeText } from "../texts/keys.mjs";
import { builtUi } from "./built-ui.mjs";
import { LANGS, TEXTS, startServer, uiDir } from "./helpers.mjs";

const ISLANDS = { reservation: "src/client/reservation.tsx", contact: "src/client/contact.tsx" };
const COUNTS = [0, 1, 2, 5];

/** `serverT` and `browserT` of src/shared/i18n.tsx, bundled for Node: the server's i18next as the render uses it. */
async function loadI18n() {
  const out = await esbuild.build({
    entryPoints: [join(uiDir, "src/shared/i18n.tsx")],
    bundle: true,
    format: "esm",
    platform: "node",
    jsx: "automatic",
    write: false,
    logLevel: "silent",
    absWorkingDir: uiDir,
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].contents).toString("base64")}`);
}

/** The placeholders of `key`'s text and plural forms in `flat`, and whether it has plural forms. */
function placeholdersOf(flat, key) {
  const texts = Object.entries(flat)
    .filter(([k]) => k === key || namedAs(k) === key)
    .map(([, text]) => text);
  const names = new Set(texts.flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim())));
  return {
    names: [...names].filter((n) => n !== "count"),
    plural: Object.keys(flat).some((k) => k !== key && namedAs(k) === key) || names.has("count"),
  };
}

/** The option sets each text is asked with. */
function optionSets({ names, plural }) {
  const strings = Object.fromEntries(names.map((n) => [n, `⟨${n}⟩`]));
  const numbers = Object.fromEntries(names.map((n, i) => [n, 40 + i]));
  const sets = [undefined, strings, numbers];
  if (plural) for (const count of COUNTS) sets.push({ ...strings, count }, { ...numbers, count });
  return sets;
}

/**
 * Every difference between the compiled `table` and i18next over `texts`, as readable lines:
 * a different text, or a text one side finds and the other reports missing.
 */
function differences(i18n, lang, table, texts) {
  const missed = { server: false, browser: false };
  const server = i18n.serverT(lang, texts, () => (missed.server = true));
  const browser = i18n.browserT(table, () => (missed.browser = true));
  const flat = flatten(texts);
  const lines = [];
  for (const key of Object.keys(table)) {
    for (const options of optionSets(placeholdersOf(flat, key))) {
      missed.server = missed.browser = false;
      const [want, got] = [server(key, options), browser(key, options)];
      if (got !== want || missed.server !== missed.browser) {
        const say = (text, miss) => `${JSON.stringify(text)}${miss ? " (missing)" : ""}`;
        const [compiled, i18next] = [say(got, missed.browser), say(want, missed.server)];
        lines.push(`${lang} ${key} ${JSON.stringify(options)}: compiled ${compiled}, i18next ${i18next}`);
      }
    }
  }
  return lines;
}

/** The keys the island's code names (found in `sources` now) that `table` lacks, as readable lines. */
function missingKeys(found, flat, table, lang) {
  const lines = [...found.unbounded];
  const keys = Object.keys(flat);
  for (const { shape, where } of found.names) {
    const pattern = shapeRegExp(shape);
    const wanted = new Set(keys.filter((k) => pattern.test(namedAs(k))).map(namedAs));
    if (wanted.size === 0) lines.push(`${where}: names "${shapeText(shape)}", which locales/${lang}.json lacks`);
    for (const key of wanted)
      if (!(key in table)) lines.push(`${where}: names "${key}", which the ${lang} bundle lacks`);
  }
  return lines;
}

let server;
let dist;
let i18n;
let sources;
const tables = {};
test.before(async () => {
  server = await startServer();
  dist = await builtUi(server.baseUrl);
  i18n = await loadI18n();
  sources = await bundleSources(ISLANDS, uiDir);
  for (const island of Object.keys(ISLANDS)) {
    for (const lang of LANGS)
      tables[`${island}-${lang}`] = (await import(pathToFileURL(join(dist, "texts", `${island}-${lang}.mjs`)))).default;
  }
});
test.after(() => server?.stop());

for (const island of Object.keys(ISLANDS)) {
  test(`${island}: every compiled text equals i18next's in nl, de and en`, () => {
    const lines = LANGS.flatMap((lang) => differences(i18n, lang, tables[`${island}-${lang}`], TEXTS[lang]));
    assert.deepEqual(
      lines,
      [],
      `the compiled texts differ from i18next's (locale files changed since the build? cargo build --release)`,
    );
    assert.ok(Object.keys(tables[`${island}-nl`]).length > 10, "the bundle holds texts");
  });

  test(`${island}: every text its code names is in its bundle in nl, de and en`, () => {
    const found = namedKeys({ [island]: sources[island] }, join(uiDir, "tsconfig.json"))[island];
    assert.ok(found.names.length > 10, "the code names texts");
    const lines = LANGS.flatMap((lang) => missingKeys(found, flatten(TEXTS[lang]), tables[`${island}-${lang}`], lang));
    assert.deepEqual(
      lines,
      [],
      "texts the code names that the built bundle lacks (sources changed since the build? cargo build --release)",
    );
  });
}

test("planted: a locale text changed after the build is found", () => {
  const table = tables["reservation-de"];
  const changed = structuredClone(TEXTS.de);
  changed.form.name = `${changed.form.name} (neu)`;
  changed.form.suggestionsCount_other = changed.form.suggestionsCount_other.replace("{{count}}", "{{ count }} x");
  const lines = differences(i18n, "de", table, changed);
  assert.ok(
    lines.some((l) => l.startsWith("de form.name undefined:")),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((l) => l.startsWith('de form.suggestionsCount {"count":5}:')),
    lines.join("\n"),
  );
  assert.ok(
    lines.every((l) => /^de form\.(name|suggestionsCount) /.test(l)),
    lines.join("\n"),
  );
});

test("planted: a text a component names that the bundle lacks, and a key no one can know, are found", () => {
  const dir = mkdtempSync(join(tmpdir(), "taxi-texts-"));
  try {
    const planted = join(dir, "Planted.tsx");
    writeFileSync(
      planted,
      [
        'import type { TFunction } from "../shared/i18n";',
        'export const welcome = (t: TFunction) => t("home.welcome", { company: "x" });',
        "export const anything = (t: TFunction, key: string) => t(key);",
        'export const missing = (t: TFunction) => t("form.noSuchText");',
      ].join("\n"),
    );
    const found = namedKeys({ contact: [...sources.contact, planted] }, join(uiDir, "tsconfig.json")).contact;
    const lines = missingKeys(found, flatten(TEXTS.en), tables["contact-en"], "en");
    const mine = lines.filter((l) => l.includes("Planted.tsx"));
    assert.equal(mine.length, 3, lines.join("\n"));
    assert.match(mine.join("\n"), /Planted\.tsx:2: names "home\.welcome", which the en bundle lacks/);
    assert.match(mine.join("\n"), /Planted\.tsx:3: t\(key\) \(the key is string here\)/);
    assert.match(mine.join("\n"), /Planted\.tsx:4: names "form\.noSuchText", which locales\/en\.json lacks/);
    assert.equal(lines.length, 3, `only the planted faults: ${lines.join("\n")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the compiled texts checked are those the bundles were built with", () => {
  for (const name of Object.keys(tables)) {
    const meta = JSON.parse(readFileSync(join(dist, "metafiles", `client-${name}.json`), "utf8"));
    const compiled = readFileSync(join(dist, "texts", `${name}.mjs`));
    assert.equal(
      meta.inputs["texts:texts"]?.bytes,
      compiled.length,
      `client-${name}.js was built from texts/${name}.mjs`,
    );
  }
});
