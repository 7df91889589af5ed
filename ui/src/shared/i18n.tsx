// The texts of the page's language, for the server's render and the browser's hydration alike.
// The locale files are i18next's format; the pages use a small part of it: nested keys,
// `{{name}}` placeholders and plural forms by `count` (`key_one`, `key_other`). That part is
// here, in a few lines, instead of i18next and react-i18next (17 KB gzip of the form pages'
// script). The server's Rust side reads the same files the same way (server/src/i18n).
import { createContext, useContext, type ReactNode } from "react";
import type { Lang } from "./contract";

export interface Texts {
  [key: string]: string | Texts;
}
export type TOptions = Record<string, string | number | undefined>;
export type TFunction = (key: string, options?: TOptions) => string;

/** nl, de and en share the CLDR cardinal rule: "one" for exactly 1, "other" otherwise. */
const pluralForm = (count: number) => (count === 1 ? "one" : "other");

function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The translate function of one language. A missing key is returned as it is (as i18next
 * does) and reported to `onMissing`; a placeholder without a value stays in the text.
 */
export function createT(_lang: Lang, texts: Texts, onMissing?: (key: string) => void): TFunction {
  return (key, options) => {
    const count = options?.count;
    const text = (typeof count === "number" ? lookup(texts, `${key}_${pluralForm(count)}`) : undefined) ?? lookup(texts, key);
    if (text === undefined) {
      onMissing?.(key);
      return key;
    }
    if (!options) return text;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const value = options[name];
      return value === undefined ? whole : String(value);
    });
  };
}

const TContext = createContext<TFunction>((key) => key);

export function I18nProvider({ t, children }: { t: TFunction; children: ReactNode }) {
  return <TContext.Provider value={t}>{children}</TContext.Provider>;
}

/** The page's translate function, as `const { t } = useTranslation()`. */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(TContext) };
}
