import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Fields of a per-day statistics item (STATS#DAY/{yyyy-mm-dd}). */
export type DailyStatField = 'newUsers' | 'createdApplications' | 'completedApplications';

/**
 * A transaction item that adds `by` to one field of the day's statistics, so the dashboard's
 * figures move in the same transaction as the event they count.
 */
export function incrementDailyStat(day: Date, field: DailyStatField, by = 1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.dailyStats(day),
      UpdateExpression: 'ADD #field :by',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

/** A transaction item that adds `by` to the number of registered users (STATS#USERS/TOTAL). */
export function incrementUsersCounter(by = 1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.usersCounter,
      UpdateExpression: 'ADD #total :by',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

/** Application status counters are spread over shards so concurrent status changes rarely collide. */
export const STATUS_COUNTER_SHARDS = 8;

function addExpression(deltas: Record<string, number>) {
  const entries = Object.entries(deltas).filter(([, by]) => by !== 0);
  return {
    UpdateExpression: `ADD ${entries.map((_, index) => `#f${index} :v${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([field], index) => [`#f${index}`, field])),
    ExpressionAttributeValues: Object.fromEntries(
      entries.map(([, by], index) => [`:v${index}`, by]),
    ) as Record<string, unknown>,
  };
}

/**
 * Adds to the global per-status application counts (fields named by status, plus `total`) on one
 * random shard of STATS#APPS; readers sum the shards.
 */
export function adjustApplicationStatusCounts(deltas: Record<string, number>): TransactItem {
  const shard = Math.floor(Math.random() * STATUS_COUNTER_SHARDS);
  return {
    Update: { TableName: tableName, Key: keys.applicationStatusShard(shard), ...addExpression(deltas) },
  };
}

/**
 * Adds to one user's application counts (per status, `total`, `openCount`). With `maxOpen`, the
 * update only applies while the user holds fewer open applications than that.
 */
export function adjustUserApplicationStats(
  userId: string,
  deltas: Record<string, number>,
  options: { maxOpen?: number } = {},
): TransactItem {
  const expression = addExpression(deltas);
  if (options.maxOpen === undefined) {
    return { Update: { TableName: tableName, Key: keys.userApplicationStats(userId), ...expression } };
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.userApplicationStats(userId),
      ...expression,
      ConditionExpression: 'attribute_not_exists(openCount) OR openCount < :maxOpen',
      ExpressionAttributeValues: { ...expression.ExpressionAttributeValues, ':maxOpen': options.maxOpen },
    },
  };
}

function numericFields(item: Record<string, unknown> | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [field, value] of Object.entries(item ?? {})) {
    if (typeof value === 'number') counts[field] = value;
  }
  return counts;
}

/** The global per-status counts and `total` (one Query over the shards, access pattern 17). */
export async function readApplicationStatusCounts(): Promise<Record<string, number>> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.applicationStatusPartition },
      ConsistentRead: true,
    }),
  );
  const counts: Record<string, number> = {};
  for (const item of Items ?? []) {
    for (const [field, value] of Object.entries(numericFields(item))) {
      counts[field] = (counts[field] ?? 0) + value;
    }
  }
  return counts;
}

/** One user's application counts (per status, `total`, `openCount`). */
export async function readUserApplicationStats(userId: string): Promise<Record<string, number>> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.userApplicationStats(userId), ConsistentRead: true }),
  );
  return numericFields(Item);
}

export interface DailyStats {
  date: string;
  newUsers: number;
  createdApplications: number;
  completedApplications: number;
}

/** Day buckets from `fromDay` to `toDay` inclusive (yyyy-mm-dd), missing days as zeros (pattern 7). */
export async function readDailyStats(fromDay: string, toDay: string): Promise<DailyStats[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.dailyStatsPartition, ':from': fromDay, ':to': toDay },
    }),
  );
  const byDay = new Map((Items ?? []).map((item) => [String(item.sk), item]));
  const days: DailyStats[] = [];
  for (let day = new Date(`${fromDay}T00:00:00Z`); ; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (date > toDay) break;
    const item = byDay.get(date);
    days.push({
      date,
      newUsers: Number(item?.newUsers ?? 0),
      createdApplications: Number(item?.createdApplications ?? 0),
      completedApplications: Number(item?.completedApplications ?? 0),
    });
  }
  return days;
}
