// Entry of the bundle that runs inside QuickJS on the server (see server/src/render).
// QuickJS has no console; the host provides `__hostLog` (server-polyfills.ts).
import "./server-polyfills";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import type { i18n } from "i18next";
import { createI18n, I18nProvider } from "./shared/i18n";
import type { Lang } from "./shared/contract";
import type { AnyPageProps } from "./App";
import nl from "../../locales/nl.json";
import de from "../../locales/de.json";
import en from "../../locales/en.json";

/** The texts less the route pages' own: those come in the props, filled in by the server
 * (and build.mjs leaves them out of this bundle). */
function withoutRouteTexts<T extends { routes?: unknown }>({ routes: _routes, ...texts }: T): Omit<T, "routes"> {
  return texts;
}

const locales = { nl: withoutRouteTexts(nl), de: withoutRouteTexts(de), en: withoutRouteTexts(en) };
const instances = new Map<Lang, i18n>();

function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, locales[lang]);
    instances.set(lang, instance);
  }
  return instance;
}

/** Renders a page to the HTML of its `<body>` (the document around it is made in Rust). */
export function render(propsJson: string): string {
  const props = JSON.parse(propsJson) as AnyPageProps;
  if (!(props.lang in locales)) throw new Error(`unknown language ${props.lang}`);
  return renderToString(
    <I18nProvider i18n={i18nFor(props.lang)}>
      <App {...props} />
    </I18nProvider>,
  );
}
