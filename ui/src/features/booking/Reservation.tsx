import { useCallback, useRef, useState, type MouseEvent } from "react";
import { ErrorSummary, useFieldErrors } from "../../shared/ErrorSummary";
import { useTranslation } from "../../shared/i18n";
import { ServiceNotes } from "../../shared/ServiceNotes";
import { MailBooking } from "./MailBooking";
import { WhatsappBooking } from "./WhatsappBooking";
import type { ReservationMode, ReservationRequest } from "../../shared/contract";
import type { IslandProps } from "../../shared/island";

const modes: ReservationMode[] = ["mail", "whatsapp"];

// The order of the form: the route and its price first, then who travels and how to reach them.
const FIELD_ORDER: (keyof ReservationRequest)[] = [
  "departure",
  "pickupStreet",
  "destination",
  "dateTime",
  "returnDateTime",
  "flightNumber",
  "passengerAmount",
  "luggage",
  "childSeats",
  "wheelchair",
  "name",
  "email",
  "phone",
  "remarks",
  "paymentMethod",
  "companyName",
  "invoiceReference",
];

export function Reservation({
  company,
  lang,
  links,
  reservationMode,
  form,
  bookingRules,
  placesProvider,
  serviceNotes,
}: IslandProps) {
  const { t } = useTranslation();
  const first = reservationMode ?? "mail";
  const [mode, setMode] = useState<ReservationMode>(first);
  // What was typed in one form fills the other after a switch.
  const draft = useRef<Record<string, string>>({});
  const [switched, setSwitched] = useState(false);
  const keepDraft = useCallback((values: Record<string, string>) => (draft.current = values), []);
  // The errors live here, for the summary before the heading; each way of booking has its own, so
  // an answer still coming for the form just left cannot land on the other one.
  const errorsOf = {
    mail: useFieldErrors(first === "mail" ? form?.errors : undefined),
    whatsapp: useFieldErrors(first === "whatsapp" ? form?.errors : undefined),
  };
  const fieldErrors = errorsOf[mode];

  /** Each way of booking has its address: the page's own, or with `?mode=whatsapp`. */
  const pageOf = (m: ReservationMode) => (m === "mail" ? links.reservation : `${links.reservation}?mode=${m}`);
  // The toggle is a pair of links so it works without JavaScript; with it, no reload.
  const choose = (next: ReservationMode) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    errorsOf[next].setErrors({});
    setMode(next);
    setSwitched(true);
    window.history.replaceState(null, "", pageOf(next));
  };

  const Booking = mode === "mail" ? MailBooking : WhatsappBooking;
  return (
    <div data-confirm-leave={t("nav.refreshQuestion")}>
      <ErrorSummary errors={fieldErrors.errors} order={FIELD_ORDER} reported={fieldErrors.reported} />
      <h1>{t("reservation.heading")}</h1>
      <p>{t("reservation.intro")}</p>
      <ServiceNotes notes={serviceNotes} />
      <nav className="toggle" aria-label={t("reservation.modeLegend")}>
        {modes.map((m) => (
          <a key={m} href={pageOf(m)} aria-current={mode === m ? "true" : undefined} onClick={choose(m)}>
            {t(m === "mail" ? "reservation.modeMail" : "reservation.modeWhatsapp")}
          </a>
        ))}
      </nav>
      <p>{t(mode === "mail" ? "reservation.mailIntro" : "reservation.whatsappIntro")}</p>
      <Booking
        key={mode}
        lang={lang}
        action={pageOf(mode)}
        rules={bookingRules}
        phone={{ href: company.phoneHref, display: company.phoneDisplay }}
        placesProvider={placesProvider}
        initial={switched ? { values: draft.current, errors: {} } : mode === first ? form : undefined}
        fieldErrors={fieldErrors}
        onDraft={keepDraft}
      />
      <p>
        <a href={company.phoneHref}>{t("reservation.byPhone", { phone: company.phoneDisplay })}</a>
      </p>
    </div>
  );
}
