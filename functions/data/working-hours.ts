import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WeekHours } from '@shared/working-hours';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** Who changed an item last, and when (null: the seed). */
interface Changed {
  updatedAt: string;
  updatedBy: string | null;
}

/** A city's working hours and its code for the rate monitors (GEO / CITY#{key}, beside its node). */
export interface CityHoursRecord extends Changed {
  key: string;
  timeZone: string;
  week: WeekHours;
  code: string | null;
}

/** The global schedule of card directions (GEO / HOURS#CARD). */
export interface CardHoursRecord extends Changed {
  timeZone: string;
  week: WeekHours;
}

/** The maintenance switch for the whole exchange, with an optional message (GEO / MAINTENANCE). */
export interface MaintenanceRecord extends Changed {
  active: boolean;
  message: { ru: string; en: string };
}

/** Every city's hours and code (access pattern 28). */
export async function listCityHours(): Promise<CityHoursRecord[]> {
  const records: CityHoursRecord[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.geoPartition, ':prefix': keys.cityHoursSortKeyPrefix },
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) records.push(toCityHours(item));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return records;
}

export interface HoursInputs {
  /** The city's node: whether it exists and is switched on. */
  cityNode?: { isActive: boolean };
  city?: CityHoursRecord;
  card?: CardHoursRecord;
  maintenance?: MaintenanceRecord;
}

/**
 * The card hours and the maintenance switch, and when a city is given its node and hours: one
 * BatchGetItem (pattern 28). Consistent, so a staff change applies from the next request.
 */
export async function findHoursInputs(cityKey?: string): Promise<HoursInputs> {
  const wanted = [
    keys.cardHours,
    keys.maintenance,
    ...(cityKey ? [keys.cityHours(cityKey), keys.geoNode(cityKey)] : []),
  ];
  const { Responses } = await db.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: wanted, ConsistentRead: true } } }),
  );
  const found: HoursInputs = {};
  for (const item of Responses?.[tableName] ?? []) {
    const sk = String(item.sk);
    if (sk === keys.cardHours.sk) found.card = toCardHours(item);
    else if (sk === keys.maintenance.sk) found.maintenance = toMaintenance(item);
    else if (sk.startsWith(keys.cityHoursSortKeyPrefix)) found.city = toCityHours(item);
    else found.cityNode = { isActive: item.isActive === true };
  }
  return found;
}

function toCityHours(item: Record<string, unknown>): CityHoursRecord {
  const { key, timeZone, week, code, updatedAt, updatedBy } = item as unknown as CityHoursRecord;
  return { key, timeZone, week, code: code ?? null, updatedAt, updatedBy };
}

function toCardHours(item: Record<string, unknown>): CardHoursRecord {
  const { timeZone, week, updatedAt, updatedBy } = item as unknown as CardHoursRecord;
  return { timeZone, week, updatedAt, updatedBy };
}

function toMaintenance(item: Record<string, unknown>): MaintenanceRecord {
  const { active, message, updatedAt, updatedBy } = item as unknown as MaintenanceRecord;
  return { active, message, updatedAt, updatedBy };
}

export function cityHoursItem(record: CityHoursRecord) {
  return { ...keys.cityHours(record.key), ...record };
}

export function cardHoursItem(record: CardHoursRecord) {
  return { ...keys.cardHours, ...record };
}

export function maintenanceItem(record: MaintenanceRecord) {
  return { ...keys.maintenance, ...record };
}

/**
 * A Put only if the item is unchanged since it was read (`previousUpdatedAt`; null when it did not
 * exist), so two staff edits cannot overwrite each other unseen and the audit's before is true.
 */
function putUnchangedSince(item: Record<string, unknown>, previousUpdatedAt: string | null): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: item,
      ConditionExpression: previousUpdatedAt ? 'updatedAt = :previous' : 'attribute_not_exists(pk)',
      ...(previousUpdatedAt ? { ExpressionAttributeValues: { ':previous': previousUpdatedAt } } : {}),
    },
  };
}

export function cityHoursPut(record: CityHoursRecord, previousUpdatedAt: string | null): TransactItem {
  return putUnchangedSince(cityHoursItem(record), previousUpdatedAt);
}

export function cardHoursPut(record: CardHoursRecord, previousUpdatedAt: string | null): TransactItem {
  return putUnchangedSince(cardHoursItem(record), previousUpdatedAt);
}

export function maintenancePut(record: MaintenanceRecord, previousUpdatedAt: string | null): TransactItem {
  return putUnchangedSince(maintenanceItem(record), previousUpdatedAt);
}
