import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { type Role, STAFF_ROLES } from '@shared/enums';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';
import { type UserRecord, userFromItem } from './users';

/**
 * The staff API's reads and writes of users beyond `users.ts`: listing through the users index
 * (gsi1, newest first) or the role index (gsi2), counts, active staff, and the transaction items
 * that keep staff actions honest. Access patterns 8 and 24–26 of keys.ts; no Scan.
 */

/** Which index partition a listing walks: every user, or the users of one role. */
export type UserSource = { kind: 'all' } | { kind: 'role'; role: Role };

function sourceQuery(
  source: UserSource,
): Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'> {
  return source.kind === 'all'
    ? {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersIndexPartition },
      }
    : {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersOfRole(source.role) },
      };
}

/** Query pages of at most this many items, so one call never reads far beyond what it needs. */
const QUERY_PAGE = 500;

/**
 * Reads `take` users after skipping `skip`, in index order (createdAt). Skipping reads only the
 * keys (ProjectionExpression) but still costs capacity, so callers walk from the nearer end.
 */
export async function readUsersInOrder(
  source: UserSource,
  options: { ascending: boolean; skip: number; take: number },
): Promise<UserRecord[]> {
  const base = { TableName: tableName, ...sourceQuery(source), ScanIndexForward: options.ascending };
  let startKey: Record<string, unknown> | undefined;
  for (let toSkip = options.skip; toSkip > 0; ) {
    const page = await db.send(
      new QueryCommand({
        ...base,
        Limit: Math.min(toSkip, QUERY_PAGE),
        ProjectionExpression: '#pk',
        ExpressionAttributeNames: { '#pk': 'pk' },
        ExclusiveStartKey: startKey,
      }),
    );
    toSkip -= page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const users: UserRecord[] = [];
  while (users.length < options.take) {
    const page = await db.send(
      new QueryCommand({ ...base, Limit: options.take - users.length, ExclusiveStartKey: startKey }),
    );
    users.push(...(page.Items ?? []).map(userFromItem));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  return users;
}

export interface UserFilter {
  isActive?: boolean;
  emailVerified?: boolean;
  /** Lower-cased text looked for in the email and the username. */
  search?: string;
  /** The search as typed, without a leading `@`, looked for in the Telegram contact. */
  telegram?: string;
}

/**
 * The users of a source matching a filter among its newest `window` users (FilterExpression on
 * bounded Query pages). `exhausted` says whether the window reached the end of the source.
 */
export async function findUsersInWindow(
  source: UserSource,
  filter: UserFilter,
  window: number,
): Promise<{ users: UserRecord[]; exhausted: boolean }> {
  const base = sourceQuery(source);
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ...base.ExpressionAttributeValues };
  if (filter.isActive !== undefined) {
    conditions.push('isActive = :isActive');
    values[':isActive'] = filter.isActive;
  }
  if (filter.emailVerified !== undefined) {
    conditions.push('emailVerified = :emailVerified');
    values[':emailVerified'] = filter.emailVerified;
  }
  if (filter.search) {
    const telegram = filter.telegram ? ' OR contains(telegramId, :telegram)' : '';
    conditions.push(`(contains(email, :search) OR contains(usernameLower, :search)${telegram})`);
    values[':search'] = filter.search;
    if (filter.telegram) values[':telegram'] = filter.telegram;
  }
  const users: UserRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        ...base,
        ExpressionAttributeValues: values,
        FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
        ScanIndexForward: false,
        Limit: Math.min(window - read, QUERY_PAGE),
        ExclusiveStartKey: startKey,
      }),
    );
    read += page.ScannedCount ?? 0;
    users.push(...(page.Items ?? []).map(userFromItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey && read < window);
  return { users, exhausted: !startKey };
}

/** Users holding one role: a COUNT Query on the role index (meant for the small staff roles). */
export async function countUsersOfRole(role: Role): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        ...sourceQuery({ kind: 'role', role }),
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Every active MANAGER, ADMIN and SUPER_ADMIN (one Query per staff role on the role index). */
export async function listActiveStaff(): Promise<UserRecord[]> {
  const perRole = await Promise.all(
    STAFF_ROLES.map(async (role) => {
      const staff: UserRecord[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const base = sourceQuery({ kind: 'role', role });
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            ...base,
            FilterExpression: 'isActive = :true',
            ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ':true': true },
            ExclusiveStartKey: startKey,
          }),
        );
        staff.push(...(page.Items ?? []).map(userFromItem));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return staff;
    }),
  );
  return perRole.flat();
}

/**
 * A ConditionCheck that the acting staff member still holds the role that authorized the action
 * and is still active when the transaction commits. Besides refusing a just-demoted actor, this
 * is what keeps one active SUPER_ADMIN: a super admin can only be demoted or deactivated by
 * another one, whose own active SUPER_ADMIN status this check proves in the same transaction.
 */
export function actorStillEntitled(actor: { id: string; role: Role }): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(actor.id),
      ConditionExpression: '#role = :role AND isActive = :true',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': actor.role, ':true': true },
    },
  };
}

/**
 * Sets a user's referral count to 0, conditional on the count, role and isActive read (so the
 * count returned is exactly the one reset, and a concurrent change makes the transaction fail).
 */
export function resetReferralsUpdate(user: UserRecord, now: Date): TransactItem {
  const before = user.referralCount ?? 0;
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(user.id),
      UpdateExpression: 'SET referralCount = :zero, updatedAt = :now',
      ConditionExpression:
        '#role = :role AND isActive = :isActive AND ' +
        (before === 0
          ? '(attribute_not_exists(referralCount) OR referralCount = :before)'
          : 'referralCount = :before'),
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':now': now.toISOString(),
        ':role': user.role,
        ':isActive': user.isActive,
        ':before': before,
      },
    },
  };
}

/**
 * Completed applications per user, from each user's application stats item (USER#{id}/APPSTATS,
 * field COMPLETED, kept by the status transaction): one BatchGetItem for a page of users.
 */
export async function readCompletedApplicationCounts(userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += 100) {
    let requested: Record<string, unknown>[] | undefined = userIds
      .slice(start, start + 100)
      .map((id) => keys.userApplicationStats(id));
    while (requested && requested.length > 0) {
      const answer: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: requested, ProjectionExpression: 'pk, COMPLETED' } },
        }),
      );
      for (const item of answer.Responses?.[tableName] ?? []) {
        counts.set(String(item.pk).slice('USER#'.length), Number(item.COMPLETED ?? 0));
      }
      requested = answer.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return counts;
}
