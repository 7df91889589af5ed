// React and react-i18next for the form pages' scripts, in a script of their own: the same file
// for every form page and language (cached once for all), and run in a task of its own before
// the page's script, which finds them on `window` (build.mjs maps its imports here).
import i18next from "i18next";
import * as React from "react";
import * as ReactDOMClient from "react-dom/client";
import * as ReactI18next from "react-i18next";
import * as JSXRuntime from "react/jsx-runtime";

(window as unknown as Record<string, unknown>).__taxiReact = {
  react: React,
  "react-dom/client": ReactDOMClient,
  "react/jsx-runtime": JSXRuntime,
  // Read by `import i18next from "i18next"`: the package is an ES module ("type": "module"), so
  // esbuild hands a default import the whole value.
  i18next,
  "react-i18next": ReactI18next,
};
