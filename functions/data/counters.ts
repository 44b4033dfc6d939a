import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from './client';
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
