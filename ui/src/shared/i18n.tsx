// The texts of the page's language, for the server's render and the browser's hydration alike:
// i18next with react-i18next (the owner's stack), one synchronous instance per language with the
// resources bundled, so no backend and no asynchronous start. The components import
// `useTranslation` from here, so the choice stays in one file.
import i18next, { type i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, useTranslation as useI18next } from "react-i18next";
import type { Lang } from "./contract";

export interface Texts {
  [key: string]: string | Texts;
}
export type TOptions = Record<string, string | number | undefined>;
export type TFunction = (key: string, options?: TOptions) => string;

/** An i18next instance for `lang`; `onMissing` hears of every key the texts lack. */
export function createI18n(lang: Lang, texts: Texts, onMissing?: (key: string) => void): i18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: texts } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    saveMissing: onMissing !== undefined,
    missingKeyHandler: onMissing && ((_languages: readonly string[], _namespace: string, key: string) => onMissing(key)),
    // i18next otherwise prints an advertisement into every visitor's console.
    showSupportNotice: false,
  });
  return instance;
}

export function I18nProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** The page's translate function, as `const { t } = useTranslation()`. */
export function useTranslation(): { t: TFunction } {
  const { t } = useI18next();
  return { t: t as unknown as TFunction };
}
