import { useTranslation } from "../../shared/i18n";
import type { ContactRequest } from "../../shared/contract";
import { ErrorSummary, useFieldErrors } from "../../shared/ErrorSummary";
import { ContactForm } from "./ContactForm";
import { ContactLinks } from "../../shared/ContactLinks";
import { ServiceNotes } from "../../shared/ServiceNotes";
import type { IslandProps } from "../../shared/island";

const FIELDS: (keyof ContactRequest)[] = ["name", "email", "phone", "subject", "message"];

export function Contact({ company, lang, links, form, serviceNotes }: IslandProps) {
  const { t } = useTranslation();
  // The form's errors live here, for the summary before the heading.
  const fieldErrors = useFieldErrors(form?.errors);
  return (
    <>
      <ErrorSummary errors={fieldErrors.errors} order={FIELDS} reported={fieldErrors.reported} />
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <ServiceNotes notes={serviceNotes} />
      <ContactForm lang={lang} action={links.contact} initial={form} fieldErrors={fieldErrors} />
      <h2>{t("contact.directHeading")}</h2>
      <ContactLinks company={company} className="options" />
    </>
  );
}
