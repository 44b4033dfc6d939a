import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  autoOpenedAccount,
  type LedgerAccountKind,
  type LedgerEntryKind,
  type LedgerLine,
  unbalancedCurrencies,
} from '@shared/ledger';
import { sumUnits } from '@shared/money';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem, TransactionPart } from './transactions';

/**
 * The ledger's items (keys.ts pattern 45, docs/architecture.md "The ledger"). Amounts are integer
 * minor units, written as DynamoDB numbers (exact) from bigints and read back as bigints.
 */
export interface LedgerAccountRecord {
  id: string;
  name: string;
  kind: LedgerAccountKind;
  currency: string;
  /** The asset keys it takes in and pays out (`card-RUB`, `cash-RUB`, `usdt-trc20`): its directions' reserve. */
  assets: string[];
  /** A cash desk's office (a city key), or null. */
  office: string | null;
  /** A USDT wallet's address, or null. */
  address: string | null;
  /** The sum of its postings, kept in the transaction of each (an ADD). */
  balanceUnits: bigint;
  postings: number;
  createdAt: string;
  createdBy: string | null;
}

export interface LedgerEntryRecord {
  /** Deterministic for what must be recorded once (`{applicationId}#payment#1`): a second write is refused. */
  id: string;
  kind: LedgerEntryKind;
  lines: LedgerLine[];
  at: string;
  /** The business day it counts in (the business's time zone). */
  day: string;
  /** Who made it: a staff member's id, or `system` (a job, the chain watcher: SYSTEM_ID). */
  actorId: string;
  applicationId: string | null;
  /** The USDT transaction, a receipt or staff's reference. */
  reference: string | null;
  /** Staff's written reason (an adjustment's is required). */
  reason: string | null;
}

/** One account's line of an entry, as its trail lists it. */
export interface LedgerPosting {
  entryId: string;
  kind: LedgerEntryKind;
  accountId: string;
  units: bigint;
  at: string;
  day: string;
  applicationId: string | null;
  actorId: string;
  /** The entry's written reason and reference, for the account's trail. */
  reason: string | null;
  reference: string | null;
}

/** An account's movement on one business day: in, out (positive), and corrections. */
export interface LedgerAccountDay {
  accountId: string;
  day: string;
  inUnits: bigint;
  outUnits: bigint;
  adjustedUnits: bigint;
}

/** A stored number of minor units back as a bigint (a DynamoDB number read as a JS number is exact below 2^53). */
function unitsOf(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new RangeError(`Ledger units out of range: ${String(value)}`);
  return BigInt(number);
}

function toAccount(item: Record<string, unknown>): LedgerAccountRecord {
  return {
    id: String(item.id),
    name: String(item.name ?? item.id),
    kind: item.kind as LedgerAccountKind,
    currency: String(item.currency),
    assets: (item.assets as string[] | undefined) ?? [],
    office: (item.office as string | null | undefined) ?? null,
    address: (item.address as string | null | undefined) ?? null,
    balanceUnits: unitsOf(item.balanceUnits),
    postings: Number(item.postings ?? 0),
    createdAt: String(item.createdAt),
    createdBy: (item.createdBy as string | null | undefined) ?? null,
  };
}

/** A new office account with a zero balance (its opening balance is an entry); refused if the id is taken. */
export function ledgerAccountPut(
  account: Omit<LedgerAccountRecord, 'balanceUnits' | 'postings'>,
): TransactionPart {
  return {
    name: 'ledger:account',
    item: {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.ledgerAccount(account.id),
          ...keys.ledgerAccountListEntry(account.currency, account.id),
          ...account,
          balanceUnits: 0,
          postings: 0,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/**
 * A transaction's check that a named office account exists and is of this currency or kind (a
 * payment template names the account its money is booked on).
 */
export function ledgerAccountFits(
  id: string,
  fits: { currency?: string; kind?: LedgerAccountKind },
): TransactItem {
  const checks = Object.entries(fits).filter(([, value]) => value !== undefined);
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.ledgerAccount(id),
      ConditionExpression: ['attribute_exists(pk)', ...checks.map(([name]) => `#${name} = :${name}`)].join(
        ' AND ',
      ),
      ...(checks.length > 0
        ? {
            ExpressionAttributeNames: Object.fromEntries(checks.map(([name]) => [`#${name}`, name])),
            ExpressionAttributeValues: Object.fromEntries(checks.map(([name, value]) => [`:${name}`, value])),
          }
        : {}),
    },
  };
}

export async function findLedgerAccount(id: string): Promise<LedgerAccountRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.ledgerAccount(id), ConsistentRead: true }),
  );
  return Item ? toAccount(Item) : undefined;
}

