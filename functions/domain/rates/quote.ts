import type {
  CurrencyValueRecord,
  DirectionRecord,
  FeedPriceRecord,
  PositionRecord,
  SourcePriceRecord,
} from '@functions/data/rates';
import { parseAssetKey, SHOWN_DECIMALS } from '@shared/assets';
import type { PauseReason, Quote, QuoteLimits } from '@shared/contract/rates';
import {
  convert,
  type ExactRate,
  followedRate,
  RATE_DIGITS,
  rateNumber,
  typedRate,
} from '@shared/exact-rate';
import {
  compare,
  type DecimalLike,
  divide,
  divideSignificant,
  minimum,
  movePoint,
  multiply,
  roundedNumber,
  significant,
  subtract,
  toNumber,
} from '@shared/money';
import { PERCENT_DECIMALS } from '@shared/numbers';
import { positionedFigure } from './bestchange/positioning';
import { marketPriceNow, type PriceSide } from './market-price';

/** Decimals of a quote's USD value: cents. */
const USD_DECIMALS = 2;

export type { PriceSide } from './market-price';

export interface PricedDirection {
  /** Units of `to` per unit of `from` before the markup; null when a side has no price. */
  rawPrice: number | null;
  rate: number | null;
  /** The rate exactly (a typed one as typed): what amounts are converted with; null when `rate` is. */
  exactRate: ExactRate | null;
  state: 'live' | 'manual' | 'paused';
  pausedReason: PauseReason | null;
  priceAsOf: string | null;
  /** Whether the rate is the one that holds the direction's place on BestChange (bestchange/positioning.ts). */
  positioned: boolean;
  from?: PriceSide;
  to?: PriceSide;
}

/**
 * A direction's rate and state at `now`: its raw price (a feed direction's by its market price,
 * market-price.ts; else the ratio of staff's two USD values) lowered by the markup, or for a fixed
 * direction the rate staff typed, which no price moves; and whether it may be quoted. A stale feed
 * price (older, by its provider's own update time, than the larger of the direction's maximum age
 * and its provider's allowance), a missing price, or a rate outside the guard pauses the direction
 * (never quoted at a wrong price). Every direction still needs its currencies' USD values (a feed
 * one the feed's): they state a quote's worth in USD and its minimum. A direction that holds a place
 * on BestChange is priced at its fresh position's figure instead (1 {unit} = figure, no markup: the
 * place is the price), within its floor and ceiling and still under its guard; without a fresh
 * position, from its source as above.
 */
export function priceDirection(
  direction: DirectionRecord,
  prices: { from?: PriceSide; to?: PriceSide; sourcePrices?: readonly SourcePriceRecord[] },
  now: Date,
  position?: Pick<PositionRecord, 'checkedAt' | 'figure'>,
): PricedDirection {
  const { from, to } = prices;
  const isFeed = direction.source === 'feed';
  const market = isFeed ? marketPriceNow(direction, prices, prices.sourcePrices ?? [], now) : null;
  if (!from || !to || market?.rawPrice === null) {
    return {
      rawPrice: null,
      rate: null,
      exactRate: null,
      state: 'paused',
      pausedReason: 'missing',
      priceAsOf: null,
      positioned: false,
    };
  }
  const raw = market?.rawPrice ?? divideSignificant(from.usdValue, to.usdValue, RATE_DIGITS);
  const placed = positionedFigure(direction.positioning, position, now);
  const placedUnit = direction.positioning?.unit;
  const typed = direction.source === 'fixed' ? direction.fixedRate : null;
  const exactRate =
    placed && placedUnit
      ? typedRate(direction.assetFrom, placed, placedUnit)
      : typed
        ? typedRate(direction.assetFrom, typed.figure, typed.unit)
        : followedRate(
            significant(multiply(raw, subtract(1, movePoint(direction.markupPercent, -2))), RATE_DIGITS),
          );
  const rate = toNumber(rateNumber(exactRate));
  // A feed rate is as old as its oldest price taken; a manual one as new as its latest change; a
  // typed one as its typing; a positioned one as the archive's reading.
  const priceAsOf =
    placed && position
      ? position.checkedAt
      : typed
        ? typed.typedAt
        : (market?.asOf ?? [from.at, to.at].sort()[1]!);
  const priced = {
    rawPrice: toNumber(raw),
    rate,
    exactRate,
    priceAsOf,
    from,
    to,
    positioned: placed !== null,
  };
  if (market?.pausedReason === 'stale') {
    return { ...priced, state: 'paused', pausedReason: 'stale' };
  }
  if (
    (direction.minRate !== null && compare(rate, direction.minRate) < 0) ||
    (direction.maxRate !== null && compare(rate, direction.maxRate) > 0)
  ) {
    return { ...priced, state: 'paused', pausedReason: 'out-of-guard' };
  }
  return { ...priced, state: isFeed ? 'live' : 'manual', pausedReason: null };
}

