import { logger } from '@functions/commons/logger';
import { listActiveStaff } from '@functions/data/admin-users';
import type { ApplicationRecord, PoolUse } from '@functions/data/applications';
import { newNotificationId, notificationPuts } from '@functions/data/notifications';
import {
  listPaymentTemplates,
  type PaymentTemplateRecord,
  poolTemplateTake,
  type ReceivingLimits,
} from '@functions/data/payment-templates';
import {
  markReceivingAlert,
  type PeriodLimits,
  RECEIVING_USE_DECIMALS,
  type ReceivingUse,
  readReceivingUse,
  receivingPeriod,
  receivingUseExpiry,
  receivingUseMove,
  receivingUseTake,
} from '@functions/data/receiving-use';
import { type TransactionPart, transactWrite } from '@functions/data/transactions';
import { businessDayOf, dayStart } from '@shared/business-time';
import { type ApplicationStatus, DEFAULT_LANGUAGE, type Language } from '@shared/enums';
import { isTerminal, settledIn } from '@shared/lifecycle';
import { compare, toUnits, unitsText } from '@shared/money';
import { templateFits } from '@shared/payment-templates';
import { moneyOf } from '../applications/deal-money';
import { settingValue } from '../settings/settings';

/**
 * The pool of receiving details (docs/operations.md "The pool of receiving details", docs/decisions.md):
 * card and USDT templates are the cards, accounts and wallets clients pay to, each with optional
 * limits per business day and calendar month (amount and deals) and a pause. Instructions count
 * the deal's amount on their detail in their own transaction, conditional on every limit
 * (functions/data/receiving-use.ts), so no limit is passed however many staff issue at once; when
 * staff do not choose, the system picks round-robin (the least recently picked first) among the
 * fitting details with room for the deal.
 */

/** A pooled template: a card (or account) or a USDT wallet; offices are not pooled. */
export type PoolTemplate = Extract<PaymentTemplateRecord, { kind: 'card' | 'usdt' }>;

export const isPooled = (template: PaymentTemplateRecord): template is PoolTemplate =>
  template.kind !== 'office';

/** A detail near its limit alerts staff once a period: at this share of any limit, in percent. */
export const POOL_ALERT_PERCENT = 80n;

/** The business day and month now, and their items' expiry. */
export interface PoolPeriods {
  day: string;
  month: string;
  dayExpires: number;
  monthExpires: number;
}

export async function poolPeriods(now: Date): Promise<PoolPeriods> {
  const timeZone = await settingValue('businessTimeZone');
  const day = businessDayOf(now, timeZone);
  const month = day.slice(0, 7);
  return {
    day,
    month,
    dayExpires: receivingUseExpiry('day', dayStart(day, timeZone)),
    monthExpires: receivingUseExpiry('month', dayStart(`${month}-01`, timeZone)),
  };
}

const unitsOf = (amount: string | null) =>
  amount === null ? null : toUnits(amount, RECEIVING_USE_DECIMALS, 'up');

function periodLimits(limits: ReceivingLimits) {
  return {
    day: { units: unitsOf(limits.dayAmount), deals: limits.dayDeals } satisfies PeriodLimits,
    month: { units: unitsOf(limits.monthAmount), deals: limits.monthDeals } satisfies PeriodLimits,
  };
}

/** Whether a period has room for one more deal of `units`. */
const roomIn = (use: ReceivingUse, limits: PeriodLimits, units: bigint) =>
  (limits.units === null || use.units + units <= limits.units) &&
  (limits.deals === null || use.deals + 1 <= limits.deals);

/** A deal's amount as the pool counts it: what the client is asked to send, in 10^-6 units. */
export const poolUnitsOf = (application: ApplicationRecord): bigint | null =>
  application.amountFrom === null ? null : toUnits(application.amountFrom, RECEIVING_USE_DECIMALS, 'up');

/**
 * The system's pick for an application's instructions: of the pooled templates that fit it, are
 * in rotation, are not in `passedOver` (taken by others meanwhile in this request) and have room
 * today and this month for its amount, the one picked longest ago (never picked first, then the
 * oldest). `none` when no template in rotation fits at all, `full` when all that fit are full.
 */
