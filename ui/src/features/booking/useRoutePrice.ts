import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../shared/i18n";
import { apiPath, getJson } from "../../shared/api";
import {
  API_PATHS,
  type FormState,
  type Indication,
  type Lang,
  type PlaceDetails,
  type RoundTrip,
} from "../../shared/contract";

const DEBOUNCE_MS = 300;

/** A price and the route it belongs to (the two place ids and whether a ride back was asked). */
interface Quote {
  route: string;
  there: Indication;
  back: Indication | null;
  totalText: string;
}

/** What besides the places decides the price: a ride back, and how many travel (the server prices a taxibus). */
export interface PricedTrip {
  withReturn: boolean;
  /** 0: not (yet) a number. */
  passengers: number;
  /** The stop on the way: "", its place id, or "pending" (typed, not chosen: no price). */
  via: string;
}

/**
 * The server's price for the chosen route, fetched by itself once both places
 * are chosen (debounced) and again when the ride back is added or dropped, or
 * the number of passengers changes.
 * A price is shown only for the route it was asked for, so an answer that
 * arrives after a place changed never shows; the server's own price (a page
 * opened with a route, or priced without JavaScript) counts as asked for.
 */
export function useRoutePrice(
  from: PlaceDetails | null,
  to: PlaceDetails | null,
  { withReturn, passengers, via }: PricedTrip,
  lang: Lang,
  active: boolean,
  initial?: FormState,
) {
  const { t } = useTranslation();
  const places = from && to ? `${from.id}|${via}|${to.id}` : "";
  const route = places && `${places}|${withReturn}|${passengers}`;
  const [quote, setQuote] = useState<Quote | null>(() =>
    initial?.price && route
      ? { route, there: initial.price, back: initial.returnPrice ?? null, totalText: initial.totalText ?? "" }
      : null,
  );
  const [error, setError] = useState<{ route: string; text: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(quote?.route ?? "");
  const latest = useRef(0);
  /** The element holding the price box, scrolled into view when a price for new places arrives. */
  const box = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef("");

  const fetchNow = async () => {
    if (!from || !to || via === "pending") return;
    const request = ++latest.current;
    const forRoute = (asked.current = route);
    setLoading(true);
    setError(null);
    // With a ride back the server prices the reversed route too, and adds both up.
    const query: Record<string, string> = withReturn ? { lang, return: "true" } : { lang };
    if (passengers > 0) query.passengers = String(passengers);
    if (via) query.via = via;
    const answer = await getJson<Partial<RoundTrip>>(
      apiPath(API_PATHS.price, { pickup: from.id, destination: to.id }, query),
    );
    if (request !== latest.current) return; // a newer request answers
    setLoading(false);
    if (answer.ok && answer.data.priceText) {
      const { back, totalText, ...there } = answer.data;
      setQuote({ route: forRoute, there: there as Indication, back: back ?? null, totalText: totalText ?? "" });
      // The price where the visitor looks: scrolled just into view once shown for the places, not
      // again while the visitor types further down (a ride back, the passengers).
      if (scrolledFor.current !== places) {
        scrolledFor.current = places;
        requestAnimationFrame(() => box.current?.querySelector(".price-box")?.scrollIntoView({ block: "nearest" }));
      }
    } else {
      asked.current = "";
      setError({ route: forRoute, text: answer.data.errorMessage ?? t("api.priceUnavailable") });
    }
  };

  useEffect(() => {
    if (!active || !route || via === "pending" || asked.current === route) return;
    // Asked for meanwhile (the price button): no second request.
    const timer = setTimeout(() => asked.current !== route && void fetchNow(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the route names every input of the price
  }, [active, route]);

  const shown = quote?.route === route ? quote : null;
  return {
    price: shown?.there ?? null,
    back: shown?.back ?? null,
    totalText: shown?.totalText ?? "",
    error: error && error.route === route ? error.text : "",
    loading,
    fetchNow,
    box,
    forget: () => {
      setQuote(null);
      setError(null);
      asked.current = "";
    },
  };
}
