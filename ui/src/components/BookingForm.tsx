import { useEffect, useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { getJson, postJson } from "../api";
import type { ChosenPlace, FormState, Lang, PriceShown, ReservationMode } from "../types";
import { checkEmail, checkLength, checkName, checkPassengers, checkRequired, compact, LIMITS } from "../validation";
import { AddressCombobox } from "./AddressCombobox";
import { ErrorSummary, useFieldErrors } from "./ErrorSummary";
import { describedBy, FieldMessages, TextField, WebsiteField } from "./Field";
import { PriceIndication } from "./PriceIndication";

const PAYMENT_METHODS = ["debitcard", "creditcard", "cash"] as const;
const FIELD_ORDER = ["name", "email", "phone", "passengerAmount", "departure", "destination", "dateTime", "paymentMethod"];
const EMPTY = { name: "", email: "", phone: "", passengerAmount: "", dateTime: "", paymentMethod: "", website: "" };

interface Props {
  mode: ReservationMode;
  lang: Lang;
  action: string;
  maxPassengers: number;
  initial?: FormState;
}

interface PriceAnswer {
  priceIndication: string;
  explanation: string;
}

/** One form for both ways of booking: by e-mail, or as a prefilled WhatsApp message. */
export function BookingForm({ mode, lang, action, maxPassengers, initial }: Props) {
  const { t } = useTranslation();
  const start = initial?.values ?? {};
  const [values, setValues] = useState({ ...EMPTY, ...pick(start, Object.keys(EMPTY)) });
  const [texts, setTexts] = useState({ departure: start.departure ?? "", destination: start.destination ?? "" });
  const [places, setPlaces] = useState<Record<"departure" | "destination", ChosenPlace | null>>({
    departure: placeFrom(start, "departure"),
    destination: placeFrom(start, "destination"),
  });
  const { errors, setErrors, report, reported } = useFieldErrors(initial?.errors);
  const [errorMessage, setErrorMessage] = useState(initial?.errorMessage ?? "");
  const [price, setPrice] = useState<PriceShown | null>(initial?.price ?? null);
  const [priceError, setPriceError] = useState("");
  const [loading, setLoading] = useState({ price: false, submit: false });
  const [success, setSuccess] = useState(initial?.success ?? "");
  const mail = mode === "mail";
  // Without JavaScript the price button posts the form; once hydrated it asks the API.
  // It turns into a plain button so Enter in a field sends the form, not the price request.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const fetchPrice = async (): Promise<PriceShown | null> => {
    const missing = compact({
      departure: places.departure ? undefined : t("validation.placeMissing"),
      destination: places.destination ? undefined : t("validation.placeMissing"),
    });
    if (Object.keys(missing).length) {
      report((e) => ({ ...e, ...missing }));
      return null;
    }
    setLoading((l) => ({ ...l, price: true }));
    setPriceError("");
    const path = `/api/places/${encodeURIComponent(places.departure!.id)}/${encodeURIComponent(places.destination!.id)}?lang=${lang}`;
    const answer = await getJson<PriceAnswer>(path);
    setLoading((l) => ({ ...l, price: false }));
    if (answer.ok && answer.data.priceIndication) {
      const shown = { text: `€ ${answer.data.priceIndication}`, explanation: answer.data.explanation };
      setPrice(shown);
      return shown;
    }
    setPrice(null);
    setPriceError(answer.data.errorMessage ?? t("api.priceUnavailable"));
    return null;
  };

  const onPriceClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    void fetchPrice();
  };

  const validate = () =>
    compact({
      name: checkName(t, values.name),
      email: mail ? checkEmail(t, values.email) : undefined,
      phone: mail ? checkLength(t, values.phone, LIMITS.phone) : undefined,
      passengerAmount: checkPassengers(t, values.passengerAmount, maxPassengers),
      dateTime: checkRequired(t, values.dateTime, "validation.dateTimeRequired"),
      departure: mail ? checkRequired(t, texts.departure, "validation.departureRequired") : undefined,
      destination: mail ? checkRequired(t, texts.destination, "validation.destinationRequired") : undefined,
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading.submit) return;
    setSuccess("");
    setErrorMessage("");
    const found = validate();
    report(found);
    if (Object.keys(found).length) return;
    setLoading((l) => ({ ...l, submit: true }));
    const shown = price ?? (places.departure && places.destination ? await fetchPrice() : null);
    const payload = {
      ...values,
      departure: places.departure?.formattedAddress ?? texts.departure,
      departureName: places.departure?.displayName ?? texts.departure,
      departurePlaceId: places.departure?.id,
      destination: places.destination?.formattedAddress ?? texts.destination,
      destinationName: places.destination?.displayName ?? texts.destination,
      destinationPlaceId: places.destination?.id,
      priceIndication: shown ? shown.text : t("api.noPriceIndication", { lng: "nl" }),
      language: lang,
    };
    const url = mail ? `/api/reservation/${lang}` : `/api/whatsappreservation/${lang}`;
    const answer = await postJson<{ message?: string; whatsappUrl?: string }>(url, payload);
    setLoading((l) => ({ ...l, submit: false }));
    if (answer.ok && !mail && answer.data.whatsappUrl) {
      setErrors({});
      window.location.assign(answer.data.whatsappUrl);
    } else if (answer.ok && mail) {
      setValues(EMPTY);
      setTexts({ departure: "", destination: "" });
      setPlaces({ departure: null, destination: null });
      setErrors({});
      setPrice(null);
      setPriceError("");
      setSuccess(answer.data.message ?? "");
    } else if (answer.data.errors) {
      report(answer.data.errors);
    } else {
      setErrorMessage(answer.data.errorMessage ?? t("api.somethingWentWrong"));
    }
  };

  const address = (id: "departure" | "destination") => (
    <AddressCombobox
      id={id}
      label={t(`form.${id}`)}
      lang={lang}
      text={texts[id]}
      place={places[id]}
      error={errors[id]}
      onText={(text) => {
        setTexts((x) => ({ ...x, [id]: text }));
        if (places[id] && text !== places[id]!.formattedAddress) {
          setPlaces((p) => ({ ...p, [id]: null }));
          setPrice(null);
        }
      }}
      onChoose={(place) => {
        setPlaces((p) => ({ ...p, [id]: place }));
        setErrors(({ [id]: _gone, ...rest }) => rest);
        setPrice(null);
      }}
    />
  );

  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="booking-form">
      {success && (
        <div className="success-box" role="status">
          {success}
        </div>
      )}
      <ErrorSummary errors={errors} order={FIELD_ORDER} reported={reported} />
      <input type="hidden" name="mode" value={mode} />
      <TextField id="name" label={t("form.name")} error={errors.name} autoComplete="name" maxLength={LIMITS.name} value={values.name} onChange={(e) => set("name")(e.target.value)} />
      {mail && (
        <>
          <TextField id="email" type="email" label={t("form.email")} error={errors.email} autoComplete="email" maxLength={LIMITS.email} value={values.email} onChange={(e) => set("email")(e.target.value)} />
          <TextField id="phone" type="tel" label={t("form.phone")} hint={t("form.phoneHint")} error={errors.phone} autoComplete="tel" maxLength={LIMITS.phone} value={values.phone} onChange={(e) => set("phone")(e.target.value)} />
        </>
      )}
      <TextField id="passengerAmount" label={t("form.passengerAmount")} error={errors.passengerAmount} inputMode="numeric" className="short" value={values.passengerAmount} onChange={(e) => set("passengerAmount")(e.target.value)} />
      {address("departure")}
      {address("destination")}
      <TextField id="dateTime" type="datetime-local" label={t("form.dateTime")} hint={t("form.dateTimeHint")} error={errors.dateTime} value={values.dateTime} onChange={(e) => set("dateTime")(e.target.value)} />
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
      <div className="price-row">
        <button type={hydrated ? "button" : "submit"} name="action" value="price" className="button secondary" onClick={onPriceClick} disabled={loading.price}>
          {t("form.getPrice")}
        </button>
        <PriceIndication price={price} error={priceError} loading={loading.price} />
      </div>
      {errorMessage && <p className="error-text">{errorMessage}</p>}
      <WebsiteField value={values.website} onChange={set("website")} />
      <button type="submit" name="action" value="send" className="button" disabled={loading.submit}>
        {loading.submit && <span className="spinner" aria-hidden="true" />}
        {loading.submit ? t("form.sending") : t(mail ? "form.submitMail" : "form.submitWhatsapp")}
      </button>
    </form>
  );
}

function pick(source: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => typeof source[k] === "string").map((k) => [k, source[k]]));
}

function placeFrom(values: Record<string, string>, id: string): ChosenPlace | null {
  const placeId = values[`${id}PlaceId`];
  return placeId ? { id: placeId, formattedAddress: values[id] ?? "", displayName: values[`${id}Name`] ?? values[id] ?? "" } : null;
}
