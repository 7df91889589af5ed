// The props every page receives. The Rust server builds them (routes, formatted
// prices, company data) so the browser never repeats that logic.

export type Lang = "nl" | "de" | "en";
export type ReservationMode = "mail" | "whatsapp";
export type PageName = "home" | "prices" | "reservation" | "contact" | "error";

export interface Links {
  home: string;
  reservation: string;
  prices: string;
  contact: string;
}

export interface Company {
  name: string;
  phoneDisplay: string;
  phoneHref: string;
  email: string;
  whatsappHref: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  kvk: string;
  vat: string;
  demo: boolean;
  qualityMarkSrc: string;
  taxiImageSrc: string;
}

export interface FixedPriceRow {
  name: string;
  price: string;
}

export interface Tariff {
  startRate: string;
  perKm: string;
  perMinute: string;
  fixedPrices: FixedPriceRow[];
  pickupSurcharge: string;
  radiusSurcharges: { km: number; price: string }[];
  meteredBeyondKm: number;
}

/** A place chosen from the address suggestions. */
export interface ChosenPlace {
  id: string;
  formattedAddress: string;
  displayName: string;
}

/** A price indication as the server formats it. */
export interface PriceShown {
  /** Amount with the euro sign, e.g. "€ 230,00". */
  text: string;
  /** Which rule applied, in the page language. */
  explanation: string;
}

/** What the server sends back to a page after a form post without JavaScript. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  success?: string;
  errorMessage?: string;
  price?: PriceShown;
}

export interface PageProps {
  page: PageName;
  lang: Lang;
  links: Links;
  /** The same page in each language, for the language flags. */
  alternates: Record<Lang, string>;
  company: Company;
  tariff: Tariff;
  /** Reservation page only: which form is shown first (`?mode=whatsapp`). */
  reservationMode?: ReservationMode;
  /** Set when the page answers a form post (no JavaScript). */
  form?: FormState;
  /** Largest passenger count the server accepts. */
  maxPassengers: number;
}
