import type { ReactNode } from "react";
import { useCompany } from "./company";

/**
 * A message, with the company's phone number in it (the server writes it into
 * refusals that a call can solve) turned into a call link. `wrapText` wraps the
 * words before the number: the error summary links them to their field, since
 * one link cannot sit inside another.
 */
export function WithCallLink({
  text,
  wrapText = (part) => part,
}: {
  text: string;
  wrapText?: (part: string) => ReactNode;
}) {
  const company = useCompany();
  const phone = company && { display: company.phoneDisplay, href: company.phoneHref };
  const at = phone?.display ? text.indexOf(phone.display) : -1;
  if (!phone || at < 0) return <>{wrapText(text)}</>;
  const before = text.slice(0, at).trimEnd();
  return (
    <>
      {before && wrapText(before)}
      {before && " "}
      <a href={phone.href} className="call-link">
        {phone.display}
      </a>
      {text.slice(at + phone.display.length)}
    </>
  );
}
