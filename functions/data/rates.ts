import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { RateSource } from '@shared/constants';
import type { Position, Positioning } from '@shared/contract/positioning';
import type { MarketPrice, MarketSource } from '@shared/contract/rates';
import { orderedSbpBanks, type SbpBankId } from '@shared/sbp-banks';
import type { CardVerificationRule } from '@shared/verification';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { type ReserveRecord, toReserve } from './reserves';
import type { TransactItem } from './transactions';

/** What one unit of a currency (ISO code, or USDT) is worth in USD. */
export interface CurrencyValueRecord {
  code: string;
  usdValue: number;
  /**
   * What a till pays out in this currency: a cash amount received is rounded down to a multiple of
   * it (10 EUR, 100 RUB); null: to the cent. Card and USDT amounts are never rounded to it.
   */
  cashStep: number | null;
  updatedAt: string;
  updatedBy: string | null;
}

/**
 * The rate staff typed for a `fixed` direction, kept as typed: `1 {unit} = {figure}` (a decimal
 * string, so "93.00" stays 93.00), and who typed it when.
 */
export interface TypedRateRecord {
  figure: string;
  unit: string;
  typedAt: string;
  typedBy: string | null;
}

/**
 * A direction's terms: how it is priced (following staff's currency values or the rates job's feed
 * prices, lowered by the markup, or `fixed` at the rate staff typed), the rate guard, the feed's
 * maximum age, and optional amount limits in `assetFrom` units.
 */
export interface DirectionRecord {
  assetFrom: string;
  assetTo: string;
  source: RateSource;
  /** The typed rate of a `fixed` direction; null while it follows a source (and on directions stored before). */
  fixedRate: TypedRateRecord | null;
  /** Kept while the direction is fixed, for when it follows a source again. */
  markupPercent: number;
  /** How a `feed` direction's market price is made; kept while it follows another source. */
  marketPrice: MarketPrice;
  /** The effective rate must stay within these, or the direction is paused. */
  minRate: number | null;
  maxRate: number | null;
  /** A feed price older than this pauses a `feed` direction. */
  maxAgeMinutes: number;
  minAmount: number | null;
  maxAmount: number | null;
  isActive: boolean;
  /** Listed in the monitors' file; absent on directions written before the switch existed: false. */
  publishToMonitors: boolean;
  /** The monitors' code of the fiat side (`SBERRUB`); null: the asset's own. */
  monitorCode: string | null;
  /** The SBP banks a card-RUB payout also pays to; absent on directions written before: none. */
  sbpBanks?: SbpBankId[];
  /** Whether the client must pay from a verified card; absent on directions written before: never. */
  cardVerification?: CardVerificationRule;
  /** The amount of `assetFrom` above which `above` asks for it (null otherwise). */
  cardVerificationAbove?: number | null;
  /** A target place on BestChange; absent on directions written before: none. */
  positioning?: Positioning | null;
  updatedAt: string;
  updatedBy: string | null;
}

/** What the rates job last did to hold a positioned direction's place (`POSITION#{from}>{to}`). */
export interface PositionRecord extends Position {
  assetFrom: string;
  assetTo: string;
}

/** What the rates job last read for a currency: its USD value and the provider's time for it. */
export interface FeedPriceRecord {
  code: string;
  usdValue: number;
  /**
   * The provider's own update time of this value (not when the job fetched it), so its age is
   * the market's; the job re-confirms an unchanged value when that time moves on.
   */
  asOf: string;
  provider: string;
}

/**
 * What the rates job last read of a market source (other than the USD cross, which is the ratio of
 * two feed prices) for a fiat currency: the units of it one USDT is worth there, and the source's
 * own time for that price.
 */
export interface SourcePriceRecord {
  source: Exclude<MarketSource, 'usd-cross'>;
  code: string;
  perUsdt: number;
  asOf: string;
}

/** The market sources whose prices are stored (`SOURCE#{source}#{code}`). */
const STORED_SOURCES = ['usdt-market', 'central-bank'] as const satisfies SourcePriceRecord['source'][];

/** When the rates job last called a provider (successfully or not) and when it may call it again. */
export interface ProviderCallRecord {
  provider: string;
  lastCallAt: string;
  notBefore: string;
}

/** Maximum age of a feed price before a direction that uses it is paused, unless set per direction. */
export const DEFAULT_MAX_AGE_MINUTES = 15;

/** A direction's market price unless staff chose another: the USD cross, as before there were others. */
export const DEFAULT_MARKET_PRICE: MarketPrice = { sources: ['usd-cross'], coefficient: '1' };

export interface RatesTable {
  updatedAt: string | null;
  currencies: CurrencyValueRecord[];
  directions: DirectionRecord[];
  feed: FeedPriceRecord[];
  sourcePrices: SourcePriceRecord[];
  reserves: ReserveRecord[];
  providerCalls: ProviderCallRecord[];
  positions: PositionRecord[];
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
  const { code, usdValue, cashStep, updatedAt, updatedBy } = item as unknown as CurrencyValueRecord;
  return { code, usdValue, cashStep: cashStep ?? null, updatedAt, updatedBy: updatedBy ?? null };
}

