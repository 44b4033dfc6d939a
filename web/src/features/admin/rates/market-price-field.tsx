import { MARKET_SOURCES, type MarketPrice, type MarketSource } from '@shared/contract/rates';
import { compare } from '@shared/money';
import { writeFigure } from '@shared/rate-display';
import { useTranslation } from '@web/lib/i18n';

/**
 * A feed direction's market price in words, as the rates table states it: its one source
 * ("EXMO market") or "median (…)" of several, after "1.015 ×" when the coefficient is not 1 (in
 * front, so it reads as applying to the whole median).
 */
export function useMarketPriceText() {
  const { t, language } = useTranslation('admin');
  return ({ sources, coefficient }: MarketPrice) => {
    const names = sources.map((source) => t(`rates.marketSource.${source}`));
    const price =
      names.length === 1 ? names[0]! : t('rates.marketPrice.median', { sources: names.join(', ') });
    return compare(coefficient, 1) === 0
      ? price
      : t('rates.marketPrice.times', { price, coefficient: writeFigure(coefficient, language) });
  };
}

/** The edit form's choice of a feed direction's market sources: one checkbox each, at least one. */
export function MarketSourcesField({
  id,
  sources,
  error,
  onChange,
}: {
  id: string;
  sources: readonly MarketSource[];
  error?: string;
  onChange: (sources: MarketSource[]) => void;
}) {
  const { t } = useTranslation('admin');
  const toggle = (source: MarketSource, on: boolean) =>
    onChange(MARKET_SOURCES.filter((each) => (each === source ? on : sources.includes(each))));
  return (
    <fieldset className="rate-edit__market" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="rate-edit__label">{t('rates.edit.marketPrice')}</legend>
      <div className="rate-edit__sources">
        {MARKET_SOURCES.map((source) => (
          <label key={source} className="rate-edit__check">
            <input
              type="checkbox"
              className="checkbox-input"
              checked={sources.includes(source)}
              onChange={(event) => toggle(source, event.target.checked)}
            />
            {t(`rates.marketSource.${source}`)}
          </label>
        ))}
      </div>
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
