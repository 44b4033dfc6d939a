import { QuoteFigures } from '@web/components/quote/quote-figures';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { formatQuoteNumber } from '@web/lib/quote-format';
import { localizeServerMessage } from '@web/lib/server-message';
import type { QuoteState } from '@web/lib/use-quote';

/** The live quote for the typed amount, with the minimum and maximum (spec issue 5). */
export function QuotePanel({ state }: { state: QuoteState }) {
  const { t, language } = useTranslation(['forms', 'errors']);
  const format = (value: number) => formatQuoteNumber(value, language);

  return (
    <section className="quote" aria-live="polite" aria-label={t('apply.quote.title')}>
      {state.status === 'idle' && <p className="quote__hint">{t('apply.quote.enterAmount')}</p>}
      {state.status === 'loading' && (
        <p className="quote__hint row">
          <Spinner decorative /> {t('apply.quote.loading')}
        </p>
      )}
      {state.status === 'unavailable' && <p className="quote__hint">{t('apply.quote.unavailable')}</p>}
      {state.status === 'refused' && <p className="quote__hint">{localizeServerMessage(state.message)}</p>}
      {state.status === 'ready' && (
        <>
          <QuoteFigures quote={state.quote} />
          {state.quote.belowMinimum && (
            <p className="quote__warning quote__note" role="alert">
              {t('apply.quote.belowMinimum', {
                amount: format(state.quote.minAmount),
                currency: state.quote.currencyFrom,
              })}
            </p>
          )}
          {state.quote.aboveMaximum && state.quote.maxAmount !== null && (
            <p className="quote__warning quote__note" role="alert">
              {t('apply.quote.aboveMaximum', {
                amount: format(state.quote.maxAmount),
                currency: state.quote.currencyFrom,
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
