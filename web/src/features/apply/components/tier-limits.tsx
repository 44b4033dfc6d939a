import type { ClientLimitsView } from '@shared/contract/limits';
import { fetchMyLimits } from '@web/lib/exchange-api';
import { useTranslation } from '@web/lib/i18n';
import { formatMoney } from '@web/lib/quote-format';
import { useResource } from '@web/lib/use-resource';

/**
 * The client's limits, read once the form opens and again after each application they send; none
 * for a visitor applying as a guest (`signedIn` false), who has no account to read them of.
 */
export function useMyLimits(signedIn: boolean) {
  return useResource((signal) => (signedIn ? fetchMyLimits(signal) : Promise.resolve(undefined)), [signedIn]);
}

/**
 * What the client's verification tier allows (docs/product.md "Verification and limits"): the most
 * per application (the first deals' cap while it applies), what is left today, and how to raise it.
 * Nothing while the limits are unknown or there are none.
 */
export function TierLimits({ limits }: { limits: ClientLimitsView | undefined }) {
  const { t, language } = useTranslation('forms');
  if (!limits) return null;
  const usd = (value: number) => `${formatMoney(value, language)} USD`;
  const perApplication = limits.firstDeals?.cap ?? limits.perApplication;
  const lines = [
    perApplication !== null &&
      t(limits.firstDeals ? 'apply.tierLimits.firstDeals' : 'apply.tierLimits.perApplication', {
        tier: t(`apply.tierLimits.tiers.${limits.tier}`),
        amount: usd(perApplication),
        deals: limits.firstDeals?.deals,
      }),
    limits.perDay.left !== null && t('apply.tierLimits.leftToday', { amount: usd(limits.perDay.left) }),
    limits.per30Days.left !== null &&
      t('apply.tierLimits.left30Days', { amount: usd(limits.per30Days.left) }),
  ].filter((line): line is string => typeof line === 'string');
  if (lines.length === 0) return null;
  return (
    <p className="quote__hint apply-form__limits">
      {lines.join(' ')}
      {limits.nextTier && ` ${t(`apply.tierLimits.raise.${limits.nextTier}`)}`}
    </p>
  );
}
