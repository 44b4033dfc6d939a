import { logger } from '@functions/commons/logger';
import type { ApplicationRecord } from '@functions/data/applications';
import { chainUseClaim } from '@functions/data/chain-uses';
import type { TransactItem } from '@functions/data/transactions';
import { transactionInfo, tronConfig, usdtTransferIn } from '@functions/data/tron';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { settingValue } from '@functions/domain/settings/settings';
import type { PaymentHold } from '@shared/contract/deal';
import { SYSTEM_ID } from '@shared/contract/deal';
import { paymentGap } from '@shared/deal-money';
import { endedByExpiry, movesFrom } from '@shared/lifecycle';
import { arrivalMove, askedOf } from '../applications/deal-money';
import { movement, withMoney } from '../applications/movements';
import { perform, SYSTEM_ACTOR } from '../applications/perform';
import { screenIncomingPayment } from './screening';

/**
 * The system's side of the deal: what it moves by itself once the chain shows the money
 * (docs/architecture.md "The chain watcher", "One use per transaction"). A deal's USDT payment seen
 * on chain is confirmed one way for the watcher's match, a client's hash that matched and a transfer
 * staff attached; a payout whose hash matched completes the deal. Each move claims the transaction as this deal's payment in its own transaction, so a
 * transaction that paid anything else cancels it, and the money in is recorded as it arrived.
 */

export interface ChainPayment {
  txId: string;
  /** What arrived, in USDT ("500.003700"). */
  amount: string;
  /** Who confirms it: the system, or the staff member who attached the transfer. */
  confirmer: RecordedActor | null;
  /** It was made after the deal's payment window (staff attached a late transfer). */
  late: boolean;
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
  if (!movesFrom('chainSeenPayment', application.status)) return null;
  return perform(
    {
      move: 'chainSeenPayment',
      application,
      actor: SYSTEM_ACTOR,
      write: {
        details: { txId: payment.txId, amount: payment.amount },
        parts: [paymentClaim(application, payment, now.toISOString())],
      },
    },
    now,
  );
}

/** Whether the deal can take a final payment now (its own, or a late one for a deal that expired). */
const takesFinalPayment = (application: ApplicationRecord) =>
  movesFrom('chainFinalPayment', application.status) || movesFrom('chainLatePayment', application.status);

/**
 * Final: screened first (screening.ts), then the next part of the deal's payment, of the amount
 * that arrived, its reference the transaction, recorded by the confirmer (the system unless staff
 * attached it). A screening that holds it: → ON_HOLD with why, the money recorded, nothing
 * confirmed. Otherwise, all that was asked arrived in time: → CONFIRMED; else the deal is PAID
 * showing the difference for staff (a part, or money after the window), or, for a deal that
 * expired, open again as a late payment. `'screening'` while the AML check has not answered (the
 * watcher's next run asks again); null when the deal is past its payment.
 */
export async function screenedPaymentOnChain(
  application: ApplicationRecord,
  payment: ChainPayment & { sender: string },
  now: Date,
): Promise<ApplicationRecord | 'screening' | null> {
  if (!takesFinalPayment(application)) return null;
  const screening = await screenIncomingPayment(
    { txId: payment.txId, sender: payment.sender },
    application.id,
    now,
  );
  if (screening.verdict === 'pending') return 'screening';
  const at = now.toISOString();
  const by = payment.confirmer?.id ?? SYSTEM_ID;
  const late = endedByExpiry(application.status);
  const written = await movement(application, 'in', {
    staffId: by,
    at,
    reference: payment.txId,
    note: null,
    amount: payment.amount,
    late: late || payment.late,
  });
  const gap = paymentGap(written.money, askedOf(application));
  const move =
    screening.verdict === 'hold' ? 'holdPayment' : arrivalMove(application, written.money, 'chain');
  const hold: PaymentHold | null =
    screening.verdict === 'hold'
      ? {
          ...screening.hold,
          at,
          expectedBy: new Date(
            now.getTime() + (await settingValue('holdReviewHours')) * 3_600_000,
          ).toISOString(),
          released: null,
        }
      : null;
  return perform(
    {
      move,
      application,
      actor: payment.confirmer ?? SYSTEM_ACTOR,
      write: {
        fields: {
          money: written.money,
          ...(move === 'chainFinalPayment'
            ? { paymentConfirmation: { at, by, txHash: payment.txId, note: null } }
            : {}),
          ...(hold ? { hold } : {}),
        },
        details: {
          txId: payment.txId,
          amount: payment.amount,
          confirmedAt: at,
          gap,
          ...(hold ? { holdReason: hold.reason, riskScore: hold.riskScore } : {}),
        },
        ...withMoney(written, [paymentClaim(application, payment, at)]),
      },
    },
    now,
  );
}

/**
 * The client's hash matched: the system screens and confirms at once (PAID → CONFIRMED) as the
 * watcher does (screenedPaymentOnChain). If that cannot happen now (the AML check has not answered,
 * staff or the watcher confirmed meanwhile), it is left as it is: the client's request stands, and
 * the watcher takes the transfer the hash claimed as this deal's payment when it comes to it.
 */
export async function confirmMatchedClientPayment(
  application: ApplicationRecord,
  txHash: string,
  paidAt: Date,
): Promise<void> {
  const amount = String(application.instructions?.crypto?.amount ?? '');
  try {
    const final = await transactionInfo(txHash, { solidified: true });
    const sender = final ? usdtTransferIn(final, tronConfig()?.usdtContract)?.from : undefined;
    if (!sender) return;
    await screenedPaymentOnChain(
      application,
      { txId: txHash, amount, confirmer: null, late: false, sender },
      justAfter(paidAt),
    );
  } catch (error) {
    // The client's "I have paid" stands: staff (or the watcher) confirm it otherwise.
    logger.warn('payment matched on chain but not confirmed: left for staff', {
      applicationId: application.id,
      error: String(error),
    });
  }
}

/** A millisecond after a move: the system's move after it sorts after it in the history. */
const justAfter = (moment: Date) => new Date(moment.getTime() + 1);

/**
 * The payout's hash matched: the system completes the deal (EXCHANGING → COMPLETED), the reserves
 * moving as at any completion (status-change.ts). If that cannot happen now (staff moved it
 * meanwhile, a reserve refuses), it stays for staff; the payout stands recorded either way.
 */
export async function completeMatchedPayout(application: ApplicationRecord, paidOutAt: Date): Promise<void> {
  if (!movesFrom('chainCompletePayout', application.status)) return;
  const now = justAfter(paidOutAt);
  try {
    await perform(
      {
        move: 'chainCompletePayout',
        application,
        actor: SYSTEM_ACTOR,
        write: {
          details: { txHash: application.payout?.txHash ?? null, chainCheck: 'matched' },
        },
      },
      now,
    );
  } catch (error) {
    logger.warn('payout matched on chain but not completed: left for staff', {
      applicationId: application.id,
      error: String(error),
    });
  }
}
