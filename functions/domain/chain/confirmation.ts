import type { ApplicationRecord } from '@functions/data/applications';
import { chainUseClaim } from '@functions/data/chain-uses';
import type { TransactItem } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { SYSTEM_ID } from '@shared/contract/deal';
import { moveOf } from '@shared/lifecycle';
import { toNumber } from '@shared/money';
import { movement } from '../applications/movements';
import { applyStatusChange } from '../applications/status-change';

/**
 * A deal's USDT payment seen on chain (docs/architecture.md "The chain watcher", "One use per
 * transaction"): one way for the watcher's match, a client's hash that matched and a transfer staff
 * attached. Each move claims the transaction as this deal's payment in its own transaction, so a
 * transaction that paid anything else cancels it, and the money in is recorded as it arrived.
 */

/** The system as the actor of a move and the author of its records. */
export const SYSTEM_ACTOR = { id: null, role: 'SYSTEM' } as const;

export interface ChainPayment {
  txId: string;
  /** What arrived, in USDT ("500.003700"). */
  amount: string;
  /** Who confirms it: the system, or the staff member who attached the transfer. */
  confirmer: RecordedActor | null;
}

/** The claim of the transaction as the deal's payment, a part of the move's transaction. */
function paymentClaim(application: ApplicationRecord, payment: ChainPayment, at: string) {
  return [
    'chainUse',
    chainUseClaim({
      txId: payment.txId,
      purpose: 'payment',
      applicationId: application.id,
      by: payment.confirmer?.id ?? SYSTEM_ID,
      at,
    }),
  ] as [string, TransactItem];
}

/** Seen, not final yet: WAITING_PAYMENT → PAID by the system; nothing when the deal is past it. */
export async function markPaidOnChain(
  application: ApplicationRecord,
  payment: ChainPayment,
  now: Date,
): Promise<ApplicationRecord | null> {
  if (!moveOf('chainWatcher', application.status, 'PAID')) return null;
  return applyStatusChange(
    {
      application,
      from: application.status,
      to: 'PAID',
      actor: SYSTEM_ACTOR,
      details: { txId: payment.txId, amount: payment.amount },
      parts: [paymentClaim(application, payment, now.toISOString())],
    },
    now,
  );
}

/**
 * Final: → CONFIRMED, by the confirmer (the system unless staff attached it), the movement in of
 * the amount that arrived, its reference the transaction; nothing when the deal is past it.
 */
export async function confirmPaymentOnChain(
  application: ApplicationRecord,
  payment: ChainPayment,
  now: Date,
): Promise<ApplicationRecord | null> {
  if (!moveOf('chainWatcher', application.status, 'CONFIRMED')) return null;
  const at = now.toISOString();
  const by = payment.confirmer?.id ?? SYSTEM_ID;
  return applyStatusChange(
    {
      application,
      from: application.status,
      to: 'CONFIRMED',
      actor: payment.confirmer ?? SYSTEM_ACTOR,
      audited: payment.confirmer !== null,
      fields: { paymentConfirmation: { at, by, txHash: payment.txId, note: null } },
      details: { txId: payment.txId, amount: payment.amount, confirmedAt: at },
      parts: [
        paymentClaim(application, payment, at),
        ...movement(application, 'in', {
          staffId: by,
          at,
          reference: payment.txId,
          note: null,
          amount: toNumber(payment.amount),
        }),
      ],
    },
    now,
  );
}
