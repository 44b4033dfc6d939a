import { findApplication } from '@functions/data/applications';
import { findChainCursor, transfersAwaitingReview } from '@functions/data/chain-transfers';
import { currencyDecimals } from '@shared/assets';
import type { ChainReviewData, ChainWalletStatus } from '@shared/contract/chain';
import { toUnits, unitsText } from '@shared/money';
import { officeWallets } from './wallets';

/** The most transfers the review list answers (oldest first; more wait behind them). */
const REVIEW_LIMIT = 200;

/** Each receiving wallet's last successful read, its lag and its failed reads (the cursors). */
async function walletStatuses(now: Date): Promise<ChainWalletStatus[]> {
  const cursors = await Promise.all(
    (await officeWallets()).map((wallet) => findChainCursor(wallet.address, wallet.watchedSince)),
  );
  return cursors.map((cursor) => ({
    address: cursor.wallet,
    lastReadAt: cursor.lastReadAt,
    lagSeconds:
      cursor.lastReadAt === null
        ? null
        : Math.max(0, Math.floor((now.getTime() - Date.parse(cursor.lastReadAt)) / 1000)),
    errors: cursor.errors,
    lastError: cursor.lastError,
  }));
}

/**
 * GET /admin/chain/review: the transfers waiting for staff (watcher.ts), oldest first, each with
 * the application it was nearest to, as it is now; and each receiving wallet's read status.
 */
export async function listChainReview(now = new Date()): Promise<ChainReviewData> {
  const [transfers, wallets] = await Promise.all([
    transfersAwaitingReview(REVIEW_LIMIT),
    walletStatuses(now),
  ]);
  const ids = [...new Set(transfers.flatMap((transfer) => transfer.applicationId ?? []))];
  const applications = new Map(
    (await Promise.all(ids.map((id) => findApplication(id)))).flatMap((application) =>
      application ? [[application.id, application] as const] : [],
    ),
  );
  return {
    wallets,
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

/** The watcher's health for its alarms (docs/operations.md `ChainReadStale`, `ChainReviewWaiting`). */
export interface ChainHealth {
  /** Minutes since the wallet read longest ago was read whole; 0 with no wallet or none failing yet. */
  readAgeMinutes: number;
  /** Transfers waiting for staff (counted up to the review list's limit). */
  reviewWaiting: number;
}

/**
 * A wallet never read whole counts only once a read of it has failed: a template just saved is
 * read by the next run and is not late until then.
 */
export async function chainHealth(now = new Date()): Promise<ChainHealth> {
  const [wallets, waiting] = await Promise.all([walletStatuses(now), transfersAwaitingReview(REVIEW_LIMIT)]);
  const ages = wallets.map((wallet) => {
    if (wallet.lagSeconds !== null) return Math.floor(wallet.lagSeconds / 60);
    return wallet.errors > 0 ? Number.MAX_SAFE_INTEGER : 0;
  });
  return { readAgeMinutes: Math.max(0, ...ages), reviewWaiting: waiting.length };
}

/** The review list's transfers summed at most; more are said to be there. */
const REVIEW_SUMMED = 200;
const USDT_DECIMALS = currencyDecimals('USDT');

/**
 * The USDT waiting for staff on the review list: how many transfers and their sum, of the first
 * 200 (`more`: there are others behind them), for the dashboard's today and the daily report.
 */
export async function reviewListTotal(): Promise<{ transfers: number; amount: string; more: boolean }> {
  const waiting = await transfersAwaitingReview(REVIEW_SUMMED + 1);
  const summed = waiting.slice(0, REVIEW_SUMMED);
  return {
    transfers: summed.length,
    amount: unitsText(
      summed.reduce((sum, transfer) => sum + toUnits(transfer.amount, USDT_DECIMALS), 0n),
      USDT_DECIMALS,
    ),
    more: waiting.length > REVIEW_SUMMED,
  };
}
