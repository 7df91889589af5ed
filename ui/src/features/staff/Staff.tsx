import { useTranslation } from "../../shared/i18n";
import type {
  FormState,
  JunkChoice,
  JunkRow,
  StaffAnswerRequest,
  StaffPage,
  StaffPageProps,
} from "../../shared/contract";
import { LIMITS, STAFF_ANSWER_FIELDS as F } from "../../shared/contract";
import { ErrorSummary } from "../../shared/ErrorSummary";
import { describedBy, FieldMessages, TextField } from "../../shared/Field";

/**
 * Staff answer a booking from the button in their mail: the booking, and the
 * form of the chosen action. A plain form post (this page is not hydrated)
 * carrying the booking's version; once answered, it says what was answered
 * and when instead of the form. A post from an outdated page says what changed.
 * The Junk button's page offers its own form on any booking not junk yet.
 */
export function Staff({ staff, form }: StaffPageProps) {
  const { t } = useTranslation();
  const answering = !staff.junk && !staff.answered;
  return (
    <>
      {/* First, as GOV.UK's: the page is not hydrated and opens at its top, far above the form. */}
      {answering && <ErrorSummary errors={form?.errors ?? {}} order={[F.reason, F.dateTime, F.note]} reported={0} />}
      <h1>{t(`staff.heading.${staff.action}`, { reference: staff.reference })}</h1>
      {staff.alerts.length > 0 && (
        <ul className="dispatch-alerts">
          {staff.alerts.map((alert) => (
            <li key={alert}>{alert}</li>
          ))}
        </ul>
      )}
      {staff.changed && (
        <div className="error-summary" role="alert">
          <p>{staff.changed}</p>
        </div>
      )}
      {form?.success && (
        <div className="success-box" role="status">
          {form.success}
        </div>
      )}
      {staff.answered && !form?.success && <p className="notice-box">{staff.answered}</p>}
      {staff.junk ? (
        <JunkForm staff={staff} junk={staff.junk} form={form} />
      ) : (
        !staff.answered && <AnswerForm staff={staff} form={form} />
      )}
      {staff.rows.length > 0 && <BookingRows staff={staff} />}
    </>
  );
}

function BookingRows({ staff }: { staff: StaffPage }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("staff.bookingHeading")}</h2>
      <dl className="booking-summary">
        {staff.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className="pre-line">{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * Junk: this request, or with it every request of its network in the last hour that nobody
 * answered; each a plain post of the booking's version. Before that button, the list of what it
 * marks and what it leaves alone, posted back as the moment it was taken (`through`).
 */
function JunkForm({ staff, junk, form }: { staff: StaffPage; junk: JunkChoice; form?: FormState }) {
  const { t } = useTranslation();
  const listed = junk.listed;
  return (
    <form method="post" action={staff.formAction} className="staff-form">
      <input type="hidden" name={F.version} value={staff.version} />
      {listed && <input type="hidden" name={F.through} value={listed.through} />}
      <p id="junk-intro">{junk.intro}</p>
      {junk.noNetwork && <p className="hint">{junk.noNetwork}</p>}
      {form?.errorMessage && (
        <div className="error-summary" role="alert">
          <p>{form.errorMessage}</p>
        </div>
      )}
      <button type="submit" name={F.scope} value="one" className="button danger" aria-describedby="junk-intro">
        {t("staff.submit.junk")}
      </button>
      {listed && (
        <>
          <p id="junk-swept">{listed.sweptHeading}</p>
          <JunkRows id="junk-swept-list" rows={listed.swept} />
          {listed.sparedHeading && (
            <>
              <p>{listed.sparedHeading}</p>
              <JunkRows id="junk-spared-list" rows={listed.spared} />
            </>
          )}
        </>
      )}
      {junk.network && (
        <button type="submit" name={F.scope} value="network" className="button danger" aria-describedby="junk-swept">
          {junk.network}
        </button>
      )}
    </form>
  );
}

/** Bookings of the network's hour: reference, pick-up and status (and why one is left alone). */
function JunkRows({ id, rows }: { id: string; rows: JunkRow[] }) {
  return (
    <ul id={id} className="junk-list">
      {rows.map((row) => (
        <li key={row.reference}>
          <strong>{row.reference}</strong>
          {` · ${[row.pickup, row.status, row.why].filter(Boolean).join(" · ")}`}
        </li>
      ))}
    </ul>
  );
}

function AnswerForm({ staff, form }: { staff: StaffPage; form?: FormState }) {
  const { t } = useTranslation();
  const errors: Partial<StaffAnswerRequest> = form?.errors ?? {};
  const values: Partial<StaffAnswerRequest> = form?.values ?? {};
  const decline = staff.action === "decline";
  const noteKey = decline ? "staff.declineNote" : "staff.note";
  return (
    <form method="post" action={staff.formAction} noValidate className="staff-form">
      <input type="hidden" name={F.version} value={staff.version} />
      <p>{t("staff.intro")}</p>
      {form?.errorMessage && (
        <div className="error-summary" role="alert">
          <p>{form.errorMessage}</p>
        </div>
      )}
      {staff.action === "propose" && (
        <TextField
          id={F.dateTime}
          type="datetime-local"
          label={t("staff.dateTime.label")}
          hint={t("staff.dateTime.hint")}
          error={errors.dateTime}
          defaultValue={values.dateTime ?? staff.pickupValue}
        />
      )}
      {decline && (
        <fieldset
          className={errors.reason ? "field has-error" : "field"}
          aria-describedby={describedBy(F.reason, undefined, errors.reason)}
        >
          <legend>{t("staff.reason.label")}</legend>
          <FieldMessages id={F.reason} error={errors.reason} />
          <div className="radios stacked" id={F.reason}>
            {staff.reasons.map((reason) => (
              <label key={reason} className="radio">
                <input type="radio" name={F.reason} value={reason} defaultChecked={values.reason === reason} />
                {t(`staff.reasons.${reason}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className={errors.note ? "field has-error" : "field"}>
        <label htmlFor={F.note}>{t(`${noteKey}.label`)}</label>
        <FieldMessages id={F.note} hint={`${t(`${noteKey}.hint`)} ${staff.noteLanguage}`} error={errors.note} />
        <textarea
          id={F.note}
          name={F.note}
          rows={4}
          maxLength={LIMITS.message}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(F.note, "hint", errors.note)}
          defaultValue={values.note ?? ""}
        />
      </div>
      <button type="submit" className={decline ? "button danger" : "button"}>
        {t(`staff.submit.${staff.action}`)}
      </button>
    </form>
  );
}
