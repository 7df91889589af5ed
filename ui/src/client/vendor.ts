// React for the form pages' scripts, in a script of its own: the same file for every form page
// and language (cached once for all), and run in a task of its own before the page's script,
// which finds it on `window` (build.mjs maps its imports here).
import * as React from "react";
import * as ReactDOMClient from "react-dom/client";
import * as JSXRuntime from "react/jsx-runtime";

(window as unknown as Record<string, unknown>).__taxiReact = {
  react: React,
  "react-dom/client": ReactDOMClient,
  "react/jsx-runtime": JSXRuntime,
};
