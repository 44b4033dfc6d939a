import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** How long a submitted Idempotency-Key keeps answering with the same application. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface IdempotencyRecord {
  userId: string;
  key: string;
  requestHash: string;
  applicationId: string;
  expiresAt: number;
}

/**
 * Claims the key in the creating transaction: the Put fails if the key is already held (and not
 * yet expired; TTL deletion is lazy, so expiry is checked here too).
 */
export function idempotencyPut(record: IdempotencyRecord, nowSeconds: number): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.idempotency(record.userId, record.key), ...record },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    },
  };
}

export async function findIdempotencyRecord(
  userId: string,
  key: string,
  nowSeconds: number,
): Promise<IdempotencyRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.idempotency(userId, key), ConsistentRead: true }),
  );
  if (!Item || Number(Item.expiresAt) < nowSeconds) return undefined;
  const { requestHash, applicationId, expiresAt } = Item as unknown as IdempotencyRecord;
  return { userId, key, requestHash, applicationId, expiresAt };
}
