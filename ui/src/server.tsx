// Entry of the bundle that runs inside QuickJS on the server (see server/src/render).
// QuickJS has no console; the host provides `__hostLog` (server-polyfills.ts).
import "./server-polyfills";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { createT, I18nProvider, type TFunction } from "./shared/i18n";
import type { Lang, PageProps } from "./shared/contract";
import nl from "../../locales/nl.json";
import de from "../../locales/de.json";
import en from "../../locales/en.json";

const locales = { nl, de, en };
const translators = new Map<Lang, TFunction>();

function tFor(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = createT(lang, locales[lang]);
    translators.set(lang, t);
  }
  return t;
}

/** Renders a page to the HTML of its `<body>` (the document around it is made in Rust). */
export function render(propsJson: string): string {
  const props = JSON.parse(propsJson) as PageProps;
  if (!(props.lang in locales)) throw new Error(`unknown language ${props.lang}`);
  return renderToString(
    <I18nProvider t={tFor(props.lang)}>
      <App {...props} />
    </I18nProvider>,
  );
}
