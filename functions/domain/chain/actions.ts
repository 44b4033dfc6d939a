import { findApplication } from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import {
  type ChainTransferRecord,
  chainTransferResolution,
  findChainTransfer,
} from '@functions/data/chain-transfers';
import { TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type {
  AttachChainTransferBody,
  ChainTransferActionData,
  RefundChainTransferBody,
} from '@shared/contract/chain';
import { moveOf } from '@shared/lifecycle';
import { normalizedTxHash } from '@shared/payout-details';
import { ApplicationNotFound } from '../applications/errors';
import {
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
 * Writes a resolution and its audit entry (who, the transfer as it waited, what it became) in one
 * transaction; a transfer resolved meanwhile answers 409.
 */
async function resolve(
  transfer: ChainTransferRecord,
  resolution: Parameters<typeof chainTransferResolution>[1],
  actor: RecordedActor,
  now: Date,
) {
  const { kind, by: _by, at: _at, ...after } = resolution;
  try {
    await transactWrite([
      chainTransferResolution(transfer, resolution),
      auditPut({
        actorId: actor.id ?? 'system',
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
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed)
      throw new ChainTransferNotWaiting();
    throw error;
  }
}

/**
 * POST /admin/chain/transfers/{txId}/attach: staff say a waiting transfer pays an application
 * waiting for its payment. It then pays it as a match would (watcher.ts `settle`): PAID, and
 * CONFIRMED once final (now, or on a later run of the watcher), by the system.
 */
export async function attachChainTransfer(
  txId: string,
  body: AttachChainTransferBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<ChainTransferActionData> {
  const transfer = await waitingTransfer(txId);
  const application = await findApplication(body.applicationId);
  if (!application) throw new ApplicationNotFound();
  if (!moveOf('chainWatcher', application.status)) throw new ChainTransferNotAttachable(application.status);
  if (application.instructions?.crypto?.address !== transfer.to)
    throw new ChainTransferOtherWallet(transfer.to);
  await resolve(
    transfer,
    { kind: 'attached', applicationId: application.id, by: actor.id ?? 'system', at: now.toISOString() },
    actor,
    now,
  );
  await settle({ ...transfer, state: 'matched', applicationId: application.id }, now);
  const after = await findApplication(application.id);
  return {
    txId,
    resolution: 'attached',
    applicationId: application.id,
    status: after?.status ?? application.status,
    refundTxHash: null,
  };
}

/** POST /admin/chain/transfers/{txId}/refund: a waiting transfer was sent back; off the list with the refund's hash. */
export async function refundChainTransfer(
  txId: string,
  body: RefundChainTransferBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<ChainTransferActionData> {
  const transfer = await waitingTransfer(txId);
  const refundTxHash = normalizedTxHash(body.txHash);
  await resolve(
    transfer,
    { kind: 'refunded', refundTxHash, by: actor.id ?? 'system', at: now.toISOString() },
    actor,
    now,
  );
  return { txId, resolution: 'refunded', applicationId: transfer.applicationId, status: null, refundTxHash };
}
