import type { ApplicationRecord } from '@functions/data/applications';
import { findCompletionSnapshot } from '@functions/data/completion-snapshots';
import { type QuoteItems, readQuoteInputs } from '@functions/data/rates';
import { fiatAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { RATE_DIGITS } from '@shared/exact-rate';
import { type Decimal, divideSignificant } from '@shared/money';
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
  const market = marketOf(await readQuoteInputs(assetFrom, assetTo, currencyFrom, currencyTo));
  if (!market) return null;
  const deal = { amountFrom, amountTo, currencyFrom, currencyTo, rate: rate.rate };
  return completionSnapshotOf(deal, market, now.toISOString());
}

/**
 * RUB per USDT on the market now (RATE_DIGITS significant digits), the reports' RUB figures of a
 * deal in another currency; null without a value of either. The two currencies' values are read as
 * a quote of USDT for cash RUB reads them (the direction it also reads need not exist).
 */
export async function rubPerUsdtNow(): Promise<Decimal | null> {
  const market = marketOf(await readQuoteInputs(CRYPTO_ASSET, fiatAssetKey('cash', 'RUB'), 'USDT', 'RUB'));
  return market ? divideSignificant(market.usdValueFrom, market.usdValueTo, RATE_DIGITS) : null;
}

/** A deal's snapshot for the admin detail; null until it completes. */
export async function completionOf(applicationId: string): Promise<CompletionSnapshot | null> {
  return (await findCompletionSnapshot(applicationId)) ?? null;
}
