// Entry of the bundle that runs inside QuickJS on the server (see server/src/render).
// QuickJS has no Intl and no console; the host provides `__hostLog`, and the few
// plural rules i18next asks for are supplied below so output equals the browser's.
import "./server-polyfills";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { i18n } from "i18next";
import { App } from "./App";
import { createI18n } from "./shared/i18n";
import type { Lang, PageProps } from "./shared/contract";
import nl from "../../locales/nl.json";
import de from "../../locales/de.json";
import en from "../../locales/en.json";

const locales = { nl, de, en };
const instances = new Map<Lang, i18n>();

function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, { [lang]: { translation: locales[lang] } });
    instances.set(lang, instance);
  }
  return instance;
}

/** Renders a page to the HTML that goes inside `<div id="root">`. */
export function render(propsJson: string): string {
  const props = JSON.parse(propsJson) as PageProps;
  if (!(props.lang in locales)) throw new Error(`unknown language ${props.lang}`);
  return renderToString(
    <I18nextProvider i18n={i18nFor(props.lang)}>
      <App {...props} />
    </I18nextProvider>,
  );
}
