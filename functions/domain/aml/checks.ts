import {
  type AmlResult,
  type AmlSubject,
  amlConfigured,
  readAmlCheck,
  startAmlCheck,
} from '@functions/data/aml';
import { AML_COST_DECIMALS, countAmlCheck, readAmlUsage } from '@functions/data/aml-usage';
import { businessTimeZone } from '@functions/domain/settings/business-time';
import { settingValue } from '@functions/domain/settings/settings';
import { businessDayOf } from '@shared/business-time';
import { decimalText, toUnits, unitsText } from '@shared/money';

/**
 * The AML check of incoming USDT, provider side (docs/architecture.md "AML adapter and stand-in"):
 * start a check and count it in its business month at the price of the time, read one, and the
 * month's usage for the admin. Holding a deal on the score is the deal's own business.
 */

export type { AmlResult, AmlSubject };
export { amlConfigured, readAmlCheck };

/** The business month (YYYY-MM, the setting businessTimeZone) of an instant. */
async function businessMonth(now: Date): Promise<string> {
  return businessDayOf(now, await businessTimeZone()).slice(0, 7);
}

/**
 * Starts one check (the provider charges for it) and counts it, with the setting amlCheckCostUSD's
 * price, in `now`'s business month. A check the provider did not accept (AmlUnavailable) is not
 * counted; one accepted is, even if counting it failed before (the count is written after).
 */
export async function requestAmlCheck(subject: AmlSubject, now: Date): Promise<AmlResult> {
  const result = await startAmlCheck(subject);
  const [month, price] = await Promise.all([businessMonth(now), settingValue('amlCheckCostUSD')]);
  await countAmlCheck(month, toUnits(price, AML_COST_DECIMALS, 'half-up'));
  return result;
}

export interface AmlUsage {
  month: string;
  checks: number;
  /** USD, exact decimal text without trailing zeros ("12.5"). */
  cost: string;
  currency: 'USD';
}

/** The checks started in a business month (YYYY-MM) and what they cost. */
export async function amlUsage(month: string): Promise<AmlUsage> {
  const usage = await readAmlUsage(month);
  return {
    month,
    checks: Number(usage.checks),
    cost: decimalText(unitsText(usage.costMicroUsd, AML_COST_DECIMALS)),
    currency: 'USD',
  };
}

/** The AML check's state for the admin: on (a key is set) or off, and this business month's usage. */
export async function amlStatus(now: Date): Promise<AmlUsage & { configured: boolean }> {
  const [configured, usage] = await Promise.all([amlConfigured(), businessMonth(now).then(amlUsage)]);
  return { configured, ...usage };
}
