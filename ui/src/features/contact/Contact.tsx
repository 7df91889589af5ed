import { useTranslation } from "react-i18next";
import { ContactForm } from "./ContactForm";
import { ContactLinks } from "../../shared/ContactLinks";
import type { PageProps } from "../../shared/contract";

export function Contact({ company, lang, links, form }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <ContactForm lang={lang} action={links.contact} initial={form} />
      <h2>{t("contact.directHeading")}</h2>
      <ContactLinks company={company} className="options" />
    </>
  );
}
