import type { PaymentTemplateView, TemplateAvailability } from '@shared/contract/payment-templates';
import { compare, multiply } from '@shared/money';
import { useTranslation } from '@web/lib/i18n';
import { formatUsdt } from '../lib/format';

/**
 * What a template is for, in one line: the card's currency, the office's city (its name in the UI
 * language where the tree knows it), or that it is a USDT TRC-20 address.
 */
export function TemplateFor({
  template,
  cityName,
}: {
  template: PaymentTemplateView;
  cityName: (key: string) => string;
}) {
  const { t } = useTranslation('admin');
  if (template.kind === 'card') return <>{t('payments.for.card', { currency: template.currency })}</>;
  if (template.kind === 'office') return <>{t('payments.for.office', { city: cityName(template.city) })}</>;
  return <>{t('payments.for.usdt')}</>;
}

/**
 * The text the template starts instructions with: its details (their line breaks kept), or the
 * address (kept whole, it wraps). Phrasing content only, so it may sit inside the picker's buttons.
 */
export function TemplateBody({ template }: { template: PaymentTemplateView }) {
  return template.kind === 'usdt' ? (
    <code className="template-body template-body--address">{template.address}</code>
  ) : (
    <span className="template-body">{template.details}</span>
  );
}

type PooledTemplate = Extract<PaymentTemplateView, { kind: 'card' | 'usdt' }>;

const AVAILABILITY_TONE: Record<TemplateAvailability, string> = {
  rotation: 'badge--success',
  manual: 'badge--neutral',
  paused: 'badge--warning',
};

/** How a card or wallet is given to clients: in rotation, by hand only, or paused. */
export function AvailabilityBadge({ availability }: { availability: TemplateAvailability }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge ${AVAILABILITY_TONE[availability]}`}>
      {t(`payments.pool.availabilities.${availability}`)}
    </span>
  );
}

/** A use reaches this share of its limit (percent): the page marks it, as the server alerts at it. */
const NEAR_PERCENT = 80;

/** Whether `used` has reached NEAR_PERCENT of `limit` (exact decimals: 100 × used ≥ 80 × limit). */
const near = (used: string | number, limit: string | number | null) =>
  limit !== null && compare(multiply(used, 100), multiply(limit, NEAR_PERCENT)) >= 0;

/**
 * A card's or wallet's use today and this month against its limits (the pool, docs/operations.md):
 * "1,000 of 5,000 EUR · 2 of 10 deals"; a use near its limit is marked.
 */
export function TemplateUse({ template }: { template: PooledTemplate }) {
  const { t, language } = useTranslation('admin');
  const currency = template.kind === 'usdt' ? 'USDT' : template.currency;
  const { limits, use } = template;
  const rows = [
    { key: 'today', period: use.today, amountLimit: limits.dayAmount, dealsLimit: limits.dayDeals },
    {
      key: 'thisMonth',
      period: use.thisMonth,
      amountLimit: limits.monthAmount,
      dealsLimit: limits.monthDeals,
    },
  ] as const;
  return (
    <dl className="template-use">
      {rows.map(({ key, period, amountLimit, dealsLimit }) => {
        const amount = formatUsdt(period.amount, language);
        const amountText =
          amountLimit === null
            ? t('payments.pool.amountUsed', { amount, currency })
            : t('payments.pool.amountOf', { amount, limit: formatUsdt(amountLimit, language), currency });
        const dealsText =
          dealsLimit === null
            ? t('payments.pool.dealsUsed', { count: period.deals })
            : t('payments.pool.dealsOf', { count: period.deals, limit: dealsLimit });
        const isNear = near(period.amount, amountLimit) || near(period.deals, dealsLimit);
        return (
          <div key={key} className={`template-use__row${isNear ? ' template-use__row--near' : ''}`}>
            <dt>{t(`payments.pool.${key}`)}</dt>
            <dd>
              {amountText} · {dealsText}
              {isNear && ` · ${t('payments.pool.near')}`}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
