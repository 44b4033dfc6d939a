import { isValidExchangePair } from '@shared/assets';
import type { Quote } from '@shared/contract/rates';
import { Spinner } from '@web/components/ui/spinner';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { calculateQuote } from '../api/apply-api';
import { parseAmount } from '../lib/apply-form';

const QUOTE_DELAY_MS = 400;
const LOCALES = { ru: 'ru-RU', en: 'en-US' } as const;

type QuoteState = { status: 'idle' | 'loading' | 'unavailable' } | { status: 'ready'; quote: Quote };

/** A live quote from /rates/calculate for the typed amount, with the minimum (spec issue 5). */
export function QuotePanel({
  assetFrom,
  assetTo,
  amount,
}: {
  assetFrom: string;
  assetTo: string;
  amount: string;
}) {
  const { t, language } = useTranslation('forms');
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const value = parseAmount(amount);
  const ready = Number.isFinite(value) && value > 0 && isValidExchangePair(assetFrom, assetTo);

  useEffect(() => {
    if (!ready) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    const timer = setTimeout(() => {
      calculateQuote({ assetFrom, assetTo, amount: value }, controller.signal).then(
        (quote) => setState(quote ? { status: 'ready', quote } : { status: 'unavailable' }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'unavailable' });
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ready, assetFrom, assetTo, value]);

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
