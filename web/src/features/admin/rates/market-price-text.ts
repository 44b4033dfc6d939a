import type { MarketPrice } from '@shared/contract/rates';
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
