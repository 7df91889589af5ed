import { useEffect, useRef } from "react";
import { PROOF_FIELD } from "./contract";
import { loadProofSolver } from "./proof";

/** Events that show the visitor is filling in the form: the solver is loaded then. */
const STARTED = ["focusin", "input", "change"] as const;

/**
 * The form's proof of work (`shared/proof.ts`): a hidden field the solver fills in, and the
 * start of the solver once the visitor starts filling in the form, never on a mere visit. (A
 * form sent before then loads it on sending.)
 */
export function ProofField() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const start = () => {
      for (const type of STARTED) form.removeEventListener(type, start);
      void loadProofSolver();
    };
    // A touch in the form is what hydrated it: that visitor has started.
    if (form.contains(document.activeElement)) return start();
    for (const type of STARTED) form.addEventListener(type, start);
    return () => STARTED.forEach((type) => form.removeEventListener(type, start));
  }, []);
  return <input ref={field} type="hidden" name={PROOF_FIELD} />;
}