export async function pickReceivingDetail(
  application: ApplicationRecord,
  periods: PoolPeriods,
  passedOver: ReadonlySet<string>,
): Promise<PoolTemplate | 'none' | 'full'> {
  const units = poolUnitsOf(application);
  const facts = { assetFrom: application.assetFrom, city: application.city };
  // An individual request names no amount: the pool cannot count it, so staff choose.
  if (units === null || application.assetFrom === null) return 'none';
  const fitting = (await listPaymentTemplates())
    .filter(isPooled)
    .filter((each) => each.availability === 'rotation' && templateFits(each, facts));
  if (fitting.length === 0) return 'none';
  const open = fitting.filter((each) => !passedOver.has(each.id));
  const usageOf = await readReceivingUse(
    open.map((each) => each.id),
    [receivingPeriod.day(periods.day), receivingPeriod.month(periods.month)],
  );
  const withRoom = open.filter((each) => {
    const limits = periodLimits(each.limits);
    return (
      roomIn(usageOf(each.id, receivingPeriod.day(periods.day)), limits.day, units) &&
      roomIn(usageOf(each.id, receivingPeriod.month(periods.month)), limits.month, units)
    );
  });
  const order = (each: PoolTemplate) => `${each.lastPickedAt ?? ''} ${each.createdAt} ${each.id}`;
  return withRoom.sort((a, b) => order(a).localeCompare(order(b)))[0] ?? 'full';
}

/** The parts of a transaction whose condition failing means the detail was full, paused or edited. */
export const POOL_PARTS = ['templateUsed', 'poolDay', 'poolMonth'] as const;

/**
 * The instructions' take of a pooled template: +1 deal and the pick's time on the template
 * (conditional on its version and not being paused) and, when the deal names an amount, the
 * amount and the deal on today and this month, each conditional on its limits; with the count to
 * keep on the instructions (null: no amount, nothing counted).
 */
export function poolTake(
  template: PoolTemplate,
  application: ApplicationRecord,
  periods: PoolPeriods,
  at: string,
): { parts: TransactionPart[]; poolUse: PoolUse | null } {
  const parts: TransactionPart[] = [
    { name: 'templateUsed', item: poolTemplateTake(template.id, template.version, at) },
  ];
  const units = poolUnitsOf(application);
  if (units === null) return { parts, poolUse: null };
  const limits = periodLimits(template.limits);
  const day = receivingPeriod.day(periods.day);
  const month = receivingPeriod.month(periods.month);
  parts.push(
    { name: 'poolDay', item: receivingUseTake(template.id, day, units, limits.day, periods.dayExpires) },
    {
      name: 'poolMonth',
      item: receivingUseTake(template.id, month, units, limits.month, periods.monthExpires),
    },
  );
  return {
    parts,
    poolUse: { templateId: template.id, day: periods.day, month: periods.month, units: String(units) },
  };
}

/**
 * A deal's count given back (-1: it ended with nothing received, or its instructions moved to
 * another detail) or taken again (+1: money came for it after all). Unconditional: giving back
 * passes no limit, and money taken again has already arrived on that detail.
 */
export function poolMoveParts(poolUse: PoolUse | null | undefined, sign: 1 | -1): TransactionPart[] {
  if (!poolUse) return [];
  const units = BigInt(poolUse.units);
  // The items exist (the take wrote them): their expiry is kept (if_not_exists).
  return [
    {
      name: 'poolDay',
      item: receivingUseMove(poolUse.templateId, receivingPeriod.day(poolUse.day), units, sign, 0),
    },
    {
      name: 'poolMonth',
      item: receivingUseMove(poolUse.templateId, receivingPeriod.month(poolUse.month), units, sign, 0),
    },
  ];
}

/** A deal that ended without completing; a pool count it holds is given back if nothing was received. */
const givesBack = (status: ApplicationStatus) => isTerminal(status) && !settledIn(status);

/**
 * What a status move does to the deal's pool count: -1 when it ends without completing and nothing
 * was received, +1 when such a deal opens again (money came after all), else nothing.
 */
export function poolCountChange(
  application: ApplicationRecord,
  from: ApplicationStatus,
  to: ApplicationStatus,
): 1 | -1 | null {
  if (!application.instructions?.poolUse) return null;
  if (compare(moneyOf(application).received, 0) !== 0) return null;
  if (!givesBack(from) && givesBack(to)) return -1;
  if (givesBack(from) && !givesBack(to)) return 1;
  return null;
}

