import { useEffect, useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "../../shared/i18n";
import { atPrice, PRICE_ANCHOR } from "../../shared/anchors";
import { apiPath, postJson } from "../../shared/api";
import {
  API_PATHS,
  HONEYPOT_FIELD,
  LIMITS,
  type Accepted,
  type FormState,
  type Lang,
  type PlaceDetails,
  type PlacesProviderName,
  type ReservationMode,
  type ReservationRequest,
  type Suggestion,
  type SummaryRow,
  type WhatsappReady,
  type WhatsappRequest,
} from "../../shared/contract";
import { ErrorSummary, useFieldErrors } from "../../shared/ErrorSummary";
import { describedBy, FieldMessages, TextField, WebsiteField } from "../../shared/Field";
import { PhoneField } from "../../shared/PhoneField";
import { postWithProof } from "../../shared/proof";
import { ProofField } from "../../shared/ProofField";
import { takePlaces, takeTyped } from "../../shared/prehydration";
import { checkEmail, checkLength, checkName, checkRequired, compact } from "../../shared/validation";
import { AddressCombobox } from "./AddressCombobox";
import { PassengerNote } from "./PassengerNote";
import { PickupNote } from "./PickupNote";
import { useEarliestPickup } from "./pickupWindow";
import { useRoutePrice } from "./useRoutePrice";
import { placeKind } from "./placeKind";
import { PriceIndication } from "./PriceIndication";
import { RemarksField } from "./RemarksField";
import { SuccessBox, type Receipt } from "../../shared/SuccessBox";
import { checkPassengers } from "./validation";

const PAYMENT_METHODS = ["debitcard", "creditcard", "cash"] as const;
// The order of the page: the route and its price first, then who travels and how to reach them.
const FIELD_ORDER: (keyof ReservationRequest)[] = [
  "departure", "pickupStreet", "destination", "dateTime", "returnDateTime", "flightNumber",
  "passengerAmount", "name", "email", "phone", "remarks", "paymentMethod",
];
// The fields typed here; the route's (text, chosen place) live apart.
type Values = Omit<ReservationRequest, Ends | `${Ends}PlaceId` | `${Ends}Name`> & Record<typeof HONEYPOT_FIELD, string>;
const EMPTY: Values = {
  name: "", email: "", phone: "", passengerAmount: "", dateTime: "", paymentMethod: "",
  pickupStreet: "", returnDateTime: "", flightNumber: "", remarks: "", [HONEYPOT_FIELD]: "",
};
type Ends = "departure" | "destination";

interface Props {
  mode: ReservationMode;
  lang: Lang;
  action: string;
  maxPassengers: number;
  leadTimeMinutes: number;
  largeVehicleAbove: number;
  phone: { href: string; display: string };
  /** Who answers the address suggestions: Google's are shown with its attribution. */
  placesProvider: PlacesProviderName;
  initial?: FormState;
  /** Everything typed so far, for the other booking form (the mail ⇄ WhatsApp switch). */
  onDraft?: (values: Record<string, string>) => void;
}

/** One form for both ways of booking: by e-mail, or as a prefilled WhatsApp message. */
export function BookingForm({ mode, lang, action, maxPassengers, leadTimeMinutes, largeVehicleAbove, phone, placesProvider, initial, onDraft }: Props) {
  const { t } = useTranslation();
  const earliestPickup = useEarliestPickup(leadTimeMinutes);
  const start = initial?.values ?? {};
  const [values, setValues] = useState({ ...EMPTY, ...pick(start, Object.keys(EMPTY)) });
  const [texts, setTexts] = useState({ departure: start.departure ?? "", destination: start.destination ?? "" });
  const [places, setPlaces] = useState<Record<Ends, PlaceDetails | null>>({
    departure: placeFrom(start, "departure"),
    destination: placeFrom(start, "destination"),
  });
  const [choices, setChoices] = useState(initial?.choices ?? {});
  const [emptyList, setEmptyList] = useState<Record<Ends, boolean>>({ departure: false, destination: false });
  const { errors, setErrors, report, reported } = useFieldErrors(initial?.errors);
  const [errorMessage, setErrorMessage] = useState(initial?.errorMessage ?? "");
  const [sending, setSending] = useState(false);
  const [success, setSuccess] = useState(initial?.success ?? "");
  const [summary, setSummary] = useState<SummaryRow[]>(initial?.summary ?? []);
  const [receipt, setReceipt] = useState<Receipt>({ noMail: initial?.noMail, manage: initial?.manage });
  const mail = mode === "mail";
  // Without JavaScript the price button posts the form; once hydrated it asks the API.
  // It turns into a plain button so Enter in a field sends the form, not the price request.
  const [hydrated, setHydrated] = useState(false);
  const [resume, setResume] = useState<Ends | null>(null);
  const [answered, setAnswered] = useState<Partial<Record<Ends, Suggestion>>>({});
  useEffect(() => {
    setHydrated(true);
    performance.mark("form-interactive"); // the price and the send with JavaScript work now
    // Opened at #price: focus the target so a screen reader reads the price or the question.
    if (window.location.hash === `#${PRICE_ANCHOR}`) document.getElementById(PRICE_ANCHOR)?.focus({ preventScroll: true });
    // What was typed before hydration wins over the server's values.
    const typed = takeTyped();
    const typedValues = pick(typed, Object.keys(EMPTY));
    if (Object.keys(typedValues).length) setValues((v) => ({ ...v, ...typedValues }));
    const chosen = takePlaces();
    for (const id of ["departure", "destination"] as const) {
      // The question answered by a radio button before hydration, the field untouched: chosen now.
      const picked = typed[`${id}PlaceId`];
      const answer = initial?.choices?.[id]?.find((s) => s.id === picked);
      if (answer && (typed[id] === undefined || typed[id] === start[id])) setAnswered((a) => ({ ...a, [id]: answer }));
      if (typed[id] === undefined) continue;
      setTexts((x) => ({ ...x, [id]: typed[id] }));
      // A place chosen from the early suggestions counts while its text is in the field.
      const early = chosen[id]?.formattedAddress === typed[id] ? chosen[id] : null;
      setPlaces((p) => (early ? { ...p, [id]: early } : p[id] && p[id]!.formattedAddress !== typed[id] ? { ...p, [id]: null } : p));
      // Still typing there: the suggestions the early script may not have shown yet come now.
      if (!early && document.activeElement?.id === id) setResume(id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration, with the server's values
  }, []);
  useEffect(() => {
    onDraft?.({ ...values, ...texts, ...placeValues(places) });
  }, [values, texts, places, onDraft]);

  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const bareTown = placeKind(places.departure) === "locality";
  const showStreet = bareTown || values.pickupStreet !== "" || !!errors.pickupStreet;
  // Every airport ride: a flight the taxi meets (pick-up at the airport) or one it brings you to.
  const meetsFlight = placeKind(places.departure) === "airport";
  const airportRide = meetsFlight || placeKind(places.destination) === "airport";
  const showFlight = airportRide || values.flightNumber !== "" || !!errors.flightNumber;

  const quote = useRoutePrice(places.departure, places.destination, values.returnDateTime !== "", lang, hydrated, initial);

  const askPrice = () => {
    if (places.departure && places.destination) return void quote.fetchNow();
    // What the visitor can do: type something, pick from the list, or (the list
    // was empty) type it another way.
    const missing = (id: Ends) =>
      places[id] ? undefined : !texts[id].trim() ? t(`validation.${id}Required`) : emptyList[id] ? t("places.noMatch") : t("validation.placeMissing");
    report((e) => ({ ...e, ...compact({ departure: missing("departure"), destination: missing("destination") }) }));
  };

  const onPriceClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    askPrice();
  };

  const validate = () =>
    compact<keyof ReservationRequest>({
      name: checkName(t, values.name),
      email: mail ? checkEmail(t, values.email) : undefined,
      phone: mail ? checkLength(t, values.phone, LIMITS.phone) : undefined,
      passengerAmount: checkPassengers(t, values.passengerAmount, maxPassengers),
      dateTime: checkRequired(t, values.dateTime, "validation.dateTimeRequired"),
      departure: mail ? checkRequired(t, texts.departure, "validation.departureRequired") : undefined,
      destination: mail ? checkRequired(t, texts.destination, "validation.destinationRequired") : undefined,
      pickupStreet: bareTown ? checkRequired(t, values.pickupStreet, "funnel.validation.pickupStreetRequired") : undefined,
      remarks: checkLength(t, values.remarks, LIMITS.remarks),
    });

  const reset = () => {
    setValues(EMPTY);
    setTexts({ departure: "", destination: "" });
    setChoices({});
    setPlaces({ departure: null, destination: null });
    setAnswered({});
    setErrors({});
    quote.forget();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSuccess("");
    setErrorMessage("");
    // The server checks more (times, flight numbers) and has the last word: it is
    // asked even when the browser found errors, so every error comes in one round
    // (the browser's rules are a subset of the server's, so nothing is booked then).
    const found = validate();
    setSending(true);
    // Only what the server reads; it prices the trip itself.
    const trip = {
      departure: places.departure?.formattedAddress ?? texts.departure,
      departurePlaceId: places.departure?.id ?? "",
      destination: places.destination?.formattedAddress ?? texts.destination,
      destinationPlaceId: places.destination?.id ?? "",
    };
    const { name, passengerAmount, dateTime, paymentMethod, pickupStreet, returnDateTime, flightNumber, remarks } = values;
    const extras = { pickupStreet, returnDateTime, flightNumber, remarks };
    const payload = mail
      ? ({
          ...values,
          ...trip,
          departureName: places.departure?.displayName ?? texts.departure,
          destinationName: places.destination?.displayName ?? texts.destination,
        } satisfies ReservationRequest)
      : ({ name, passengerAmount, dateTime, paymentMethod, ...extras, ...trip } satisfies WhatsappRequest);
    const url = apiPath(mail ? API_PATHS.reservation : API_PATHS.whatsappReservation, { language: lang });
    // A booking mails the company and the customer: it carries the proof of work (none in normal times).
    const answer = await (mail ? postWithProof : postJson)<Partial<Accepted & WhatsappReady>>(url, payload);
    setSending(false);
    if (answer.ok && !mail && answer.data.whatsappUrl) {
      setErrors({});
      window.location.assign(answer.data.whatsappUrl);
    } else if (answer.ok && mail) {
      reset();
      setSummary(answer.data.summary ?? []);
      setReceipt({ noMail: answer.data.noMail, manage: answer.data.manage });
      setSuccess(answer.data.message ?? "");
    } else if (answer.data.errors) {
      report({ ...found, ...answer.data.errors });
    } else if (Object.keys(found).length) {
      report(found);
    } else {
      setErrorMessage(answer.data.errorMessage ?? t("api.somethingWentWrong"));
    }
  };

  if (success) {
    const another = { label: t("funnel.success.another"), href: action, onClick: () => setSuccess("") };
    return (
      <SuccessBox
        id="booking-result"
        heading={t("funnel.success.heading")}
        message={success}
        another={another}
        receipt={receipt}
      >
        {summary.length > 0 && (
          <dl className="ride-summary">
            {summary.map((row) => (
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

  // Links that open this page at #price land on the question when there is one.
  const choiceAt = (["departure", "destination"] as const).find((id) => !places[id] && choices[id]?.length);
  const address = (id: Ends) => (
    <AddressCombobox
      id={id}
      label={t(`form.${id}`)}
      lang={lang}
      placesProvider={placesProvider}
      text={texts[id]}
      place={places[id]}
      error={errors[id]}
      choices={choices[id]}
      choiceAnchor={choiceAt === id ? PRICE_ANCHOR : undefined}
      resume={resume === id}
      answered={answered[id]}
      onEmptyList={(empty) => setEmptyList((e) => (e[id] === empty ? e : { ...e, [id]: empty }))}
      onText={(text) => {
        setTexts((x) => ({ ...x, [id]: text }));
        if (text !== texts[id]) setChoices(({ [id]: _stale, ...rest }) => rest);
        if (places[id] && text !== places[id]!.formattedAddress) setPlaces((p) => ({ ...p, [id]: null }));
      }}
      onChoose={(place) => {
        setPlaces((p) => ({ ...p, [id]: place }));
        setErrors(({ [id]: _gone, ...rest }) => rest);
      }}
    />
  );

  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="booking-form">
      <ErrorSummary errors={errors} order={FIELD_ORDER} reported={reported} />
      <input type="hidden" name="mode" value={mode} />
      <h2>{t("funnel.form.routeHeading")}</h2>
      {address("departure")}
      {showStreet && (
        <TextField id="pickupStreet" label={t("funnel.form.pickupStreet")} hint={t("funnel.form.pickupStreetHint")} error={errors.pickupStreet} autoComplete="street-address" maxLength={LIMITS.pickupStreet} value={values.pickupStreet} onChange={(e) => set("pickupStreet")(e.target.value)} />
      )}
      {address("destination")}
      <div className="price-row" id={choiceAt ? undefined : PRICE_ANCHOR} tabIndex={-1} ref={quote.box}>
        {/* Without JavaScript the answer opens at the price (or the question), not at the top. */}
        <button type={hydrated ? "button" : "submit"} name="action" value="price" formAction={atPrice(action)} className="button secondary" onClick={onPriceClick} disabled={quote.loading}>
          {t("form.getPrice")}
        </button>
        <PriceIndication price={quote.price} back={quote.back} totalText={quote.totalText} error={quote.error} loading={quote.loading} />
      </div>
      <TextField id="dateTime" type="datetime-local" label={t("form.dateTime")} hint={t("form.dateTimeHint")} error={errors.dateTime} min={earliestPickup} value={values.dateTime} onChange={(e) => set("dateTime")(e.target.value)} />
      <PickupNote dateTime={values.dateTime} lang={lang} phoneHref={phone.href} phoneDisplay={phone.display} />
      <TextField
        id="returnDateTime"
        type="datetime-local"
        label={t("funnel.form.returnDateTime")}
        hint={t("funnel.form.returnDateTimeHint")}
        error={errors.returnDateTime}
        min={values.dateTime || earliestPickup}
        value={values.returnDateTime}
        onChange={(e) => set("returnDateTime")(e.target.value)}
      />
      {showFlight && (
        <TextField id="flightNumber" label={t("funnel.form.flightNumber")} hint={t(meetsFlight || !airportRide ? "funnel.form.flightNumberHint" : "funnel.form.flightNumberHintDeparture")} error={errors.flightNumber} autoComplete="off" className="short" maxLength={LIMITS.flightNumber} value={values.flightNumber} onChange={(e) => set("flightNumber")(e.target.value)} />
      )}
      <h2>{t("funnel.form.detailsHeading")}</h2>
      <TextField id="passengerAmount" label={t("form.passengerAmount")} error={errors.passengerAmount} inputMode="numeric" className="short" value={values.passengerAmount} onChange={(e) => set("passengerAmount")(e.target.value)}>
        <PassengerNote value={values.passengerAmount} largeAbove={largeVehicleAbove} max={maxPassengers} phoneHref={phone.href} phoneDisplay={phone.display} />
      </TextField>
      <TextField id="name" label={t("form.name")} error={errors.name} autoComplete="name" maxLength={LIMITS.name} value={values.name} onChange={(e) => set("name")(e.target.value)} />
      {mail && (
        <>
          <TextField id="email" type="email" label={t("form.email")} error={errors.email} autoComplete="email" maxLength={LIMITS.email} value={values.email} onChange={(e) => set("email")(e.target.value)} />
          <PhoneField lang={lang} hint={t("form.phoneHint")} error={errors.phone} value={values.phone} onChange={set("phone")} />
        </>
      )}
      <RemarksField value={values.remarks} error={errors.remarks} onChange={set("remarks")} />
      <fieldset className={errors.paymentMethod ? "field has-error" : "field"} aria-describedby={describedBy("paymentMethod", undefined, errors.paymentMethod)}>
        <legend>
          {t("form.paymentMethod")} <span className="hint-inline">{t("form.paymentOptional")}</span>
        </legend>
        <FieldMessages id="paymentMethod" error={errors.paymentMethod} />
        <div className="radios" id="paymentMethod">
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="radio">
              <input type="radio" name="paymentMethod" value={method} checked={values.paymentMethod === method} onChange={() => set("paymentMethod")(method)} />
              {t(`form.${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {errorMessage && (
        <p className="error-text" role="alert">
          {errorMessage}
        </p>
      )}
      <WebsiteField value={values[HONEYPOT_FIELD]} onChange={set(HONEYPOT_FIELD)} />
      {mail && <ProofField />}
      <button type="submit" name="action" value="send" className="button" disabled={sending}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? t("form.sending") : t(mail ? "form.submitMail" : "form.submitWhatsapp")}
      </button>
    </form>
  );
}

function pick(source: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => typeof source[k] === "string").map((k) => [k, source[k]]));
}

function placeFrom(values: Record<string, string>, id: string): PlaceDetails | null {
  const placeId = values[`${id}PlaceId`];
  return placeId ? { id: placeId, formattedAddress: values[id] ?? "", displayName: values[`${id}Name`] ?? values[id] ?? "" } : null;
}

/** The chosen places as the form's hidden fields carry them. */
function placeValues(places: Record<Ends, PlaceDetails | null>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ["departure", "destination"] as const) {
    const place = places[id];
    if (place) Object.assign(out, { [`${id}PlaceId`]: place.id, [`${id}Name`]: place.displayName });
  }
  return out;
}
