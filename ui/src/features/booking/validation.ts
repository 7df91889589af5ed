// The booking form's client-side rules. The server checks everything again and has the last
// word; these are a subset of its rules, so a booking the browser refuses the server refuses too.
import { LIMITS, type BookingRules, type ReservationRequest } from "../../shared/contract";
import type { TFunction } from "../../shared/i18n";
import { checkEmail, checkLength, checkName, checkRequired, compact } from "../../shared/validation";
import { routeNeeds, type End, type Ride } from "./ride";

export function checkPassengers(t: TFunction, value: string, max: number): string | undefined {
  if (value.trim() === "") return t("validation.passengerAmountRequired");
  return /^\d+$/.test(value.trim()) ? undefined : t("validation.passengerAmount", { max });
}

/** A count from 0 to `max`, empty being none. */
function checkCount(t: TFunction, value: string, max: number, key: string): string | undefined {
  const text = value.trim();
  return text === "" || (/^\d+$/.test(text) && Number(text) <= max) ? undefined : t(key, { max });
}

/** The ride's fields, in both ways of booking. */
export function checkRide(t: TFunction, { fields, ends }: Ride, rules: BookingRules): Record<string, string> {
  return compact<keyof ReservationRequest>({
    name: checkName(t, fields.name),
    passengerAmount: checkPassengers(t, fields.passengerAmount, rules.maxPassengers),
    luggage: checkCount(t, fields.luggage, LIMITS.luggage, "funnel.validation.luggage"),
    childSeats: checkCount(t, fields.childSeats, LIMITS.childSeats, "funnel.validation.childSeats"),
    companyName:
      fields.paymentMethod === "invoice"
        ? checkRequired(t, fields.companyName, "funnel.validation.companyNameRequired")
        : undefined,
    dateTime: checkRequired(t, fields.dateTime, "validation.dateTimeRequired"),
    pickupStreet: routeNeeds(ends).street
      ? checkRequired(t, fields.pickupStreet, "funnel.validation.pickupStreetRequired")
      : undefined,
    remarks: checkLength(t, fields.remarks, LIMITS.remarks),
  });
}

/** What the mail booking needs besides: an address to answer, and both ends typed. */
export function checkMailBooking(t: TFunction, { fields, ends }: Ride): Record<string, string> {
  return compact<keyof ReservationRequest>({
    email: checkEmail(t, fields.email),
    phone: checkLength(t, fields.phone, LIMITS.phone),
    departure: checkRequired(t, ends.departure.text, "validation.departureRequired"),
    destination: checkRequired(t, ends.destination.text, "validation.destinationRequired"),
  });
}

/**
 * The price asked for before both places are chosen: what the visitor can do at each end that
 * has none (type something, pick from the list, or, the list being empty, type it another way).
 */
export function checkChosen(t: TFunction, ends: Ride["ends"]): Record<string, string> {
  const missing = (id: End) => {
    const { place, text, emptyList } = ends[id];
    if (place) return undefined;
    if (!text.trim()) return t(`validation.${id}Required`);
    return emptyList ? t("places.noMatch") : t("validation.placeMissing");
  };
  // A stop is optional: asked for only once typed.
  const { place, text, emptyList } = ends.via;
  const via = place || !text.trim() ? undefined : t(emptyList ? "places.noMatch" : "validation.placeMissing");
  return compact<keyof ReservationRequest>({
    departure: missing("departure"),
    destination: missing("destination"),
    via,
  });
}
