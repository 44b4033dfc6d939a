import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Fixed-window counters (THROTTLE#{rule}#{subject}/{window start}) and the login-failure state
 * of one account (LOGINFAIL#{subject}). Items expire through TTL; code compares times itself.
 */
export interface WindowHit {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

function windowOf(now: Date, windowMs: number) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** Counts one hit in the current window unless the window already holds `limit` hits. */
export async function hitWindow(
  rule: string,
  subject: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<WindowHit> {
  const { start, end } = windowOf(now, windowMs);
  const retryAfterSeconds = Math.ceil((end - now.getTime()) / 1000);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.throttleBucket(rule, subject, start),
        UpdateExpression: 'ADD hits :one SET expiresAt = :ttl',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.ceil(end / 1000) + 60 },
      }),
    );
    return { allowed: true, retryAfterSeconds };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { allowed: false, retryAfterSeconds };
  }
}

/** The hits of the current window, without counting one. */
export async function windowHits(
  rule: string,
  subject: string,
  windowMs: number,
  now = new Date(),
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const { start, end } = windowOf(now, windowMs);
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.throttleBucket(rule, subject, start) }),
  );
  return { hits: Number(Item?.hits ?? 0), retryAfterSeconds: Math.ceil((end - now.getTime()) / 1000) };
}

/** Adds one hit to the current window, without a limit (counting failures). */
export async function addWindowHit(rule: string, subject: string, windowMs: number, now = new Date()) {
  const { start, end } = windowOf(now, windowMs);
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.throttleBucket(rule, subject, start),
      UpdateExpression: 'ADD hits :one SET expiresAt = :ttl',
      ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil(end / 1000) + 60 },
    }),
  );
}

export interface LoginFailureState {
  failures: number;
  /** Epoch ms of the first failure of the current run. */
  windowStart: number;
  /** Epoch ms until which the account refuses every login, if locked. */
  lockedUntil?: number;
}

export async function findLoginFailures(subject: string): Promise<LoginFailureState | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.loginFailures(subject), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    failures: Number(Item.failures ?? 0),
    windowStart: Number(Item.windowStart ?? 0),
    lockedUntil: Item.lockedUntil === undefined ? undefined : Number(Item.lockedUntil),
  };
}

/**
 * Records one failed login: counts it in the run that began within `windowMs`, or starts a new
 * run; reaching `maxFailures` locks the subject for `lockMs`. Returns the state after the write.
 */
export async function recordLoginFailure(
  subject: string,
  options: { windowMs: number; maxFailures: number; lockMs: number; now?: Date },
): Promise<LoginFailureState> {
  const now = (options.now ?? new Date()).getTime();
  const key = keys.loginFailures(subject);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ConditionExpression: 'windowStart > :floor',
          ExpressionAttributeValues: { ':one': 1, ':floor': now - options.windowMs },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const failures = Number(Attributes?.failures ?? 1);
      if (failures < options.maxFailures) {
        return { failures, windowStart: Number(Attributes?.windowStart), lockedUntil: undefined };
      }
      const lockedUntil = now + options.lockMs;
      // The lock starts a fresh run: after it ends the account gets the full number of tries again.
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key,
            failures: 0,
            windowStart: now,
            lockedUntil,
            expiresAt: Math.ceil(lockedUntil / 1000),
          },
        }),
      );
      return { failures, windowStart: now, lockedUntil };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key,
            failures: 1,
            windowStart: now,
            expiresAt: Math.ceil((now + options.windowMs) / 1000),
          },
          ConditionExpression:
            'attribute_not_exists(pk) OR (windowStart <= :floor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now))',
          ExpressionAttributeValues: { ':floor': now - options.windowMs, ':now': now },
        }),
      );
      return { failures: 1, windowStart: now };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error('Could not record the login failure under contention');
}

export async function clearLoginFailures(subject: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.loginFailures(subject) }));
}
