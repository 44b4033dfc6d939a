import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';

/**
 * Fixed-window counters (THROTTLE#{rule}#{subject}/{window start}), one-per-spacing limits
 * (THROTTLE#{rule}#{subject}/LAST) and the login attempts of one
 * account (LOGINFAIL#{subject}). Items expire through TTL; code compares times itself.
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

/**
 * Allows one hit per `spacingMs` since the last allowed one (THROTTLE#{rule}#{subject}/LAST): a
 * minimum spacing, where a fixed window of one would let two hits through either side of its edge.
 */
export async function hitSpacing(
  rule: string,
  subject: string,
  spacingMs: number,
  now = new Date(),
): Promise<WindowHit> {
  const at = now.getTime();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.throttleLastHit(rule, subject),
        UpdateExpression: 'SET lastAt = :at, expiresAt = :ttl',
        ConditionExpression: 'attribute_not_exists(lastAt) OR lastAt <= :cutoff',
        ExpressionAttributeValues: {
          ':at': at,
          ':cutoff': at - spacingMs,
          ':ttl': Math.ceil((at + spacingMs) / 1000) + 60,
        },
      }),
    );
    return { allowed: true, retryAfterSeconds: Math.ceil(spacingMs / 1000) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.throttleLastHit(rule, subject),
        ConsistentRead: true,
      }),
    );
    const last = Number(Item?.lastAt ?? at);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((last + spacingMs - at) / 1000)) };
  }
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
    if (!isConditionFailure(error)) throw error;
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

export type LoginAttempt =
  | { allowed: true /** 1 for the first attempt of the current run. */; attempt: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Books one login attempt of a subject (LOGINFAIL#{subject}) before its password is checked, so
 * parallel guesses cannot run past the limit: at most `maxAttempts` attempts in a run that began
 * within `windowMs`, none while the subject is locked. A correct password clears the run.
 */
export async function reserveLoginAttempt(
  subject: string,
  options: { windowMs: number; maxAttempts: number; now: Date },
): Promise<LoginAttempt> {
  const now = options.now.getTime();
  const key = keys.loginFailures(subject);
  const floor = now - options.windowMs;
  for (let contention = 0; contention < 5; contention += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression:
            'windowStart > :floor AND attempts < :max AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)',
          ExpressionAttributeValues: { ':one': 1, ':floor': floor, ':max': options.maxAttempts, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { allowed: true, attempt: Number(Attributes?.attempts) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // No run, or only an ended one (a lock ends in a fresh run): this attempt starts a new run.
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key,
            attempts: 1,
            windowStart: now,
            expiresAt: Math.ceil((now + options.windowMs) / 1000),
          },
          ConditionExpression:
            'attribute_not_exists(pk) OR (windowStart <= :floor AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now))',
          ExpressionAttributeValues: { ':floor': floor, ':now': now },
        }),
      );
      return { allowed: true, attempt: 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    if (Item && Number(Item.lockedUntil ?? 0) > now) {
      return { allowed: false, retryAfterSeconds: (Number(Item.lockedUntil) - now) / 1000 };
    }
    if (Item && Number(Item.windowStart) > floor && Number(Item.attempts) >= options.maxAttempts) {
      return {
        allowed: false,
        retryAfterSeconds: (Number(Item.windowStart) + options.windowMs - now) / 1000,
      };
    }
    // The item changed between the writes and the read: book again.
  }
  throw new Error('Could not book the login attempt under contention');
}

/**
 * Locks the subject for `lockMs` once its run is full (the failed attempt that filled it calls
 * this). The lock starts a fresh run, so after it ends the account gets the full number of tries.
 * A correct password that cleared the run meanwhile leaves nothing to lock.
 */
export async function lockLoginSubject(
  subject: string,
  options: { maxAttempts: number; lockMs: number; now: Date },
): Promise<void> {
  const now = options.now.getTime();
  const lockedUntil = now + options.lockMs;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.loginFailures(subject),
        UpdateExpression: 'SET attempts = :zero, windowStart = :now, lockedUntil = :until, expiresAt = :ttl',
        ConditionExpression: 'attempts >= :max',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':now': now,
          ':until': lockedUntil,
          ':ttl': Math.ceil(lockedUntil / 1000),
          ':max': options.maxAttempts,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function clearLoginFailures(subject: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.loginFailures(subject) }));
}
