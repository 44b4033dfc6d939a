import { currencyOfAsset } from '@shared/assets';
import { QuoteFigures, QuoteLimitRows } from '@web/components/quote/quote-figures';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney } from '@web/lib/quote-format';
import { type QuoteState, quoteRefusalText } from '@web/lib/use-quote';
import type { PairLimitsState } from './use-pair-limits';

interface QuotePanelProps {
  state: QuoteState;
  /** The chosen pair's limits, shown before an amount is typed (the quote's own once it arrives). */
  limits: PairLimitsState;
  assetFrom: string;
  assetTo: string;
}

/**
 * The live quote for the typed amount and the pair's limits: the minimum
 * and maximum to give and the most that can be received (the reserve), shown from the moment the
 * pair is chosen; the limits keep their place while they load, so their arrival moves nothing.
 */
export function QuotePanel({ state, limits, assetFrom, assetTo }: QuotePanelProps) {
  const { t, language } = useTranslation(['forms', 'errors']);
  const format = (value: number) => formatMoney(value, language);
  const quote = state.status === 'ready' ? state.quote : null;
  const loadingLimits = limits.status === 'loading' && state.status !== 'unavailable';

  return (
    <section className="quote" aria-live="polite" aria-label={t('apply.quote.title')}>
      {state.status === 'idle' && <p className="quote__hint">{t('apply.quote.enterAmount')}</p>}
      {state.status === 'loading' && (
        <p className="quote__hint row">
          <Spinner decorative /> {t('apply.quote.loading')}
        </p>
      )}
      {state.status === 'unavailable' && <p className="quote__hint">{t('apply.quote.unavailable')}</p>}
      {state.status === 'refused' && <p className="quote__hint">{quoteRefusalText(state)}</p>}
      {quote ? (
        <QuoteFigures quote={quote} />
      ) : (
        <dl className="quote__figures">
          <QuoteLimitRows
            limits={limits.status === 'ready' ? limits.limits : null}
            currencyFrom={currencyOfAsset(assetFrom)}
            currencyTo={currencyOfAsset(assetTo)}
            placeholder={loadingLimits ? '…' : '—'}
          />
        </dl>
      )}
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