function toFeedPrice(item: Record<string, unknown>): FeedPriceRecord {
  const { code, usdValue, asOf, provider } = item as unknown as FeedPriceRecord;
  return { code, usdValue, asOf, provider };
}

function toSourcePrice(item: Record<string, unknown>): SourcePriceRecord {
  const { source, code, perUsdt, asOf } = item as unknown as SourcePriceRecord;
  return { source, code, perUsdt, asOf };
}

function toPosition(item: Record<string, unknown>): PositionRecord {
  const { pk: _pk, sk: _sk, kind: _kind, ...position } = item;
  return position as unknown as PositionRecord;
}

function toProviderCall(item: Record<string, unknown>): ProviderCallRecord {
  const { provider, lastCallAt, notBefore } = item as unknown as ProviderCallRecord;
  return { provider, lastCallAt, notBefore };
}

function toDirection(item: Record<string, unknown>): DirectionRecord {
  const {
    assetFrom,
    assetTo,
    source,
    fixedRate,
    markupPercent,
    marketPrice,
    minRate,
    maxRate,
    maxAgeMinutes,
    minAmount,
    maxAmount,
    isActive,
    publishToMonitors,
    monitorCode,
    sbpBanks,
    cardVerification,
    cardVerificationAbove,
    positioning,
    updatedAt,
    updatedBy,
  } = item as unknown as DirectionRecord;
  // Directions written before the rates job existed are manual, unguarded, with the default age;
  // those written before typed rates follow their source (migrated on read, docs/decisions.md);
  // those written before market sources could be chosen price from the USD cross.
  return {
    assetFrom,
    assetTo,
    source: source ?? 'manual',
    fixedRate: fixedRate ?? null,
    markupPercent,
    marketPrice: marketPrice ?? DEFAULT_MARKET_PRICE,
    minRate: minRate ?? null,
    maxRate: maxRate ?? null,
    maxAgeMinutes: maxAgeMinutes ?? DEFAULT_MAX_AGE_MINUTES,
    minAmount: minAmount ?? null,
    maxAmount: maxAmount ?? null,
    isActive: isActive !== false,
    publishToMonitors: publishToMonitors === true,
    monitorCode: monitorCode ?? null,
    // A bank taken off the product's list is no longer offered.
    sbpBanks: orderedSbpBanks(sbpBanks ?? []),
    cardVerification: cardVerification ?? 'never',
    cardVerificationAbove: cardVerificationAbove ?? null,
    positioning: positioning ?? null,
    updatedAt,
    updatedBy: updatedBy ?? null,
  };
}

/**
 * The whole published table (pattern 21) with the reserves (pattern 29) and the rates job's
 * provider calls: about 50 currencies, 50 reserves and 200 directions, one or two pages.
 */
export async function readRatesTable(): Promise<RatesTable> {
  const table: RatesTable = {
    updatedAt: null,
    currencies: [],
    directions: [],
    feed: [],
    sourcePrices: [],
    reserves: [],
    providerCalls: [],
    positions: [],
  };
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
      else if (item.kind === 'feed') table.feed.push(toFeedPrice(item));
      else if (item.kind === 'source-price') table.sourcePrices.push(toSourcePrice(item));
      else if (item.kind === 'reserve') table.reserves.push(toReserve(item));
      else if (item.kind === 'provider-call') table.providerCalls.push(toProviderCall(item));
      else if (item.kind === 'position') table.positions.push(toPosition(item));
      else if (item.kind === 'meta') table.updatedAt = String(item.updatedAt);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return table;
}

export interface QuoteItems {
  direction?: DirectionRecord;
  from?: CurrencyValueRecord;
  to?: CurrencyValueRecord;
  feedFrom?: FeedPriceRecord;
  feedTo?: FeedPriceRecord;
  /** The market sources' prices of the direction's fiat currency (those stored). */
  sourcePrices: SourcePriceRecord[];
  /** The reserve of the received currency; absent when none is kept. */
  reserveTo?: ReserveRecord;
  /** What the rates job last did to hold the direction's place; absent: never positioned. */
  position?: PositionRecord;
}

/**
 * One direction as stored (its card verification rule at application, the SBP banks of a deal's
 * payout), consistent.
 */
export async function findDirection(
  assetFrom: string,
  assetTo: string,
): Promise<DirectionRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.directionRate(assetFrom, assetTo),
      ConsistentRead: true,
    }),
  );
  return Item ? toDirection(Item) : undefined;
}

/**
 * The items one quote needs (direction, two currency values, two feed prices, the market sources'
 * prices of its fiat currency, the reserve of the received currency), in one BatchGetItem.
 */
