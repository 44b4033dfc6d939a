import { tableName } from './client';
import { keys } from './keys';
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
