import type { DirectionRecord } from '@functions/data/rates';
import { computeQuote, type PriceSide, priceDirection } from '@functions/domain/rates/quote';
import { ReserveTooLow } from '@functions/domain/reserves/errors';
import { completionMoves } from '@functions/domain/reserves/moves';
import { amountDecimals, SHOWN_DECIMALS } from '@shared/assets';
import { followedRate } from '@shared/exact-rate';
import {
  add,
  compare,
  decimal,
  decimalPlaces,
  divide,
  divideSignificant,
  fromUnits,
  movePoint,
  multiply,
  ofUnits,
  roundedNumber,
  subtract,
  toNumber,
  toUnits,
  unitsText,
} from '@shared/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const at = '2026-01-01T00:00:00.000Z';
const now = new Date(at);
const side = (code: string, usdValue: number): PriceSide => ({ code, usdValue, at });
const direction = (overrides: Partial<DirectionRecord> = {}): DirectionRecord => ({
  assetFrom: 'card-CZK',
  assetTo: 'usdt-trc20',
  source: 'manual',
  marketPrice: { sources: ['usd-cross'], coefficient: '1' },
  minRate: null,
  maxRate: null,
  maxAgeMinutes: 15,
  markupPercent: 1.5,
  minAmount: null,
  maxAmount: null,
  isActive: true,
  publishToMonitors: false,
  monitorCode: null,
  updatedAt: at,
  updatedBy: null,
  fixedRate: null,
  ...overrides,
});

/** A quote as the service makes it: the direction's rate from the two USD values, then the amounts. */
function quoteOf(
  terms: { assetFrom: string; assetTo: string; amount: number; markupPercent: number; minUSD: number },
  from: PriceSide,
  to: PriceSide,
) {
  const dir = direction({
    assetFrom: terms.assetFrom,
    assetTo: terms.assetTo,
    markupPercent: terms.markupPercent,
  });
  const rate = priceDirection(dir, { from, to }, now).rate!;
  return computeQuote({
    assetFrom: terms.assetFrom,
    assetTo: terms.assetTo,
    amount: terms.amount,
    direction: dir,
    from,
    to,
    rate,
    exactRate: followedRate(rate),
    minApplicationAmountUSD: terms.minUSD,
    reserve: null,
    cashStep: null,
  });
}

/** A positive decimal with at most `decimals` decimals, as the JSON number the API holds. */
const amountWith = (decimals: number, max = 10_000_000) =>
  fc
    .bigInt({ min: 1n, max: BigInt(max) * 10n ** BigInt(decimals) })
    .map((units) => fromUnits(units, decimals));
/**
 * A USD value as staff or the feed state it: a short one (0.043, 1.08: where a float's product
 * misses the decimal, 847.0999999999999) or any with up to 8 decimals from 0.00001 to 100,000.
 */
const usdValue = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 5 }))
    .map(([units, places]) => fromUnits(BigInt(units), places)),
  fc.bigInt({ min: 1000n, max: 10n ** 13n }).map((units) => fromUnits(units, 8)),
);
const markup = fc.oneof(
  fc.constantFrom(0, 1, 1.5, 2, 2.5),
  fc.bigInt({ min: 0n, max: 200_000n }).map((units) => fromUnits(units, 4)),
);
const pair = fc.constantFrom(
  { assetFrom: 'card-CZK', assetTo: 'usdt-trc20' },
  { assetFrom: 'cash-RUB', assetTo: 'usdt-trc20' },
  { assetFrom: 'usdt-trc20', assetTo: 'card-EUR' },
  { assetFrom: 'usdt-trc20', assetTo: 'cash-VND' },
);
/** Amounts a JSON number holds exactly: at most 15 significant digits (999,999,999.999999 USDT). */
const EXACT_UNITS = 10n ** 15n;
const withinNumbers = (value: Parameters<typeof toUnits>[0], decimals: number) =>
  toUnits(value, decimals, 'up') < EXACT_UNITS;

const quoteTerms = fc.record({
  pair,
  amountUnits: fc.bigInt({ min: 1n, max: 10n ** 14n }),
  markupPercent: markup,
  minUSD: fc.integer({ min: 0, max: 10_000 }),
  fromValue: usdValue,
  toValue: usdValue,
});

