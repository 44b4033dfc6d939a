import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import type { QuoteState } from './use-quote';

const LOCALES = { ru: 'ru-RU', en: 'en-US' } as const;

/** The live quote for the typed amount, with the minimum (spec issue 5). */
export function QuotePanel({ state }: { state: QuoteState }) {
  const { t, language } = useTranslation('forms');

  const format = (number: number) =>
    new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: number >= 1 ? 2 : 6 }).format(number);

  return (
    <section className="quote" aria-live="polite" aria-label={t('apply.quote.title')}>
      {state.status === 'idle' && <p className="quote__hint">{t('apply.quote.enterAmount')}</p>}
      {state.status === 'loading' && (
        <p className="quote__hint row">
          <Spinner decorative /> {t('apply.quote.loading')}
        </p>
      )}
      {state.status === 'unavailable' && <p className="quote__hint">{t('apply.quote.unavailable')}</p>}
      {state.status === 'ready' && (
        <>
          <dl className="quote__grid">
            <div>
              <dt>{t('apply.quote.youReceive')}</dt>
              <dd className="quote__receive">
                ≈ {format(state.quote.amountTo)} {state.quote.currencyTo}
              </dd>
            </div>
            <div>
              <dt>{t('apply.quote.rate')}</dt>
              <dd>
                1 {state.quote.currencyFrom} = {format(state.quote.rate)} {state.quote.currencyTo}
              </dd>
            </div>
            <div>
              <dt>{t('apply.quote.minimum')}</dt>
              <dd className={state.quote.belowMinimum ? 'quote__warning' : undefined}>
                {format(state.quote.minAmount)} {state.quote.currencyFrom}
              </dd>
            </div>
          </dl>
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
