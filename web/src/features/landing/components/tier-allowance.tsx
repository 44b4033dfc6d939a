import type { ClientLimitsView, TierLimitTable } from '@shared/contract/limits';
import type { Quote } from '@shared/contract/rates';
import type { VerificationTier } from '@shared/verification';
import { fetchMyLimits, fetchTierLimits } from '@web/lib/exchange-api';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney } from '@web/lib/quote-format';
import { useResource } from '@web/lib/use-resource';
import { useAuthStore } from '@web/stores/auth-store';
import { useState } from 'react';

/** What the calculator says of the limits: the most an application may be worth now, and how to raise it. */
interface Allowance {
  /** The most, in USD. */
  amount: number;
  /** A visitor's first deals' cap: until this many deals are completed, then `after` (null: no limit). */
  firstDeals: { deals: number; after: number | null } | null;
  /** Whether this is the signed-in client's own (what is left today included) or a new client's. */
  own: boolean;
  /** The tier verifying reaches next (never `email`); null at the top. */
  nextTier: VerificationTier | null;
  /** What the next tier allows per application, when known (a visitor's table says it). */
  nextAmount: number | null;
}

/** A new client's allowance from the tiers' table: the email tier, under the first deals' cap. */
function visitorAllowance(table: TierLimitTable): Allowance | null {
  const perApplication = table.tiers.email.perApplication;
  const cap = table.firstDeals?.cap ?? null;
  const amount = cap !== null && (perApplication === null || cap < perApplication) ? cap : perApplication;
  if (amount === null) return null;
  return {
    amount,
    firstDeals:
      amount === cap && table.firstDeals ? { deals: table.firstDeals.deals, after: perApplication } : null,
    own: false,
    nextTier: 'card',
    nextAmount: table.tiers.card.perApplication,
  };
}

/** A signed-in client's allowance: the most their next application may be worth now. */
function clientAllowance(limits: ClientLimitsView): Allowance | null {
  if (limits.maxNow === null) return null;
  return { amount: limits.maxNow, firstDeals: null, own: true, nextTier: limits.nextTier, nextAmount: null };
}

/**
 * Under the calculator's quote, what the verification tier allows (docs/product.md "Verification and
 * limits"): a visitor is told what a new client may exchange and what a verified card raises it to,
 * a signed-in client what their own tier leaves them now. Read at the first quote; said in the
 * warning colour when the quoted amount is worth more. Nothing when there is no limit.
 */
export function TierAllowance({ quote }: { quote: Quote | null }) {
  const { t, language } = useTranslation('common');
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  // Asked at the first quote, not with the page: a visit that quotes nothing asks nothing.
  const [wanted, setWanted] = useState(false);
  if (quote && !wanted) setWanted(true);
  const { data } = useResource<Allowance | null>(
    wanted
      ? async (signal) =>
          signedIn
            ? clientAllowance(await fetchMyLimits(signal))
            : visitorAllowance(await fetchTierLimits(signal))
      : null,
    [wanted, signedIn],
  );
  if (!quote || !data) return null;
  const usd = (value: number) => `${formatMoney(value, language)} USD`;
  const above = quote.amountUSD > data.amount;
  const allows = data.own
    ? t('calculator.limits.yours', { amount: usd(data.amount) })
    : data.firstDeals
      ? t(
          data.firstDeals.after === null
            ? 'calculator.limits.firstDeals'
            : 'calculator.limits.firstDealsThen',
          { amount: usd(data.amount), count: data.firstDeals.deals, after: usd(data.firstDeals.after ?? 0) },
        )
      : t('calculator.limits.newClient', { amount: usd(data.amount) });
  const raise =
    data.nextTier === null
      ? ''
      : data.nextAmount === null
        ? t(`calculator.limits.raise.${data.nextTier}`)
        : t(`calculator.limits.raiseTo.${data.nextTier}`, { amount: usd(data.nextAmount) });
  return (
    <p className={`calc__hint calc__limits${above ? ' calc__limits--above' : ''}`}>
      {[allows, above ? t('calculator.limits.above') : '', raise].filter(Boolean).join(' ')}
    </p>
  );
}
