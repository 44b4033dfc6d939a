import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** A business day's report, once it went (keys.ts pattern 49). */
export interface DailyReportRecord {
  day: string;
  sentAt: string;
  /** The channels it went to: none when neither the address nor the staff group was set. */
  channels: string[];
}

export async function findDailyReport(day: string): Promise<DailyReportRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.dailyReport(day), ConsistentRead: true }),
  );
  return Item
    ? { day: Item.sk as string, sentAt: Item.sentAt as string, channels: Item.channels as string[] }
    : undefined;
}

/** The record that the day's report went, refused when it already did (the transaction with it fails). */
export function dailyReportPut(record: DailyReportRecord): TransactItem {
  const { day, ...fields } = record;
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.dailyReport(day), ...fields },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
