import { useTranslation } from "../../shared/i18n";
import type { PageProps } from "../../shared/contract";

/**
 * A legal page (privacy statement, terms, complaints): the company's text from its Markdown
 * file, made into HTML on the server (server/src/site/legal/), the file's own HTML escaped there.
 * No script: the page is never hydrated.
 */
export function Legal({ page, legal, company }: PageProps) {
  const { t } = useTranslation();
  return (
    <article className="legal">
      {legal?.template && (
        <p className="template-note" role="note">
          {t("legal.template")}
        </p>
      )}
      <h1>{t(`legal.${page}`)}</h1>
      {page === "complaints" && (
        <section aria-labelledby="complaints-who">
          <h2 id="complaints-who">{t("legal.who")}</h2>
          <p>
            {`${company.name}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}`}
            <br />
            <a href={company.phoneHref}>{company.phoneDisplay}</a>
            {" · "}
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            {`${t("footer.kvk")} ${company.kvk}`}
            {company.licenceNumber && ` · ${t("legal.licence")} ${company.licenceNumber}`}
          </p>
        </section>
      )}
      {legal && <div className="legal-text" dangerouslySetInnerHTML={{ __html: legal.html }} />}
    </article>
  );
}
