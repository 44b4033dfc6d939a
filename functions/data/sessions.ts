import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { type TransactItem, TransactionCancelledError, transactWrite } from './transactions';
import { type UserRecord, userFromItem } from './users';

/**
 * A session family: one login, its chain of rotated refresh tokens, and an absolute end. Access
 * tokens carry its id (`sid`), so revoking the family also refuses their requests at once.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  /** The user's sessionEpoch when the session began (or was re-confirmed by a password change). */
  epoch: number;
  currentTokenHash: string;
  createdAt: string;
  /** Absolute end of the family, epoch milliseconds; rotation never extends it. */
  endsAtMs: number;
  lastRotatedAt?: string;
  revokedAt?: string;
  revokedReason?: string;
}

/** One refresh token of a family, stored by the hash of the opaque value. */
export interface RefreshTokenRecord {
  tokenHash: string;
  sessionId: string;
  userId: string;
  issuedAt: string;
  rotatedAt?: string;
}

const ttlSeconds = (epochMs: number) => Math.ceil(epochMs / 1000);

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, expiresAt: _expiresAt, ...record } = item;
  return record as T;
}

/**
 * Starts a family with its first refresh token, only while the user is active and still on the
 * epoch the caller read (a login racing a password reset or deactivation starts nothing).
 */
export async function createSession(
  session: SessionRecord,
  firstToken: RefreshTokenRecord,
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.session(session.id),
            // The user's families, newest first (pattern 40: the security page), until revoked.
            ...keys.userSessionEntry(session.userId, session.createdAt, session.id),
            ...session,
            expiresAt: ttlSeconds(session.endsAtMs),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.refreshToken(firstToken.tokenHash),
            ...firstToken,
            expiresAt: ttlSeconds(session.endsAtMs),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      userStillOnEpoch(session.userId, session.epoch),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError) return false;
    throw error;
  }
}

function userStillOnEpoch(userId: string, epoch: number) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(userId),
      ConditionExpression: 'isActive = :true AND sessionEpoch = :epoch',
      ExpressionAttributeValues: { ':true': true, ':epoch': epoch },
    },
  };
}

export async function findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.refreshToken(tokenHash), ConsistentRead: true }),
  );
  return Item ? strip<RefreshTokenRecord>(Item) : undefined;
}

export async function findSession(sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.session(sessionId), ConsistentRead: true }),
  );
  return Item ? strip<SessionRecord>(Item) : undefined;
}

/**
 * Rotation as one transaction: the presented token becomes rotated (only if it was not yet), the
 * new token is stored, and the family's current hash moves from the old to the new one (only if
 * the family is unrevoked and still current). False when any condition failed: another request
 * rotated the same token first, or the family/user changed.
 */
export async function rotateRefreshToken(input: {
  session: SessionRecord;
  oldTokenHash: string;
  newToken: RefreshTokenRecord;
  now: Date;
}): Promise<boolean> {
  const { session, oldTokenHash, newToken, now } = input;
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName,
          Key: keys.refreshToken(oldTokenHash),
          UpdateExpression: 'SET rotatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(rotatedAt)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.refreshToken(newToken.tokenHash),
            ...newToken,
            expiresAt: ttlSeconds(session.endsAtMs),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: keys.session(session.id),
          UpdateExpression: 'SET currentTokenHash = :new, lastRotatedAt = :now',
          ConditionExpression:
            'currentTokenHash = :old AND attribute_not_exists(revokedAt) AND epoch = :epoch',
          ExpressionAttributeValues: {
            ':new': newToken.tokenHash,
            ':old': oldTokenHash,
            ':now': now.toISOString(),
            ':epoch': session.epoch,
          },
        },
      },
      userStillOnEpoch(session.userId, session.epoch),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError) return false;
    throw error;
  }
}

/** Marks a family revoked; the first reason is kept. A missing family is left alone. */
export async function revokeSession(sessionId: string, reason: string, now = new Date()): Promise<void> {
  await retryOnConflict(() => revokeOnce(sessionId, reason, now));
}

async function revokeOnce(sessionId: string, reason: string, now: Date): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.session(sessionId),
        UpdateExpression: 'SET revokedAt = :now, revokedReason = :reason REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':reason': reason },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * A staff revoke of one family as a transaction item (pattern 40): conditional on the family
 * existing, being this user's and not yet revoked, so it ends once; its index entry goes with it.
 */
export function sessionRevokeUpdate(
  session: { id: string; userId: string },
  reason: string,
  now: Date,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.session(session.id),
      UpdateExpression: 'SET revokedAt = :now, revokedReason = :reason REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND userId = :userId',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':reason': reason, ':userId': session.userId },
    },
  };
}

/** At most this many of a user's families are listed (a family lives 30 days; staff log in daily or so). */
const USER_SESSIONS_LIMIT = 100;

/**
 * A user's session families not revoked, newest first (pattern 40): ended ones (by the epoch or
 * their 30 days, until the TTL removes them) are among them, for the caller to tell apart.
 */
export async function listUserSessions(userId: string): Promise<SessionRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userSessionsIndex(userId) },
      ScanIndexForward: false,
      Limit: USER_SESSIONS_LIMIT,
    }),
  );
  return (Items ?? []).map((item) => strip<SessionRecord>(item));
}

/**
 * The authenticated-request check in one DynamoDB call: a BatchGetItem of the user and the
 * session (a retry only for keys DynamoDB reports unprocessed under throttling).
 */
export async function loadUserAndSession(
  userId: string,
  sessionId: string,
): Promise<{ user?: UserRecord; session?: SessionRecord }> {
  let requestKeys: Record<string, unknown>[] = [keys.user(userId), keys.session(sessionId)];
  const found: Record<string, unknown>[] = [];
  for (let attempt = 0; requestKeys.length > 0 && attempt < 4; attempt += 1) {
    const result = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requestKeys, ConsistentRead: true } } }),
    );
    found.push(...(result.Responses?.[tableName] ?? []));
    requestKeys = (result.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[]) ?? [];
  }
  if (requestKeys.length > 0) throw new Error('DynamoDB left keys unprocessed');
  const userItem = found.find((item) => item.sk === keys.user(userId).sk);
  const sessionItem = found.find((item) => item.sk === keys.session(sessionId).sk);
  return {
    user: userItem ? userFromItem(userItem) : undefined,
    session: sessionItem ? strip<SessionRecord>(sessionItem) : undefined,
  };
}

/** A plain write that meets a running transaction on the same item fails; it is safe to repeat. */
async function retryOnConflict(write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await write();
      return;
    } catch (error) {
      if ((error as Error).name !== 'TransactionConflictException' || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}
