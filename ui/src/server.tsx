// Entry of the bundle that runs inside QuickJS on the server (see server/src/render).
// QuickJS has no console; the host provides `__hostLog` (server-polyfills.ts).
import "./server-polyfills";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { I18nProvider, serverT, type TFunction } from "./shared/i18n";
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
const translators = new Map<Lang, TFunction>();

function tFor(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = serverT(lang, locales[lang]);
    translators.set(lang, t);
  }
  return t;
}

/** Renders a page to the HTML of its `<body>` (the document around it is made in Rust). */
export function render(propsJson: string): string {
  const props = JSON.parse(propsJson) as AnyPageProps;
  if (!(props.lang in locales)) throw new Error(`unknown language ${props.lang}`);
  return renderToString(
    <I18nProvider t={tFor(props.lang)}>
      <App {...props} />
    </I18nProvider>,
  );
}
