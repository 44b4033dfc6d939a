import type { ApplicationRecord } from '@functions/data/applications';
import {
  type ChainTransferRecord,
  chainTransfersOfApplication,
  findChainTransfer,
} from '@functions/data/chain-transfers';
import type { DealChainTransfer } from '@shared/contract/chain';

/**
 * A deal's USDT transfers as the chain watcher recorded them, for the staff detail: one Query of
 * the transfers naming the deal (keys.ts pattern 37), and a GetItem of the confirmed payment's
 * transaction when that Query lacks it (a transfer recorded before the index was kept).
 */
export async function dealChainTransfers(application: ApplicationRecord): Promise<DealChainTransfer[]> {
  const recorded = await chainTransfersOfApplication(application.id);
  const confirmedWith = application.paymentConfirmation?.txHash;
  if (confirmedWith && !recorded.some((transfer) => transfer.txId === confirmedWith)) {
    const confirmed = await findChainTransfer(confirmedWith);
    if (confirmed?.applicationId === application.id) recorded.unshift(confirmed);
  }
  return recorded.map(toView);
}

function toView(record: ChainTransferRecord): DealChainTransfer {
  return {
    txId: record.txId,
    amount: record.amount,
    blockTime: new Date(record.blockTimestamp).toISOString(),
    seenAt: record.seenAt,
    state: record.state,
    reason: record.reason,
    confirmedAt: record.confirmedAt,
    attachedBy: record.resolvedBy && record.state !== 'refunded' ? record.resolvedBy : null,
  };
}
