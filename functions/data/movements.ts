import { MOVEMENT_DIRECTIONS, type MovementDirectionName } from '@shared/contract/transactions';
import { tableName } from './client';
import { keys } from './keys';
import { decodeFilteredCursor, encodeFilteredCursor, readItems } from './query-window';
import type { TransactItem } from './transactions';

/**
 * A confirmed movement of money on a deal (docs/product.md §4 "The deal", the admin transaction
 * history): the client's payment in, the office's payout, a refund of the client's payment, or a
 * payout's reversal (the paid-out money came back).
 */
export type MovementDirection = MovementDirectionName;

export interface MovementRecord {
  /**
   * `{applicationId}#{direction}`, then `#2`, `#3`… for the next part of that direction (a payment
   * in parts, a payout again after a reversal): each part is recorded once, a second record refused.
   */
  id: string;
  applicationId: string;
  /** The application's owner. */
  userId: string;
  direction: MovementDirection;
  amount: number;
  /** The asset key (`card-EUR`, `usdt-trc20`) and the currency it is counted in (`EUR`, `USDT`). */
  asset: string;
  currency: string;
  /** A transaction hash, a receipt's attachment id or staff's reference. */
  reference: string | null;
  note: string | null;
  /** The staff member who confirmed or recorded it. */
  staffId: string;
  at: string;
  /** Recorded when a deal done face to face was completed, not as the money moved. */
  recordedAtCompletion: boolean;
  /** The office account (ledger) the money came into or left; absent on a movement from before the books. */
  accountId?: string;
  /** Where a refund was sent (an address or a card), as staff gave it. */
  destination?: string;
  /** A refund sent back less the network fee: the fee the office kept (the client's claim settled by both). */
  networkFee?: number;
}

export function movementId(applicationId: string, direction: MovementDirection, sequence = 1): string {
  return sequence > 1 ? `${applicationId}#${direction}#${sequence}` : `${applicationId}#${direction}`;
}

/** The movement's item, with its three index entries (pattern 32). */
export function movementItem(record: MovementRecord): Record<string, unknown> {
  return { ...keys.movement(record.id), ...keys.movementIndexEntries(record), ...record };
}

/** The movement, in the transaction of the move that records it; refused if already recorded. */
export function movementPut(record: MovementRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: movementItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Which movements to read: those from `since` (included) to `until` (not), ISO instants (the
 * bounds of a period of business days), optionally of one currency, one direction.
 */
export interface MovementFilter {
  since: string;
  until: string;
  currency?: string | undefined;
  direction?: MovementDirection | undefined;
}

type MovementIndex = 'gsi1' | 'gsi2' | 'gsi3';

/**
 * The index partitions that hold the filter's movements in time order (pattern 32): one for all
 * of them, a direction, or a currency and a direction; a currency alone is the three partitions of
 * its directions, merged by sort key. None needs a FilterExpression, so nothing read is left out.
 */
function movementPartitions(filter: MovementFilter): Array<{ indexName: MovementIndex; value: string }> {
  if (filter.currency && filter.direction) {
    return [{ indexName: 'gsi2', value: keys.movementsOfCurrency(filter.currency, filter.direction) }];
  }
  if (filter.currency) {
    const currency = filter.currency;
    return MOVEMENT_DIRECTIONS.map((direction) => ({
      indexName: 'gsi2' as const,
      value: keys.movementsOfCurrency(currency, direction),
    }));
  }
  if (filter.direction) return [{ indexName: 'gsi3', value: keys.movementsOfDirection(filter.direction) }];
  return [{ indexName: 'gsi1', value: keys.movementsAll }];
}

/** The filter a cursor was handed out for: a cursor continues only the list it came from. */
function filterTag(filter: MovementFilter): string {
  return [filter.since, filter.until, filter.currency ?? '', filter.direction ?? ''].join('/');
}

/**
 * `{at}#{movementId}`, the index sort key of every movement: the id is `{applicationId}#{direction}`
 * and `#{n}` for a later part of that direction.
 */
const MOVEMENT_SORT_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[^#]{1,100}#(in|out|refund|reversal)(#\d{1,3})?$/;

function encodeMovementCursor(filter: MovementFilter, sortKey: string): string {
  return encodeFilteredCursor(filterTag(filter), sortKey);
}

/** The sort key a cursor of this filter continues below: a movement's, within the filter's period. */
function decodeMovementCursor(filter: MovementFilter, cursor: string): string {
  const period = keys.movementPeriod(filter.since, filter.until);
  return decodeFilteredCursor(
    filterTag(filter),
    cursor,
    (key) => MOVEMENT_SORT_KEY.test(key) && key >= period.from && key <= period.to,
  );
}

export function toMovement(item: Record<string, unknown>): MovementRecord {
  return {
    id: String(item.id),
    applicationId: String(item.applicationId),
    userId: String(item.userId),
    direction: item.direction as MovementDirection,
    amount: Number(item.amount),
    asset: String(item.asset),
    currency: String(item.currency),
    reference: (item.reference as string | null | undefined) ?? null,
    note: (item.note as string | null | undefined) ?? null,
    staffId: String(item.staffId),
    at: String(item.at),
    recordedAtCompletion: item.recordedAtCompletion === true,
    ...(typeof item.accountId === 'string' ? { accountId: item.accountId } : {}),
    ...(typeof item.destination === 'string' ? { destination: item.destination } : {}),
    ...(typeof item.networkFee === 'number' ? { networkFee: item.networkFee } : {}),
  };
}

/**
 * One page of the filter's movements, newest first, below `cursor` (a `nextCursor` of the same
 * filter; another is InvalidCursor), and the cursor of the next page, null at the end. Each
 * partition is read from the cursor's sort key down, at most `limit` + 2 items (the cursor's own
 * item, which is dropped, and one to know whether more follow), so a page costs the same however
 * many movements the table, the period or the other partitions hold.
 */
export async function readMovementPage(
  filter: MovementFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ movements: MovementRecord[]; nextCursor: string | null }> {
  const period = keys.movementPeriod(filter.since, filter.until);
  const below = page.cursor ? decodeMovementCursor(filter, page.cursor) : undefined;
  const sortKeyBetween = { from: period.from, to: below ?? period.to };
  const partitions = movementPartitions(filter);
  const reads = await Promise.all(
    partitions.map(async ({ indexName, value }) => {
      const { items } = await readItems(
        { indexName, value, sortKeyBetween },
        { forward: false, count: page.limit + (below ? 2 : 1) },
      );
      return items.map((item) => ({ sortKey: String(item[`${indexName}sk`]), item }));
    }),
  );
  const merged = reads
    .flat()
    .filter((entry) => entry.sortKey !== below)
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
  const shown = merged.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    movements: shown.map((entry) => toMovement(entry.item)),
    nextCursor: merged.length > page.limit && last ? encodeMovementCursor(filter, last.sortKey) : null,
  };
}
