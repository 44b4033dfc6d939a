import type { ApplicationRecord } from '@functions/data/applications';
import { findCompletionSnapshot } from '@functions/data/completion-snapshots';
import { type QuoteItems, readQuoteInputs } from '@functions/data/rates';
import { fiatAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { CompletionSnapshot } from '@shared/contract/completion';
import type { Decimal } from '@shared/money';
import { completionSnapshotOf, crossMarket, type Market } from './completion-profit';
import { marketPriceNow } from './market-price';
import { sidesOf } from './quote';

/**
 * The market now. A direction that follows the market completes against the market price it
 * follows (market-price.ts: a RUB market's USDT price, the central bank's rate by its coefficient,
 * or the USD cross), however old (`asOf` says): its profit is its margin over that market, not over
 * a cross it is not priced from. Any other, against the cross.
 */
function marketOf(items: QuoteItems, now: Date): Market | null {
  const { direction } = items;
  if (direction?.source === 'feed') {
    const followed = marketPriceNow(direction, sidesOf(direction, items), items.sourcePrices, now);
    if (followed.rawPrice && followed.asOf)
      return { rate: followed.rawPrice, source: 'feed', asOf: followed.asOf };
  }
  return crossOf(items);
}

/** The cross of the rates job's USD values when it has both sides, else staff's; none without either. */
function crossOf({ from, to, feedFrom, feedTo }: QuoteItems): Market | null {
  if (feedFrom && feedTo)
    return crossMarket(feedFrom.usdValue, feedTo.usdValue, 'feed', [feedFrom.asOf, feedTo.asOf].sort()[0]!);
  if (from && to)
    return crossMarket(from.usdValue, to.usdValue, 'manual', [from.updatedAt, to.updatedAt].sort()[1]!);
  return null;
}

/**
 * The snapshot of a deal that completes now, which the settling move writes in its own transaction
 * (status-change.ts); null for an individual request (no amounts) or a currency without any USD value.
 */
export async function completionSnapshotNow(
  application: ApplicationRecord,
  now: Date,
): Promise<CompletionSnapshot | null> {
  const { amountFrom, amountTo, assetFrom, assetTo, currencyFrom, currencyTo, rate } = application;
  if (amountFrom === null || amountTo === null || !assetFrom || !assetTo || !currencyFrom || !currencyTo)
    return null;
  if (!rate) return null;
  const market = marketOf(await readQuoteInputs(assetFrom, assetTo, currencyFrom, currencyTo), now);
  if (!market) return null;
  const deal = { amountFrom, amountTo, currencyFrom, currencyTo, rate: rate.rate };
  return completionSnapshotOf(deal, market, now.toISOString());
}

/**
 * RUB per USDT on the market now, the USD cross (RATE_DIGITS significant digits): the reports' RUB
 * figures of a deal in another currency; null without a value of either. The two currencies' values are read as
 * a quote of USDT for cash RUB reads them (the direction it also reads need not exist).
 */
export async function rubPerUsdtNow(): Promise<Decimal | null> {
  return (
    crossOf(await readQuoteInputs(CRYPTO_ASSET, fiatAssetKey('cash', 'RUB'), 'USDT', 'RUB'))?.rate ?? null
  );
}

/** A deal's snapshot for the admin detail; null until it completes. */
export async function completionOf(applicationId: string): Promise<CompletionSnapshot | null> {
  return (await findCompletionSnapshot(applicationId)) ?? null;
}
