import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "./i18n";
import { HONEYPOT_FIELD } from "./contract";
import { WithCallLink } from "./CallLink";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children?: ReactNode;
}

/** Ids of the hint and error texts that describe a field, and of `more` notes beside it. */
export function describedBy(id: string, hint?: string, error?: string, ...more: string[]): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : "", ...more].filter(Boolean).join(" ");
  return ids || undefined;
}

export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <WithCallLink text={error} />
        </p>
      )}
    </>
  );
}

/** A labelled text input with its hint and error, GOV.UK style. */
export function TextField({ id, label, hint, error, children, ...input }: FieldProps) {
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      {children}
    </div>
  );
}

/**
 * A field no person sees or reaches (off-screen, hidden from assistive technology,
 * out of the tab order); form-filling bots fill it in and give themselves away.
 * Its label asks to leave it empty, for the rare browser that shows it anyway.
 */
export function WebsiteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field field-website" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t("form.leaveEmpty")}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
