import { useTranslation } from "../../shared/i18n";
import type { Indication } from "../../shared/contract";

interface Props {
  price: Indication | null;
  /** The ride back, and both rides together (the server's sum). */
  back?: Indication | null;
  totalText?: string;
  error?: string;
  loading: boolean;
}

export function PriceIndication({ price, back, totalText, error, loading }: Props) {
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
            {t("form.priceLabel")}: <strong className="amount">{price.priceText}</strong>
          </p>
          <p className="hint">{price.explanation}</p>
          {back && (
            <>
              <p>
                {t("funnel.returnPriceLabel")}: <strong className="amount">{back.priceText}</strong>
              </p>
              <p className="hint">{back.explanation}</p>
            </>
          )}
          {back && totalText && (
            <p className="price-total">
              {t("funnel.totalLabel")}: <strong className="amount">{totalText}</strong>
            </p>
          )}
          <p className="hint">{t("form.priceNote")}</p>
        </div>
      )}
      {!loading && error && <p className="error-text">{error}</p>}
    </div>
  );
}
