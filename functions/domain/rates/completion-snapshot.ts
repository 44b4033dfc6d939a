import type { ApplicationRecord } from '@functions/data/applications';
import { completionSnapshotPut, findCompletionSnapshot } from '@functions/data/completion-snapshots';
import { type QuoteItems, readQuoteInputs } from '@functions/data/rates';
import type { TransactItem } from '@functions/data/transactions';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { completionSnapshotOf, type Market } from './completion-profit';

/**
 * The market now: the rates job's prices when it has both sides (the market itself, however old:
 * `asOf` says), else staff's USD values; none without either.
 */
function marketOf({ from, to, feedFrom, feedTo }: QuoteItems): Market | null {
  if (feedFrom && feedTo) {
    return {
      usdValueFrom: feedFrom.usdValue,
      usdValueTo: feedTo.usdValue,
      source: 'feed',
      asOf: [feedFrom.asOf, feedTo.asOf].sort()[0]!,
    };
  }
  if (from && to) {
    return {
      usdValueFrom: from.usdValue,
      usdValueTo: to.usdValue,
      source: 'manual',
      asOf: [from.updatedAt, to.updatedAt].sort()[1]!,
    };
  }
  return null;
}

/**
 * The snapshot's Put for a deal that completes now, written by the settling move in its own
 * transaction (status-change.ts); null for an individual request (no amounts) or a currency
 * without any USD value.
 */
export async function completionSnapshotItem(
  application: ApplicationRecord,
  now: Date,
): Promise<TransactItem | null> {
  const { amountFrom, amountTo, assetFrom, assetTo, currencyFrom, currencyTo, rate } = application;
  if (amountFrom === null || amountTo === null || !assetFrom || !assetTo || !currencyFrom || !currencyTo)
    return null;
  if (!rate) return null;
  const market = marketOf(await readQuoteInputs(assetFrom, assetTo, currencyFrom, currencyTo));
  if (!market) return null;
  const deal = { amountFrom, amountTo, currencyFrom, currencyTo, rate: rate.rate };
  return completionSnapshotPut(application.id, completionSnapshotOf(deal, market, now.toISOString()));
}

/** A deal's snapshot for the admin detail; null until it completes. */
export async function completionOf(applicationId: string): Promise<CompletionSnapshot | null> {
  return (await findCompletionSnapshot(applicationId)) ?? null;
}
