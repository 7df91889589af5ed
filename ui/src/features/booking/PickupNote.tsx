import { useTranslation } from "../../shared/i18n";

/**
 * Under the pick-up time: when the ride starts before the answer the booking mail promises (a
 * night request for an early ride), the server's note (`useRideTimes`) and the phone. Drawn as a
 * warning (a framed box with a bold label), and announced as one: the region is an alert,
 * present from the start so that its text is read out when it appears.
 */
export function PickupNote({
  note,
  phoneHref,
  phoneDisplay,
}: {
  note: string;
  phoneHref: string;
  phoneDisplay: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="passenger-note pickup-note" role="alert">
      {note && (
        <>
          <strong>{t("funnel.beforeAnswerLabel")}</strong> {note} <a href={phoneHref}>{phoneDisplay}</a>
        </>
      )}
    </p>
  );
}
