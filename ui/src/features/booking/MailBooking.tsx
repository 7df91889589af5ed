import { apiPath } from "../../shared/api";
import { API_PATHS, LIMITS, type Accepted } from "../../shared/contract";
import { TextField } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";
import { PhoneField } from "../../shared/PhoneField";
import { postWithProof } from "../../shared/proof";
import { ProofField } from "../../shared/ProofField";
import { SuccessBox } from "../../shared/SuccessBox";
import { BookingForm, type BookingProps } from "./BookingForm";
import { mailPayload } from "./ride";
import { useRide } from "./useRide";
import { sent, useSubmit } from "./useSubmit";
import { checkMailBooking, checkRide } from "./validation";

/**
 * Booking by e-mail: the company gets the request and answers by mail; the customer gets a
 * confirmation at once. It asks for an address to answer and a phone number, and carries the
 * proof of work (none asked in normal times).
 */
export function MailBooking(props: BookingProps) {
  const { t } = useTranslation();
  const ride = useRide(props.lang, props.fieldErrors, props.initial, props.onDraft);
  const { submit, setSubmit, send } = useSubmit(props.initial, ride.report);
  const { set } = ride;

  const onSend = () =>
    send(
      { ...checkRide(t, ride, props.rules), ...checkMailBooking(t, ride) },
      () =>
        postWithProof<Partial<Accepted>>(apiPath(API_PATHS.reservation, { language: props.lang }), mailPayload(ride)),
      (data) => {
        ride.clear();
        return sent(data);
      },
    );

  if (submit.state === "sent") {
    return (
      <SuccessBox
        id="booking-result"
        heading={t("funnel.success.heading")}
        message={submit.message}
        another={{
          label: t("funnel.success.another"),
          href: props.action,
          onClick: () => setSubmit({ state: "idle" }),
        }}
        receipt={submit.receipt}
      >
        {submit.summary.length > 0 && (
          <dl className="ride-summary">
            {submit.summary.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </SuccessBox>
    );
  }
  const contact = (
    <>
      <TextField
        id="email"
        type="email"
        label={t("form.email")}
        error={ride.errors.email}
        autoComplete="email"
        maxLength={LIMITS.email}
        value={ride.fields.email}
        onChange={(e) => set("email")(e.target.value)}
      />
      <PhoneField
        lang={props.lang}
        hint={t("form.phoneHint")}
        error={ride.errors.phone}
        value={ride.fields.phone}
        onChange={set("phone")}
      />
    </>
  );
  return (
    <BookingForm
      mode="mail"
      booking={props}
      ride={ride}
      submit={submit}
      onSend={onSend}
      sendLabel={t("form.submitMail")}
      contact={contact}
      proof={<ProofField />}
    />
  );
}
