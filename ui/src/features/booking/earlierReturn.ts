// A round trip booked again (the manage page's "Book this ride again"): the server sends its
// return ride as days after the pick-up and a time of day, and the return field follows the
// date the visitor types, until they change the return themselves. Pure, so
// tests/unit/earlierReturn.test.ts tests it without a browser.
import type { EarlierReturn } from "../../shared/contract";

/** The return ride for an outward pick-up `at` (`YYYY-MM-DDTHH:MM`), or "" until `at` is whole. */
export function returnOn(at: string, earlier: EarlierReturn): string {
  const whole = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}$/.exec(at);
  if (!whole) return "";
  const [, y, m, d] = whole.map(Number);
  // Calendar days in UTC: no clock change moves a date.
  const day = new Date(Date.UTC(y, m - 1, d + earlier.days)).toISOString().slice(0, 10);
  return `${day}T${earlier.time}`;
}

/**
 * What the return field becomes when the pick-up becomes `at`: the earlier return on the new
 * date while the field holds what was filled in here last (`filled`, "" at first), else null
 * (a return typed or cleared by the visitor stays; so does one while the date is incomplete).
 */
export function followingReturn(
  returnDateTime: string,
  filled: string,
  at: string,
  earlier: EarlierReturn | undefined,
): string | null {
  if (!earlier || returnDateTime !== filled) return null;
  return returnOn(at, earlier) || null;
}
