import { useEffect, useState } from "react";
import { apiPath, getJson } from "../../shared/api";
import { API_PATHS, type Lang, type PickupNote } from "../../shared/contract";
import type { RideForm } from "./useRide";

const PICKER_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const PAUSE_MS = 300;

/**
 * What the server says of the pick-up and return times while the visitor picks them: the note
 * under the pick-up (a ride before the promised answer), and under each field what Send would
 * refuse (a closed day, a return before the outward ride, too soon or too far). The rules and
 * the closures live on the server; its answer for the times now in the fields replaces their
 * errors, so a fixed time's message goes as soon as it is fixed.
 */
export function useRideTimes(ride: RideForm, lang: Lang): string {
  const { dateTime, returnDateTime } = ride.fields;
  const { setErrors } = ride;
  const [answer, setAnswer] = useState<{ for: string; note: string }>();
  const key = `${dateTime}|${returnDateTime}`;
  useEffect(() => {
    if (!PICKER_VALUE.test(dateTime)) return;
    let current = true;
    const query: Record<string, string> = returnDateTime ? { lang, returnDateTime } : { lang };
    const timer = setTimeout(() => {
      void getJson<PickupNote>(apiPath(API_PATHS.pickupNote, { dateTime }, query)).then((reply) => {
        if (!current || !reply.ok) return;
        setAnswer({ for: key, note: reply.data.note ?? "" });
        setErrors(({ dateTime: _pickup, returnDateTime: _return, ...others }) => ({ ...others, ...reply.data.errors }));
      });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dateTime, returnDateTime, key, lang, setErrors]);
  return answer?.for === key ? answer.note : "";
}
