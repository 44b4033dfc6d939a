import {
  findPartner,
  partnerDays,
  partnerOfKey,
  partnerPayoutsOf,
  partnerSubIdTotals,
} from '@functions/data/partners';
import { businessDayOf, shiftDay } from '@shared/business-time';
import {
  PARTNER_PAGE_DAYS,
  PARTNER_PAYOUTS_LISTED,
  PARTNER_STATISTICS_MAX_DAYS,
} from '@shared/contract/partners';
import { periodDays } from '@shared/contract/transactions';
import { fieldError } from '@shared/field-rules';
import { sumUnits } from '@shared/money';
import { hashToken } from '../accounts/secrets';
import { businessTimeZone } from '../settings/business-time';
import { PartnerKeyInvalid, PartnerStatisticsPeriod } from './errors';
import { balanceOf, everyDay, payoutView, subIdViews, usdtText } from './program';

/*
 * The partner API (docs/product.md "Partners"; the OpenAPI document's `partner-api` tag): read
 * only, with the key a partner issued on their page in the X-Partner-Key header. The key is kept
 * hashed (functions/data/partners.ts); a wrong or replaced key is 401.
 */

async function partnerOfApiKey(key: string): Promise<string> {
  const partnerId = await partnerOfKey(hashToken(key));
  if (!partnerId) throw new PartnerKeyInvalid();
  return partnerId;
}

/** GET /partner-api/statistics: the days from `from` to `to` (default the last 30), their totals, the sub-ids' figures, and the balance. */
export async function partnerStatistics(
  key: string,
  period: { from?: string; to?: string },
  now = new Date(),
) {
  const partnerId = await partnerOfApiKey(key);
  const timeZone = await businessTimeZone();
  const to = period.to ?? businessDayOf(now.toISOString(), timeZone);
  const from = period.from ?? shiftDay(to, -(PARTNER_PAGE_DAYS - 1));
  if (from > to) throw new PartnerStatisticsPeriod(fieldError('query.to', 'periodOrder'));
  if (periodDays(from, to) > PARTNER_STATISTICS_MAX_DAYS)
    throw new PartnerStatisticsPeriod(
      fieldError('query.from', 'partnerPeriodTooLong', { max: PARTNER_STATISTICS_MAX_DAYS }),
    );
  const [days, subIds, partner] = await Promise.all([
    partnerDays(partnerId, from, to),
    partnerSubIdTotals(partnerId, from, to),
    findPartner(partnerId),
  ]);
  return {
    from,
    to,
    timeZone,
    days: everyDay(days, from, to),
    totals: {
      clicks: days.reduce((total, day) => total + Number(day.clicks), 0),
      registrations: days.reduce((total, day) => total + Number(day.registrations), 0),
      deals: days.reduce((total, day) => total + Number(day.deals), 0),
      earned: usdtText(sumUnits(days.map((day) => day.earnedUnits))),
    },
    subIds: subIdViews(subIds),
    balance: balanceOf(partner),
  };
}

/** GET /partner-api/payouts: the partner's payouts, newest first. */
export async function partnerApiPayouts(key: string) {
  const partnerId = await partnerOfApiKey(key);
  return { payouts: (await partnerPayoutsOf(partnerId, PARTNER_PAYOUTS_LISTED)).map(payoutView) };
}
