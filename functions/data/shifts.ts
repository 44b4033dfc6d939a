import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';
import { type UserRecord, userFromItem } from './users';

/**
 * Staff shifts on the user item (keys.ts pattern 56): `shiftSince` and the sparse on-shift index
 * entry (gsi3) set together when a shift starts and removed together when it ends, each write
 * conditional on the shift read, so two requests at once cannot start or end it twice.
 */

export function shiftStartUpdate(userId: string, since: string): TransactItem {
  const entry = keys.onShiftEntry(since, userId);
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET shiftSince = :since, gsi3pk = :gsi3pk, gsi3sk = :gsi3sk',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(shiftSince)',
      ExpressionAttributeValues: { ':since': since, ':gsi3pk': entry.gsi3pk, ':gsi3sk': entry.gsi3sk },
    },
  };
}

export function shiftEndUpdate(userId: string, since: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'REMOVE shiftSince, gsi3pk, gsi3sk',
      ConditionExpression: 'shiftSince = :since',
      ExpressionAttributeValues: { ':since': since },
    },
  };
}

/** Everyone whose shift is on, longest on shift first (the index holds only them: a handful). */
export async function listOnShift(): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.onShiftIndex },
        ExclusiveStartKey: startKey,
      }),
    );
    users.push(...(page.Items ?? []).map(userFromItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return users;
}
