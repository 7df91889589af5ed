import { useTranslation } from "../../shared/i18n";
import type { PageProps } from "../../shared/contract";

export function ErrorPage({ links }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("error.heading")}</h1>
      <p>{t("error.apology")}</p>
      <ul className="options">
        <li>
          <a href={links.home}>{t("error.home")}</a>
        </li>
        <li>
          <a href={links.reservation}>{t("error.reservation")}</a>
        </li>
        <li>
          <a href={links.contact}>{t("error.contact")}</a>
        </li>
      </ul>
    </>
  );
}