/**
 * Every account, office and books', by currency (pattern 45: Query gsi1 LEDGERACCOUNTS, a few
 * dozen small items). The index is eventually consistent: a balance read here may lag a posting by
 * a moment; the day's close reads each account itself.
 */
export async function listLedgerAccounts(): Promise<LedgerAccountRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.ledgerAccountsIndex },
  });
  return items.map(toAccount);
}

/** An unbalanced entry was about to be written: a defect in the code that built it, never data. */
export class UnbalancedEntry extends Error {
  constructor(entryId: string, currencies: string[]) {
    super(`Ledger entry ${entryId} does not balance in ${currencies.join(', ')}`);
    this.name = 'UnbalancedEntry';
  }
}

/** An entry's lines, one per account (two lines on one account are summed: an item is written once per transaction). */
function linesByAccount(lines: readonly LedgerLine[]): LedgerLine[] {
  const merged = new Map<string, LedgerLine>();
  for (const line of lines) {
    const before = merged.get(line.accountId);
    merged.set(line.accountId, before ? { ...before, units: before.units + line.units } : { ...line });
  }
  return [...merged.values()].filter((line) => line.units !== 0n);
}

/** The part of an entry's transaction that failed because the entry was already recorded. */
export const LEDGER_ENTRY_PART = 'ledger:entry';
/** The part that failed because its business day was closed meanwhile. */
export const LEDGER_DAY_PART = 'ledger:dayOpen';
/** The part that failed because a named account it posts to does not exist. */
export const ledgerAccountPart = (accountId: string) => `ledger:account:${accountId}`;

/** What one transaction adds to one account: its balance, and its business days' totals. */
interface AccountSums {
  currency: string;
  balance: bigint;
  postings: number;
  days: Map<string, DayTotals>;
}

/** In and out (positive), and corrections (signed), of one account on one business day. */
interface DayTotals {
  in: bigint;
  out: bigint;
  adjusted: bigint;
}

const DAY_ATTRIBUTES = { in: 'inUnits', out: 'outUnits', adjusted: 'adjustedUnits' } as const;

/**
 * Entries as parts of the transaction of the change that causes them (pattern 45): each entry
 * (refused when its id was recorded before) and each of its accounts' postings; per account one
 * ADD of its balance, and per account and business day one ADD of the day's totals (a transaction
 * names an item once, so a face-to-face deal's payment, exchange and payout sum there); one check
 * per business day that it is still open. ADDs, so concurrent deals on one account add up exactly
 * and nothing is read first. A named account must exist; a book account and an asset's own
 * account are opened by their first line. Refuses to build an entry that does not balance per
 * currency.
 */
export function ledgerParts(entries: readonly LedgerEntryRecord[]): TransactionPart[] {
  const parts: TransactionPart[] = [];
  const accounts = new Map<string, AccountSums>();
  const days = new Set<string>();
  for (const entry of entries) {
    const unbalanced = unbalancedCurrencies(entry.lines);
    if (unbalanced.length > 0) throw new UnbalancedEntry(entry.id, unbalanced);
    days.add(entry.day);
    parts.push(entryPut(entry));
    const correction = entry.kind === 'adjustment' || entry.kind === 'opening';
    for (const line of linesByAccount(entry.lines)) {
      parts.push(postingPut(entry, line));
      const sums = accounts.get(line.accountId) ?? {
        currency: line.currency,
        balance: 0n,
        postings: 0,
        days: new Map<string, DayTotals>(),
      };
      sums.balance = sumUnits([sums.balance, line.units]);
      sums.postings += 1;
      const day = sums.days.get(entry.day) ?? { in: 0n, out: 0n, adjusted: 0n };
      if (correction) day.adjusted += line.units;
      else if (line.units > 0n) day.in += line.units;
      else day.out -= line.units;
      sums.days.set(entry.day, day);
      accounts.set(line.accountId, sums);
    }
  }
  for (const [accountId, sums] of accounts) {
    parts.push(accountUpdate(accountId, sums, entries[0]!.at));
    for (const [day, totals] of sums.days) parts.push(dayTotalsUpdate(accountId, day, totals));
  }
  for (const day of days) parts.push(dayOpenCheck(day));
  return parts;
}

