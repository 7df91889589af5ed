// A booking's send, one state for both ways of booking.
import { useState } from "react";
import type { ApiAnswer } from "../../shared/api";
import type { Accepted, FormState, SummaryRow } from "../../shared/contract";
import { useTranslation } from "../../shared/i18n";
import type { Receipt } from "../../shared/SuccessBox";

type Errors = Record<string, string>;

/** Nothing sent yet (or errors reported), under way, refused with a message, or booked. */
export type Submit =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "failed"; message: string }
  | { state: "sent"; message: string; summary: SummaryRow[]; receipt: Receipt };

/** The server's page may come with the outcome of a send without JavaScript. */
export function initialSubmit(initial?: FormState): Submit {
  if (initial?.success) return sent({ ...initial, message: initial.success });
  return initial?.errorMessage ? { state: "failed", message: initial.errorMessage } : { state: "idle" };
}

/** Booked: the server's message, the ride's summary, and whether a mail comes and the booking's page. */
export function sent({ message, summary, noMail, manage }: Partial<Accepted>): Submit {
  return { state: "sent", message: message ?? "", summary: summary ?? [], receipt: { noMail, manage } };
}

/** The send's state, and `send`, which posts and reports the errors found. */
export function useSubmit(initial: FormState | undefined, report: (errors: Errors) => void) {
  const { t } = useTranslation();
  const [submit, setSubmit] = useState(() => initialSubmit(initial));
  /**
   * Posts (`post`) and hands an accepted answer to `accepted`. `found` are the browser's errors:
   * the server checks more (times, flight numbers) and has the last word, so it is asked even
   * then and every error comes in one round (the browser's rules are a subset of the server's,
   * so nothing is booked then).
   */
  const send = async <T>(found: Errors, post: () => Promise<ApiAnswer<T>>, accepted: (data: T) => Submit) => {
    if (submit.state === "sending") return;
    setSubmit({ state: "sending" });
    const answer = await post();
    if (answer.ok) {
      setSubmit(accepted(answer.data));
    } else if (answer.data.errors || Object.keys(found).length) {
      report({ ...found, ...answer.data.errors });
      setSubmit({ state: "idle" });
    } else {
      setSubmit({ state: "failed", message: answer.data.errorMessage ?? t("api.somethingWentWrong") });
    }
  };
  return { submit, setSubmit, send };
}
