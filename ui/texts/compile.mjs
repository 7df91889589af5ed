// Compiles texts of the locale files (i18next's format) into a plain ES module for a browser
// bundle: a text without placeholders becomes a string, one with `{{name}}` placeholders a
// small function of the options, one with plural forms (`key_one`, `key_other`) a function that
// picks the form by `count`. The server keeps resolving its texts with i18next
// (src/shared/i18n.tsx); this does what i18next does for the part of its format the locale
// files use, and refuses the rest (nesting, formats, unescaped or nested variables), so that a
// text it cannot compile faithfully stops the build instead of reading differently in the
// browser. tests/texts.test.mjs holds every compiled text to i18next's answer.
import { shapeRegExp, shapeText } from "./keys.mjs";

/** i18next's plural suffixes (`pluralSeparator` "_", the CLDR categories). */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
/** A placeholder as i18next finds it (its default `{{` … `}}`). */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** The texts of a locale file as `{ "a.b": "text" }` (strings only: lists are not texts of the UI). */
export function flatten(texts, prefix = "", out = {}) {
  for (const [name, value] of Object.entries(texts)) {
    if (typeof value === "string") out[`${prefix}${name}`] = value;
    else if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, `${prefix}${name}.`, out);
  }
  return out;
}

/** The key a component names for `key`: the key itself, or the key without its plural suffix. */
export function namedAs(key) {
  return key.match(PLURAL)?.[1] ?? key;
}

/** A JavaScript expression for `text` as i18next interpolates it, `o` being the options. */
function compileText(text, key) {
  if (text.includes("$t(")) throw new Error(`${key}: nesting ($t(…)) is not compiled for the browser`);
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!/^\w+$/.test(match[1])) {
      throw new Error(`${key}: the placeholder ${match[0]} is not compiled for the browser (only {{name}})`);
    }
    if (match.index > last) parts.push(JSON.stringify(text.slice(last, match.index)));
    parts.push(`v(o,${JSON.stringify(match[1])})`);
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return JSON.stringify(text);
  if (last < text.length) parts.push(JSON.stringify(text.slice(last)));
  return `(o)=>${parts.join("+")}`;
}

// The helpers the compiled texts call, as i18next behaves (interpolation with
// `escapeValue: false`, `skipOnVariables`; plural lookup): a variable not given stays as written,
// one given as undefined or null is empty; with a number `count` the `_zero` form (for 0), then
// the language's form, then the text without suffix; with no or a string `count` only the latter.
// A text i18next would not find is `undefined`, which the caller reports as missing.
const HELPERS = `const h={}.hasOwnProperty;
const v=(o,n)=>{const x=o?o[n]:undefined;return x!=null?""+x:x===null||(o&&h.call(o,n))?"":"{{"+n+"}}"};`;
const pluralHelper = (lang) => `const R=new Intl.PluralRules(${JSON.stringify(lang)});
const s=(o,f)=>{const c=o?o.count:undefined;let k="";
if(c!==undefined&&typeof c!=="string"){const r=R.select(c);k=c===0&&"zero" in f?"zero":r in f?r:""}
const x=f[k];return typeof x==="function"?x(o):x};`;

/**
 * The ES module (source text) whose default export maps each key a component names to its
 * compiled text: `keys` are the locale keys to ship (plural forms by their full keys).
 */
export function compileTexts(lang, flat, keys, origin) {
  /** @type {Map<string, { text?: string, forms: Record<string, string> }>} */
  const entries = new Map();
  const entry = (name) => entries.get(name) ?? entries.set(name, { forms: {} }).get(name);
  for (const key of [...keys].sort()) {
    const text = flat[key];
    if (text === undefined) throw new Error(`${key}: not in ${origin}`);
    const plural = key.match(PLURAL);
    if (plural) entry(plural[1]).forms[plural[2]] = text;
    else entry(key).text = text;
  }
  let plurals = false;
  const lines = [];
  for (const [name, { text, forms }] of entries) {
    const formNames = Object.keys(forms);
    let code;
    if (formNames.length === 0) code = compileText(text, name);
    else {
      plurals = true;
      const all = { ...(text === undefined ? {} : { "": text }), ...forms };
      const members = Object.entries(all).map(
        ([form, t]) => `${JSON.stringify(form)}:${compileText(t, form ? `${name}_${form}` : name)}`,
      );
      code = `(o)=>s(o,{${members.join(",")}})`;
    }
    lines.push(`${JSON.stringify(name)}:${code},`);
  }
  return [
    `// The texts of ${origin} that one browser bundle names, compiled by ui/texts/compile.mjs.`,
    HELPERS,
    plurals ? pluralHelper(lang) : "",
    "export default {",
    ...lines,
    "};",
    "",
  ].join("\n");
}

/**
 * The keys of `flat` a bundle ships for the key shapes its code names (texts/keys.mjs), plural
 * forms included. A name that matches no text is an error: the page would show the key.
 */
export function textsToShip(names, flat, origin) {
  const keys = Object.keys(flat);
  const ship = new Set();
  for (const { shape, where } of names) {
    const pattern = shapeRegExp(shape);
    const found = keys.filter((key) => pattern.test(namedAs(key)));
    if (found.length === 0) {
      const form = keys.some((key) => pattern.test(key))
        ? " as a text (name a plural text without its suffix, with a count)"
        : "";
      throw new Error(`${where}: names the text "${shapeText(shape)}", which ${origin} lacks${form}`);
    }
    for (const key of found) ship.add(key);
  }
  return ship;
}
