import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The global counters (status counts, day buckets, number of users) are written by every
 * registration and application, so each is spread over this many items: a write ADDs on one
 * random shard, a reader sums the shards of one partition with one Query. Concurrent
 * transactions then rarely touch the same item (DynamoDB cancels a transaction that meets
 * another in progress on one of its items); docs/decisions.md has the estimate behind the number.
 */
export const COUNTER_SHARDS = 16;

const randomShard = () => Math.floor(Math.random() * COUNTER_SHARDS);

/** Fields of a per-day statistics item (STATS#DAY/{yyyy-mm-dd}#{shard}). */
export type DailyStatField = 'newUsers' | 'createdApplications' | 'completedApplications';

/**
 * A transaction item that adds `by` to one field of the business day's statistics (`day`
 * YYYY-MM-DD, on one random shard of it), so the dashboard's figures move in the same transaction
 * as the event they count.
 */
export function incrementDailyStat(day: string, field: DailyStatField, by = 1): TransactItem {
  return incrementDailyStats(day, { [field]: by });
}

/**
 * Several of a day's counters in one update of one shard: a transaction that counts two (a guest's
 * new account and its application) cannot update two random shards, which may be the same item.
 */
export function incrementDailyStats(
  day: string,
  deltas: Partial<Record<DailyStatField, number>>,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.dailyStatsShard(day, randomShard()),
      ...addExpression(deltas),
    },
  };
}

/** A transaction item that adds `by` to the number of registered users (one random shard of STATS#USERS). */
export function incrementUsersCounter(by = 1): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.usersCounterShard(randomShard()),
      UpdateExpression: 'ADD #total :by',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

/** `ADD` of each non-zero delta, by name (a rollup's exact bigints as a counter's numbers). */
export function addExpression(deltas: Readonly<Record<string, number | bigint>>) {
  const entries = Object.entries(deltas).filter(([, by]) => by !== 0 && by !== 0n);
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
  return {
    Update: {
      TableName: tableName,
      Key: keys.applicationStatusShard(randomShard()),
      ...addExpression(deltas),
    },
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

/** Each numeric field summed over the items (the shards of one counter). */
function sumFields(items: readonly Record<string, unknown>[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const item of items) {
    for (const [field, value] of Object.entries(numericFields(item))) {
      sums[field] = (sums[field] ?? 0) + value;
    }
  }
  return sums;
}

/** The sum of every shard of one counter partition (one Query: at most COUNTER_SHARDS small items, plus a pre-shard item). */
async function readShardedCounter(partition: string, consistent: boolean): Promise<Record<string, number>> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: consistent,
    }),
  );
  return sumFields(Items ?? []);
}

/** The global per-status counts and `total` (one Query over the shards, access pattern 17). */
export function readApplicationStatusCounts(): Promise<Record<string, number>> {
  return readShardedCounter(keys.applicationStatusPartition, true);
}

/**
 * Registered users (access pattern 25): the shards of STATS#USERS summed, with the item
 * STATS#USERS/TOTAL that counted them before the counter was sharded.
 */
export async function readUsersTotal(): Promise<number> {
  return (await readShardedCounter(keys.usersCounterPartition, false)).total ?? 0;
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

/**
 * Day buckets from `fromDay` to `toDay` inclusive (yyyy-mm-dd), missing days as zeros (pattern 7):
 * one Query over the days' shards, summed per day. The sort key BETWEEN `{from}` and `{to}#~`
 * also takes in a day's unsharded item `{yyyy-mm-dd}` written before the counter was sharded.
 */
export async function readDailyStats(fromDay: string, toDay: string): Promise<DailyStats[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.dailyStatsPartition,
        ':from': fromDay,
        ':to': keys.dailyStatsRangeEnd(toDay),
      },
    }),
  );
  const itemsByDay = new Map<string, Record<string, unknown>[]>();
  for (const item of Items ?? []) {
    const date = String(item.sk).slice(0, 10);
    itemsByDay.set(date, [...(itemsByDay.get(date) ?? []), item]);
  }
  const days: DailyStats[] = [];
  for (let day = new Date(`${fromDay}T00:00:00Z`); ; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (date > toDay) break;
    const sums = sumFields(itemsByDay.get(date) ?? []);
    days.push({
      date,
      newUsers: sums.newUsers ?? 0,
      createdApplications: sums.createdApplications ?? 0,
      completedApplications: sums.completedApplications ?? 0,
    });
  }
  return days;
}