function entryPut(entry: LedgerEntryRecord): TransactionPart {
  return {
    name: LEDGER_ENTRY_PART,
    item: {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.ledgerEntry(entry.id),
          ...keys.ledgerEntryDayEntry(entry.day, entry.at, entry.id),
          ...(entry.applicationId
            ? keys.ledgerEntryApplicationEntry(entry.applicationId, entry.at, entry.id)
            : {}),
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

function postingPut(entry: LedgerEntryRecord, line: LedgerLine): TransactionPart {
  const posting: LedgerPosting = {
    entryId: entry.id,
    kind: entry.kind,
    accountId: line.accountId,
    units: line.units,
    at: entry.at,
    day: entry.day,
    applicationId: entry.applicationId,
    actorId: entry.actorId,
    reason: entry.reason,
    reference: entry.reference,
  };
  return {
    name: 'ledger:posting',
    item: {
      Put: {
        TableName: tableName,
        Item: { ...keys.ledgerPosting(line.accountId, entry.at, entry.id), ...posting },
      },
    },
  };
}

function accountUpdate(accountId: string, sums: AccountSums, at: string): TransactionPart {
  const opened = autoOpenedAccount(accountId);
  const values = { ':units': sums.balance, ':postings': sums.postings };
  const update = opened
    ? {
        UpdateExpression:
          'ADD balanceUnits :units, postings :postings SET id = if_not_exists(id, :id), #name = if_not_exists(#name, :id), kind = if_not_exists(kind, :kind), currency = if_not_exists(currency, :currency), assets = if_not_exists(assets, :assets), createdAt = if_not_exists(createdAt, :at), gsi1pk = if_not_exists(gsi1pk, :listPk), gsi1sk = if_not_exists(gsi1sk, :listSk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ...values,
          ':id': accountId,
          ':kind': opened.kind,
          ':currency': sums.currency,
          ':assets': opened.assets,
          ':at': at,
          ':listPk': keys.ledgerAccountsIndex,
          ':listSk': keys.ledgerAccountListEntry(sums.currency, accountId).gsi1sk,
        },
      }
    : {
        UpdateExpression: 'ADD balanceUnits :units, postings :postings',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      };
  return {
    name: ledgerAccountPart(accountId),
    item: { Update: { TableName: tableName, Key: keys.ledgerAccount(accountId), ...update } },
  };
}

function dayTotalsUpdate(accountId: string, day: string, totals: DayTotals): TransactionPart {
  const adds = (Object.keys(DAY_ATTRIBUTES) as Array<keyof DayTotals>).filter((key) => totals[key] !== 0n);
  const add = adds.length > 0 ? ` ADD ${adds.map((key) => `${DAY_ATTRIBUTES[key]} :${key}`).join(', ')}` : '';
  return {
    name: 'ledger:day',
    item: {
      Update: {
        TableName: tableName,
        Key: keys.ledgerAccountDay(accountId, day),
        UpdateExpression: `SET accountId = :account, #day = :day${add}`,
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: {
          ':account': accountId,
          ':day': day,
          ...Object.fromEntries(adds.map((key) => [`:${key}`, totals[key]])),
        },
      },
    },
  };
}

function dayOpenCheck(day: string): TransactionPart {
  return {
    name: LEDGER_DAY_PART,
    item: {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.ledgerDayClose(day),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

function toPosting(item: Record<string, unknown>): LedgerPosting {
  return {
    entryId: String(item.entryId),
    kind: item.kind as LedgerEntryKind,
    accountId: String(item.accountId),
    units: unitsOf(item.units),
    at: String(item.at),
    day: String(item.day),
    applicationId: (item.applicationId as string | null | undefined) ?? null,
    actorId: String(item.actorId),
    reason: (item.reason as string | null | undefined) ?? null,
    reference: (item.reference as string | null | undefined) ?? null,
  };
}

/** An account's postings, oldest first, every page (pattern 45: Query LEDGER#ACCT#{id} begins_with POST#). */
export async function readAccountPostings(accountId: string): Promise<LedgerPosting[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :post)',
    ExpressionAttributeValues: { ':pk': keys.ledgerAccount(accountId).pk, ':post': 'POST#' },
    ConsistentRead: true,
  });
  return items.map(toPosting);
}

function toEntry(item: Record<string, unknown>): LedgerEntryRecord {
  const lines = (item.lines as Array<Record<string, unknown>>).map((line) => ({
    accountId: String(line.accountId),
    currency: String(line.currency),
    units: unitsOf(line.units),
  }));
  return {
    id: String(item.id),
    kind: item.kind as LedgerEntryKind,
    lines,
    at: String(item.at),
    day: String(item.day),
    actorId: String(item.actorId),
    applicationId: (item.applicationId as string | null | undefined) ?? null,
    reference: (item.reference as string | null | undefined) ?? null,
    reason: (item.reason as string | null | undefined) ?? null,
  };
}

/** A deal's entries, oldest first, every page (pattern 45: Query gsi2 LEDGERAPP#{applicationId}). */
export async function readApplicationEntries(applicationId: string): Promise<LedgerEntryRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.ledgerEntriesOfApplication(applicationId) },
  });
  return items.map(toEntry);
}

