import { useTranslation } from "../../shared/i18n";
import { LIMITS } from "../../shared/contract";
import { describedBy, FieldMessages } from "../../shared/Field";

/** Child seats, wheelchair, luggage: free text for the planners. */
export function RemarksField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const hint = t("funnel.form.remarksHint");
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor="remarks">{t("funnel.form.remarks")}</label>
      <FieldMessages id="remarks" hint={hint} error={error} />
      <textarea
        id="remarks"
        name="remarks"
        rows={3}
        maxLength={LIMITS.remarks}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("remarks", hint, error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
