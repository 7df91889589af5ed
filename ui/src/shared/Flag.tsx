import type { ReactElement } from "react";
import type { Lang } from "./contract";

// Small own SVG flags, inline so the header needs no extra requests.
const flags: Record<Lang, ReactElement> = {
  nl: (
    <>
      <rect width="24" height="6" y="0" fill="#AE1C28" />
      <rect width="24" height="6" y="6" fill="#FFF" />
      <rect width="24" height="6" y="12" fill="#21468B" />
    </>
  ),
  de: (
    <>
      <rect width="24" height="6" y="0" fill="#000" />
      <rect width="24" height="6" y="6" fill="#DD0000" />
      <rect width="24" height="6" y="12" fill="#FFCE00" />
    </>
  ),
  en: (
    <>
      <rect width="24" height="18" fill="#012169" />
      <path d="M0 0L24 18M24 0L0 18" stroke="#FFF" strokeWidth="3.6" />
      <path d="M0 0L24 18M24 0L0 18" stroke="#C8102E" strokeWidth="1.2" />
      <path d="M12 0V18M0 9H24" stroke="#FFF" strokeWidth="6" />
      <path d="M12 0V18M0 9H24" stroke="#C8102E" strokeWidth="3.6" />
    </>
  ),
};

export function Flag({ lang }: { lang: Lang }) {
  return (
    <svg className="flag" viewBox="0 0 24 18" width="24" height="18" aria-hidden="true" focusable="false">
      {flags[lang]}
    </svg>
  );
}
