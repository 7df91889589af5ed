import { useTranslation } from "react-i18next";
import { ContactForm } from "../components/ContactForm";
import { ContactLinks } from "../components/ContactLinks";
import type { PageProps } from "../contract";

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
