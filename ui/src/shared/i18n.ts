import i18next, { type i18n, type Resource } from "i18next";
import type { Lang } from "./contract";

/** A synchronous i18next instance: resources are bundled, so no backend and no async init. */
export function createI18n(lang: Lang, resources: Resource): i18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // i18next otherwise prints an advertisement into every visitor's console.
    showSupportNotice: false,
  });
  return instance;
}
