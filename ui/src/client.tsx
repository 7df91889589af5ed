// Browser entry for the interactive pages. Built once per language, each build
// embedding only its own locale (see build.mjs: "virtual:locale").
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import locale from "virtual:locale";
import { App } from "./App";
import { createI18n } from "./shared/i18n";
import type { PageProps } from "./shared/contract";
import { watchTyping } from "./shared/prehydration";
import "./site";

const dataElement = document.getElementById("page-data");
const root = document.getElementById("root");
if (dataElement && root) {
  watchTyping(root);
  const props = JSON.parse(dataElement.textContent ?? "{}") as PageProps;
  const i18n = createI18n(props.lang, { [props.lang]: { translation: locale } });
  // As a transition, hydration runs in short slices that let the browser answer
  // input in between, instead of one long task on a slow phone.
  startTransition(() => {
    hydrateRoot(
      root,
      <I18nextProvider i18n={i18n}>
        <App {...props} />
      </I18nextProvider>,
    );
  });
}
