// What every form page's browser entry does: hydrate the page's island (`<div id="root">`,
// see App.tsx) from the same component the server rendered, with the texts of the page's
// language that the island names, compiled by the build (build.mjs: "virtual:texts"). Header,
// footer and flags are plain HTML and cost the browser nothing.
import { startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import texts from "virtual:texts";
import { CompanyContext } from "../shared/company";
import type { IslandProps } from "../shared/island";
import { browserT, I18nProvider } from "../shared/i18n";
import { handOver, watchTyping } from "../shared/prehydration";
import "../site";

/** Events that start hydration at once: the visitor is about to use the form. */
const FIRST_USE = ["pointerdown", "keydown", "focusin", "input"] as const;

export function hydrateIsland(Page: ComponentType<IslandProps>) {
  const dataElement = document.getElementById("page-data");
  const root = document.getElementById("root");
  if (!dataElement || !root) return;
  watchTyping(root);
  const props = JSON.parse(dataElement.textContent ?? "{}") as IslandProps;
  // A text the build left out shows as its key: say so, loudly (the browser tests fail on it).
  const t = browserT(texts, (key) =>
    console.error(`no client text "${key}" (ui/texts/keys.mjs finds the texts the island names)`),
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE) root.removeEventListener(type, soon, true);
    handOver(root);
    // As a transition, hydration runs in short slices that let the browser answer input in
    // between, instead of one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(
        root,
        <CompanyContext.Provider value={props.company}>
          <I18nProvider t={t}>
            <Page {...props} />
          </I18nProvider>
        </CompanyContext.Provider>,
      );
    });
  };
  // On the first touch, key or focus in the form (once that event is done: an early
  // suggestion is chosen on its touch), or as soon as the browser is idle.
  const soon = () => setTimeout(start, 0);
  for (const type of FIRST_USE) root.addEventListener(type, soon, true);
  if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 1000 });
  else setTimeout(start, 1);
}
