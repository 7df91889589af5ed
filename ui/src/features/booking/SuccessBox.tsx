import { useEffect, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";

/**
 * A sent booking: in view, focused (`autoFocus` does it on the server-rendered
 * page without JavaScript) and announced, with its reference (in
 * `message`) and a way to book another ride. Without JavaScript the link opens
 * an empty form; with it, `onAnother` resets the form in place.
 */
export function SuccessBox({ message, anotherHref, onAnother }: { message: string; anotherHref: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  const another = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onAnother();
  };
  return (
    <div className="success-box" id="booking-result" role="status" tabIndex={-1} ref={ref} autoFocus>
      <h2>{t("funnel.success.heading")}</h2>
      <p>{message}</p>
      <a className="button secondary" href={anotherHref} onClick={another}>
        {t("funnel.success.another")}
      </a>
    </div>
  );
}