/**
 * An account's day totals from `fromDay` on, oldest first (pattern 45: Query LEDGER#ACCT#{id},
 * sk >= DAY#{fromDay}): with the balance now, they give any day's opening and closing balance
 * without reading its postings.
 */
export async function readAccountDays(accountId: string, fromDay: string): Promise<LedgerAccountDay[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.ledgerAccount(accountId).pk,
        ':from': `DAY#${fromDay}`,
        ':to': 'DAY#~',
      },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => ({
    accountId,
    day: String(item.day),
    inUnits: unitsOf(item.inUnits),
    outUnits: unitsOf(item.outUnits),
    adjustedUnits: unitsOf(item.adjustedUnits),
  }));
}

/** A business day closed by an ADMIN: its entries can no longer be written (their day check fails). */
export interface LedgerDayCloseRecord {
  day: string;
  closedBy: string;
  closedAt: string;
}

/** What staff counted in an account at a day's end, and the difference to the books' closing then. */
export interface LedgerCountRecord {
  day: string;
  accountId: string;
  countedUnits: bigint;
  closingUnits: bigint;
  countedBy: string;
  countedAt: string;
  note: string | null;
}

/** The day's close and its counts (pattern 45: Query LEDGER#CLOSE, sk DAY#{day} and COUNT#{day}#…). */
export async function readLedgerDayState(
  day: string,
): Promise<{ closed: LedgerDayCloseRecord | null; counts: LedgerCountRecord[] }> {
  const [{ Item }, { Items }] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName, Key: keys.ledgerDayClose(day), ConsistentRead: true })),
    db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :counts)',
        ExpressionAttributeValues: { ':pk': keys.ledgerDayClose(day).pk, ':counts': `COUNT#${day}#` },
        ConsistentRead: true,
      }),
    ),
  ]);
  return {
    closed: Item ? { day, closedBy: String(Item.closedBy), closedAt: String(Item.closedAt) } : null,
    counts: (Items ?? []).map((item) => ({
      day,
      accountId: String(item.accountId),
      countedUnits: unitsOf(item.countedUnits),
      closingUnits: unitsOf(item.closingUnits),
      countedBy: String(item.countedBy),
      countedAt: String(item.countedAt),
      note: (item.note as string | null | undefined) ?? null,
    })),
  };
}

/** A count (a later one replaces it), while the day is open. */
export function ledgerCountParts(count: LedgerCountRecord): TransactionPart[] {
  return [
    dayOpenCheck(count.day),
    {
      name: 'ledger:count',
      item: {
        Put: { TableName: tableName, Item: { ...keys.ledgerDayCount(count.day, count.accountId), ...count } },
      },
    },
  ];
}

/** The close of a day, once. */
export function ledgerDayClosePut(close: LedgerDayCloseRecord): TransactionPart {
  return {
    name: LEDGER_DAY_PART,
    item: {
      Put: {
        TableName: tableName,
        Item: { ...keys.ledgerDayClose(close.day), ...close },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}
