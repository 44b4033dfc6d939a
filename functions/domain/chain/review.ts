import { findApplication } from '@functions/data/applications';
import { transfersAwaitingReview } from '@functions/data/chain-transfers';
import type { ChainReviewData } from '@shared/contract/chain';

/** The most transfers the review list answers (oldest first; more wait behind them). */
const REVIEW_LIMIT = 200;

/**
 * GET /admin/chain/review: the transfers waiting for staff (watcher.ts), oldest first, each with
 * the application it was nearest to, as it is now.
 */
export async function listChainReview(): Promise<ChainReviewData> {
  const transfers = await transfersAwaitingReview(REVIEW_LIMIT);
  const ids = [...new Set(transfers.flatMap((transfer) => transfer.applicationId ?? []))];
  const applications = new Map(
    (await Promise.all(ids.map((id) => findApplication(id)))).flatMap((application) =>
      application ? [[application.id, application] as const] : [],
    ),
  );
  return {
    transfers: transfers.map((transfer) => {
      const application = transfer.applicationId ? applications.get(transfer.applicationId) : undefined;
      return {
        txId: transfer.txId,
        from: transfer.from,
        to: transfer.to,
        amount: transfer.amount,
        reason: transfer.reason ?? 'unknown',
        seenAt: transfer.seenAt,
        blockTime: new Date(transfer.blockTimestamp).toISOString(),
        application: application
          ? {
              id: application.id,
              status: application.status,
              payableAmount:
                application.instructions?.crypto != null
                  ? String(application.instructions.crypto.amount)
                  : null,
            }
          : null,
      };
    }),
  };
}
