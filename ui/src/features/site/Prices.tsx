import { useTranslation } from "../../shared/i18n";
import { atPrice } from "../../shared/anchors";
import type { PageProps } from "../../shared/contract";

export function Prices({ tariff, links }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("prices.heading")}</h1>
      <p>{t("prices.intro")}</p>

      <h2>{t("prices.meteredHeading")}</h2>
      <table className="rates">
        <tbody>
          <tr>
            <th scope="row">{t("prices.startRate")}</th>
            <td>{tariff.startRate}</td>
          </tr>
          <tr>
            <th scope="row">{t("prices.perKm")}</th>
            <td>{tariff.perKm}</td>
          </tr>
          <tr>
            <th scope="row">{t("prices.perMinute")}</th>
            <td>{tariff.perMinute}</td>
          </tr>
        </tbody>
      </table>

      <h2>{t("prices.fixedHeading")}</h2>
      <p>{t("prices.fixedIntro")}</p>
      <table className="rates">
        <thead>
          <tr>
            <th scope="col">{t("prices.destination")}</th>
            <th scope="col">{t("prices.price")}</th>
            <th scope="col">{t("funnel.bookRoute")}</th>
          </tr>
        </thead>
        <tbody>
          {tariff.fixedPrices.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <a href={row.landingPath}>{row.name}</a>
              </th>
              <td>
                {row.price}
                {row.taxibusPrice && (
                  <span className="taxibus-price">
                    {t("prices.taxibusPrice", { price: row.taxibusPrice.replace(/ /g, "\u00a0") })}
                  </span>
                )}
              </td>
              <td>
                <a
                  className="table-action"
                  href={atPrice(`${links.reservation}?to=${encodeURIComponent(row.name)}&toKind=${row.kind}`)}
                  aria-label={`${t("funnel.bookRoute")}: ${row.name}`}
                >
                  {t("funnel.bookRoute")}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {tariff.taxibus && (
        <>
          <h2>{t("prices.taxibusHeading")}</h2>
          <p>{t("prices.taxibusText", { ...tariff.taxibus })}</p>
        </>
      )}

      <h2>{t("prices.pickupHeading")}</h2>
      <p>{t("prices.pickupText", { amount: tariff.pickupSurcharge })}</p>

      <h2>{t("prices.radiusHeading")}</h2>
      <p>{t("prices.radiusText")}</p>
      <table className="rates">
        <thead>
          <tr>
            <th scope="col">{t("prices.distance")}</th>
            <th scope="col">{t("prices.surcharge")}</th>
          </tr>
        </thead>
        <tbody>
          {tariff.radiusSurcharges.map((row) => (
            <tr key={row.km}>
              <th scope="row">{t("prices.radiusRow", { km: row.km })}</th>
              <td>{row.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("prices.radiusBeyond", { km: tariff.meteredBeyondKm })}</p>
      <p className="note">{t("prices.indicationNote")}</p>
    </>
  );
}
