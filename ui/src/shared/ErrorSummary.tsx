import { useCallback, useEffect, useRef, useState, type MouseEvent, type SetStateAction } from "react";
import { useLatest } from "./useLatest";
import { useTranslation } from "./i18n";
import { WithCallLink } from "./CallLink";

type Errors = Record<string, string>;

/**
 * A form's field errors. `report` shows errors as the outcome of an action (send,
 * price request) and moves the focus to the summary; `setErrors` changes them
 * quietly, as when the visitor fixes a field and its message goes away.
 */
export function useFieldErrors(initial: Errors = {}) {
  const [errors, setErrors] = useState<Errors>(initial);
  const [reported, setReported] = useState(0);
  const report = useCallback((update: SetStateAction<Errors>) => {
    setErrors(update);
    setReported((n) => n + 1);
  }, []);
  return { errors, setErrors, report, reported };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;

/**
 * The list of a form's problems, first in the page's main content (GOV.UK's place: before
 * the heading, so a phone shows it on the first screen without JavaScript too). It takes
 * the focus when errors are reported (and on load, for errors the server sent with the
 * page), never while the visitor is typing.
 */
export function ErrorSummary({ errors, order, reported }: { errors: Errors; order: string[]; reported: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const fields = order.filter((f) => errors[f]);
  const hasErrors = fields.length > 0;
  // Reads the errors without reacting to them: only a new report moves the focus.
  const focusIfErrors = useLatest(() => {
    if (hasErrors) ref.current?.focus();
  });
  useEffect(() => {
    focusIfErrors();
  }, [reported, focusIfErrors]);
  if (!hasErrors) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{t("form.errorSummaryTitle")}</h2>
      <ul>
        {fields.map((f) => (
          <li key={f}>
            <WithCallLink
              text={errors[f]}
              wrapText={(part) => (
                <a href={`#${f}`} onClick={jumpTo(f)}>
                  {part}
                </a>
              )}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A summary link's jump, as GOV.UK's: the field's label, hint and message in view above
 * the input, which takes the focus (a plain jump puts the input at the top edge, them
 * above it, off the screen). Without JavaScript the link jumps plainly.
 */
function jumpTo(field: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const input = document.getElementById(field);
    if (!input) return;
    event.preventDefault();
    (input.closest(".field") ?? input).scrollIntoView({ block: "start" });
    input.focus({ preventScroll: true });
  };
}
