/**
 * Whether a number has at most `places` decimal places. Every number the API stores passes such a
 * rule, so none is outside what DynamoDB can hold (38 significant digits, no 1e-200 underflow).
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(places)) === value;
}

/** Fiat amounts: cents. */
export const FIAT_DECIMALS = 2;
/** USD values of currencies (rates): enough for a rouble or a dong against the dollar. */
export const RATE_DECIMALS = 8;
/** Markups in percent: hundredths of a basis point. */
export const PERCENT_DECIMALS = 4;
/** Application amounts before the per-asset rule (USDT has 6). */
export const AMOUNT_DECIMALS = 6;
