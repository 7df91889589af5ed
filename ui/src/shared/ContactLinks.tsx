import { useTranslation } from "./i18n";
import type { ContactPoints } from "./contract";

/** WhatsApp, e-mail and phone links, as in the footer and on the contact page. */
export function ContactLinks({ company, className }: { company: ContactPoints; className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      <li>
        <a href={company.whatsappHref}>{t("footer.whatsapp")}</a>
      </li>
      <li>
        <a href={`mailto:${company.email}`}>
          {t("footer.email")}: {company.email}
        </a>
      </li>
      <li>
        <a href={company.phoneHref}>
          {t("footer.phone")}: {company.phoneDisplay}
        </a>
      </li>
    </ul>
  );
}
