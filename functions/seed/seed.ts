import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey, type SettingValue } from '@shared/constants';
import { db, tableName } from '../data/client';
import { type GeoNodeRecord, geoNodeItem } from '../data/geo';
import { keys } from '../data/keys';
import { settingItem } from '../data/settings';
import { GEO_SEED } from './geo-data';
import { rateSeedItems } from './rates-data';

type SettingValues = Partial<{ [K in SettingKey]: SettingValue<K> }>;

/**
 * Fills an empty table with the geo tree, the default settings and default rates. Idempotent: it writes only
 * the items that are missing, so a restart never undoes what staff changed.
 */
export async function seedDatabase(
  options: { now?: Date; settingValues?: SettingValues } = {},
): Promise<{ written: number }> {
  const now = options.now ?? new Date();
  const wanted = [
    ...geoSeedItems(),
    ...settingSeedItems(now, options.settingValues ?? {}),
    ...rateSeedItems(now),
  ];
  const existing = new Set<string>();
  for (const partition of [keys.geoPartition, keys.settingPartition, keys.ratesPartition]) {
    for (const sk of await existingSortKeys(partition)) existing.add(`${partition}|${sk}`);
  }
  const missing = wanted.filter((item) => !existing.has(`${item.pk}|${item.sk}`));
  await batchPut(missing);
  return { written: missing.length };
}

export function geoSeedNodes(): GeoNodeRecord[] {
  return GEO_SEED.flatMap((continent) => [
    { key: continent.key, defaultName: continent.names.en, names: continent.names, isActive: true },
    ...continent.countries.flatMap((country) => {
      const countryKey = `${continent.key}.${country.key}`;
      return [
        {
          key: countryKey,
          defaultName: country.names.en,
          names: country.names,
          isActive: true,
          localCurrency: country.localCurrency,
        },
        ...country.cities.map((city) => ({
          key: `${countryKey}.${city.key}`,
          defaultName: city.names.en,
          names: city.names,
          isActive: true,
        })),
      ];
    }),
  ]);
}

function geoSeedItems() {
  return geoSeedNodes().map(geoNodeItem);
}

/** The default settings, with the values a stack chooses for itself (the local one: staff MFA off). */
function settingSeedItems(now: Date, values: SettingValues) {
  return SETTING_KEYS.map((key) =>
    settingItem({
      key,
      description: SETTING_DEFAULTS[key].description,
      value: values[key] ?? SETTING_DEFAULTS[key].value,
      updatedAt: now.toISOString(),
      updatedBy: null,
    }),
  );
}

async function existingSortKeys(partition: string): Promise<string[]> {
  const sortKeys: string[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) sortKeys.push(String(item.sk));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return sortKeys;
}

/** BatchWriteItem takes 25 items; unprocessed ones are retried. */
export async function batchPut(items: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
      .slice(start, start + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (requests && requests.length > 0) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = result.UnprocessedItems?.[tableName] as typeof requests;
    }
  }
}