/** Whether `used` has reached POOL_ALERT_PERCENT of `limit`. */
const nearLimit = (used: bigint, limit: bigint | number | null) =>
  limit !== null && used * 100n >= BigInt(limit) * POOL_ALERT_PERCENT;

const ALERT_TEXT: Record<Language, { title: (label: string) => string; message: (facts: string) => string }> =
  {
    en: {
      title: (label) => `Receiving detail near its limit: ${label}`,
      message: (facts) =>
        `${facts}. The system picks another detail once it is full: raise its limits or add a detail in Admin → Payment details.`,
    },
    ru: {
      title: (label) => `Реквизиты близки к лимиту: ${label}`,
      message: (facts) =>
        `${facts}. Когда лимит исчерпан, система выбирает другие реквизиты: поднимите лимиты или добавьте реквизиты в разделе «Админ → Реквизиты».`,
    },
  };

const FACT_TEXT: Record<Language, Record<'day' | 'month', (used: string, limit: string) => string>> = {
  en: {
    day: (used, limit) => `today ${used} of ${limit}`,
    month: (used, limit) => `this month ${used} of ${limit}`,
  },
  ru: {
    day: (used, limit) => `сегодня ${used} из ${limit}`,
    month: (used, limit) => `в этом месяце ${used} из ${limit}`,
  },
};

const DEALS: Record<Language, string> = { en: 'deals', ru: 'сделок' };

/**
 * After instructions counted on a detail (their transaction committed): when today's or this
 * month's use has reached POOL_ALERT_PERCENT of a limit, every active staff member is notified,
 * once a period per detail (the alert's mark is a conditional Put). A failure is logged: the
 * instructions stand.
 */
export async function alertIfNearLimit(
  template: PoolTemplate,
  periods: PoolPeriods,
  now: Date,
): Promise<void> {
  try {
    const limits = periodLimits(template.limits);
    const currency = template.kind === 'usdt' ? 'USDT' : template.currency;
    const dayPeriod = receivingPeriod.day(periods.day);
    const monthPeriod = receivingPeriod.month(periods.month);
    const usageOf = await readReceivingUse([template.id], [dayPeriod, monthPeriod]);
    for (const [kind, period, expires] of [
      ['day', dayPeriod, periods.dayExpires],
      ['month', monthPeriod, periods.monthExpires],
    ] as const) {
      const use = usageOf(template.id, period);
      const limit = limits[kind];
      const amountNear = limit.units !== null && nearLimit(use.units, limit.units);
      const dealsNear = nearLimit(BigInt(use.deals), limit.deals);
      if (!amountNear && !dealsNear) continue;
      if (!(await markReceivingAlert(template.id, period, expires))) continue;
      const facts = (language: Language) =>
        [
          amountNear &&
            FACT_TEXT[language][kind](
              `${figure(use.units)} ${currency}`,
              `${figure(limit.units ?? 0n)} ${currency}`,
            ),
          dealsNear && FACT_TEXT[language][kind](`${use.deals}`, `${limit.deals} ${DEALS[language]}`),
        ]
          .filter(Boolean)
          .join('; ');
      await notifyStaff(template, facts, now);
    }
  } catch (error) {
    logger.error('receiving detail alert check failed', {
      templateId: template.id,
      error: (error as Error).message,
    });
  }
}

/** An amount in 10^-6 units as its shortest decimal text. */
const figure = (units: bigint) => unitsText(units, RECEIVING_USE_DECIMALS).replace(/\.?0+$/, '');

async function notifyStaff(template: PoolTemplate, facts: (language: Language) => string, now: Date) {
  const at = now.toISOString();
  const notices = (await listActiveStaff()).map((member) => {
    const language = member.language ?? DEFAULT_LANGUAGE;
    const text = ALERT_TEXT[language];
    return notificationPuts({
      id: newNotificationId(now),
      userId: member.id,
      type: 'RECEIVING_NEAR_LIMIT',
      templateId: template.id,
      title: text.title(template.label),
      message: text.message(`${template.label}: ${facts(language)}`),
      isRead: false,
      createdAt: at,
    });
  });
  // Each notification is 2 items: 50 a transaction.
  for (let start = 0; start < notices.length; start += 50) {
    await transactWrite(notices.slice(start, start + 50).flat());
  }
}
