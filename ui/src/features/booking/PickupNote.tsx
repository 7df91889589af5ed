import { useEffect, useState } from "react";
import { apiPath, getJson } from "../../shared/api";
import { API_PATHS, type Lang, type PickupNote as Answer } from "../../shared/contract";
import { useTranslation } from "../../shared/i18n";

const PICKER_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * Under the pick-up time: when the ride starts before the answer the booking
 * mail promises (a night request for an early ride), the server says so and
 * the visitor gets the phone. The server judges it: the answer hours live there.
 * Drawn as a warning (a framed box with a bold label), and announced as one:
 * the region is an alert, present from the start so that its text is read out
 * when it appears.
 */
export function PickupNote({
  dateTime,
  lang,
  phoneHref,
  phoneDisplay,
}: {
  dateTime: string;
  lang: Lang;
  phoneHref: string;
  phoneDisplay: string;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ for: string; note: string }>();
  useEffect(() => {
    if (!PICKER_VALUE.test(dateTime)) return;
    let current = true;
    const timer = setTimeout(() => {
      void getJson<Answer>(apiPath(API_PATHS.pickupNote, { dateTime }, { lang })).then((reply) => {
        if (current) setAnswer({ for: dateTime, note: reply.ok ? (reply.data.note ?? "") : "" });
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dateTime, lang]);
  const note = answer?.for === dateTime ? answer.note : "";
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
