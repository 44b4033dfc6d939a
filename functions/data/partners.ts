import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, exactDb, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem } from './transactions';

/**
 * The partner program (keys.ts pattern 57, docs/product.md "Partners"): a partner's terms, what
 * they earned and were paid, their days' figures, the monitors' hosts they own, their API key, the
 * default terms per direction, and the payouts they asked for. Amounts are micro-USDT, written as
 * numbers and read exact (exactDb).
 */

/** What a partner earns of a deal: percentages of its profit (in USDT) and of its USDT volume. */
export interface PartnerTerms {
  profitPercent: number;
  volumePercent: number;
}

/** Terms of one direction (`cash-RUB→usdt-trc20`). */
export interface DirectionTerms extends PartnerTerms {
  direction: string;
}

export interface PartnerRecord {
  userId: string;
  /** The partner's own terms for every direction; null: the defaults. */
  terms: PartnerTerms | null;
  /** The partner's own terms of some directions, before any other. */
  directionTerms: DirectionTerms[];
  /** The monitors they are, by host (`bestchange.ru`): a monitor's click with that referrer is theirs. */
  monitorHosts: string[];
  /** Earned and not asked for; asked for and not yet paid or refused; paid; earned in all. */
  availableUnits: bigint;
  pendingUnits: bigint;
  paidUnits: bigint;
  earnedUnits: bigint;
  apiKeyHash: string | null;
  apiKeyHint: string | null;
  apiKeyCreatedAt: string | null;
  createdAt: string;
  /** When an ADMIN last set the terms (null: never): the version their next change is conditional on. */
  updatedAt: string | null;
}

/** A business day's figures of a partner's clients. */
export interface PartnerDay {
  day: string;
  clicks: bigint;
  registrations: bigint;
  deals: bigint;
  earnedUnits: bigint;
}

export type PartnerDayFigure = Exclude<keyof PartnerDay, 'day'>;

/** A partner's figures through links with one sub-id of theirs, over a period. */
export interface PartnerSubIdTotals {
  subId: string;
  clicks: bigint;
  deals: bigint;
  earnedUnits: bigint;
}

export type PartnerPayoutStatus = 'requested' | 'paid' | 'rejected';

export interface PartnerPayoutRecord {
  id: string;
  partnerId: string;
  address: string;
  units: bigint;
  status: PartnerPayoutStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  txHash: string | null;
  reason: string | null;
  /**
   * Whether the address was checked against the USDT contract's blacklist when asked for: false when
   * the TRON provider did not answer (staff check it before paying); null for payouts asked for
   * before the check.
   */
  screened: boolean | null;
}

const units = (value: unknown): bigint =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;

function toPartner(item: Record<string, unknown>): PartnerRecord {
  return {
    userId: String(item.userId),
    terms: (item.terms as PartnerTerms | undefined) ?? null,
    directionTerms: (item.directionTerms as DirectionTerms[] | undefined) ?? [],
    monitorHosts: (item.monitorHosts as string[] | undefined) ?? [],
    availableUnits: units(item.availableUnits),
    pendingUnits: units(item.pendingUnits),
    paidUnits: units(item.paidUnits),
    earnedUnits: units(item.earnedUnits),
    apiKeyHash: (item.apiKeyHash as string | undefined) ?? null,
    apiKeyHint: (item.apiKeyHint as string | undefined) ?? null,
    apiKeyCreatedAt: (item.apiKeyCreatedAt as string | undefined) ?? null,
    createdAt: String(item.createdAt),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
  };
}

/** Terms read back exact are strings: numbers again. */
function termsOf(value: unknown): PartnerTerms | null {
  if (!value || typeof value !== 'object') return null;
  const terms = value as Record<string, unknown>;
  return { profitPercent: Number(terms.profitPercent), volumePercent: Number(terms.volumePercent) };
}

function readBack(item: Record<string, unknown>): PartnerRecord {
  const partner = toPartner(item);
  return {
    ...partner,
    terms: termsOf(item.terms),
    directionTerms: partner.directionTerms.map((terms) => ({
      direction: String(terms.direction),
      ...termsOf(terms)!,
    })),
  };
}

