import type { ExactRate } from '@shared/exact-rate';
import { compare, type DecimalLike, divide, type Rounding, toUnits, unitsText } from '@shared/money';
import type { ExportMark } from './marks';

/**
 * One exchange direction of the monitors' file, in its own terms (docs/product.md §10). Every
 * figure is exact (a JSON number read as the decimal it is written as) and is written by
 * `renderRatesXml` with its own decimals, rounded the way that never promises more.
 */
export interface ExportItem {
  from: string;
  to: string;
  /** The direction's rate exactly: a typed one as typed (`93 → 1`), a followed one `1 → rate`. */
  rate: ExactRate;
  /** Reserve of `to`: the most a client can receive. */
  amount: number;
  /** Decimals of `amount` (the reserve's currency's). */
  amountDecimals: number;
  /** Limits of one application, in `from` (`frommin`/`frommax`, also `minamount`/`maxamount`). */
  fromMin: number;
  fromMax: number;
  /** The same limits in `to`: what the client receives at them (`tomin`/`tomax`). */
  toMin: number;
  toMax: number;
  /** Decimals of the limits: as a quote rounds them. */
  limitDecimals: number;
  /** An additional fee outside the rate, as the format writes it (`10`, `0.5%`); none: omitted. */
  fromFee?: string;
  toFee?: string;
  /** The monitors' city code, for cash directions. */
  city?: string;
  /** The direction's marks (marks.ts `exportMarks`), `<param>` comma-separated; none: omitted. */
  marks: readonly ExportMark[];
}

/** Decimal places of `in`/`out`: enough for a RUB→USDT rate of 0.0104 to keep 4 significant digits. */
const RATE_DECIMALS = 8;

/**
 * A figure as the monitors read it, computed exactly: rounded to `decimals` as asked, a full stop,
 * no grouping, no exponent, no trailing zeros (29999.99, never 29999.999977 from a float).
 */
export function exactText(value: DecimalLike, decimals: number, rounding: Rounding): string {
  const text = unitsText(toUnits(value, decimals, rounding), decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * `in`/`out` for a rate: one unit on the side worth more, so neither figure is a long fraction
 * (1 USDT → 95.5 RUB; 93 RUB → 1 USDT, as typed). `out` is rounded down and a derived `in` up, so
 * the file never promises more than the rate; a typed figure needs neither.
 */
function inOut(rate: ExactRate): { in: string; out: string } {
  if (compare(rate.out, rate.in) >= 0)
    return {
      in: '1',
      out: exactText(divide(rate.out, rate.in, RATE_DECIMALS, 'down'), RATE_DECIMALS, 'down'),
    };
  return { in: exactText(divide(rate.in, rate.out, RATE_DECIMALS, 'up'), RATE_DECIMALS, 'up'), out: '1' };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The export file in BestChange's current format (EREF 1.1): UTF-8 XML, `<rates>` with one
 * `<item>` per line: `from`, `to`, `in`, `out`, `amount`, `minamount`/`maxamount` (the older
 * monitors' limits) and `frommin`/`frommax`/`tomin`/`tomax`, `fromfee`/`tofee` where set, `city`
 * for cash, and the direction's marks in `<param>` (`manual,verifying`; none: no param). Minimums are rounded up
 * and maximums and the reserve down.
 */
export function renderRatesXml(items: ExportItem[]): string {
  const lines = items.map((item) => {
    const { in: give, out: receive } = inOut(item.rate);
    const limit = (value: number, rounding: Rounding) => exactText(value, item.limitDecimals, rounding);
    const fromMin = limit(item.fromMin, 'up');
    const fromMax = limit(item.fromMax, 'down');
    const optional = (name: string, value: string | undefined): Array<[string, string]> =>
      value === undefined ? [] : [[name, value]];
    const fields: Array<[string, string]> = [
      ['from', item.from],
      ['to', item.to],
      ['in', give],
      ['out', receive],
      ['amount', exactText(item.amount, item.amountDecimals, 'down')],
      ['minamount', fromMin],
      ['maxamount', fromMax],
      ['frommin', fromMin],
      ['frommax', fromMax],
      ['tomin', limit(item.toMin, 'up')],
      ['tomax', limit(item.toMax, 'down')],
      ...optional('fromfee', item.fromFee),
      ...optional('tofee', item.toFee),
      ...optional('city', item.city),
      ...optional('param', item.marks.length > 0 ? item.marks.join(',') : undefined),
    ];
    return `<item>${fields.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('')}</item>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<rates>', ...lines, '</rates>', ''].join('\n');
}
