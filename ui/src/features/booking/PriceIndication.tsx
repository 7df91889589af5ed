import { useTranslation } from "react-i18next";
import type { Indication } from "../../shared/contract";

export function PriceIndication({ price, error, loading, label }: { price: Indication | null; error?: string; loading: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="price" aria-live="polite">
      {loading && (
        <p className="spinner-line">
          <span className="spinner" aria-hidden="true" /> {t("form.calculating")}
        </p>
      )}
      {!loading && price && (
        <div className="price-box">
          <p>
            {label ?? t("form.priceLabel")}: <strong className="amount">{price.priceText}</strong>
          </p>
          <p className="hint">{price.explanation}</p>
          <p className="hint">{t("form.priceNote")}</p>
        </div>
      )}
      {!loading && error && <p className="error-text">{error}</p>}
    </div>
  );
}
