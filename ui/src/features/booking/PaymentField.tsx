import { describedBy, FieldMessages } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";

const PAYMENT_METHODS = ["debitcard", "creditcard", "cash"] as const;

/** How the customer means to pay (optional): radio buttons. */
export function PaymentField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={error ? "field has-error" : "field"}
      aria-describedby={describedBy("paymentMethod", undefined, error)}
    >
      <legend>
        {t("form.paymentMethod")} <span className="hint-inline">{t("form.paymentOptional")}</span>
      </legend>
      <FieldMessages id="paymentMethod" error={error} />
      <div className="radios" id="paymentMethod">
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="radio">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            {t(`form.${method}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
