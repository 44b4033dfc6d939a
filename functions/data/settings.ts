import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

export interface SettingRecord {
  key: string;
  value: number;
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
