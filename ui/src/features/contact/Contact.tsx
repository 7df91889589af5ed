import { useTranslation } from "../../shared/i18n";
import { ContactForm } from "./ContactForm";
import { ContactLinks } from "../../shared/ContactLinks";
import { ServiceNotes } from "../../shared/ServiceNotes";
import type { IslandProps } from "../../shared/island";

export function Contact({ company, lang, links, form, serviceNotes }: IslandProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <ServiceNotes notes={serviceNotes} />
      <ContactForm lang={lang} action={links.contact} initial={form} />
      <h2>{t("contact.directHeading")}</h2>
      <ContactLinks company={company} className="options" />
    </>
  );
}
