import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem } from './transactions';

/**
 * `armed`: staff will be alerted when the amount falls below the alert level; `alerted`: they were,
 * for this crossing, and will be again only after the amount is back at or above the level.
 */
export type AlertState = 'armed' | 'alerted';

/** What the office holds of one currency (pattern 29). */
export interface ReserveRecord {
  code: string;
  amount: number;
  alertLevel: number;
  alertState: AlertState;
  /** When the current crossing was alerted; null while armed. */
  alertedAt: string | null;
  /** Moves on every change of the amount or level, so staff's write cannot undo a completion's. */
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  /**
   * When the books took this currency over (the carry-over opened its accounts): from then on its
   * reserve is the balance of the office accounts that pay it out, and `amount` is no longer moved.
   */
  bookedAt: string | null;
}

/** A reserve as seeded: not yet taken over by the books. */
export function reserveItem(record: Omit<ReserveRecord, 'bookedAt'>) {
  return { ...keys.reserve(record.code), kind: 'reserve', ...record };
}

export function toReserve(item: Record<string, unknown>): ReserveRecord {
  const { code, amount, alertLevel, alertState, alertedAt, version, updatedAt, updatedBy, bookedAt } =
    item as unknown as ReserveRecord;
  return {
    code,
    amount: Number(amount),
    alertLevel: Number(alertLevel),
    alertState: alertState === 'alerted' ? 'alerted' : 'armed',
    alertedAt: alertedAt ?? null,
    version: Number(version ?? 0),
    updatedAt,
    updatedBy: updatedBy ?? null,
    bookedAt: bookedAt ?? null,
  };
}

/** Every reserve (pattern 29): about 50 small items in the rates partition, one page, read consistently (staff screens). */
export async function readReserves(): Promise<ReserveRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.ratesPartition, ':prefix': keys.reserveSortKeyPrefix },
    ConsistentRead: true,
  });
  return items.map(toReserve);
}

/** The reserves of some currencies, by code (one BatchGetItem; absent codes are not tracked). */
export async function findReserves(
  codes: string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, ReserveRecord>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const { Responses } = await db.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: unique.map(keys.reserve), ConsistentRead: options.consistent === true },
      },
    }),
  );
  return new Map((Responses?.[tableName] ?? []).map((item) => [String(item.code), toReserve(item)]));
}

/**
 * Staff's amount and alert level of a currency, conditional on the version they were read at (or
 * on the reserve not existing yet), so a completion that moved it meanwhile is not overwritten.
 * The alert state is kept: only the alert check (alertFlip) changes it.
 */
export function reserveSet(
  change: { code: string; amount: number; alertLevel: number; at: string; by: string },
  previousVersion: number | null,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.reserve(change.code),
      UpdateExpression:
        'SET #kind = :kind, #code = :code, #amount = :amount, alertLevel = :level, updatedAt = :at, updatedBy = :by, ' +
        'alertState = if_not_exists(alertState, :armed), alertedAt = if_not_exists(alertedAt, :null) ADD version :one',
      ConditionExpression: previousVersion === null ? 'attribute_not_exists(pk)' : 'version = :version',
      ExpressionAttributeNames: { '#kind': 'kind', '#code': 'code', '#amount': 'amount' },
      ExpressionAttributeValues: {
        ':kind': 'reserve',
        ':code': change.code,
        ':amount': change.amount,
        ':level': change.alertLevel,
        ':at': change.at,
        ':by': change.by,
        ':armed': 'armed',
        ':null': null,
        ':one': 1,
        ...(previousVersion === null ? {} : { ':version': previousVersion }),
      },
    },
  };
}

/**
 * Adds `delta` to a reserve in a completing transaction. A payout (negative delta) is conditional
 * on the reserve holding at least what is paid, so concurrent completions cannot take it below 0.
 */
export function reserveMove(code: string, delta: number): TransactItem {
  const payout = delta < 0;
  return {
    Update: {
      TableName: tableName,
      Key: keys.reserve(code),
      UpdateExpression: 'ADD #amount :delta, version :one',
      ConditionExpression: payout ? 'attribute_exists(pk) AND #amount >= :paid' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#amount': 'amount' },
      ExpressionAttributeValues: { ':delta': delta, ':one': 1, ...(payout ? { ':paid': -delta } : {}) },
    },
  };
}

/**
 * The flip of the alert state (once per crossing): to `alerted` only while the amount is below the
 * level and the state is armed; back to `armed` only once the amount is at or above it again. Of
 * two writers seeing the same crossing, one flips and the other's condition fails. A booked
 * currency's amount is its accounts', not on the item: the caller read it, and the flip is
 * conditional on the state alone (and on the item being booked still).
 */
export function alertFlip(code: string, to: AlertState, at: string, booked = false): TransactItem {
  const alerting = to === 'alerted';
  const onAmount = alerting ? '#amount < alertLevel' : '#amount >= alertLevel';
  return {
    Update: {
      TableName: tableName,
      Key: keys.reserve(code),
      UpdateExpression: 'SET alertState = :to, alertedAt = :at',
      ConditionExpression: `${booked ? 'attribute_exists(bookedAt)' : onAmount} AND alertState = :from`,
      ...(booked ? {} : { ExpressionAttributeNames: { '#amount': 'amount' } }),
      ExpressionAttributeValues: {
        ':to': to,
        ':from': alerting ? 'armed' : 'alerted',
        ':at': alerting ? at : null,
      },
    },
  };
}

/** Re-arms a reserve's alert (a single conditional Update); false when its condition no longer holds. */
export async function rearmAlert(code: string, at: string, booked = false): Promise<boolean> {
  const { Update } = alertFlip(code, 'armed', at, booked);
  try {
    await db.send(new UpdateCommand(Update!));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The carry-over's mark that the books hold this currency now: once (a second run finds it set). */
export function reserveBookedMark(code: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.reserve(code),
      UpdateExpression: 'SET bookedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(bookedAt)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}
