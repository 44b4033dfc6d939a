import { compare, divide, roundedNumber, toNumber } from '@shared/money';

/** One exchange direction of the monitors' file, in its own terms (docs/product.md §10). */
export interface ExportItem {
  from: string;
  to: string;
  /** Units of `to` the client receives per unit of `from`. */
  rate: number;
  /** Reserve of `to`: the most a client can receive. */
  amount: number;
  /** Limits of one application, in `from`. */
  minAmount: number;
  maxAmount: number;
  /** The monitors' city code, for cash directions. */
  city?: string;
}

/** Decimal places of `in`/`out`: enough for a RUB→USDT rate of 0.0104 to keep 4 significant digits. */
const RATE_DECIMALS = 8;

/** A number as the monitors read it: a full stop, no grouping, no exponent. */
function plain(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: decimals });
}

/**
 * `in`/`out` for a rate: one unit on the side worth more, so neither figure is a long fraction
 * (1 USDT → 95.5 RUB; 96.2 RUB → 1 USDT). `out` is rounded down and a derived `in` up, so the file
 * never promises more than the rate.
 */
function inOut(rate: number): { in: string; out: string } {
  if (compare(rate, 1) >= 0)
    return { in: '1', out: plain(roundedNumber(rate, RATE_DECIMALS, 'down'), RATE_DECIMALS) };
  return { in: plain(toNumber(divide(1, rate, RATE_DECIMALS, 'up')), RATE_DECIMALS), out: '1' };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The export file: UTF-8 XML, `<rates>` with one `<item>` per line, full stops as decimal points,
 * every direction processed by staff (`<param>manual</param>`).
 */
export function renderRatesXml(items: ExportItem[]): string {
  const lines = items.map((item) => {
    const { in: give, out: receive } = inOut(item.rate);
    const fields: Array<[string, string]> = [
      ['from', item.from],
      ['to', item.to],
      ['in', give],
      ['out', receive],
      ['amount', plain(item.amount, 6)],
      ['minamount', plain(item.minAmount, 6)],
      ['maxamount', plain(item.maxAmount, 6)],
      ...(item.city ? ([['city', item.city]] as Array<[string, string]>) : []),
      ['param', 'manual'],
    ];
    return `<item>${fields.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('')}</item>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<rates>', ...lines, '</rates>', ''].join('\n');
}
