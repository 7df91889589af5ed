/**
 * Where the route box, the prices page and landing pages open the reservation
 * page: its price, or the question which place the visitor means.
 */
export const PRICE_ANCHOR = "price";

/** A link to the reservation page, opened at the price. */
export function atPrice(href: string): string {
  return `${href}#${PRICE_ANCHOR}`;
}
