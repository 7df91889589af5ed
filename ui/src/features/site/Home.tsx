import { useTranslation } from "../../shared/i18n";
import type { PageProps } from "../../shared/contract";
import { RouteBox } from "../../shared/RouteBox";

export function Home({ company, links, tariff }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div>
          <h1>{t("home.welcome", { company: company.name })}</h1>
          <RouteBox action={links.reservation} />
          <p className="lead">{t("home.lead")}</p>
          <p className="actions">
            <a className="button" href={company.phoneHref}>
              {t("home.callUs", { phone: company.phoneDisplay })}
            </a>
            <a className="button secondary" href={`mailto:${company.email}`}>
              {t("home.mailUs", { email: company.email })}
            </a>
          </p>
        </div>
        <img className="hero-image" src={company.taxiImageSrc} alt={t("home.taxiImageAlt")} width="320" height="200" />
      </section>
      <p>{t("home.intro")}</p>
      <section className="card">
        <h2>{t("home.priceHeading")}</h2>
        <p>{t("home.priceText")}</p>
        <a className="button" href={links.reservation}>
          {t("home.priceCta")}
        </a>
      </section>
      <section>
        <h2>{t("landing.homeHeading")}</h2>
        <p>{t("landing.homeIntro")}</p>
        <ul className="options routes">
          {tariff.fixedPrices.map((row) => (
            <li key={row.landingPath}>
              <a href={row.landingPath}>{t("landing.otherItem", { destination: row.name, price: row.price })}</a>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t("home.optionsHeading")}</h2>
        <ul className="options">
          <li>
            <a href={`mailto:${company.email}`}>{t("home.optionEmail")}</a>
          </li>
          <li>
            <a href={company.phoneHref}>{t("home.optionPhone")}</a>
          </li>
          <li>
            <a href={company.whatsappHref}>{t("home.optionWhatsapp")}</a>
          </li>
        </ul>
      </section>
    </>
  );
}
