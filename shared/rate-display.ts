import { parseAssetKey, SHOWN_DECIMALS } from './assets';
import type { Language } from './enums';
import {
  compare,
  type Decimal,
  type DecimalLike,
  decimal,
  divide,
  rounded,
  toUnits,
  unitsText,
} from './money';

/**
 * How a rate is written wherever a client or staff reads one (docs/decisions.md "A rate's unit"):
 * with the expensive currency as the unit, in both directions of a pair — "1 USDT = 96,94 RUB"
 * whether the client gives RUB or USDT, "1 EUR = 1,0812 USDT" — never "1 RUB = 0,010316 USDT". A
 * direction's rate is units of its `to` side per unit of its `from` side; when the `to` side is the
 * unit, the figure is the rate's inverse, computed exactly (shared/money.ts) and rounded half up
 * once, to the shown decimals. The calculator, /rates, the apply form, the order page, mails,
 * notifications and the admin all call this, so one application's rate reads alike everywhere.
 *
 * The unit: a fiat currency worth at least PARITY_FLOOR USDT a unit at this rate (USD, EUR, GBP,
 * CHF, KWD…) is the unit against USDT; below it (RUB, KZT, UAH…) USDT is. Judged from the rate
 * itself, so no list of currencies to keep; the floor under 1 keeps USD the unit in both directions
 * although each direction's markup puts its rate on the other side of parity. A pair without USDT
 * (none is offered) takes the side the rate says is worth more.
 */

/** A fiat currency worth at least this many USDT a unit is the unit against USDT. */
export const PARITY_FLOOR = '0.9';

/** Decimals of a shown rate: figures from 10 up (RUB, KZT per USDT) two, below (EUR in USDT) four. */
export const RATE_SHOWN_DECIMALS = { large: 2, small: 4 } as const;

/** A rate as it is shown: `1 {unit} = {figure} {other}`. */
export interface ShownRate {
  /** The currency code the rate counts one of: the expensive side. */
  unit: string;
  /** The other side's currency code. */
  other: string;
  /** The figure, exactly, with the shown decimals: a dot, no grouping (`"96.94"`, `"1.0812"`). */
  figure: string;
  /** The figure's decimals (RATE_SHOWN_DECIMALS). */
  decimals: number;
}

/** The currency of one side: an asset key's (`cash-RUB` → RUB, `usdt-trc20` → USDT) or a code as given. */
function currencyOf(side: string): string {
  const parsed = parseAssetKey(side);
  if (!parsed) return side;
  return parsed.kind === 'crypto' ? 'USDT' : parsed.currency;
}

/** Whether the `from` side is the unit: see the module's header. */
function fromIsUnit(from: string, to: string, rate: Decimal): boolean {
  // rate = `to` per `from`. From fiat to USDT it is the fiat's worth in USDT; from USDT to a fiat,
  // the fiat's worth is 1 / rate, at least the floor while the rate is at most 1 / floor.
  if (to === 'USDT' && from !== 'USDT') return compare(rate, PARITY_FLOOR) >= 0;
  if (from === 'USDT' && to !== 'USDT') return compare(divide(1, PARITY_FLOOR, 12, 'down'), rate) < 0;
  return compare(rate, 1) >= 0;
}

/**
 * A direction's rate as shown: from its two sides (asset keys or currency codes) and its rate (`to`
 * per `from`, as the API writes it). Null for a missing or non-positive rate (a paused direction).
 */
export function shownRate(from: string, to: string, rate: DecimalLike | null | undefined): ShownRate | null {
  if (rate === null || rate === undefined) return null;
  const exact = decimal(rate);
  if (exact.units <= 0n) return null;
  const currencyFrom = currencyOf(from);
  const currencyTo = currencyOf(to);
  const forward = fromIsUnit(currencyFrom, currencyTo, exact);
  // The figure's size decides its decimals; a guard of six decimals is plenty to tell it from 10.
  const size = forward ? exact : divide(1, exact, 6, 'half-up');
  const decimals = compare(size, 10) >= 0 ? RATE_SHOWN_DECIMALS.large : RATE_SHOWN_DECIMALS.small;
  const figure = forward ? rounded(exact, decimals, 'half-up') : divide(1, exact, decimals, 'half-up');
  return {
    unit: forward ? currencyFrom : currencyTo,
    other: forward ? currencyTo : currencyFrom,
    figure: unitsText(figure.units, figure.scale),
    decimals,
  };
}

const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  // As Intl.NumberFormat writes ru-RU and en-US (a no-break space groups Russian figures).
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** A plain decimal figure (`"12345.5"`) grouped and pointed as the language writes it (`12 345,5`). */
export function writeFigure(figure: string, language: Language): string {
  const { group, decimal: point } = SEPARATORS[language];
  const [whole = '', fraction] = figure.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === undefined ? grouped : `${grouped}${point}${fraction}`;
}

/** `1 USDT = 96,94 RUB` / `1 USDT = 96.94 RUB`: a shown rate in the language. */
export function writeRate(shown: ShownRate, language: Language): string {
  return `1 ${shown.unit} = ${writeFigure(shown.figure, language)} ${shown.other}`;
}

/** A direction's rate written as shown (`1 USDT = 96,94 RUB`), or null without a rate. */
export function rateText(
  from: string,
  to: string,
  rate: DecimalLike | null | undefined,
  language: Language,
): string | null {
  const shown = shownRate(from, to, rate);
  return shown ? writeRate(shown, language) : null;
}

/**
 * An amount of money as every screen, mail and notification writes it, so one amount reads alike
 * everywhere: the shown decimals (SHOWN_DECIMALS), none for a whole amount, cut rather than rounded
 * so a figure never shows more than there is, grouped as the language writes it: `1 500`, `847,10`
 * / `847.10`, `515,78` for 515.788699. web/src/lib/quote-format.ts `formatMoney` is this.
 */
export function writeMoney(value: DecimalLike, language: Language): string {
  const exact = decimal(value);
  const negative = exact.units < 0n;
  // Cut towards zero: the magnitude rounded down.
  const units = toUnits(
    { units: negative ? -exact.units : exact.units, scale: exact.scale },
    SHOWN_DECIMALS,
    'down',
  );
  const whole = units % 10n ** BigInt(SHOWN_DECIMALS) === 0n;
  const text = whole ? (units / 10n ** BigInt(SHOWN_DECIMALS)).toString() : unitsText(units, SHOWN_DECIMALS);
  return `${negative && units !== 0n ? '-' : ''}${writeFigure(text, language)}`;
}
