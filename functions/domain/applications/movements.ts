import type { ApplicationRecord } from '@functions/data/applications';
import { type MovementDirection, movementId, movementPut } from '@functions/data/movements';
import type { TransactItem } from '@functions/data/transactions';

/**
 * A movement of money the move confirms, for the transaction history: the deal's amount, or
 * `record.amount` when what moved is known exactly and differs (a USDT transfer's own amount).
 */
export function movement(
  application: ApplicationRecord,
  direction: MovementDirection,
  record: {
    staffId: string;
    at: string;
    reference: string | null;
    note: string | null;
    amount?: number;
    /** The second payout of a deal whose first came back. */
    sequence?: number;
  },
  recordedAtCompletion = false,
): Array<[string, TransactItem]> {
  // A reversal is the payout's money coming back: counted in what the client was paid out.
  const outgoing = direction === 'out' || direction === 'reversal';
  const amount = record.amount ?? (outgoing ? application.amountTo : application.amountFrom);
  const asset = outgoing ? application.assetTo : application.assetFrom;
  const currency = outgoing ? application.currencyTo : application.currencyFrom;
  // An individual request names no amounts: its money is not in the history.
  if (amount === null || asset === null || currency === null) return [];
  return [
    [
      `movement:${direction}`,
      movementPut({
        id: movementId(application.id, direction, record.sequence),
        applicationId: application.id,
        userId: application.userId,
        direction,
        amount,
        asset,
        currency,
        reference: record.reference,
        note: record.note,
        staffId: record.staffId,
        at: record.at,
        recordedAtCompletion,
      }),
    ],
  ];
}

/**
 * The movements of a deal completed face to face at the office (PROCESSING → COMPLETED): both
 * recorded at completion, by the staff member completing it.
 */
export function movementsAtCompletion(
  application: ApplicationRecord,
  staffId: string,
  at: string,
): Array<[string, TransactItem]> {
  const record = { staffId, at, reference: null, note: null };
  return [...movement(application, 'in', record, true), ...movement(application, 'out', record, true)];
}