export async function readQuoteInputs(
  assetFrom: string,
  assetTo: string,
  currencyFrom: string,
  currencyTo: string,
): Promise<QuoteItems> {
  // One side is USDT, which no market source prices: the other is the fiat currency.
  const fiat = currencyFrom === 'USDT' ? currencyTo : currencyFrom;
  const requested = [
    keys.directionRate(assetFrom, assetTo),
    keys.currencyRate(currencyFrom),
    keys.currencyRate(currencyTo),
    keys.feedPrice(currencyFrom),
    keys.feedPrice(currencyTo),
    keys.reserve(currencyTo),
    keys.directionPosition(assetFrom, assetTo),
    ...STORED_SOURCES.map((source) => keys.sourcePrice(source, fiat)),
  ];
  const { Responses } = await db.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requested } } }),
  );
  const items = Responses?.[tableName] ?? [];
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const direction = bySk.get(requested[0]!.sk);
  const from = bySk.get(requested[1]!.sk);
  const to = bySk.get(requested[2]!.sk);
  const feedFrom = bySk.get(requested[3]!.sk);
  const feedTo = bySk.get(requested[4]!.sk);
  const reserveTo = bySk.get(requested[5]!.sk);
  const position = bySk.get(requested[6]!.sk);
  return {
    ...(direction ? { direction: toDirection(direction) } : {}),
    ...(from ? { from: toCurrency(from) } : {}),
    ...(to ? { to: toCurrency(to) } : {}),
    ...(feedFrom ? { feedFrom: toFeedPrice(feedFrom) } : {}),
    ...(feedTo ? { feedTo: toFeedPrice(feedTo) } : {}),
    sourcePrices: items.filter((item) => item.kind === 'source-price').map(toSourcePrice),
    ...(reserveTo ? { reserveTo: toReserve(reserveTo) } : {}),
    ...(position ? { position: toPosition(position) } : {}),
  };
}

/** A price the rates job keeps: a currency's USD value (`FEED#`) or a market source's price (`SOURCE#`). */
export type StoredPrice = FeedPriceRecord | SourcePriceRecord;

/** Writes the rates job's positions, 25 per BatchWriteItem (pattern 21). */
export async function putPositions(positions: readonly PositionRecord[]): Promise<number> {
  return batchPut(
    positions.map((position) => ({
      ...keys.directionPosition(position.assetFrom, position.assetTo),
      kind: 'position',
      ...position,
    })),
    'Positions',
  );
}

/** Plain puts, 25 per BatchWriteItem, retrying what DynamoDB left unprocessed; the count written. */
async function batchPut(items: readonly Record<string, unknown>[], what: string): Promise<number> {
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 5) throw new Error(`${what} could not be written (throttled).`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
  return items.length;
}

/** A stored price's item and, when its value moved from `previous`, its history item. */
function priceItems(price: StoredPrice, previous: number | null | undefined, fetchedAt: string) {
  const [key, history, kind, previousField] =
    'source' in price
      ? [
          keys.sourcePrice(price.source, price.code),
          keys.sourceHistoryPartition(price.source, price.code),
          'source-price',
          'previousPerUsdt',
        ]
      : [keys.feedPrice(price.code), keys.rateHistoryPartition(price.code), 'feed', 'previousUsdValue'];
  return [
    { ...key, kind, ...price },
    ...(previous === undefined
      ? []
      : [{ pk: history, sk: fetchedAt, kind: 'rate-history', ...price, [previousField]: previous }]),
  ];
}

/**
 * Writes the rates job's changed prices with plain (non-transactional) puts, 25 per
 * BatchWriteItem: each price item and, when the value moved (`previous` not undefined), a history
 * item keyed by when the job learned it (`fetchedAt`), so that a quote can be explained later
 * (pattern 21).
 */
export async function putFeedPrices(
  changes: Array<{ price: StoredPrice; previous?: number | null }>,
  fetchedAt: string,
): Promise<number> {
  return batchPut(
    changes.flatMap(({ price, previous }) => priceItems(price, previous, fetchedAt)),
    'Feed prices',
  );
}

/**
 * Claims a call of a rate provider: records the call and the earliest next one, conditional on the
 * previous call's `notBefore` having passed (ISO times compare as strings). False when another run
 * claimed it first: the provider is not called twice.
 */
export async function claimProviderCall(provider: string, at: string, notBefore: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.rateProviderCall(provider),
        UpdateExpression: 'SET kind = :kind, provider = :provider, lastCallAt = :at, notBefore = :next',
        ConditionExpression: 'attribute_not_exists(pk) OR notBefore <= :at',
        ExpressionAttributeValues: {
          ':kind': 'provider-call',
          ':provider': provider,
          ':at': at,
          ':next': notBefore,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Moves a provider's next call later (it answered 429), if the call claimed at `lastCallAt` is still the last. */
export async function deferProviderCall(
  provider: string,
  lastCallAt: string,
  notBefore: string,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.rateProviderCall(provider),
        UpdateExpression: 'SET notBefore = :next',
        ConditionExpression: 'lastCallAt = :at',
        ExpressionAttributeValues: { ':at': lastCallAt, ':next': notBefore },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
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

/** A transaction's check that the rates know a currency: its USD value is stored (a payment template's). */
export function currencyValueExists(code: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.currencyRate(code),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
