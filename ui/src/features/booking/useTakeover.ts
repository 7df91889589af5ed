// The booking form taking over from the server's markup once hydrated (see shared/prehydration.ts
// for what happens before).
import { useEffect, useState, type Dispatch } from "react";
import { PRICE_ANCHOR } from "../../shared/anchors";
import { takePlaces, takeTyped } from "../../shared/prehydration";
import type { RideAction } from "./ride";

/**
 * Once mounted: the form is interactive (the price and the send work with JavaScript), and what
 * was typed and chosen before hydration is handed to the ride, where it wins over the server's
 * values. Returns whether that has happened.
 */
export function useTakeover(dispatch: Dispatch<RideAction>): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    performance.mark("form-interactive");
    // Opened at #price: focus the target so a screen reader reads the price or the question.
    if (window.location.hash === `#${PRICE_ANCHOR}`) {
      document.getElementById(PRICE_ANCHOR)?.focus({ preventScroll: true });
    }
    const typed = takeTyped();
    dispatch({ type: "handedOver", typed, chosen: takePlaces(), focused: document.activeElement?.id });
  }, [dispatch]);
  return hydrated;
}
