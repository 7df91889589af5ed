import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** The list of problems at the top of a form; takes focus when it appears. */
export function ErrorSummary({ errors, order }: { errors: Record<string, string>; order: string[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const fields = order.filter((f) => errors[f]);
  const key = fields.map((f) => `${f}:${errors[f]}`).join("|");
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  if (fields.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{t("form.errorSummaryTitle")}</h2>
      <ul>
        {fields.map((f) => (
          <li key={f}>
            <a href={`#${f}`}>{errors[f]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
