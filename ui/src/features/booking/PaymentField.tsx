import { LIMITS, type PaymentMethod } from "../../shared/contract";
import { describedBy, FieldMessages, TextField } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";
import type { Fields, FieldName } from "./ride";

interface Props {
  /** The methods the owner offers, in order (`booking.payment_methods`). */
  methods: PaymentMethod[];
  fields: Fields;
  errors: Record<string, string>;
  set: (field: FieldName) => (value: string) => void;
}

/** How the customer means to pay (optional): radio buttons; on account, the company invoiced. */
export function PaymentField({ methods, fields, errors, set }: Props) {
  const { t } = useTranslation();
  if (methods.length === 0) return null;
  const error = errors.paymentMethod;
  return (
    <>
      <fieldset
        className={error ? "field has-error" : "field"}
        aria-describedby={describedBy("paymentMethod", undefined, error)}
      >
        <legend>
          {t("form.paymentMethod")} <span className="hint-inline">{t("form.paymentOptional")}</span>
        </legend>
        <FieldMessages id="paymentMethod" error={error} />
        <div className="radios" id="paymentMethod">
          {methods.map((method) => (
            <label key={method} className="radio">
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                checked={fields.paymentMethod === method}
                onChange={() => set("paymentMethod")(method)}
              />
              {t(`form.${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Shown by CSS while "invoice" is checked, with or without JavaScript: one post does it. */}
      {methods.includes("invoice") && <InvoiceFields fields={fields} errors={errors} set={set} />}
    </>
  );
}

function InvoiceFields({ fields, errors, set }: Omit<Props, "methods">) {
  const { t } = useTranslation();
  return (
    <div className="invoice-fields">
      <TextField
        id="companyName"
        label={t("funnel.form.companyName")}
        hint={t("funnel.form.companyNameHint")}
        error={errors.companyName}
        autoComplete="organization"
        maxLength={LIMITS.companyName}
        value={fields.companyName}
        onChange={(e) => set("companyName")(e.target.value)}
      />
      <TextField
        id="invoiceReference"
        label={t("funnel.form.invoiceReference")}
        hint={t("funnel.form.invoiceReferenceHint")}
        error={errors.invoiceReference}
        autoComplete="off"
        maxLength={LIMITS.invoiceReference}
        value={fields.invoiceReference}
        onChange={(e) => set("invoiceReference")(e.target.value)}
      />
    </div>
  );
}
