import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** What one unit of a currency (ISO code, or USDT) is worth in USD. */
export interface CurrencyValueRecord {
  code: string;
  usdValue: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** A direction's terms: the markup on the USD-derived rate and optional limits in `assetFrom` units. */
export interface DirectionRecord {
  assetFrom: string;
  assetTo: string;
  markupPercent: number;
  minAmount: number | null;
  maxAmount: number | null;
  isActive: boolean;
  updatedAt: string;
  updatedBy: string | null;
}

export interface RatesTable {
  updatedAt: string | null;
  currencies: CurrencyValueRecord[];
  directions: DirectionRecord[];
}

export function currencyValueItem(record: CurrencyValueRecord) {
  return { ...keys.currencyRate(record.code), kind: 'currency', ...record };
}

export function directionItem(record: DirectionRecord) {
  return { ...keys.directionRate(record.assetFrom, record.assetTo), kind: 'direction', ...record };
}

export function ratesMetaItem(updatedAt: string, updatedBy: string | null) {
  return { ...keys.ratesMeta, kind: 'meta', updatedAt, updatedBy };
}

function toCurrency(item: Record<string, unknown>): CurrencyValueRecord {
  const { code, usdValue, updatedAt, updatedBy } = item as unknown as CurrencyValueRecord;
  return { code, usdValue, updatedAt, updatedBy: updatedBy ?? null };
}

function toDirection(item: Record<string, unknown>): DirectionRecord {
  const { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive, updatedAt, updatedBy } =
    item as unknown as DirectionRecord;
  return {
    assetFrom,
    assetTo,
    markupPercent,
    minAmount: minAmount ?? null,
    maxAmount: maxAmount ?? null,
    isActive: isActive !== false,
    updatedAt,
    updatedBy: updatedBy ?? null,
  };
}

/** The whole published table (pattern 21): about 50 currencies and 200 directions, one or two pages. */
export async function readRatesTable(): Promise<RatesTable> {
  const table: RatesTable = { updatedAt: null, currencies: [], directions: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.ratesPartition },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.kind === 'currency') table.currencies.push(toCurrency(item));
      else if (item.kind === 'direction') table.directions.push(toDirection(item));
      else if (item.kind === 'meta') table.updatedAt = String(item.updatedAt);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return table;
}

/** The three items one quote needs, in one BatchGetItem. */
export async function readQuoteInputs(
  assetFrom: string,
  assetTo: string,
  currencyFrom: string,
  currencyTo: string,
): Promise<{ direction?: DirectionRecord; from?: CurrencyValueRecord; to?: CurrencyValueRecord }> {
  const requested = [
    keys.directionRate(assetFrom, assetTo),
    keys.currencyRate(currencyFrom),
    keys.currencyRate(currencyTo),
  ];
  const { Responses } = await db.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requested } } }),
  );
  const items = Responses?.[tableName] ?? [];
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const direction = bySk.get(requested[0]!.sk);
  const from = bySk.get(requested[1]!.sk);
  const to = bySk.get(requested[2]!.sk);
  return {
    ...(direction ? { direction: toDirection(direction) } : {}),
    ...(from ? { from: toCurrency(from) } : {}),
    ...(to ? { to: toCurrency(to) } : {}),
  };
}

export function currencyValuePut(record: CurrencyValueRecord): TransactItem {
  return { Put: { TableName: tableName, Item: currencyValueItem(record) } };
}

export function directionPut(record: DirectionRecord): TransactItem {
  return { Put: { TableName: tableName, Item: directionItem(record) } };
}

/**
 * The table's update time; conditional on the time read before the change, so two admins saving
 * at once cannot silently overwrite each other's before/after audit.
 */
export function ratesMetaPut(updatedAt: string, updatedBy: string, previous: string | null): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: ratesMetaItem(updatedAt, updatedBy),
      ConditionExpression: previous ? 'updatedAt = :previous' : 'attribute_not_exists(pk)',
      ...(previous ? { ExpressionAttributeValues: { ':previous': previous } } : {}),
    },
  };
}
