import { useTranslation } from "react-i18next";
import { ContactForm } from "../components/ContactForm";
import type { PageProps } from "../types";

export function Contact({ company, lang, links, form }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <ContactForm lang={lang} action={links.contact} initial={form} />
      <h2>{t("contact.directHeading")}</h2>
      <ul className="options">
        <li>
          <a href={company.phoneHref}>
            {t("footer.phone")}: {company.phoneDisplay}
          </a>
        </li>
        <li>
          <a href={`mailto:${company.email}`}>
            {t("footer.email")}: {company.email}
          </a>
        </li>
        <li>
          <a href={company.whatsappHref}>{t("footer.whatsapp")}</a>
        </li>
      </ul>
    </>
  );
}
