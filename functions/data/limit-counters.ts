import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { exactDb, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The amounts the verification tiers' limits count (keys.ts pattern 52, docs/architecture.md §4
 * "Limits"): per subject — `USER#{id}`, `IP#{address}`, `CARD#{key}` — and business day, the total
 * in cents (an integer: exact, written from a bigint, read back as its decimal text by exactDb), and
 * per subject a version every counted application moves, so a 30-day sum read before a write is
 * known to be still true at the write.
 */

/** A day's total stays 40 days: the 30-day window reads none older. */
const DAY_RETENTION_SECONDS = 40 * 86_400;

export const limitSubject = {
  user: (userId: string) => `USER#${userId}`,
  ip: (address: string) => `IP#${address}`,
  card: (cardKey: string) => `CARD#${cardKey}`,
};

/** What a subject has used: the version read first, then each day's total (cents) from `fromDay` to `toDay`. */
export interface LimitUsage {
  version: number;
  days: Map<string, bigint>;
}

const exact = (value: unknown): bigint =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;

/**
 * A subject's usage, read consistently: the version before the days, so a change between the two
 * reads leaves the days newer than the version, and the write conditional on that version fails.
 */
export async function readLimitUsage(subject: string, fromDay: string, toDay: string): Promise<LimitUsage> {
  const { Item } = await exactDb.send(
    new GetCommand({ TableName: tableName, Key: keys.limitVersion(subject), ConsistentRead: true }),
  );
  const days = new Map<string, bigint>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await exactDb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.limitPartition(subject),
          ':from': keys.limitDay(subject, fromDay).sk,
          ':to': keys.limitDay(subject, toDay).sk,
        },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) days.set(String(item.sk).slice('DAY#'.length), exact(item.total));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { version: Number(exact(Item?.version)), days };
}

/**
 * Adds `cents` to the subject's day, conditional on the day's total staying within `limitCents`
 * (null: counted without a limit), so two writers cannot both pass a limit only one fits.
 */
export function limitDayAdd(
  subject: string,
  day: string,
  cents: bigint,
  limitCents: bigint | null,
  dayStart: Date,
): TransactItem {
  const expiresAt = Math.floor(dayStart.getTime() / 1000) + DAY_RETENTION_SECONDS;
  return {
    Update: {
      TableName: tableName,
      Key: keys.limitDay(subject, day),
      UpdateExpression: 'ADD #total :cents SET expiresAt = :expiresAt',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: {
        ':cents': cents,
        ':expiresAt': expiresAt,
        ...(limitCents === null ? {} : { ':most': limitCents - cents }),
      },
      ...(limitCents === null
        ? {}
        : { ConditionExpression: 'attribute_not_exists(#total) OR #total <= :most' }),
    },
  };
}

/** Moves the subject's version on, conditional on it being the one read (0: never written). */
export function limitVersionMove(subject: string, readVersion: number): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.limitVersion(subject),
      UpdateExpression: 'ADD #version :one',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':one': 1, ...(readVersion === 0 ? {} : { ':read': readVersion }) },
      ConditionExpression: readVersion === 0 ? 'attribute_not_exists(#version)' : '#version = :read',
    },
  };
}

/**
 * Moves the subject's day by `cents` without a condition: a deal that ends without completing gives
 * its amount back (negative: a lower total breaks no limit, and a 30-day sum read before it only
 * errs high), and one that comes back to life (a late payment) takes it again, its money already
 * sent (docs/decisions.md).
 */
export function limitDayMove(subject: string, day: string, cents: bigint, dayStart: Date): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.limitDay(subject, day),
      UpdateExpression: 'ADD #total :cents SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: {
        ':cents': cents,
        ':expiresAt': Math.floor(dayStart.getTime() / 1000) + DAY_RETENTION_SECONDS,
      },
    },
  };
}
