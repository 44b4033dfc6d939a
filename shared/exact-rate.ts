import { currencyOfAsset } from './assets';
import {
  compare,
  type Decimal,
  type DecimalLike,
  decimal,
  divide,
  divideSignificant,
  multiply,
  type Rounding,
} from './money';
import { shownRate } from './rate-display';

/**
 * A direction's rate exactly (docs/decisions.md "A typed rate is kept as typed"): `in` units of its
 * `from` side buy `out` units of its `to` side. A rate that follows a source is `1 → rate`; a rate
 * staff typed as "1 USDT = 93 RUB" on RUB → USDT is `93 → 1`, whose quotient no decimal holds, so
 * amounts are converted with one division, rounded once as the caller asks (a receive amount down),
 * never through a rounded 0.01075268817.
 */
export interface ExactRate {
  in: Decimal;
  out: Decimal;
}

/** Significant digits of a rate as a number (and of a raw price): as the rates have always been stated. */
export const RATE_DIGITS = 10;

/** A typed figure is written with a dot and at most 8 decimals, no sign, no grouping (`93.00`, `1.0812`). */
export const TYPED_FIGURE_PATTERN = /^\d{1,12}(\.\d{1,8})?$/;

/** `1 {unit} = {figure} {other}` typed on a direction from `assetFrom`, as an exact rate. */
export function typedRate(assetFrom: string, figure: DecimalLike, unit: string): ExactRate {
  const one = decimal(1);
  return currencyOfAsset(assetFrom) === unit
    ? { in: one, out: decimal(figure) }
    : { in: decimal(figure), out: one };
}

/** A rate that follows a source: `1 → rate`. */
export const followedRate = (rate: DecimalLike): ExactRate => ({ in: decimal(1), out: decimal(rate) });

/** A published direction's rate exactly: its typed rate, else its rate number followed; null without a rate. */
export function exactRateOf(direction: {
  assetFrom: string;
  rate: number | null;
  fixedRate: { figure: string; unit: string } | null;
}): ExactRate | null {
  const { fixedRate, rate } = direction;
  if (fixedRate) return typedRate(direction.assetFrom, fixedRate.figure, fixedRate.unit);
  return rate === null ? null : followedRate(rate);
}

/** The rate as the API's number: units of `to` per unit of `from`, to RATE_DIGITS significant digits. */
export const rateNumber = (rate: ExactRate): Decimal => divideSignificant(rate.out, rate.in, RATE_DIGITS);

/** What `amount` of the `from` side buys at `rate`, rounded once to `decimals` as asked. */
export const convert = (
  amount: DecimalLike,
  rate: ExactRate,
  decimals: number,
  rounding: Rounding,
): Decimal => divide(multiply(amount, rate.out), rate.in, decimals, rounding);

/** What `amountTo` of the `to` side costs at `rate` in the `from` side, rounded once to `decimals` as asked. */
export const convertBack = (
  amountTo: DecimalLike,
  rate: ExactRate,
  decimals: number,
  rounding: Rounding,
): Decimal => divide(multiply(amountTo, rate.in), rate.out, decimals, rounding);

/**
 * Whether a figure typed as `1 {unit} = {figure}` on a direction reads back exactly as typed
 * wherever a rate is shown (shared/rate-display.ts, from the API's rate number): its unit is the
 * side shown as the unit and it has no more decimals than a shown rate of its size.
 */
export function readsAsTyped(assetFrom: string, assetTo: string, figure: string, unit: string): boolean {
  if (![currencyOfAsset(assetFrom), currencyOfAsset(assetTo)].includes(unit)) return false;
  if (compare(figure, 0) <= 0) return false;
  const shown = shownRate(assetFrom, assetTo, rateNumber(typedRate(assetFrom, figure, unit)));
  return (
    shown !== null &&
    shown.unit === unit &&
    compare(shown.figure, figure) === 0 &&
    decimalsOf(figure) <= shown.decimals
  );
}

const decimalsOf = (figure: string) => figure.split('.')[1]?.length ?? 0;
