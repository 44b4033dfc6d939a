import { findApplication } from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import {
  type ChainTransferRecord,
  chainTransferResolution,
  findChainTransfer,
} from '@functions/data/chain-transfers';
import { type ChainUse, chainUseClaim, findChainUse } from '@functions/data/chain-uses';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { DealActor, RecordedActor } from '@functions/domain/accounts/principal';
import type {
  AttachChainTransferBody,
  ChainTransferActionData,
  RefundChainTransferBody,
} from '@shared/contract/chain';
import { fieldError } from '@shared/field-rules';
import { moveOf } from '@shared/lifecycle';
import { normalizedTxHash } from '@shared/payout-details';
import { ApplicationRulesBroken, ChainTransactionUsed } from '../applications/errors';
import { assertMayRefund, findForStaff } from '../applications/staff-access';
import {
  ChainTransferBeforeInstructions,
  ChainTransferBlacklisted,
  ChainTransferNotAttachable,
  ChainTransferNotFound,
  ChainTransferNotWaiting,
  ChainTransferOtherWallet,
} from './errors';
import { settle } from './watcher';

async function waitingTransfer(txId: string) {
  const transfer = await findChainTransfer(txId);
  if (!transfer) throw new ChainTransferNotFound();
  if (transfer.state !== 'review') throw new ChainTransferNotWaiting();
  return transfer;
}

/**
 * Writes a resolution, its audit entry (who, the transfer as it waited, what it became) and the
 * claims of the transactions it uses (data/chain-uses.ts) in one transaction; a transfer resolved
 * meanwhile answers 409, a transaction the register has for another use 409 naming that use.
 */
async function resolve(
  transfer: ChainTransferRecord,
  resolution: Parameters<typeof chainTransferResolution>[1],
  claims: ChainUse[],
  actor: RecordedActor,
  now: Date,
) {
  const { kind, by: _by, byRole: _byRole, at: _at, ...after } = resolution;
  const transaction = new Transaction().add('resolution', chainTransferResolution(transfer, resolution)).add(
    'audit',
    auditPut({
      actorId: actor.id,
      actorRole: actor.role,
      action: kind === 'attached' ? 'chainTransfer.attach' : 'chainTransfer.refund',
      targetType: 'chainTransfer',
      targetId: transfer.txId,
      before: {
        state: transfer.state,
        reason: transfer.reason,
        applicationId: transfer.applicationId,
        amount: transfer.amount,
      },
      after: { state: kind === 'attached' ? 'matched' : 'refunded', ...after },
      at: now,
    }),
  );
  for (const [index, claim] of claims.entries()) transaction.add(`chainUse:${index}`, chainUseClaim(claim));
  try {
    await transaction.run();
  } catch (error) {
    if (!(error instanceof TransactionCancelledError)) throw error;
    if (error.failedOn('resolution')) throw new ChainTransferNotWaiting();
    const refused = claims.find((_, index) => error.failedOn(`chainUse:${index}`));
    if (refused) throw new ChainTransactionUsed((await findChainUse(refused.txId))?.purpose ?? 'payment');
    throw error;
  }
}

/**
 * POST /admin/chain/transfers/{txId}/attach: staff (a MANAGER too) say a waiting transfer is money
 * of an application that waits for its payment, or whose window ran out — never their own, never
 * money sent before the client was told the amount, nor from a blacklisted sender. The transaction
 * is claimed as that deal's payment with the resolution; it then pays the deal as a match would
 * (watcher.ts `settle`), as the part it is: PAID, and once final its amount recorded as it arrived,
 * by the staff member; CONFIRMED only when all that was asked arrived in time, otherwise the deal
 * shows the difference (short, over, late) for staff to resolve (payment-resolution.ts).
 */
export async function attachChainTransfer(
  txId: string,
  body: AttachChainTransferBody,
  actor: DealActor,
  now = new Date(),
): Promise<ChainTransferActionData> {
  const transfer = await waitingTransfer(txId);
  if (transfer.reason === 'blacklisted') throw new ChainTransferBlacklisted();
  const application = await findForStaff(body.applicationId, actor);
  if (!moveOf('chainWatcher', application.status)) throw new ChainTransferNotAttachable(application.status);
  const instructions = application.instructions;
  const crypto = instructions?.crypto;
  if (!instructions || crypto?.address !== transfer.to) throw new ChainTransferOtherWallet(transfer.to);
  if (transfer.blockTimestamp < Date.parse(crypto.since ?? instructions.issuedAt))
    throw new ChainTransferBeforeInstructions();
  const at = now.toISOString();
  await resolve(
    transfer,
    { kind: 'attached', applicationId: application.id, by: actor.id, byRole: actor.role, at },
    [{ txId, purpose: 'payment', applicationId: application.id, by: actor.id, at }],
    actor,
    now,
  );
  await settle(
    {
      ...transfer,
      state: 'matched',
      applicationId: application.id,
      resolvedBy: actor.id,
      resolvedByRole: actor.role,
    },
    now,
  );
  const after = await findApplication(application.id);
  return {
    txId,
    resolution: 'attached',
    applicationId: application.id,
    status: after?.status ?? application.status,
    refundTxHash: null,
  };
}

/**
 * POST /admin/chain/transfers/{txId}/refund: a waiting transfer was sent back; off the list with
 * the refund's hash. Both transactions are claimed as the refund: the money that came in pays
 * nothing any more, and the money sent back is not anything else. A refund like any other: not by
 * a MANAGER without the right, nor of a transfer naming a deal outside the caller's rights.
 */
export async function refundChainTransfer(
  txId: string,
  body: RefundChainTransferBody,
  actor: DealActor,
  now = new Date(),
): Promise<ChainTransferActionData> {
  assertMayRefund(actor);
  const transfer = await waitingTransfer(txId);
  if (transfer.applicationId) await findForStaff(transfer.applicationId, actor);
  const refundTxHash = normalizedTxHash(body.txHash);
  if (refundTxHash === normalizedTxHash(txId))
    throw new ApplicationRulesBroken([fieldError('txHash', 'refundIsTheTransfer')]);
  const at = now.toISOString();
  const refund = { purpose: 'refund' as const, applicationId: transfer.applicationId, by: actor.id, at };
  await resolve(
    transfer,
    { kind: 'refunded', refundTxHash, by: actor.id, byRole: actor.role, at },
    [
      { txId, ...refund },
      { txId: refundTxHash, ...refund },
    ],
    actor,
    now,
  );
  return { txId, resolution: 'refunded', applicationId: transfer.applicationId, status: null, refundTxHash };
}
