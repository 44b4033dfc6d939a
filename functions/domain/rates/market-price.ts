import type { DirectionRecord, SourcePriceRecord } from '@functions/data/rates';
import { currencyOfAsset } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { MarketSource } from '@shared/contract/rates';
import { RATE_DIGITS } from '@shared/exact-rate';
import { add, compare, type Decimal, divideSignificant, multiply, significant } from '@shared/money';
import { staleAfterMinutes } from './provider-terms';

/** One side's USD value as a direction uses it: staff's currency value or the feed price. */
export interface PriceSide {
  code: string;
  usdValue: number;
  /** When it was set (manual), or the provider's own update time for it (feed). */
  at: string;
  /** The provider a feed price came from (its staleness allowance: provider-terms.ts). */
  provider?: string;
}

/** A feed direction's raw price by its market price, as of its oldest price used. */
export interface MarketPriceNow {
  /** Units of `to` per unit of `from` before the markup; null when no source has a price. */
  rawPrice: Decimal | null;
  asOf: string | null;
  /** `missing`: no source has a price; `stale`: none has a fresh one (the raw price is of the stale ones). */
  pausedReason: 'missing' | 'stale' | null;
}

const MINUTE = 60_000;

/** Whether a price from `provider` at `at` is older than its allowance (the larger of its and the direction's). */
const isStale = (at: string, provider: string | undefined, maxAgeMinutes: number, now: Date) =>
  now.getTime() - Date.parse(at) > staleAfterMinutes(provider, maxAgeMinutes) * MINUTE;

interface SourceNow {
  price: Decimal;
  at: string;
  fresh: boolean;
}

/**
 * One source's price of the direction now: the USD cross is its two feed prices' ratio, as old as
 * the older and fresh while both are; a market source's price of USDT, the other way up when the
 * direction gives fiat. Undefined while the source has no price for it.
 */
function sourceNow(
  source: MarketSource,
  direction: DirectionRecord,
  sides: { from?: PriceSide; to?: PriceSide },
  sourcePrices: readonly SourcePriceRecord[],
  now: Date,
): SourceNow | undefined {
  const { from, to } = sides;
  if (source === 'usd-cross') {
    if (!from || !to) return undefined;
    return {
      price: divideSignificant(from.usdValue, to.usdValue, RATE_DIGITS),
      at: [from.at, to.at].sort()[0]!,
      fresh: [from, to].every((side) => !isStale(side.at, side.provider, direction.maxAgeMinutes, now)),
    };
  }
  const usdtGiven = direction.assetFrom === CRYPTO_ASSET;
  const fiat = currencyOfAsset(usdtGiven ? direction.assetTo : direction.assetFrom);
  const stored = sourcePrices.find((price) => price.source === source && price.code === fiat);
  if (!stored) return undefined;
  return {
    price: usdtGiven
      ? significant(stored.perUsdt, RATE_DIGITS)
      : divideSignificant(1, stored.perUsdt, RATE_DIGITS),
    at: stored.asOf,
    fresh: !isStale(stored.asOf, source, direction.maxAgeMinutes, now),
  };
}

/** The middle price, or the mean of the middle two (to RATE_DIGITS significant digits). */
function median(prices: Decimal[]): Decimal {
  const sorted = [...prices].sort(compare);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : divideSignificant(add(sorted[middle - 1]!, sorted[middle]!), 2, RATE_DIGITS);
}

/**
 * A feed direction's raw price at `now` (docs/decisions.md "RUB prices from a RUB market"): the
 * median of its sources' fresh prices (one source: its price), times the coefficient on the price
 * of USDT (so divided by it when the direction gives fiat), as of the oldest price taken. With no
 * fresh price the stale ones are taken and the direction is paused as stale; with none, as missing.
 */
export function marketPriceNow(
  direction: DirectionRecord,
  sides: { from?: PriceSide; to?: PriceSide },
  sourcePrices: readonly SourcePriceRecord[],
  now: Date,
): MarketPriceNow {
  const priced = direction.marketPrice.sources
    .map((source) => sourceNow(source, direction, sides, sourcePrices, now))
    .filter((price) => price !== undefined);
  if (priced.length === 0) return { rawPrice: null, asOf: null, pausedReason: 'missing' };
  const fresh = priced.filter((price) => price.fresh);
  const taken = fresh.length > 0 ? fresh : priced;
  const middle = median(taken.map((price) => price.price));
  const { coefficient } = direction.marketPrice;
  return {
    rawPrice:
      direction.assetFrom === CRYPTO_ASSET
        ? significant(multiply(middle, coefficient), RATE_DIGITS)
        : divideSignificant(middle, coefficient, RATE_DIGITS),
    asOf: taken.map((price) => price.at).sort()[0]!,
    pausedReason: fresh.length > 0 ? null : 'stale',
  };
}
