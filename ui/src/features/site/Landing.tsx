import { useTranslation } from "../../shared/i18n";
import { atPrice } from "../../shared/anchors";
import type { PageProps } from "../../shared/contract";
import { TextField } from "../../shared/Field";

/** A fixed-price route: its own story, the price and what it includes, surcharges, how to book, the other routes. */
export function Landing({ landing, tariff, links, company }: PageProps) {
  const { t } = useTranslation();
  if (!landing) return null;
  const route = { zone: landing.zone, destination: landing.destination, price: landing.price };
  const others = tariff.fixedPrices.filter((row) => row.name !== landing.destination);
  const story = landing.story;
  return (
    <>
      <nav className="breadcrumbs" aria-label={t("landing.breadcrumbs")}>
        <ol>
          <li>
            <a href={links.home}>{t("nav.home")}</a>
          </li>
          <li>
            <a href={links.prices}>{t("nav.prices")}</a>
          </li>
          <li aria-current="page">{landing.destination}</li>
        </ol>
      </nav>
      <h1>{t("landing.heading", route)}</h1>
      <p className="lead">{story ? story.lead : t("landing.lead", route)}</p>

      {/* A plain GET form: the reservation page opens with the destination filled in, without JavaScript. */}
      <form
        className="card route-box"
        method="get"
        action={atPrice(links.reservation)}
        aria-labelledby="route-box-heading"
      >
        <h2 id="route-box-heading">{t("landing.routeBox.heading")}</h2>
        <TextField
          id="route-from"
          name="from"
          label={t("landing.routeBox.fromLabel")}
          hint={t("landing.routeBox.fromHint")}
          autoComplete="street-address"
        />
        <input type="hidden" name="to" value={landing.destination} />
        <input type="hidden" name="toKind" value={landing.airport ? "airport" : "locality"} />
        <button className="button" type="submit">
          {t("landing.routeBox.submit")}
        </button>
      </form>

      {story ? (
        story.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))
      ) : (
        <>
          <h2>{t("landing.distanceHeading")}</h2>
          <p>{t("landing.distance", { ...route, km: landing.distanceKm, minutes: landing.minutes })}</p>
        </>
      )}

      <h2>{t("landing.includedHeading")}</h2>
      <p>{t("landing.included", route)}</p>
      {story ? (
        landing.airport && <p>{t("landing.flightFollowed", route)}</p>
      ) : (
        <p>{t(landing.airport ? "landing.includedAirport" : "landing.includedCity", route)}</p>
      )}

      {landing.taxibusPrice && tariff.taxibus && (
        <p>{t("landing.taxibus", { ...tariff.taxibus, taxibusPrice: landing.taxibusPrice })}</p>
      )}

      <h2>{t("landing.surchargeHeading", route)}</h2>
      <p>{t("landing.surchargeIntro", { ...route, radius: landing.zoneRadiusKm })}</p>
      <ul>
        {tariff.radiusSurcharges.map((row) => (
          <li key={row.km}>{t("landing.radiusItem", { km: row.km, price: row.price })}</li>
        ))}
      </ul>
      <p>{t("landing.radiusBeyond", { ...route, km: tariff.meteredBeyondKm })}</p>
      <p>{t("landing.returnTrip", { ...route, pickup: tariff.pickupSurcharge })}</p>

      <h2>{t("landing.bookHeading")}</h2>
      <ol>
        {["step1", "step2", "step3", "step4"].map((step) => (
          <li key={step}>{t(`landing.${step}`)}</li>
        ))}
      </ol>
      <p>
        {t("landing.bookPhone")} <a href={company.phoneHref}>{company.phoneDisplay}</a>
      </p>

      <h2>{t("landing.otherHeading", route)}</h2>
      <ul className="options">
        {others.map((row) => (
          <li key={row.landingPath}>
            <a href={row.landingPath}>{t("landing.otherItem", { destination: row.name, price: row.price })}</a>
          </li>
        ))}
      </ul>
      <p className="note">{t("prices.indicationNote")}</p>
    </>
  );
}
