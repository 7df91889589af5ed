import { useTranslation } from "../../shared/i18n";

/** Under the passenger field: a larger vehicle above the threshold, a phone call above the maximum. */
export function PassengerNote({
  value,
  largeAbove,
  max,
  phoneHref,
  phoneDisplay,
}: {
  value: string;
  largeAbove: number;
  max: number;
  phoneHref: string;
  phoneDisplay: string;
}) {
  const { t } = useTranslation();
  const count = /^\s*\d+\s*$/.test(value) ? Number(value) : 0;
  if (count > max) {
    return (
      <p className="passenger-note" role="status">
        {t("funnel.tooManyPassengers", { max })} <a href={phoneHref}>{phoneDisplay}</a>
      </p>
    );
  }
  if (count > largeAbove) {
    return (
      <p className="passenger-note" role="status">
        {t("funnel.largeVehicle", { count })}
      </p>
    );
  }
  return <p className="passenger-note" role="status" />;
}
