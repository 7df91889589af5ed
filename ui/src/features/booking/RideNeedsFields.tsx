import { LIMITS, type BookingRules } from "../../shared/contract";
import { TextField } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";
import type { Fields, FieldName } from "./ride";

interface Props {
  fields: Fields;
  errors: Record<string, string>;
  set: (field: FieldName) => (value: string) => void;
  rules: BookingRules;
}

/** What decides the vehicle besides the passengers: luggage, child seats, a wheelchair. */
export function RideNeedsFields({ fields, errors, set, rules }: Props) {
  const { t } = useTranslation();
  const luggage = /^\s*\d+\s*$/.test(fields.luggage) ? Number(fields.luggage) : 0;
  // A hint, not a rule: staff decide the vehicle, and a group already gets the taxibus.
  const passengers = Number(fields.passengerAmount) || 0;
  const suggestTaxibus =
    rules.luggageHintAbove > 0 && luggage > rules.luggageHintAbove && passengers <= rules.largeVehicleAbove;
  return (
    <>
      <div className="field-row">
        <TextField
          id="luggage"
          label={t("funnel.form.luggage")}
          hint={t("funnel.form.luggageHint")}
          error={errors.luggage}
          inputMode="numeric"
          className="short"
          maxLength={String(LIMITS.luggage).length}
          value={fields.luggage}
          onChange={(e) => set("luggage")(e.target.value)}
        >
          <p className="passenger-note" role="status">
            {suggestTaxibus ? t("funnel.form.luggageTaxibus", { count: luggage }) : ""}
          </p>
        </TextField>
        <TextField
          id="childSeats"
          label={t("funnel.form.childSeats")}
          hint={t("funnel.form.childSeatsHint")}
          error={errors.childSeats}
          inputMode="numeric"
          className="short"
          maxLength={String(LIMITS.childSeats).length}
          value={fields.childSeats}
          onChange={(e) => set("childSeats")(e.target.value)}
        />
      </div>
      <div className={errors.wheelchair ? "field has-error" : "field"}>
        {errors.wheelchair && (
          <p className="field-error" id="wheelchair-error">
            {errors.wheelchair}
          </p>
        )}
        <label className="radio">
          <input
            type="checkbox"
            id="wheelchair"
            name="wheelchair"
            value="true"
            checked={fields.wheelchair === "true" || fields.wheelchair === "on"}
            aria-invalid={errors.wheelchair ? true : undefined}
            aria-describedby={errors.wheelchair ? "wheelchair-error" : undefined}
            onChange={(e) => set("wheelchair")(e.target.checked ? "true" : "")}
          />
          {t("funnel.form.wheelchair")}
        </label>
      </div>
    </>
  );
}
