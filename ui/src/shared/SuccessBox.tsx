import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import type { ActionLink } from "./contract";

/** What the server says besides the message: no mail will come, the booking's own page. */
export interface Receipt {
  noMail?: string;
  manage?: ActionLink;
}

interface Props {
  id: string;
  heading: string;
  message: string;
  /** More of what was sent (the booking's ride), under the message. */
  children?: ReactNode;
  another: { label: string; href: string; onClick: () => void };
  receipt?: Receipt;
}

/**
 * A form sent: the box takes the form's place, in view, focused (`autoFocus`
 * does it on the server-rendered page without JavaScript) and announced, with
 * a way to send another. Without JavaScript the link opens an empty form; with
 * it, `another.onClick` resets the form in place.
 */
export function SuccessBox({ id, heading, message, children, another, receipt }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  const onAnother = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    another.onClick();
  };
  return (
    <div className="success-box" id={id} role="status" tabIndex={-1} ref={ref} autoFocus>
      <h2>{heading}</h2>
      <p>{message}</p>
      {receipt?.noMail && <p className="notice-box">{receipt.noMail}</p>}
      {children}
      {receipt?.manage && (
        <p>
          <a className="button" href={receipt.manage.href}>
            {receipt.manage.label}
          </a>
        </p>
      )}
      <a className="button secondary" href={another.href} onClick={onAnother}>
        {another.label}
      </a>
    </div>
  );
}
