import { useTranslation } from "../../shared/i18n";
import { WithCallLink } from "../../shared/CallLink";
import type { FormState, ManagePage, ManagePageProps } from "../../shared/contract";
import { LIMITS } from "../../shared/contract";
import { ErrorSummary } from "../../shared/ErrorSummary";
import { describedBy, FieldMessages, TextField } from "../../shared/Field";

/**
 * The customer's booking, opened from the link in their mails: where it
 * stands, the ride, and the steps possible now (accept a proposed time,
 * ask for another, cancel). Plain form posts, each carrying the booking's
 * version: this page is not hydrated. A post from an outdated page says what changed.
 */
export function Manage({ manage, form }: ManagePageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("manage.heading", { reference: manage.reference })}</h1>
      {form?.success && (
        <div className="success-box" role="status">
          {form.success}
        </div>
      )}
      {manage.notice && (
        <div className="error-summary" role="alert">
          <p>{manage.notice}</p>
        </div>
      )}
      {form?.errorMessage && (
        <div className="error-summary" role="alert">
          <p>
            <WithCallLink text={form.errorMessage} />
          </p>
        </div>
      )}
      <h2>{t("manage.statusHeading")}</h2>
      <p className={`status-line status-${manage.status}`}>
        <WithCallLink text={manage.statusText} />
      </p>
      {manage.expired && (
        <p className="notice-box">
          <WithCallLink text={manage.expired} />
        </p>
      )}
      {manage.closed && (
        <p className="notice-box">
          <WithCallLink text={manage.closed} />
        </p>
      )}
      {manage.actions.includes("accept") && manage.proposed && (
        <form method="post" action={manage.formAction} className="manage-form">
          <input type="hidden" name="action" value="accept" />
          <input type="hidden" name="version" value={manage.version} />
          <p id="accept-hint" className="hint">
            {t("manage.accept.hint")}
          </p>
          <button type="submit" className="button" aria-describedby="accept-hint">
            {t("manage.accept.button")}
          </button>
        </form>
      )}
      <h2>{t("manage.rideHeading")}</h2>
      <dl className="booking-summary">
        {manage.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className="pre-line">{row.value}</dd>
          </div>
        ))}
      </dl>
      {manage.actions.includes("ask") && <AskForm manage={manage} form={form} />}
      {manage.actions.includes("cancel") && <CancelForm manage={manage} form={form} />}
      <p>
        <WithCallLink text={manage.other} />
      </p>
    </>
  );
}

/** The errors of the form that was sent: each form shows only its own. */
function errorsOf(form: FormState | undefined, action: string) {
  return form?.values?.action === action ? (form.errors ?? {}) : {};
}

function AskForm({ manage, form }: { manage: ManagePage; form?: FormState }) {
  const { t } = useTranslation();
  const errors = errorsOf(form, "ask");
  return (
    <form method="post" action={manage.formAction} noValidate className="manage-form">
      <h2>{t("manage.ask.heading")}</h2>
      <ErrorSummary errors={errors} order={["dateTime"]} reported={0} />
      <input type="hidden" name="action" value="ask" />
      <input type="hidden" name="version" value={manage.version} />
      <TextField id="dateTime" type="datetime-local" label={t("manage.ask.label")} hint={t("manage.ask.hint")} error={errors.dateTime} defaultValue={form?.values?.action === "ask" ? (form.values.dateTime ?? manage.pickupValue) : manage.pickupValue} />
      <button type="submit" className="button">
        {t("manage.ask.button")}
      </button>
    </form>
  );
}

function CancelForm({ manage, form }: { manage: ManagePage; form?: FormState }) {
  const { t } = useTranslation();
  const errors = errorsOf(form, "cancel");
  return (
    <form method="post" action={manage.formAction} noValidate className="manage-form">
      <h2>{t("manage.cancel.heading")}</h2>
      <ErrorSummary errors={errors} order={["note"]} reported={0} />
      <input type="hidden" name="action" value="cancel" />
      <input type="hidden" name="version" value={manage.version} />
      <div className={errors.note ? "field has-error" : "field"}>
        <label htmlFor="note">{t("manage.cancel.note.label")}</label>
        <FieldMessages id="note" hint={t("manage.cancel.note.hint")} error={errors.note} />
        <textarea id="note" name="note" rows={3} maxLength={LIMITS.message} aria-invalid={errors.note ? true : undefined} aria-describedby={describedBy("note", "hint", errors.note)} defaultValue={form?.values?.action === "cancel" ? (form.values.note ?? "") : ""} />
      </div>
      <button type="submit" className="button danger">
        {t("manage.cancel.button")}
      </button>
    </form>
  );
}