describe('the quote, exactly', () => {
  it('receives 847.1 USDT for 20,000 CZK at 0.043 USD and a 1.5 % markup (the float gave 847.099999)', () => {
    const quote = quoteOf(
      { assetFrom: 'card-CZK', assetTo: 'usdt-trc20', amount: 20_000, markupPercent: 1.5, minUSD: 100 },
      side('CZK', 0.043),
      side('USDT', 1),
    );
    expect(quote).toMatchObject({ rate: 0.042355, amountTo: 847.1, amountUSD: 860 });
  });

  it('never pays out more than amount × rate, and rounds down by less than one shown unit (0.01)', () => {
    fc.assert(
      fc.property(quoteTerms, ({ pair, amountUnits, markupPercent, minUSD, fromValue, toValue }) => {
        const from = amountDecimals(pair.assetFrom);
        const amount = fromUnits(amountUnits % 10n ** BigInt(8 + from) || 1n, from);
        const quote = quoteOf(
          { ...pair, amount, markupPercent, minUSD },
          side('X', fromValue),
          side('Y', toValue),
        );
        // Within what a JSON number holds exactly (docs/architecture.md "Money").
        fc.pre(withinNumbers(multiply(amount, quote.rate), SHOWN_DECIMALS));
        const exact = multiply(amount, quote.rate);
        const unit = ofUnits(1n, SHOWN_DECIMALS);
        expect(compare(quote.amountTo, exact)).toBeLessThanOrEqual(0);
        expect(compare(add(quote.amountTo, unit), exact)).toBe(1);
      }),
    );
  });

  it('states amounts with at most the shown decimals, fiat and USDT (no 847.099999), the USD value in cents', () => {
    fc.assert(
      fc.property(quoteTerms, ({ pair, amountUnits, markupPercent, minUSD, fromValue, toValue }) => {
        const from = amountDecimals(pair.assetFrom);
        const amount = fromUnits(amountUnits % 10n ** BigInt(8 + from) || 1n, from);
        const quote = quoteOf(
          { ...pair, amount, markupPercent, minUSD },
          side('X', fromValue),
          side('Y', toValue),
        );
        // Within what a JSON number holds exactly (docs/architecture.md "Money").
        fc.pre(withinNumbers(multiply(amount, quote.rate), SHOWN_DECIMALS));
        expect(decimalPlaces(quote.amountTo)).toBeLessThanOrEqual(SHOWN_DECIMALS);
        expect(decimalPlaces(quote.minAmount)).toBeLessThanOrEqual(SHOWN_DECIMALS);
        expect(decimalPlaces(quote.amountUSD)).toBeLessThanOrEqual(2);
        // The JSON number is the decimal: written out and read back, nothing moves.
        expect(Number(String(quote.amountTo))).toBe(quote.amountTo);
      }),
    );
  });

  it('rounds the minimum up: the stated minimum is worth the setting, a unit less is not, and it is accepted', () => {
    fc.assert(
      fc.property(quoteTerms, ({ pair, markupPercent, minUSD, fromValue, toValue }) => {
        fc.pre(withinNumbers(divide(minUSD, fromValue, SHOWN_DECIMALS, 'up'), SHOWN_DECIMALS));
        const terms = { ...pair, amount: 1, markupPercent, minUSD };
        const { minAmount } = quoteOf(terms, side('X', fromValue), side('Y', toValue));
        const unit = ofUnits(1n, SHOWN_DECIMALS);
        expect(compare(multiply(minAmount, fromValue), minUSD)).toBeGreaterThanOrEqual(0);
        if (compare(minAmount, unit) > 0) {
          expect(compare(multiply(subtract(minAmount, unit), fromValue), minUSD)).toBe(-1);
        }
        const atMinimum = quoteOf({ ...terms, amount: minAmount }, side('X', fromValue), side('Y', toValue));
        expect(atMinimum.belowMinimum).toBe(false);
      }),
    );
  });
});

describe('reserves at completion', () => {
  const application = (amountFrom: number, amountTo: number) => ({
    currencyFrom: 'CZK',
    currencyTo: 'USDT',
    amountFrom,
    amountTo,
  });

  it('after N completions equal the start minus the exact sum paid out, plus the exact sum taken in', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.tuple(amountWith(2, 1_000_000), amountWith(6, 50_000)), { maxLength: 40 }),
        (startUnits, deals) => {
          // The reserves as DynamoDB keeps them: decimals, the deltas ADDed exactly.
          const held = new Map([
            ['USDT', { amount: fromUnits(startUnits, 6) }],
            ['CZK', { amount: 0 }],
          ]);
          let paidOut = 0n;
          let takenIn = 0n;
          for (const [amountFrom, amountTo] of deals) {
            const enough = toUnits(held.get('USDT')!.amount, 6) >= toUnits(amountTo, 6);
            let moves: ReturnType<typeof completionMoves> = [];
            try {
              moves = completionMoves(application(amountFrom, amountTo), held);
            } catch (error) {
              expect(error).toBeInstanceOf(ReserveTooLow);
            }
            expect(moves.length > 0).toBe(enough);
            for (const { code, delta } of moves) {
              expect(decimalPlaces(delta)).toBeLessThanOrEqual(code === 'USDT' ? 6 : 2);
              held.set(code, { amount: toNumber(add(held.get(code)!.amount, delta)) });
            }
            if (enough) {
              paidOut += toUnits(amountTo, 6);
              takenIn += toUnits(amountFrom, 2);
            }
          }
          expect(toUnits(held.get('USDT')!.amount, 6)).toBe(startUnits - paidOut);
          expect(toUnits(held.get('CZK')!.amount, 2)).toBe(takenIn);
        },
      ),
    );
  });

  it('refuses to move a reserve by an amount with more decimals than its currency (a float artefact)', () => {
    const held = new Map([['USDT', { amount: 1000 }]]);
    expect(() => completionMoves(application(20_000, 847.0999999999999), held)).toThrow(RangeError);
    expect(completionMoves(application(20_000, 847.1), held)).toEqual([{ code: 'USDT', delta: -847.1 }]);
  });
});

