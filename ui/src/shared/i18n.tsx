// How the components get their texts (`const { t } = useTranslation()`), on both sides:
// - the server (the render in QuickJS) resolves every text with i18next, one synchronous
//   instance per language with the locale files bundled (`serverT`);
// - the browser has no i18n library: the build compiles the texts the island's code names into
//   plain strings and small functions (ui/texts/compile.mjs), and `browserT` looks them up.
// Both give the same text for the same key and values (tests/texts.test.mjs), so hydration finds
// what the server rendered. This is the one file that knows how `t` is made on each side.
import i18next from "i18next";
import { createContext, useContext, type ReactNode } from "react";
import type { Lang } from "./contract";

export interface Texts {
  [key: string]: string | Texts;
}
export type TOptions = Record<string, string | number | undefined>;
export type TFunction = (key: string, options?: TOptions) => string;
/** A compiled text: the text, or a function of the options; `undefined` where i18next finds none. */
export type CompiledText = string | ((options: TOptions | undefined) => string | undefined);

/** The server's translate function for `lang`: i18next; `onMissing` hears of every key the texts lack. */
export function serverT(lang: Lang, texts: Texts, onMissing?: (key: string) => void): TFunction {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: texts } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    saveMissing: onMissing !== undefined,
    missingKeyHandler:
      onMissing && ((_languages: readonly string[], _namespace: string, key: string) => onMissing(key)),
    // i18next otherwise prints an advertisement into the log.
    showSupportNotice: false,
  });
  return instance.t.bind(instance) as unknown as TFunction;
}

/** The browser's translate function over the compiled texts; a key they lack is returned as it is, as i18next does. */
export function browserT(texts: Record<string, CompiledText>, onMissing: (key: string) => void): TFunction {
  return (key, options) => {
    const text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : undefined;
    const result = typeof text === "function" ? text(options) : text;
    if (result !== undefined) return result;
    onMissing(key);
    return key;
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
