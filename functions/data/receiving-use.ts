import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch-get';
import { db, exactDb, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * What came in on each receiving detail of the pool (keys.ts pattern 55): per template, one item
 * per business day (`DAY#2026-11-30`) and one per calendar month (`MONTH#2026-11`), each with the
 * amount told in 10^-6 units of the detail's currency (exact: a bigint, read back as text) and the
 * number of deals. The instructions' transaction ADDs to both, conditional on each limit, so two
 * staff issuing at once cannot both pass a limit only one fits.
 */

/** The unit of the amounts: 10^-6 of the detail's currency (USDT's own precision; fiat has 2). */
export const RECEIVING_USE_DECIMALS = 6;

/** A day's item stays 40 days, a month's 400: the staff screens read today's and this month's only. */
const RETENTION_SECONDS = { day: 40 * 86_400, month: 400 * 86_400 };

export const receivingPeriod = {
  day: (day: string) => `DAY#${day}`,
  month: (month: string) => `MONTH#${month}`,
};

export interface ReceivingUse {
  /** The amount, in 10^-6 units. */
  units: bigint;
  deals: number;
}

const NONE: ReceivingUse = { units: 0n, deals: 0 };
const exact = (value: unknown): bigint =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;

/** Each template's use in each period asked for, by `${templateId} ${period}`; none used reads as 0. */
export async function readReceivingUse(
  templateIds: readonly string[],
  periods: readonly string[],
): Promise<(templateId: string, period: string) => ReceivingUse> {
  const wanted = templateIds.flatMap((id) => periods.map((period) => keys.receivingUse(id, period)));
  const items = await batchGetAll(wanted, exactDb);
  const found = new Map(
    items.map((item) => [
      `${item.pk} ${item.sk}`,
      { units: exact(item.amount), deals: Number(exact(item.deals)) },
    ]),
  );
  return (templateId, period) => {
    const key = keys.receivingUse(templateId, period);
    return found.get(`${key.pk} ${key.sk}`) ?? NONE;
  };
}

/** A period's limits for one deal's take (the amount in 10^-6 units); null: no limit. */
export interface PeriodLimits {
  units: bigint | null;
  deals: number | null;
}

/**
 * One deal's take of a period: ADD its amount and 1 deal, conditional on neither going past its
 * limit (`used <= limit - this`), so the period's figures never exceed a limit under concurrency.
 */
export function receivingUseTake(
  templateId: string,
  period: string,
  units: bigint,
  limits: PeriodLimits,
  expiresAt: number,
): TransactItem {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':units': units, ':one': 1, ':expiresAt': expiresAt };
  if (limits.units !== null) {
    conditions.push('(attribute_not_exists(amount) OR amount <= :mostUnits)');
    values[':mostUnits'] = limits.units - units;
  }
  if (limits.deals !== null) {
    conditions.push('(attribute_not_exists(deals) OR deals <= :mostDeals)');
    values[':mostDeals'] = limits.deals - 1;
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.receivingUse(templateId, period),
      UpdateExpression: 'ADD amount :units, deals :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeValues: values,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
}

/**
 * A deal's amount and deal given back (`sign` -1: it ended with nothing received) or taken again
 * without a condition (+1: money came after all, and it already came to this detail).
 */
export function receivingUseMove(
  templateId: string,
  period: string,
  units: bigint,
  sign: 1 | -1,
  expiresAt: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.receivingUse(templateId, period),
      UpdateExpression:
        'ADD amount :units, deals :deals SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeValues: {
        ':units': units * BigInt(sign),
        ':deals': sign,
        ':expiresAt': expiresAt,
      },
    },
  };
}

/** The TTL of a period's item that starts at `start`. */
export const receivingUseExpiry = (kind: 'day' | 'month', start: Date) =>
  Math.floor(start.getTime() / 1000) + RETENTION_SECONDS[kind];

/**
 * Marks a period's near-limit alert as sent: true for the one caller that marks it first, so staff
 * are alerted once a period per detail however many deals cross at once.
 */
export async function markReceivingAlert(
  templateId: string,
  period: string,
  expiresAt: number,
): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.receivingUseAlert(templateId, period), expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
