#!/usr/bin/env node
// Writes `countries` into locales/{nl,de,en}.json: every country's name by its
// two-letter ISO 3166 code, in each language, as the Unicode CLDR names them
// (the names browsers show), read from Node's own ICU data (`Intl.DisplayNames`;
// Node 20 carries CLDR 48, so nothing is downloaded). A phone number is shown with
// its country's name (`+31 6 12345678 (Nederland)`) on the forms and in staff mails;
// the server's unit test `countries_are_named_in_every_language` checks that every
// region of the phone metadata has a name here. Run again to refresh: `node
// scripts/country-names.mjs`; other keys and the files' layout are kept.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const locales = resolve(dirname(fileURLToPath(import.meta.url)), "../locales");
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Codes CLDR names that are no country: groupings, the unknown region, private use.
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ"]);
const privateUse = (code) => code === "AA" || /^Q[M-Z]$/.test(code) || (/^X[A-Z]$/.test(code) && code !== "XK");
// Old codes CLDR still names (UK, YU, ZR, …) are aliases of current ones.
const current = (code) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;

const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const codes = [...LETTERS]
  .flatMap((a) => [...LETTERS].map((b) => a + b))
  .filter((code) => !NOT_COUNTRIES.has(code) && !privateUse(code) && current(code) && english.of(code) !== undefined);

for (const lang of ["nl", "de", "en"]) {
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
  const file = resolve(locales, `${lang}.json`);
  const texts = JSON.parse(readFileSync(file, "utf8"));
  texts.countries = Object.fromEntries(codes.map((code) => [code, names.of(code)]));
  writeFileSync(file, `${JSON.stringify(texts, null, 2)}\n`);
  console.log(`${file}: ${codes.length} countries`);
}
