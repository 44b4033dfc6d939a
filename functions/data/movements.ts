import { tableName } from './client';
import { keys } from './keys';
import { type ItemFilter, type ListPartition, readCursorPage } from './query-window';
import type { TransactItem } from './transactions';

/**
 * A confirmed movement of money on a deal (docs/product.md §4 "The deal", the admin transaction
 * history): the client's payment in, the office's payout, or a refund of the client's payment.
 */
export type MovementDirection = 'in' | 'out' | 'refund';
export const MOVEMENT_DIRECTIONS = ['in', 'out', 'refund'] as const satisfies readonly MovementDirection[];

export interface MovementRecord {
  /** `{applicationId}#{direction}`: a deal moves money each way once, so a second record is refused. */
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
}

export function movementId(applicationId: string, direction: MovementDirection): string {
  return `${applicationId}#${direction}`;
}

/** The movement, in the transaction of the move that records it; refused if already recorded. */
export function movementPut(record: MovementRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.movement(record.id), ...keys.movementIndexEntries(record), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Which movements to read: a period of UTC days (both included), optionally one currency, one direction. */
export interface MovementFilter {
  from: string;
  to: string;
  currency?: string | undefined;
  direction?: MovementDirection | undefined;
}

/**
 * The index that holds the filter's movements in time order (pattern 32): the currency's when a
 * currency is asked (the direction then a FilterExpression: the currency's rows of the period are
 * read), else the direction's, else all of them; always within the period's sort keys.
 */
function movementSource(filter: MovementFilter): { partition: ListPartition; filter?: ItemFilter } {
  const sortKeyBetween = keys.movementPeriod(filter.from, filter.to);
  if (filter.currency) {
    return {
      partition: { indexName: 'gsi2', value: keys.movementsOfCurrency(filter.currency), sortKeyBetween },
      ...(filter.direction
        ? {
            filter: {
              expression: '#direction = :direction',
              names: { '#direction': 'direction' },
              values: { ':direction': filter.direction },
            },
          }
        : {}),
    };
  }
  if (filter.direction) {
    return {
      partition: { indexName: 'gsi3', value: keys.movementsOfDirection(filter.direction), sortKeyBetween },
    };
  }
  return { partition: { indexName: 'gsi1', value: keys.movementsAll, sortKeyBetween } };
}

function toMovement(item: Record<string, unknown>): MovementRecord {
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
  };
}

/**
 * One page of the filter's movements, newest first, after `cursor` (a `nextCursor` of the same
 * filter; another is InvalidCursor), and the cursor of the next page, null at the end.
 */
export async function readMovementPage(
  filter: MovementFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ movements: MovementRecord[]; nextCursor: string | null }> {
  const source = movementSource(filter);
  const { items, nextCursor } = await readCursorPage(source.partition, {
    forward: false,
    limit: page.limit,
    cursor: page.cursor,
    filter: source.filter,
  });
  return { movements: items.map(toMovement), nextCursor };
}
