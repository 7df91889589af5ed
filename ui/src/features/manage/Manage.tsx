import { useTranslation } from "../../shared/i18n";
import { WithCallLink } from "../../shared/CallLink";
import type { FormState, ManagePage, ManagePageProps, ManageRequest, SummaryRow } from "../../shared/contract";
import { LIMITS, MANAGE_FIELDS as F } from "../../shared/contract";
import { ErrorSummary } from "../../shared/ErrorSummary";
import { describedBy, FieldMessages, TextField } from "../../shared/Field";

/**
 * The customer's booking, opened from the link in their mails: where it
 * stands, the ride and who booked it, the steps possible now (accept a
 * proposed time, ask for another — on a round trip for either ride or both —,
 * cancel after confirming), and links to book the ride again. Plain form
 * posts and links, each post carrying the booking's version: this page is not
 * hydrated. A post from an outdated page says what changed.
 */
export function Manage({ manage, form }: ManagePageProps) {
  const { t } = useTranslation();
  const heading = <h1>{t("manage.heading", { reference: manage.reference })}</h1>;
  if (manage.confirmCancel) {
    // The second thought: only the question and the ride it is about.
    return (
      <>
        <ErrorSummary errors={errorsOf(form, "cancel")} order={[F.note]} reported={0} />
        {heading}
        <ConfirmCancel manage={manage} question={manage.confirmCancel} form={form} />
        <Rows heading={t("manage.rideHeading")} rows={manage.rows} />
      </>
    );
  }
  return (
    <>
      {/* First, as GOV.UK's: the page is not hydrated and opens at its top, far above the form. */}
      {manage.actions.includes("ask") && (
        <ErrorSummary errors={errorsOf(form, "ask")} order={[F.dateTime, F.returnDateTime]} reported={0} />
      )}
      {heading}
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
          <input type="hidden" name={F.action} value="accept" />
          <input type="hidden" name={F.version} value={manage.version} />
          <p id="accept-hint" className="hint">
            {t("manage.accept.hint")}
          </p>
          <button type="submit" className="button" aria-describedby="accept-hint">
            {t("manage.accept.button")}
          </button>
        </form>
      )}
      {manage.reviewHref && (
        <div className="manage-form">
          <h2>{t("review.question")}</h2>
          <p>
            <a className="button secondary" href={manage.reviewHref} rel="noopener">
              {t("review.link")}
            </a>
          </p>
        </div>
      )}
      <Rows heading={t("manage.rideHeading")} rows={manage.rows} />
      <Rows heading={t("manage.detailsHeading")} rows={manage.details} />
      {manage.actions.includes("ask") && <AskForm manage={manage} form={form} />}
      {manage.actions.includes("cancel") && (
        <div className="manage-form">
          <h2>{t("manage.cancel.heading")}</h2>
          <a className="button danger" href={manage.cancelHref}>
            {t("manage.cancel.button")}
          </a>
        </div>
      )}
      {manage.bookAgain && (
        <div className="manage-form">
          <h2>{t("manage.again.heading")}</h2>
          <p className="hint" id="again-hint">
            {t("manage.again.hint")}
          </p>
          <div className="actions">
            <a className="button secondary" href={manage.bookAgain.again} aria-describedby="again-hint">
              {t("manage.again.same")}
            </a>
            <a className="button secondary" href={manage.bookAgain.back} aria-describedby="again-hint">
              {t("manage.again.back")}
            </a>
          </div>
        </div>
      )}
      <p>
        <WithCallLink text={manage.other} />
      </p>
    </>
  );
}

function Rows({ heading, rows }: { heading: string; rows: SummaryRow[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>{heading}</h2>
      <dl className="booking-summary">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className="pre-line">{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The errors of the form that was sent: each form shows only its own. */
function errorsOf(form: FormState | undefined, action: string): Partial<ManageRequest> {
  return form?.values?.[F.action] === action ? (form.errors ?? {}) : {};
}

/** What was typed into the form that was sent, else `fallback`. */
function typed(form: FormState | undefined, action: string, field: keyof ManageRequest, fallback: string) {
  return form?.values?.[F.action] === action ? (form.values[field] ?? fallback) : fallback;
}

function AskForm({ manage, form }: { manage: ManagePage; form?: FormState }) {
  const { t } = useTranslation();
  const errors = errorsOf(form, "ask");
  const roundTrip = manage.returnValue !== undefined;
  return (
    <form method="post" action={manage.formAction} noValidate className="manage-form">
      <h2>{t("manage.ask.heading")}</h2>
      <input type="hidden" name={F.action} value="ask" />
      <input type="hidden" name={F.version} value={manage.version} />
      <TextField
        id={F.dateTime}
        type="datetime-local"
        label={t(roundTrip ? "manage.ask.labelOutward" : "manage.ask.label")}
        hint={t("manage.ask.hint")}
        error={errors.dateTime}
        defaultValue={typed(form, "ask", F.dateTime, manage.pickupValue)}
      />
      {roundTrip && (
        <TextField
          id={F.returnDateTime}
          type="datetime-local"
          label={t("manage.ask.labelReturn")}
          hint={t("manage.ask.returnHint")}
          error={errors.returnDateTime}
          defaultValue={typed(form, "ask", F.returnDateTime, manage.returnValue ?? "")}
        />
      )}
      <button type="submit" className="button">
        {t("manage.ask.button")}
      </button>
    </form>
  );
}

/** "Cancel this ride?": the reason, yes (a post), or no (back to the page). */
function ConfirmCancel({ manage, question, form }: { manage: ManagePage; question: string; form?: FormState }) {
  const { t } = useTranslation();
  const errors = errorsOf(form, "cancel");
  return (
    <form method="post" action={manage.formAction} noValidate className="manage-form confirm-box">
      <h2>{t("manage.cancel.confirm.heading")}</h2>
      <p id="cancel-question">{question}</p>
      <input type="hidden" name={F.action} value="cancel" />
      <input type="hidden" name={F.confirmed} value="yes" />
      <input type="hidden" name={F.version} value={manage.version} />
      <div className={errors.note ? "field has-error" : "field"}>
        <label htmlFor={F.note}>{t("manage.cancel.note.label")}</label>
        <FieldMessages id={F.note} hint={t("manage.cancel.note.hint")} error={errors.note} />
        <textarea
          id={F.note}
          name={F.note}
          rows={3}
          maxLength={LIMITS.message}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(F.note, "hint", errors.note)}
          defaultValue={typed(form, "cancel", F.note, "")}
        />
      </div>
      <div className="actions">
        <button type="submit" className="button danger" aria-describedby="cancel-question">
          {t("manage.cancel.confirm.yes")}
        </button>
        <a className="button secondary" href={manage.formAction}>
          {t("manage.cancel.confirm.no")}
        </a>
      </div>
    </form>
  );
}