export async function findPartner(userId: string): Promise<PartnerRecord | undefined> {
  const { Item } = await exactDb.send(new GetCommand({ TableName: tableName, Key: keys.partner(userId) }));
  return Item ? readBack(Item) : undefined;
}

/** Every partner with a record (earned once, or given terms), oldest first (Query gsi1 PARTNERS). */
export async function listPartners(): Promise<PartnerRecord[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.partnersIndex },
    },
    exactDb,
  );
  return items.map(readBack);
}

/** SET of the record's listing, once: the first write that creates a partner's record. */
const listing = (userId: string, at: string) => ({
  update:
    'userId = :userId, createdAt = if_not_exists(createdAt, :at), gsi1pk = :partners, gsi1sk = if_not_exists(gsi1sk, :listed)',
  values: { ':userId': userId, ':at': at, ':partners': keys.partnersIndex, ':listed': `${at}#${userId}` },
});

/**
 * What a deal's share adds: to the partner's balances (earned, available to ask for) and to the
 * day's deals and earnings. Written in the completing transaction with the share's ledger entry.
 */
export function partnerEarningItems(
  partnerId: string,
  day: string,
  earned: bigint,
  at: string,
  subId?: string,
): TransactItem[] {
  const listed = listing(partnerId, at);
  const figures = { deals: 1n, earnedUnits: earned };
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.partner(partnerId),
        UpdateExpression: `SET ${listed.update} ADD availableUnits :earned, earnedUnits :earned`,
        ExpressionAttributeValues: { ...listed.values, ':earned': earned },
      },
    },
    partnerDayItem(partnerId, day, figures),
    ...(subId ? [partnerDayItem(partnerId, day, figures, subId)] : []),
  ];
}

/**
 * ADD to a partner's day (a click, a registration, a deal and its earnings), or with `subId` to
 * that day of one of their sub-ids (a click, a deal and its earnings).
 */
