// The picker's earliest pick-up time. Pages are cached server renders, so a
// time written into the HTML would soon be in the past: the bound is set in the
// browser after hydration and kept fresh. The server checks the time again and
// has the last word. There is no `max` (the booking horizon): with one,
// Chromium refuses a date typed by keyboard, and the server's refusal of a
// date too far ahead offers the phone number instead.
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

/** `min` for the date-time input: none until hydrated, then refreshed every half minute. */
export function useEarliestPickup(leadTimeMinutes: number): string | undefined {
  const [earliest, setEarliest] = useState<string>();
  useEffect(() => {
    const update = () => {
      // The picker has no seconds: the first whole minute after the lead time.
      const at = Math.ceil((Date.now() + leadTimeMinutes * MINUTE) / MINUTE) * MINUTE;
      setEarliest(pickerValue(new Date(at)));
    };
    update();
    const timer = setInterval(update, MINUTE / 2);
    return () => clearInterval(timer);
  }, [leadTimeMinutes]);
  return earliest;
}
