import { currencyOfAsset } from '@shared/assets';
import type { QuoteLimits } from '@shared/contract/rates';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import type { PairLimitsState } from './use-pair-limits';
import type { QuoteState } from './use-quote';

const LOCALES = { ru: 'ru-RU', en: 'en-US' } as const;

interface QuotePanelProps {
  state: QuoteState;
  /** The chosen pair's limits, shown before an amount is typed (the quote's own once it arrives). */
  limits: PairLimitsState;
  assetFrom: string;
  assetTo: string;
}

/**
 * The live quote for the typed amount (spec issue 5) and the pair's limits (issue 15): the minimum
 * and maximum to give and the most that can be received (the reserve), shown from the moment the
 * pair is chosen; the limits keep their place while they load, so their arrival moves nothing.
 */
export function QuotePanel({ state, limits, assetFrom, assetTo }: QuotePanelProps) {
  const { t, language } = useTranslation('forms');

  const format = (number: number) =>
    new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: number >= 1 ? 2 : 6 }).format(number);

  const quote = state.status === 'ready' ? state.quote : null;
  const shown: QuoteLimits | null = quote ?? (limits.status === 'ready' ? limits.limits : null);
  const [currencyFrom, currencyTo] = [currencyOfAsset(assetFrom), currencyOfAsset(assetTo)];
  const limit = (read: (limits: QuoteLimits) => string) => {
    if (shown) return read(shown);
    return limits.status === 'loading' && state.status !== 'unavailable' ? '…' : '—';
  };
  const warning = (flag: boolean | undefined) => (flag ? 'quote__warning' : undefined);

  return (
    <section className="quote" aria-live="polite" aria-label={t('apply.quote.title')}>
      {state.status === 'idle' && <p className="quote__hint">{t('apply.quote.enterAmount')}</p>}
      {state.status === 'loading' && (
        <p className="quote__hint row">
          <Spinner decorative /> {t('apply.quote.loading')}
        </p>
      )}
      {state.status === 'unavailable' && <p className="quote__hint">{t('apply.quote.unavailable')}</p>}
      <dl className="quote__grid">
        {quote && (
          <>
            <div>
              <dt>{t('apply.quote.youReceive')}</dt>
              <dd className="quote__receive">
                ≈ {format(quote.amountTo)} {quote.currencyTo}
              </dd>
            </div>
            <div>
              <dt>{t('apply.quote.rate')}</dt>
              <dd>
                1 {quote.currencyFrom} = {format(quote.rate)} {quote.currencyTo}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('apply.quote.minimum')}</dt>
          <dd className={warning(quote?.belowMinimum)}>
            {limit(({ minAmount }) => `${format(minAmount)} ${currencyFrom}`)}
          </dd>
        </div>
        <div>
          <dt>{t('apply.quote.maximum')}</dt>
          <dd className={warning(quote?.aboveMaximum)}>
            {limit(({ maxAmount }) =>
              maxAmount === null ? t('apply.quote.noMaximum') : `${format(maxAmount)} ${currencyFrom}`,
            )}
          </dd>
        </div>
        <div>
          <dt>{t('apply.quote.receiveAtMost')}</dt>
          <dd className={warning(quote?.aboveReserve)}>
            {limit(({ maxAmountTo }) =>
              maxAmountTo === null ? t('apply.quote.noLimit') : `${format(maxAmountTo)} ${currencyTo}`,
            )}
          </dd>
        </div>
      </dl>
      {quote?.belowMinimum && (
        <p className="quote__warning quote__note" role="alert">
          {t('apply.quote.belowMinimum', { amount: format(quote.minAmount), currency: quote.currencyFrom })}
        </p>
      )}
      {quote?.aboveMaximum && quote.maxAmount !== null && (
        <p className="quote__warning quote__note" role="alert">
          {t('apply.quote.aboveMaximum', { amount: format(quote.maxAmount), currency: quote.currencyFrom })}
        </p>
      )}
      {quote?.aboveReserve && quote.reserve !== null && (
        <p className="quote__warning quote__note" role="alert">
          {t('apply.quote.aboveReserve', { amount: format(quote.reserve), currency: quote.currencyTo })}
        </p>
      )}
    </section>
  );
}
