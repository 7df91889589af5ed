// The state both ways of booking share: the ride (fields and route, one reducer), its errors
// (held by the page, whose summary comes first), the takeover at hydration, the price of the
// route and the draft kept for the other way.
import { useEffect, useReducer } from "react";
import type { FormState, Lang } from "../../shared/contract";
import type { FieldErrors } from "../../shared/ErrorSummary";
import { draftOf, initialRide, rideReducer, stopOf, type FieldName } from "./ride";
import { useRoutePrice } from "./useRoutePrice";
import { useTakeover } from "./useTakeover";

export function useRide(
  lang: Lang,
  fieldErrors: FieldErrors,
  initial?: FormState,
  onDraft?: (values: Record<string, string>) => void,
) {
  const [ride, dispatch] = useReducer(rideReducer, initial, initialRide);
  const hydrated = useTakeover(dispatch);
  useEffect(() => {
    onDraft?.(draftOf(ride));
  }, [ride, onDraft]);
  const { departure, destination, via } = ride.ends;
  // A return time Send would refuse (before the outward ride, on a closed day) is not priced.
  const withReturn = ride.fields.returnDateTime !== "" && !fieldErrors.errors.returnDateTime;
  const typed = ride.fields.passengerAmount.trim();
  const passengers = /^\d{1,3}$/.test(typed) ? Number(typed) : 0;
  const trip = { withReturn, passengers, via: stopOf(via) };
  const quote = useRoutePrice(departure.place, destination.place, trip, lang, hydrated, initial);
  /** After a booking: an empty form, nothing wrong, no price. */
  const clear = () => {
    dispatch({ type: "cleared" });
    fieldErrors.setErrors({});
    quote.forget();
  };
  /** A field's change handler. */
  const set = (field: FieldName) => (value: string) => dispatch({ type: "field", field, value });
  return { ...ride, dispatch, set, ...fieldErrors, hydrated, quote, clear };
}

export type RideForm = ReturnType<typeof useRide>;