describe('shared/money', () => {
  it('round-trips units ↔ number ↔ text for any amount a JSON number holds exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -EXACT_UNITS + 1n, max: EXACT_UNITS - 1n }),
        fc.integer({ min: 0, max: 8 }),
        (units, decimals) => {
          const number = fromUnits(units, decimals);
          expect(toUnits(number, decimals)).toBe(units);
          expect(toUnits(unitsText(units, decimals), decimals)).toBe(units);
          expect(decimalPlaces(number)).toBeLessThanOrEqual(decimals);
        },
      ),
    );
  });

  it('reads a number as the decimal it is written as', () => {
    expect([decimal(0.1), decimal('500.0037'), decimal(1e21), decimal(1e-7), decimal('-2.50')]).toEqual([
      { units: 1n, scale: 1 },
      { units: 5000037n, scale: 4 },
      { units: 10n ** 21n, scale: 0 },
      { units: 1n, scale: 7 },
      { units: -250n, scale: 2 },
    ]);
    expect(() => decimal(Number.NaN)).toThrow(RangeError);
    expect(() => decimal('1,5')).toThrow(RangeError);
    expect(() => toUnits(0.123, 2)).toThrow(RangeError);
    expect(unitsText(5000037n, 4)).toBe('500.0037');
    expect(toNumber(add(0.1, 0.2))).toBe(0.3);
  });

  it('divides down, up and half up around the exact quotient, one unit apart at most', () => {
    fc.assert(
      fc.property(amountWith(6), amountWith(8, 100_000), fc.integer({ min: 0, max: 8 }), (a, b, decimals) => {
        const down = divide(a, b, decimals, 'down');
        const up = divide(a, b, decimals, 'up');
        const near = divide(a, b, decimals, 'half-up');
        expect(compare(multiply(down, b), a)).toBeLessThanOrEqual(0);
        expect(compare(multiply(up, b), a)).toBeGreaterThanOrEqual(0);
        expect(toUnits(up, decimals) - toUnits(down, decimals)).toBeLessThanOrEqual(1n);
        expect([down.units, up.units]).toContain(near.units);
      }),
    );
  });

  it('rounds a ratio half up to 10 significant digits, within half a unit of its last digit', () => {
    fc.assert(
      fc.property(usdValue, usdValue, (a, b) => {
        const ratio = divideSignificant(a, b, 10);
        expect(ratio.units.toString().replace(/^-/, '').replace(/0+$/, '').length).toBeLessThanOrEqual(10);
        // |ratio − a/b| ≤ half of the ratio's last unit: |2(ratio·b − a)| ≤ b·10^-scale.
        const error = multiply(2, subtract(multiply(ratio, b), a));
        const digits = ratio.units.toString().replace(/^-/, '').length;
        const bound = multiply(b, movePoint(1, Math.max(0, digits - 10) - ratio.scale));
        expect(compare(error.units < 0n ? multiply(-1, error) : error, bound)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('makes a payable amount unique in steps of 0.0001 exactly, as a decimal string ("500.0037")', () => {
    fc.assert(
      fc.property(amountWith(2, 1_000_000), fc.integer({ min: 0, max: 99 }), (amount, step) => {
        const payable = unitsText(toUnits(add(amount, ofUnits(BigInt(step), 4)), 4), 4);
        expect(payable).toMatch(/^\d+\.\d{4}$/);
        expect(compare(subtract(payable, amount), ofUnits(BigInt(step), 4))).toBe(0);
        expect(compare(payable, add(amount, '0.0099'))).toBeLessThanOrEqual(0);
      }),
    );
    expect(unitsText(toUnits(add(500, '0.0037'), 4), 4)).toBe('500.0037');
  });

  it('rounds a receive amount down and a minimum up, as the quote asks', () => {
    expect([roundedNumber(847.0999999, 2, 'down'), roundedNumber(92.5925, 2, 'up')]).toEqual([847.09, 92.6]);
    expect([
      roundedNumber(-1.005, 2, 'down'),
      roundedNumber(-1.005, 2, 'up'),
      roundedNumber(0.125, 2, 'half-up'),
    ]).toEqual([-1.01, -1, 0.13]);
  });
});
