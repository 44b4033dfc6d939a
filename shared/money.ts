/**
 * Exact money (docs/architecture.md "Money"). Amounts, rates, USD values and reserves are decimal
 * numbers; a JavaScript float cannot hold most of them (0.1, 847.1) and its arithmetic drifts
 * (20,000 × 0.042355 = 847.0999999999999, floored to 847.099999). Here a number is read as the
 * decimal it is written as (its shortest round-trip form, the way JSON and DynamoDB write it) into
 * an exact `Decimal` (an integer count of 10^-scale units, a BigInt), computed on exactly, rounded
 * only where asked and in the direction asked, and given back as the JSON number with at most the
 * asked decimals. No dependency: BigInt is the language's own. Nothing the landing page loads
 * imports this module (it only asks the server for a quote), so it costs the page no bytes.
 */

/** `down`: towards −∞ (Math.floor); `up`: towards +∞ (Math.ceil); `half-up`: nearest, a tie up (Math.round). */
export type Rounding = 'down' | 'up' | 'half-up';

/** A decimal number, exactly: `units` × 10^-`scale`. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** What the functions take: a number or a decimal string (as written) or a Decimal. */
export type DecimalLike = Decimal | number | string;

const pow10 = (places: number) => 10n ** BigInt(places);
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The exact decimal a number or string is written as; a non-finite number or a non-number refused. */
export function decimal(value: DecimalLike): Decimal {
  if (typeof value === 'object') return value;
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new RangeError(`Not a finite amount: ${value}`);
  const text = String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (!match[2] && !match[3])) throw new RangeError(`Not a decimal number: ${text}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let units = BigInt(`0${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** `numerator / denominator` (denominator positive) rounded to an integer as asked. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator; // towards zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n;
  if (rounding === 'down') return negative ? quotient - 1n : quotient;
  if (rounding === 'up') return negative ? quotient : quotient + 1n;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  if (twice > denominator) return negative ? quotient - 1n : quotient + 1n;
  return negative ? quotient : quotient + 1n; // a tie goes up (towards +∞)
}

/** The value in whole units of 10^-`decimals`, rounded as asked; `exact` refuses a value that needs rounding. */
export function toUnits(
  value: DecimalLike,
  decimals: number,
  rounding: Rounding | 'exact' = 'exact',
): bigint {
  const { units, scale } = decimal(value);
  if (scale <= decimals) return units * pow10(decimals - scale);
  const divisor = pow10(scale - decimals);
  if (rounding === 'exact') {
    if (units % divisor !== 0n)
      throw new RangeError(`${unitsText(units, scale)} has more than ${decimals} decimals`);
    return units / divisor;
  }
  return divideRounded(units, divisor, rounding);
}

/** Units of 10^-`decimals` as a Decimal (negative decimals: units of tens, hundreds…). */
export const ofUnits = (units: bigint, decimals: number): Decimal =>
  decimals >= 0 ? { units, scale: decimals } : { units: units * pow10(-decimals), scale: 0 };

/** Units of 10^-`decimals` written out with exactly `decimals` decimals ("500.0037"). */
export function unitsText(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Units of 10^-`decimals` as the JSON number it is (the float nearest to it, which prints as it). */
export const fromUnits = (units: bigint, decimals: number): number => Number(unitsText(units, decimals));

/** A Decimal as a JSON number. */
export function toNumber(value: DecimalLike): number {
  const { units, scale } = decimal(value);
  return fromUnits(units, scale);
}

/** The value rounded as asked to `decimals` decimals, as a JSON number (a receive amount: `down`). */
export const roundedNumber = (value: DecimalLike, decimals: number, rounding: Rounding): number =>
  fromUnits(toUnits(value, decimals, rounding), decimals);

/** The value rounded as asked to `decimals` decimals. */
export const rounded = (value: DecimalLike, decimals: number, rounding: Rounding): Decimal =>
  ofUnits(toUnits(value, decimals, rounding), decimals);

/** The number of decimals a value is written with at most (trailing zeros dropped). */
export function decimalPlaces(value: DecimalLike): number {
  let { units, scale } = decimal(value);
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/** The value written out exactly, without trailing zeros ("13.6", "12.5", "0"): a provider's number kept as text. */
export function decimalText(value: DecimalLike): string {
  const places = decimalPlaces(value);
  return unitsText(toUnits(value, places), places);
}

function common(a: DecimalLike, b: DecimalLike): [bigint, bigint, number] {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale), scale];
}

export function add(a: DecimalLike, b: DecimalLike): Decimal {
  const [x, y, scale] = common(a, b);
  return { units: x + y, scale };
}

export function subtract(a: DecimalLike, b: DecimalLike): Decimal {
  const [x, y, scale] = common(a, b);
  return { units: x - y, scale };
}

export function negate(value: DecimalLike): Decimal {
  const { units, scale } = decimal(value);
  return { units: -units, scale };
}

/** The exact product (no rounding: its scale is the sum of theirs). */
export function multiply(a: DecimalLike, b: DecimalLike): Decimal {
  const x = decimal(a);
  const y = decimal(b);
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

/** `value` × 10^`places` exactly (−2: a percentage as a fraction). */
export function movePoint(value: DecimalLike, places: number): Decimal {
  const { units, scale } = decimal(value);
  return scale - places >= 0
    ? { units, scale: scale - places }
    : { units: units * pow10(places - scale), scale: 0 };
}

/** `a / b` rounded as asked to `decimals` decimals; a zero divisor refused. */
export function divide(a: DecimalLike, b: DecimalLike, decimals: number, rounding: Rounding): Decimal {
  const x = decimal(a);
  const y = decimal(b);
  if (y.units === 0n) throw new RangeError('Division by zero');
  // a / b = (x.units / y.units) × 10^(y.scale − x.scale); wanted in units of 10^-decimals.
  const shift = decimals + y.scale - x.scale;
  let numerator = shift >= 0 ? x.units * pow10(shift) : x.units;
  let denominator = shift >= 0 ? y.units : y.units * pow10(-shift);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  return ofUnits(divideRounded(numerator, denominator, rounding), decimals);
}

const digitCount = (units: bigint) => (units < 0n ? -units : units).toString().length;

/** The value rounded half up to `digits` significant digits, as Number(x.toPrecision(digits)) means. */
export function significant(value: DecimalLike, digits: number): Decimal {
  const exact = decimal(value);
  const extra = digitCount(exact.units) - digits;
  if (exact.units === 0n || extra <= 0) return exact;
  return rounded(exact, exact.scale - extra, 'half-up');
}

/** `a / b` rounded half up to `digits` significant digits (a ratio of prices). */
export function divideSignificant(a: DecimalLike, b: DecimalLike, digits: number): Decimal {
  const x = decimal(a);
  const y = decimal(b);
  if (x.units === 0n) return { units: 0n, scale: 0 };
  // Enough decimals for `digits` significant ones plus a guard digit, then one half-up rounding of the exact quotient.
  const magnitude = digitCount(x.units) - x.scale - (digitCount(y.units) - y.scale);
  const decimals = Math.max(0, digits + 1 - magnitude);
  const quotient = divide(x, y, decimals, 'down');
  const extra = digitCount(quotient.units) - digits;
  if (extra <= 0) return quotient;
  return divide(x, y, decimals - extra, 'half-up');
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`, exactly. */
export function compare(a: DecimalLike, b: DecimalLike): -1 | 0 | 1 {
  const [x, y] = common(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The smallest of the values (the first of equals), as given. */
export function minimum<T extends DecimalLike>(first: T, ...rest: T[]): T {
  return rest.reduce((least, value) => (compare(value, least) < 0 ? value : least), first);
}

/**
 * Minor units (kopecks, cents, micro-USDT) added up: integers, so exact; the books keep balances
 * this way (functions/data/ledger.ts), and money's arithmetic stays in this module.
 */
export function sumUnits(values: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const value of values) sum += value;
  return sum;
}
