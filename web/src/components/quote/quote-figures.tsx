import type { Quote, QuoteLimits } from '@shared/contract/rates';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney, formatRate, formatRateTime } from '@web/lib/quote-format';
import './quote.css';

const warning = (broken: boolean | undefined) => (broken ? 'quote__warning' : undefined);

interface LimitRowsProps {
  /** The limits, or null while they are not known (each value then shows `placeholder`). */
  limits: QuoteLimits | null;
  currencyFrom: string;
  currencyTo: string;
  placeholder?: string;
  /** The quote whose amount breaks a limit (shown in the warning colour). */
  broken?: Pick<Quote, 'belowMinimum' | 'aboveMaximum' | 'aboveReserve'>;
}

/**
 * A direction's limits, one `<div><dt/><dd/></div>` each: the minimum and maximum to give and the
 * most that can be received (the smaller of the maximum at this rate and the reserve).
 */
export function QuoteLimitRows({
  limits,
  currencyFrom,
  currencyTo,
  placeholder = '—',
  broken,
}: LimitRowsProps) {
  const { t, language } = useTranslation('common');
  const format = (value: number) => formatMoney(value, language);
  const shown = (read: (known: QuoteLimits) => string) => (limits ? read(limits) : placeholder);
  return (
    <>
      <div>
        <dt>{t('quote.minimum')}</dt>
        <dd className={warning(broken?.belowMinimum)}>
          {shown(({ minAmount }) => `${format(minAmount)} ${currencyFrom}`)}
        </dd>
      </div>
      <div>
        <dt>{t('quote.maximum')}</dt>
        <dd className={warning(broken?.aboveMaximum)}>
          {shown(({ maxAmount }) =>
            maxAmount === null ? t('quote.noMaximum') : `${format(maxAmount)} ${currencyFrom}`,
          )}
        </dd>
      </div>
      <div>
        <dt>{t('quote.receiveAtMost')}</dt>
        <dd className={warning(broken?.aboveReserve)}>
          {shown(({ maxAmountTo }) =>
            maxAmountTo === null ? t('quote.noLimit') : `${format(maxAmountTo)} ${currencyTo}`,
          )}
        </dd>
      </div>
    </>
  );
}

/**
 * A quote as the apply form and the landing page's calculator show it: what the amount buys, the
 * rate, the limits (the one the amount breaks in the warning colour) and when the rate was last
 * set, one line each.
 */
export function QuoteFigures({ quote }: { quote: Quote }) {
  const { t, language } = useTranslation('common');
  return (
    <dl className="quote__figures">
      <div className="quote__main">
        <dt>{t('quote.youReceive')}</dt>
        <dd className="quote__receive">
          ≈ {formatMoney(quote.amountTo, language)} {quote.currencyTo}
        </dd>
      </div>
      {quote.cashStep !== null && (
        <div>
          <dt>{t('quote.cash')}</dt>
          <dd className="quote__cash-step">
            {t('quote.cashStep', { step: formatMoney(quote.cashStep, language), currency: quote.currencyTo })}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('quote.rate')}</dt>
        <dd className="quote__rate">{formatRate(quote.assetFrom, quote.assetTo, quote.rate, language)}</dd>
      </div>
      <QuoteLimitRows
        limits={quote}
        currencyFrom={quote.currencyFrom}
        currencyTo={quote.currencyTo}
        broken={quote}
      />
      <div>
        <dt>{t('quote.updated')}</dt>
        <dd>
          <time dateTime={quote.updatedAt}>{formatRateTime(quote.updatedAt, language)}</time>
        </dd>
      </div>
    </dl>
  );
}
