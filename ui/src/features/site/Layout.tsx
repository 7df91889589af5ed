import type { ReactNode } from "react";
import { useTranslation } from "../../shared/i18n";
import type { Lang, PageProps } from "../../shared/contract";
import { ContactLinks } from "../../shared/ContactLinks";
import { Flag } from "../../shared/Flag";

const languages: Lang[] = ["nl", "de", "en"];

function Header({ page, lang, links, alternates, company }: PageProps) {
  const { t } = useTranslation();
  const navItems = [
    ["reservation", links.reservation],
    ["prices", links.prices],
    ["contact", links.contact],
  ] as const;
  return (
    <header className="site-header">
      <div className="wrap header-inner">
        <a className="brand" href={links.home}>
          {company.name}
        </a>
        <nav aria-label={t("nav.main")}>
          <ul className="nav-links">
            {navItems.map(([key, href]) => (
              <li key={key}>
                <a href={href} aria-current={page === key ? "page" : undefined}>
                  {t(`nav.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flags" aria-label={t("nav.languages")}>
          {languages.map((l) => (
            <li key={l}>
              <a
                href={alternates[l]}
                hrefLang={l}
                lang={l}
                data-lang={l}
                aria-current={l === lang ? "true" : undefined}
                title={t(`nav.languageNames.${l}`)}
              >
                <Flag lang={l} />
                <span className="visually-hidden">{t(`nav.languageNames.${l}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}

/** The legal pages, linked from every footer. */
const LEGAL_PAGES = ["privacy", "terms", "complaints"] as const;

function Footer({ page, company, links }: PageProps) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <section>
          <h2>{t("footer.contactHeading")}</h2>
          <ContactLinks company={company} className="plain" />
        </section>
        <section>
          <h2>{t("footer.addressHeading")}</h2>
          <address>
            {company.name}
            <br />
            {company.address.street}
            <br />
            {company.address.postalCode} {company.address.city}
            <br />
            {company.address.country}
          </address>
        </section>
        <section>
          <h2>{t("footer.companyHeading")}</h2>
          <p>
            {t("footer.kvk")} {company.kvk}
            <br />
            {t("footer.vat")} {company.vat}
            {company.licenceNumber && (
              <>
                <br />
                {`${t("legal.licence")} ${company.licenceNumber}`}
              </>
            )}
          </p>
          {company.reviewUrl && (
            <p>
              <a href={company.reviewUrl} rel="noopener">
                {t("review.link")}
              </a>
            </p>
          )}
          {company.qualityMark && (
            <img src={company.qualityMark.src} alt={company.qualityMark.alt} width="96" height="48" loading="lazy" />
          )}
        </section>
      </div>
      <nav className="wrap legal-links" aria-label={t("legal.links")}>
        <ul>
          {LEGAL_PAGES.map((key) => (
            <li key={key}>
              <a href={links[key]} aria-current={page === key ? "page" : undefined}>
                {t(`legal.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {company.sampleNotice && <p className="wrap demo-note">{t("footer.demo")}</p>}
      <p className="wrap attribution">{t("footer.placesAttribution")}</p>
    </footer>
  );
}

export function Layout(props: PageProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <Header {...props} />
      <main id="main" className="wrap" tabIndex={-1}>
        {props.children}
      </main>
      <Footer {...props} />
    </>
  );
}
