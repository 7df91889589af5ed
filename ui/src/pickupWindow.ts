// The picker's earliest and latest pick-up time. Pages are cached server
// renders, so a time written into the HTML would soon be in the past: the
// bounds are set in the browser after hydration and kept fresh. The server
// checks the time again and has the last word.
import { useEffect, useState } from "react";

/** The company's time zone: the server reads every typed time as local time there. */
const ZONE = "Europe/Amsterdam";
const MINUTE = 60_000;

/** `2026-11-24T14:30`, the wall-clock time in the company's zone, as `datetime-local` reads it. */
export function pickerValue(at: Date): string {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

export interface PickupWindow {
  min?: string;
  max?: string;
}

/** `min` and `max` for the date-time input; none until hydrated, then refreshed every half minute. */
export function usePickupWindow(leadTimeMinutes: number, maxDaysAhead: number): PickupWindow {
  const [bounds, setBounds] = useState<PickupWindow>({});
  useEffect(() => {
    const update = () => {
      const now = Date.now();
      // The picker has no seconds: the first whole minute after the lead time.
      const earliest = Math.ceil((now + leadTimeMinutes * MINUTE) / MINUTE) * MINUTE;
      const latest = now + maxDaysAhead * 24 * 60 * MINUTE;
      setBounds({ min: pickerValue(new Date(earliest)), max: pickerValue(new Date(latest)) });
    };
    update();
    const timer = setInterval(update, MINUTE / 2);
    return () => clearInterval(timer);
  }, [leadTimeMinutes, maxDaysAhead]);
  return bounds;
}
