import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { type TransactItem, TransactionCancelledError, transactWrite } from './transactions';

/** What a one-time token (emailed link) is for; also its sort key. */
export type TokenPurpose = 'verify-email' | 'reset-password';

/** A one-time token, stored only by the hash of the value that was mailed. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  purpose: TokenPurpose;
  userId: string;
  createdAt: string;
  /** Epoch ms after which the token is refused; the TTL attribute only cleans up later. */
  expiresAtMs: number;
  usedAt?: string;
}

export async function putOneTimeToken(token: OneTimeTokenRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.oneTimeToken(token.tokenHash, token.purpose),
        ...token,
        expiresAt: Math.ceil(token.expiresAtMs / 1000) + 24 * 60 * 60,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function findOneTimeToken(
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.oneTimeToken(tokenHash, purpose),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _ttl, ...record } = Item;
  return record as OneTimeTokenRecord;
}

/**
 * Uses a token and applies its effect on the user in one transaction: the token must still be
 * unused and unexpired, so two requests with the same link cannot both succeed. False when the
 * token (or the user) failed its condition.
 */
export async function consumeOneTimeToken(
  token: OneTimeTokenRecord,
  now: Date,
  userUpdate: {
    UpdateExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
    /** Added to `attribute_exists(pk)`: what the user item must still be for the effect to hold. */
    condition?: string;
  },
  extraItems: TransactItem[] = [],
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName,
          Key: keys.oneTimeToken(token.tokenHash, token.purpose),
          UpdateExpression: 'SET usedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAtMs > :nowMs',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':nowMs': now.getTime() },
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: keys.user(token.userId),
          UpdateExpression: userUpdate.UpdateExpression,
          ConditionExpression: ['attribute_exists(pk)', userUpdate.condition].filter(Boolean).join(' AND '),
          ExpressionAttributeValues: userUpdate.ExpressionAttributeValues,
        },
      },
      ...extraItems,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError) return false;
    throw error;
  }
}
