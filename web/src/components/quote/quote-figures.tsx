import type { Quote } from '@shared/contract/rates';
import { useTranslation } from '@web/lib/i18n';
import { formatQuoteNumber, formatRateTime } from '@web/lib/quote-format';
import type { ReactNode } from 'react';
import './quote.css';

interface QuoteFiguresProps {
  quote: Quote;
  /**
   * Further rows, each a `<div><dt/><dd/></div>`: where the reserve of the receive currency goes
   * once the quote carries it (issue 15 §3).
   */
  children?: ReactNode;
}

/**
 * A quote as the apply form and the landing page's calculator show it: what the amount buys, the
 * rate, the minimum and maximum (the one the amount breaks in the warning colour) and when the
 * rate was last set, one line each.
 */
export function QuoteFigures({ quote, children }: QuoteFiguresProps) {
  const { t, language } = useTranslation('common');
  const format = (value: number) => formatQuoteNumber(value, language);
  const warning = (broken: boolean) => (broken ? 'quote__warning' : undefined);
  return (
    <dl className="quote__figures">
      <div className="quote__main">
        <dt>{t('quote.youReceive')}</dt>
        <dd className="quote__receive">
          ≈ {format(quote.amountTo)} {quote.currencyTo}
        </dd>
      </div>
      <div>
        <dt>{t('quote.rate')}</dt>
        <dd>
          1 {quote.currencyFrom} = {format(quote.rate)} {quote.currencyTo}
        </dd>
      </div>
      <div>
        <dt>{t('quote.minimum')}</dt>
        <dd className={warning(quote.belowMinimum)}>
          {format(quote.minAmount)} {quote.currencyFrom}
        </dd>
      </div>
      <div>
        <dt>{t('quote.maximum')}</dt>
        <dd className={warning(quote.aboveMaximum)}>
          {quote.maxAmount === null
            ? t('quote.noMaximum')
            : `${format(quote.maxAmount)} ${quote.currencyFrom}`}
        </dd>
      </div>
      <div>
        <dt>{t('quote.updated')}</dt>
        <dd>
          <time dateTime={quote.updatedAt}>{formatRateTime(quote.updatedAt, language)}</time>
        </dd>
      </div>
      {children}
    </dl>
  );
}
