import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

export interface SettingRecord {
  key: string;
  value: number | string;
  description: string;
  updatedAt: string;
  updatedBy: string | null;
}

export async function findSetting(key: string): Promise<SettingRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.setting(key) }));
  return Item ? toSetting(Item) : undefined;
}

export async function listSettings(): Promise<SettingRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.settingPartition },
    }),
  );
  return (Items ?? []).map(toSetting);
}

export function settingItem(setting: SettingRecord) {
  return { ...keys.setting(setting.key), ...setting };
}

function toSetting(item: Record<string, unknown>): SettingRecord {
  const { key, value, description, updatedAt, updatedBy } = item as unknown as SettingRecord;
  return { key, value, description, updatedAt, updatedBy };
}

/**
 * Writes a setting, only if it is unchanged since it was read (`previousUpdatedAt`; null when it
 * did not exist), so the audit's before-value is the value actually replaced.
 */
export function settingPut(setting: SettingRecord, previousUpdatedAt: string | null): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: settingItem(setting),
      ConditionExpression: previousUpdatedAt ? 'updatedAt = :previous' : 'attribute_not_exists(pk)',
      ...(previousUpdatedAt ? { ExpressionAttributeValues: { ':previous': previousUpdatedAt } } : {}),
    },
  };
}
