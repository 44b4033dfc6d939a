import { findApplication } from '@functions/data/applications';
import { findChainTransfer, resolveChainTransfer } from '@functions/data/chain-transfers';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type {
  AttachChainTransferBody,
  ChainTransferActionData,
  RefundChainTransferBody,
} from '@shared/contract/chain';
import { moveOf } from '@shared/lifecycle';
import { normalizedTxHash } from '@shared/payout-details';
import { ApplicationNotFound } from '../applications/errors';
import { ChainTransferNotAttachable, ChainTransferNotFound, ChainTransferNotWaiting } from './errors';
import { settle } from './watcher';

async function waitingTransfer(txId: string) {
  const transfer = await findChainTransfer(txId);
  if (!transfer) throw new ChainTransferNotFound();
  if (transfer.state !== 'review') throw new ChainTransferNotWaiting();
  return transfer;
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
  const at = now.toISOString();
  const attached = await resolveChainTransfer(transfer, {
    kind: 'attached',
    applicationId: application.id,
    by: actor.id ?? 'system',
    at,
  });
  if (!attached) throw new ChainTransferNotWaiting();
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
  const refunded = await resolveChainTransfer(transfer, {
    kind: 'refunded',
    refundTxHash,
    by: actor.id ?? 'system',
    at: now.toISOString(),
  });
  if (!refunded) throw new ChainTransferNotWaiting();
  return { txId, resolution: 'refunded', applicationId: transfer.applicationId, status: null, refundTxHash };
}
