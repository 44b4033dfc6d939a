import { currencyOfAsset } from '@shared/assets';
import type { DirectionRate } from '@shared/contract/rates';
import { type Decimal, decimal, divide, rounded, toNumber, unitsText } from '@shared/money';
import { RATE_DECIMALS } from '@shared/numbers';
import { shownRate } from '@shared/rate-display';

/**
 * The admin rates page's figures, so staff and clients see one rate alike: staff read and type
 * every rate of a direction the way clients read it, "1 USDT = 97,20 RUB" (shared/rate-display.ts).
 * A typed rate is sent as typed and the direction is fixed at it (the server keeps the figure, no
 * USD value moves it); the guard's figures become its `minRate` and `maxRate` (`to` per `from`).
 */
export interface DirectionSides {
  /** The currency one of which the figures count (the expensive side). */
  unit: string;
  other: string;
  /** The unit is the direction's `from` side: a figure is the rate itself; else its inverse. */
  forward: boolean;
  /** Decimals a figure of this direction is shown with. */
  decimals: number;
}

/** How a direction's figures read, judged from its rate (else its raw price or a guard). */
export function sidesOfDirection(
  direction: Pick<DirectionRate, 'assetFrom' | 'assetTo' | 'rate' | 'rawPrice' | 'minRate' | 'maxRate'>,
): DirectionSides {
  const { assetFrom, assetTo } = direction;
  const from = currencyOfAsset(assetFrom);
  const to = currencyOfAsset(assetTo);
  const shown = shownRate(
    assetFrom,
    assetTo,
    direction.rate ?? direction.rawPrice ?? direction.minRate ?? direction.maxRate,
  );
  if (shown)
    return { unit: shown.unit, other: shown.other, forward: shown.unit === from, decimals: shown.decimals };
  // No figure at all: USDT counts against a fiat currency, as it does for most of them.
  const forward = from === 'USDT';
  return { unit: forward ? from : to, other: forward ? to : from, forward, decimals: 2 };
}

/** A direction rate (`to` per `from`) as a figure of its sides, rounded half up to `decimals`. */
export function figureOf(rate: number, sides: DirectionSides, decimals = sides.decimals): string {
  const figure = sides.forward ? rounded(rate, decimals, 'half-up') : divide(1, rate, decimals, 'half-up');
  return unitsText(figure.units, figure.scale);
}

const FIGURE_TEXT = /^\d+(\.\d+)?$/;

/** A typed figure (`97,20`, `97.2`, `1 097,5`) as an exact positive decimal, or null. */
export function parseFigure(text: string): Decimal | null {
  const plain = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!FIGURE_TEXT.test(plain)) return null;
  const value = decimal(plain);
  return value.units > 0n ? value : null;
}

/**
 * The guard of a direction from its lowest and highest figures (either may be null: no bound): the
 * rates it lets through, widened to RATE_DECIMALS so a rate shown exactly at a bound is inside.
 */
export function guardFromFigures(
  low: Decimal | null,
  high: Decimal | null,
  sides: DirectionSides,
): { minRate: number | null; maxRate: number | null } {
  if (sides.forward) {
    return {
      minRate: low && toNumber(rounded(low, RATE_DECIMALS, 'down')),
      maxRate: high && toNumber(rounded(high, RATE_DECIMALS, 'up')),
    };
  }
  // The inverse turns the order round: the highest figure is the lowest rate.
  return {
    minRate: high && toNumber(divide(1, high, RATE_DECIMALS, 'down')),
    maxRate: low && toNumber(divide(1, low, RATE_DECIMALS, 'up')),
  };
}

/** The guard's figures, lowest first (null: no bound that side). */
export function guardFigures(
  direction: Pick<DirectionRate, 'minRate' | 'maxRate'>,
  sides: DirectionSides,
): { low: string | null; high: string | null } {
  const bound = (rate: number | null) => (rate === null ? null : figureOf(rate, sides));
  return sides.forward
    ? { low: bound(direction.minRate), high: bound(direction.maxRate) }
    : { low: bound(direction.maxRate), high: bound(direction.minRate) };
}

/**
 * The smallest amount a client may give in the direction now, and why, so staff see the minimum
 * that really applies: its own minimum, or the global minimum (the setting minApplicationAmountUSD
 * at the current price) for a direction without one. Null while the direction is paused (no price
 * to judge it by).
 */
export function effectiveMinimum(
  direction: Pick<DirectionRate, 'minAmount' | 'quoteLimits'>,
): { amount: number; reason: 'direction' | 'global' } | null {
  if (!direction.quoteLimits) return null;
  return {
    amount: direction.quoteLimits.minAmount,
    reason: direction.minAmount === null ? 'global' : 'direction',
  };
}
