import { tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The part of a change that ends every session of a user (the user's `sessionEpoch` moves from
 * `oldEpoch` to the next) which keeps one of them alive: that session family moves to the new epoch
 * with it. Fails the transaction when the session ended or moved meanwhile. Used by a password
 * change and by turning the second factor on, which keep the caller's session.
 */
export function keepSessionThroughEpoch(sessionId: string, oldEpoch: number): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.session(sessionId),
      UpdateExpression: 'SET epoch = :new',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND epoch = :old',
      ExpressionAttributeValues: { ':new': oldEpoch + 1, ':old': oldEpoch },
    },
  };
}