export function partnerDayItem(
  partnerId: string,
  day: string,
  figures: Partial<Record<PartnerDayFigure, bigint>>,
  subId?: string,
): TransactItem {
  const named = Object.entries(figures).filter(([, by]) => by !== 0n);
  return {
    Update: {
      TableName: tableName,
      Key: subId ? keys.partnerSubDay(partnerId, day, subId) : keys.partnerDay(partnerId, day),
      UpdateExpression: `SET #day = :day${subId ? ', subId = :subId' : ''} ADD ${named.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#day': 'day',
        ...Object.fromEntries(named.map(([name], i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':day': day,
        ...(subId ? { ':subId': subId } : {}),
        ...Object.fromEntries(named.map(([, by], i) => [`:v${i}`, by])),
      },
    },
  };
}

/** A partner's days from `from` to `to` (business days, both included), oldest first. */
export async function partnerDays(partnerId: string, from: string, to: string): Promise<PartnerDay[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.partnerPartition(partnerId),
        ':from': keys.partnerDay(partnerId, from).sk,
        ':to': keys.partnerDay(partnerId, to).sk,
      },
    },
    exactDb,
  );
  return items.map((item) => ({
    day: String(item.day),
    clicks: units(item.clicks),
    registrations: units(item.registrations),
    deals: units(item.deals),
    earnedUnits: units(item.earnedUnits),
  }));
}

/**
 * A partner's figures per sub-id over the business days `from` to `to`, the busiest (most clicks,
 * then deals) first: one Query of the sub-ids' days, summed here.
 */
export async function partnerSubIdTotals(
  partnerId: string,
  from: string,
  to: string,
): Promise<PartnerSubIdTotals[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.partnerPartition(partnerId),
        ':from': keys.partnerSubDay(partnerId, from, '').sk,
        // '~' sorts after every character a sub-id may have (shared/visit-source.ts).
        ':to': keys.partnerSubDay(partnerId, to, '~').sk,
      },
    },
    exactDb,
  );
  const totals = new Map<string, PartnerSubIdTotals>();
  for (const item of items) {
    const subId = String(item.subId);
    const total = totals.get(subId) ?? { subId, clicks: 0n, deals: 0n, earnedUnits: 0n };
    total.clicks += units(item.clicks);
    total.deals += units(item.deals);
    total.earnedUnits += units(item.earnedUnits);
    totals.set(subId, total);
  }
  const byActivity = (a: PartnerSubIdTotals, b: PartnerSubIdTotals) =>
    Number(b.clicks - a.clicks) || Number(b.deals - a.deals) || a.subId.localeCompare(b.subId);
  return [...totals.values()].sort(byActivity);
}

/** The partner who is the monitor at `host`, if one is. */
export async function partnerOfMonitorHost(host: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.partnerMonitor(host) }));
  return Item ? String(Item.partnerId) : undefined;
}

/**
 * An ADMIN's terms and monitors for a partner: the record's SET (conditional on the version read:
 * `updatedAt`, or none set yet), each newly owned host's marker (refused when another partner owns
 * it: the part `monitor:{host}`) and each given-up host's marker deleted.
 */
export function partnerTermsItems(
  before: PartnerRecord | undefined,
  after: Pick<PartnerRecord, 'userId' | 'terms' | 'directionTerms' | 'monitorHosts'>,
  at: string,
): Array<{ name: string; item: TransactItem }> {
  const listed = listing(after.userId, at);
  const items: Array<{ name: string; item: TransactItem }> = [
    {
      name: 'partner',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.partner(after.userId),
          UpdateExpression: `SET ${listed.update}, terms = :terms, directionTerms = :directionTerms, monitorHosts = :hosts, updatedAt = :at`,
          ConditionExpression: before?.updatedAt ? 'updatedAt = :read' : 'attribute_not_exists(updatedAt)',
          ExpressionAttributeValues: {
            ...listed.values,
            ':terms': after.terms,
            ':directionTerms': after.directionTerms,
            ':hosts': after.monitorHosts,
            ...(before?.updatedAt ? { ':read': before.updatedAt } : {}),
          },
        },
      },
    },
  ];
  const had = new Set(before?.monitorHosts ?? []);
  for (const host of after.monitorHosts.filter((host) => !had.has(host)))
    items.push({
      name: `monitor:${host}`,
      item: {
        Put: {
          TableName: tableName,
          Item: { ...keys.partnerMonitor(host), host, partnerId: after.userId, at },
          ConditionExpression: 'attribute_not_exists(pk) OR partnerId = :me',
          ExpressionAttributeValues: { ':me': after.userId },
        },
      },
    });
  for (const host of [...had].filter((host) => !after.monitorHosts.includes(host)))
    items.push({
      name: 'monitorGivenUp',
      item: { Delete: { TableName: tableName, Key: keys.partnerMonitor(host) } },
    });
  return items;
}

/** The default terms of some directions (over the settings' terms for all). */
export async function findDefaultDirectionTerms(): Promise<DirectionTerms[]> {
  const { Item } = await exactDb.send(new GetCommand({ TableName: tableName, Key: keys.partnerDefaults }));
  return ((Item?.directionTerms as Record<string, unknown>[] | undefined) ?? []).map((terms) => ({
    direction: String(terms.direction),
    ...termsOf(terms)!,
  }));
}

export function defaultDirectionTermsPut(
  directionTerms: DirectionTerms[],
  at: string,
  by: string,
): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.partnerDefaults, directionTerms, updatedAt: at, updatedBy: by },
    },
  };
}

/** The partner whose API key hashes so, if any. */
export async function partnerOfKey(keyHash: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.partnerKey(keyHash) }));
  return Item ? String(Item.partnerId) : undefined;
}

/** A new API key replaces the old one: its marker in, the old one's out, the record's hint set. */
export function partnerKeyItems(
  partnerId: string,
  keyHash: string,
  hint: string,
  oldHash: string | null,
  at: string,
): TransactItem[] {
  const listed = listing(partnerId, at);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.partnerKey(keyHash), partnerId, at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.partner(partnerId),
        UpdateExpression: `SET ${listed.update}, apiKeyHash = :hash, apiKeyHint = :hint, apiKeyCreatedAt = :at`,
        ConditionExpression: oldHash ? 'apiKeyHash = :old' : 'attribute_not_exists(apiKeyHash)',
        ExpressionAttributeValues: {
          ...listed.values,
          ':hash': keyHash,
          ':hint': hint,
          ...(oldHash ? { ':old': oldHash } : {}),
        },
      },
    },
  ];
  if (oldHash) items.push({ Delete: { TableName: tableName, Key: keys.partnerKey(oldHash) } });
  return items;
}

function toPayout(item: Record<string, unknown>): PartnerPayoutRecord {
  return {
    id: String(item.id),
    partnerId: String(item.partnerId),
    address: String(item.address),
    units: units(item.units),
    status: item.status as PartnerPayoutStatus,
    createdAt: String(item.createdAt),
    decidedAt: (item.decidedAt as string | undefined) ?? null,
    decidedBy: (item.decidedBy as string | undefined) ?? null,
    txHash: (item.txHash as string | undefined) ?? null,
    reason: (item.reason as string | undefined) ?? null,
    screened: typeof item.screened === 'boolean' ? item.screened : null,
  };
}

/**
 * A payout asked for: its record (listed under the partner and, while open, in the staff queue)
 * and the amount moved from available to pending, only while that much is available (the part
 * `balance` fails otherwise: two requests racing cannot both take the same money).
 */
export function partnerPayoutRequestItems(
  payout: PartnerPayoutRecord,
): Array<{ name: string; item: TransactItem }> {
  return [
    {
      name: 'payout',
      item: {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.partnerPayout(payout.id),
            ...payout,
            gsi1pk: keys.partnerPayoutsOf(payout.partnerId),
            gsi1sk: `${payout.createdAt}#${payout.id}`,
            gsi2pk: keys.openPartnerPayouts,
            gsi2sk: `${payout.createdAt}#${payout.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'balance',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.partner(payout.partnerId),
          UpdateExpression: 'ADD availableUnits :minus, pendingUnits :units',
          ConditionExpression: 'availableUnits >= :units',
          ExpressionAttributeValues: { ':units': payout.units, ':minus': -payout.units },
        },
      },
    },
  ];
}

/**
 * A payout decided: paid (pending → paid, with its hash) or refused (pending → available again),
 * only while it was still asked for (the part `payout`), and out of the staff queue.
 */
export function partnerPayoutDecisionItems(
  payout: PartnerPayoutRecord,
  decision: { status: 'paid'; txHash: string } | { status: 'rejected'; reason: string },
  by: string,
  at: string,
): Array<{ name: string; item: TransactItem }> {
  const detail = decision.status === 'paid' ? { txHash: decision.txHash } : { reason: decision.reason };
  const [detailName] = Object.keys(detail);
  return [
    {
      name: 'payout',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.partnerPayout(payout.id),
          UpdateExpression: `SET #status = :status, decidedAt = :at, decidedBy = :by, #detail = :detail REMOVE gsi2pk, gsi2sk`,
          ConditionExpression: '#status = :requested',
          ExpressionAttributeNames: { '#status': 'status', '#detail': detailName! },
          ExpressionAttributeValues: {
            ':status': decision.status,
            ':requested': 'requested',
            ':at': at,
            ':by': by,
            ':detail': Object.values(detail)[0],
          },
        },
      },
    },
    {
      name: 'balance',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.partner(payout.partnerId),
          UpdateExpression:
            decision.status === 'paid'
              ? 'ADD pendingUnits :minus, paidUnits :units'
              : 'ADD pendingUnits :minus, availableUnits :units',
          ExpressionAttributeValues: { ':units': payout.units, ':minus': -payout.units },
        },
      },
    },
  ];
}

export async function findPartnerPayout(id: string): Promise<PartnerPayoutRecord | undefined> {
  const { Item } = await exactDb.send(
    new GetCommand({ TableName: tableName, Key: keys.partnerPayout(id), ConsistentRead: true }),
  );
  return Item ? toPayout(Item) : undefined;
}

/** A partner's payouts, newest first, at most `limit` (Query gsi1). */
export async function partnerPayoutsOf(partnerId: string, limit: number): Promise<PartnerPayoutRecord[]> {
  const page = await exactDb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.partnerPayoutsOf(partnerId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(toPayout);
}

/** Every payout asked for and not yet decided, oldest first (Query gsi2, the staff queue). */
export async function openPartnerPayouts(): Promise<PartnerPayoutRecord[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.openPartnerPayouts },
    },
    exactDb,
  );
  return items.map(toPayout);
}