/**
 * The prices a direction prices with: staff's currency values, or the feed prices and the market
 * sources' prices of its fiat currency.
 */
export function sidesOf(
  direction: DirectionRecord,
  values: {
    from?: CurrencyValueRecord;
    to?: CurrencyValueRecord;
    feedFrom?: FeedPriceRecord;
    feedTo?: FeedPriceRecord;
    sourcePrices?: readonly SourcePriceRecord[];
  },
): { from?: PriceSide; to?: PriceSide; sourcePrices?: readonly SourcePriceRecord[] } {
  const fromValue = (record?: CurrencyValueRecord) =>
    record && { code: record.code, usdValue: record.usdValue, at: record.updatedAt };
  const fromFeed = (record?: FeedPriceRecord) =>
    record && { code: record.code, usdValue: record.usdValue, at: record.asOf, provider: record.provider };
  return direction.source === 'feed'
    ? { from: fromFeed(values.feedFrom), to: fromFeed(values.feedTo), sourcePrices: values.sourcePrices }
    : { from: fromValue(values.from), to: fromValue(values.to) };
}

export interface QuoteInputs {
  assetFrom: string;
  assetTo: string;
  amount: number;
  direction: DirectionRecord;
  from: PriceSide;
  to: PriceSide;
  rate: number;
  exactRate: ExactRate;
  minApplicationAmountUSD: number;
  /** What the office holds of the received currency; null when no reserve is kept (not limited). */
  reserve: number | null;
  /** The till's step of the received currency when it is received in cash; null: to the cent. */
  cashStep: number | null;
  /**
   * What moment the rate is as of (priceDirection's `priceAsOf`: a feed rate as old as its older
   * price), the one the public rates say too; absent: the latest of the direction's change and its
   * prices (a deal's own snapshot).
   */
  priceAsOf?: string | null;
}

/** A cash payout's step, when the received asset is cash and its currency has one. */
export function cashStepOf(
  assetTo: string,
  currency: { cashStep: number | null } | undefined,
): number | null {
  const parsed = parseAssetKey(assetTo);
  return parsed?.kind === 'fiat' && parsed.fiatKind === 'cash' ? (currency?.cashStep ?? null) : null;
}

/** What a till pays of `amount`: rounded down to the cent, then to a multiple of the step. */
function payable(amount: DecimalLike, cashStep: number | null): number {
  const cents = roundedNumber(amount, SHOWN_DECIMALS, 'down');
  return cashStep === null ? cents : toNumber(multiply(divide(cents, cashStep, 0, 'down'), cashStep));
}

/**
 * The amounts an application in a direction may have at `rate` (the quote's and the published
 * direction's limits): the minimum to give, the direction's own or else the setting's USD minimum at
 * the price, rounded up (paying the shown minimum always suffices),
 * the direction's maximum to give, and the most that can be received, the smaller of that maximum
 * at this rate and the reserve (null: neither limits it).
 */
