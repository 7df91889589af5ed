import { useRef, type FormEvent, type ReactNode } from "react";
import type { BookingRules, FormState, Lang, PlacesProviderName, ReservationMode } from "../../shared/contract";
import { HONEYPOT_FIELD, LIMITS } from "../../shared/contract";
import type { FieldErrors } from "../../shared/ErrorSummary";
import { TextField, WebsiteField, describedBy } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";
import { PassengerNote } from "./PassengerNote";
import { PaymentField } from "./PaymentField";
import { RemarksField } from "./RemarksField";
import { RideNeedsFields } from "./RideNeedsFields";
import { RouteFields } from "./RouteFields";
import { PickupNote } from "./PickupNote";
import { followingReturn } from "./earlierReturn";
import { useEarliestPickup } from "./pickupWindow";
import { routeNeeds } from "./ride";
import { useRideTimes } from "./useRideTimes";
import type { RideForm } from "./useRide";
import type { Submit } from "./useSubmit";

/** What the reservation page gives either way of booking. */
export interface BookingProps {
  lang: Lang;
  action: string;
  rules: BookingRules;
  phone: { href: string; display: string };
  /** Who answers the address suggestions: Google's are shown with its attribution. */
  placesProvider: PlacesProviderName;
  initial?: FormState;
  /** The form's errors, held by the page: its summary comes before the heading. */
  fieldErrors: FieldErrors;
  /** Everything typed so far, for the other booking form (the mail ⇄ WhatsApp switch). */
  onDraft?: (values: Record<string, string>) => void;
}

interface Props {
  mode: ReservationMode;
  booking: BookingProps;
  ride: RideForm;
  submit: Submit;
  onSend: () => void;
  sendLabel: string;
  /** The way of booking's own fields, after the name. */
  contact?: ReactNode;
  /** Before the send button (the mail booking's proof of work). */
  proof?: ReactNode;
}

/** The form both ways of booking share: the ride, the way's own fields, and the send button. */
export function BookingForm({ mode, booking, ride, submit, onSend, sendLabel, contact, proof }: Props) {
  const { t } = useTranslation();
  const { lang, action, rules, phone } = booking;
  const { fields, errors, set } = ride;
  const earliestPickup = useEarliestPickup(rules.leadTimeMinutes);
  const pickupNote = useRideTimes(ride, lang);
  // Every airport ride asks for the flight: one the taxi meets, or one it brings you to.
  const { flight } = routeNeeds(ride.ends);
  const showFlight = flight !== null || fields.flightNumber !== "" || !!errors.flightNumber;
  const sending = submit.state === "sending";
  // A repeat booking opens at its one empty field (server-rendered `autofocus`, so also without
  // JavaScript; hydration keeps it), and a round trip's return follows the date typed there.
  const { focus, earlierReturn } = booking.initial ?? {};
  const returnFilled = useRef("");
  const returnHint = t("funnel.form.returnDateTimeHint");
  const setDate = (at: string) => {
    set("dateTime")(at);
    const back = followingReturn(fields.returnDateTime, returnFilled.current, at, earlierReturn);
    if (back === null) return;
    returnFilled.current = back;
    set("returnDateTime")(back);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend();
  };

  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="booking-form">
      <input type="hidden" name="mode" value={mode} />
      <RouteFields ride={ride} lang={lang} action={action} placesProvider={booking.placesProvider} />
      <TextField
        id="dateTime"
        type="datetime-local"
        label={t("form.dateTime")}
        hint={t("form.dateTimeHint")}
        error={errors.dateTime}
        min={earliestPickup}
        autoFocus={focus === "dateTime"}
        value={fields.dateTime}
        onChange={(e) => setDate(e.target.value)}
      />
      <PickupNote note={pickupNote} phoneHref={phone.href} phoneDisplay={phone.display} />
      <TextField
        id="returnDateTime"
        type="datetime-local"
        label={t("funnel.form.returnDateTime")}
        hint={returnHint}
        error={errors.returnDateTime}
        min={fields.dateTime || earliestPickup}
        value={fields.returnDateTime}
        onChange={(e) => set("returnDateTime")(e.target.value)}
        aria-describedby={describedBy(
          "returnDateTime",
          returnHint,
          errors.returnDateTime,
          earlierReturn ? "returnDateTime-earlier" : "",
        )}
      >
        {earlierReturn && (
          <p className="hint" id="returnDateTime-earlier">
            {earlierReturn.note}
          </p>
        )}
      </TextField>
      {showFlight && (
        <TextField
          id="flightNumber"
          label={t("funnel.form.flightNumber")}
          hint={t(flight === "catch" ? "funnel.form.flightNumberHintDeparture" : "funnel.form.flightNumberHint")}
          error={errors.flightNumber}
          autoComplete="off"
          className="short"
          maxLength={LIMITS.flightNumber}
          value={fields.flightNumber}
          onChange={(e) => set("flightNumber")(e.target.value)}
        />
      )}
      <h2>{t("funnel.form.detailsHeading")}</h2>
      <TextField
        id="passengerAmount"
        label={t("form.passengerAmount")}
        error={errors.passengerAmount}
        inputMode="numeric"
        className="short"
        value={fields.passengerAmount}
        onChange={(e) => set("passengerAmount")(e.target.value)}
      >
        <PassengerNote
          value={fields.passengerAmount}
          largeAbove={rules.largeVehicleAbove}
          max={rules.maxPassengers}
          phoneHref={phone.href}
          phoneDisplay={phone.display}
        />
      </TextField>
      <RideNeedsFields fields={fields} errors={errors} set={set} rules={rules} />
      <TextField
        id="name"
        label={t("form.name")}
        error={errors.name}
        autoComplete="name"
        maxLength={LIMITS.name}
        value={fields.name}
        onChange={(e) => set("name")(e.target.value)}
      />
      {contact}
      <RemarksField value={fields.remarks} error={errors.remarks} onChange={set("remarks")} />
      <PaymentField methods={rules.paymentMethods} fields={fields} errors={errors} set={set} />
      {submit.state === "failed" && (
        <p className="error-text" role="alert">
          {submit.message}
        </p>
      )}
      <WebsiteField value={fields[HONEYPOT_FIELD]} onChange={set(HONEYPOT_FIELD)} />
      {proof}
      <button type="submit" name="action" value="send" className="button" disabled={sending}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? t("form.sending") : sendLabel}
      </button>
    </form>
  );
}
