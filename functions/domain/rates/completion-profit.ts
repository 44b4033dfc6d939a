import { currencyDecimals } from '@shared/assets';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { RATE_DIGITS } from '@shared/exact-rate';
import {
  type Decimal,
  divide,
  divideSignificant,
  multiply,
  rounded,
  subtract,
  toNumber,
} from '@shared/money';

/** The market a deal completes against: its rate (`to` per `from`), where it came from and as of when. */
export interface Market {
  rate: Decimal;
  source: CompletionSnapshot['marketSource'];
  asOf: string;
}

/** The market of two USD values (a cross), to RATE_DIGITS significant digits as a raw price is stated. */
export function crossMarket(
  usdValueFrom: number,
  usdValueTo: number,
  source: Market['source'],
  asOf: string,
): Market {
  return { rate: divideSignificant(usdValueFrom, usdValueTo, RATE_DIGITS), source, asOf };
}

/** A deal as it completes: its amounts and its own rate (`to` per `from`). */
export interface CompletedDeal {
  amountFrom: number;
  amountTo: number;
  currencyFrom: string;
  currencyTo: string;
  rate: number;
}

/**
 * The snapshot of a deal completing at `at` against `market`: the market's rate m (`to` per `from`)
 * and the profit, exactly: in `to`,
 * amountFrom × m − amountTo; in `from`, that ÷ m; each rounded half up once to its currency's
 * decimals, and named as the fiat side's and USDT's.
 */
export function completionSnapshotOf(deal: CompletedDeal, market: Market, at: string): CompletionSnapshot {
  const marketRate = market.rate;
  const profitTo = subtract(multiply(deal.amountFrom, marketRate), deal.amountTo);
  const inTo = toNumber(rounded(profitTo, currencyDecimals(deal.currencyTo), 'half-up'));
  const inFrom = toNumber(divide(profitTo, marketRate, currencyDecimals(deal.currencyFrom), 'half-up'));
  const usdtGiven = deal.currencyFrom === 'USDT';
  return {
    completedAt: at,
    ...deal,
    marketRate: toNumber(marketRate),
    marketSource: market.source,
    marketAsOf: market.asOf,
    fiatCurrency: usdtGiven ? deal.currencyTo : deal.currencyFrom,
    profitFiat: usdtGiven ? inTo : inFrom,
    profitUsdt: usdtGiven ? inFrom : inTo,
  };
}