export function quoteLimits(
  inputs: Pick<
    QuoteInputs,
    'direction' | 'from' | 'exactRate' | 'minApplicationAmountUSD' | 'reserve' | 'cashStep'
  >,
): QuoteLimits {
  const { direction, from, exactRate, minApplicationAmountUSD, reserve, cashStep } = inputs;
  const minFromSetting = divide(minApplicationAmountUSD, from.usdValue, SHOWN_DECIMALS, 'up');
  const byMaximum =
    direction.maxAmount === null
      ? null
      : payable(convert(direction.maxAmount, exactRate, SHOWN_DECIMALS, 'down'), cashStep);
  const shownReserve = reserve === null ? null : payable(reserve, cashStep);
  const caps = [byMaximum, shownReserve].filter((cap): cap is number => cap !== null);
  // A direction's own minimum rules; the setting is the minimum of a direction without one.
  const minimumToGive = direction.minAmount ?? minFromSetting;
  return {
    minAmount: roundedNumber(minimumToGive, SHOWN_DECIMALS, 'up'),
    maxAmount: direction.maxAmount,
    maxAmountTo: caps.length > 0 ? minimum(caps[0]!, ...caps.slice(1)) : null,
  };
}

/**
 * What `amount` of `assetFrom` buys. The receive amount is rounded down (the service never pays out
 * more than the rate), in cash to the till's step of its currency; the minimum rounded up (paying
 * the shown minimum always suffices).
 */
export function computeQuote(inputs: QuoteInputs): Quote {
  const {
    assetFrom,
    assetTo,
    amount,
    direction,
    from,
    to,
    rate,
    exactRate,
    minApplicationAmountUSD,
    reserve,
    cashStep,
  } = inputs;
  const worthUSD = multiply(amount, from.usdValue);
  const amountTo = payable(convert(amount, exactRate, SHOWN_DECIMALS, 'down'), cashStep);
  const belowMinimum =
    direction.minAmount === null
      ? compare(worthUSD, minApplicationAmountUSD) < 0
      : compare(amount, direction.minAmount) < 0;
  return {
    assetFrom,
    assetTo,
    currencyFrom: from.code,
    currencyTo: to.code,
    amount,
    amountTo,
    cashStep,
    rate,
    markupPercent: markupOf(direction, inputs),
    source: direction.source,
    fixedRate:
      direction.source === 'fixed' && direction.fixedRate
        ? { figure: direction.fixedRate.figure, unit: direction.fixedRate.unit }
        : null,
    usdValueFrom: from.usdValue,
    usdValueTo: to.usdValue,
    amountUSD: roundedNumber(worthUSD, USD_DECIMALS, 'half-up'),
    ...quoteLimits(inputs),
    // What the minimum that rules is worth in USD (the refusal names both).
    minAmountUSD:
      direction.minAmount === null
        ? minApplicationAmountUSD
        : roundedNumber(multiply(direction.minAmount, from.usdValue), USD_DECIMALS, 'up'),
    reserve,
    belowMinimum,
    aboveMaximum: direction.maxAmount !== null && compare(amount, direction.maxAmount) > 0,
    aboveReserve: reserve !== null && compare(amountTo, reserve) > 0,
    updatedAt: inputs.priceAsOf ?? [direction.updatedAt, from.at, to.at].sort().at(-1)!,
  };
}

/**
 * A quote's markup: the direction's, or for a typed rate how far it is below the raw price of the
 * currencies' USD values, 100 × (1 − rate ÷ raw), to PERCENT_DECIMALS (negative: above it).
 */
function markupOf(direction: DirectionRecord, { from, to, exactRate }: QuoteInputs): number {
  if (direction.source !== 'fixed') return direction.markupPercent;
  const share = divide(
    multiply(exactRate.out, to.usdValue),
    multiply(exactRate.in, from.usdValue),
    PERCENT_DECIMALS + 2,
    'half-up',
  );
  return toNumber(movePoint(subtract(1, share), 2));
}

/** Amounts in messages: grouped thousands, up to the asset's decimals. */
