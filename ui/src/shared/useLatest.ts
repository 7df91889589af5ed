import { useCallback, useEffect, useRef } from "react";

/**
 * A stable function that calls the latest `fn`: for an effect that runs on one value's change
 * but reads others as they are then (React 19.2's `useEffectEvent`; the pages use React 18
 * for its weight, docs/decisions.md). Call it from effects, not while rendering.
 */
export function useLatest<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  // Declared before the effects that call it, so it runs first in the same commit.
  useEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
