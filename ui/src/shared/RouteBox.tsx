import { useTranslation } from "./i18n";
import { atPrice } from "./anchors";
import { LIMITS } from "./contract";

/**
 * Pick-up, destination and a button: a plain GET form to the reservation page,
 * which arrives with both places filled in and the price shown. Works without
 * JavaScript; `idPrefix` keeps ids unique when a page shows it twice.
 */
export function RouteBox({ action, idPrefix = "route" }: { action: string; idPrefix?: string }) {
  const { t } = useTranslation();
  const field = (name: "from" | "to") => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${name}`}>{t(`funnel.routeBox.${name}`)}</label>
      <input
        id={`${idPrefix}-${name}`}
        name={name}
        type="text"
        autoComplete="off"
        maxLength={LIMITS.searchMaxChars}
        aria-describedby={`${idPrefix}-hint`}
      />
    </div>
  );
  return (
    <form className="route-box" method="get" action={atPrice(action)} aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>{t("funnel.routeBox.heading")}</h2>
      <p className="hint" id={`${idPrefix}-hint`}>
        {t("funnel.routeBox.hint")}
      </p>
      <div className="route-fields">
        {field("from")}
        {field("to")}
        <button type="submit" className="button">
          {t("funnel.routeBox.submit")}
        </button>
      </div>
    </form>
  );
}
