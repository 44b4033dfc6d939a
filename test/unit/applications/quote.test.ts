import type { DirectionRecord } from '@functions/data/rates';
import { cashStepOf, computeQuote, type PriceSide, priceDirection } from '@functions/domain/rates/quote';
import { amountDecimals, currencyOfAsset, plainAmount } from '@shared/assets';
import { standardAmountSchema } from '@shared/contract/applications';
import { amountLimitProblem } from '@shared/contract/rates';
import { followedRate } from '@shared/exact-rate';
import { issueProblem } from '@shared/field-rules';
import { hasAtMostDecimals } from '@shared/numbers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const at = '2026-01-01T00:00:00.000Z';
const value = (code: string, usdValue: number, when = at): PriceSide => ({ code, usdValue, at: when });
const direction = (overrides: Partial<DirectionRecord> = {}): DirectionRecord => ({
  assetFrom: 'card-EUR',
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

/** A followed rate as the quote takes it: the number and its exact form. */
const exactOf = (rate: number) => ({ rate, exactRate: followedRate(rate) });

const now = new Date(at);
const rateOf = (terms: DirectionRecord, from: PriceSide, to: PriceSide) =>
  priceDirection(terms, { from, to }, now).rate!;

/** A quote at the direction's own rate, as the quote function computes it. */
const quoteWith = (
  inputs: { assetFrom: string; assetTo: string; amount: number; direction: DirectionRecord },
  from: PriceSide,
  to: PriceSide,
  minUSD = 100,
) =>
  computeQuote({
    ...inputs,
    from,
    to,
    ...exactOf(rateOf(inputs.direction, from, to)),
    minApplicationAmountUSD: minUSD,
    reserve: null,
    cashStep: null,
  });

const quoteOf = (amount: number, overrides: Partial<DirectionRecord> = {}, minUSD = 100) =>
  quoteWith(
    { assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount, direction: direction(overrides) },
    value('EUR', 1.08),
    value('USDT', 1),
    minUSD,
  );

describe('currencyOfAsset', () => {
  it('names the fiat code of a cash or card asset and USDT for the crypto asset', () => {
    expect([currencyOfAsset('cash-RUB'), currencyOfAsset('card-EUR'), currencyOfAsset('usdt-trc20')]).toEqual(
      ['RUB', 'EUR', 'USDT'],
    );
  });
});

describe('priceDirection', () => {
  it('is the ratio of the USD values lowered by the markup', () => {
    expect(rateOf(direction(), value('EUR', 1.08), value('USDT', 1))).toBeCloseTo(1.08 * 0.985, 10);
    expect(rateOf(direction(), value('USDT', 1), value('RUB', 0.011))).toBeCloseTo((1 / 0.011) * 0.985, 6);
  });

  it('keeps the raw price beside the effective rate and calls a manual direction manual', () => {
    const priced = priceDirection(direction(), { from: value('EUR', 1.08), to: value('USDT', 1) }, now);
    expect(priced).toMatchObject({ rawPrice: 1.08, state: 'manual', pausedReason: null, priceAsOf: at });
  });

  it('pauses a direction with a missing price', () => {
    expect(priceDirection(direction(), { from: value('EUR', 1.08) }, now)).toMatchObject({
      rate: null,
      state: 'paused',
      pausedReason: 'missing',
    });
  });

  it('pauses a feed direction once its older price is past the maximum age, and only then', () => {
    const feed = direction({ source: 'feed', maxAgeMinutes: 10 });
    const fresh = '2026-01-01T00:00:00.000Z';
    const old = '2025-12-31T23:50:00.000Z';
    const prices = { from: value('EUR', 1.08, fresh), to: value('USDT', 1, old) };
    expect(priceDirection(feed, prices, now)).toMatchObject({ state: 'live', priceAsOf: old });
    expect(priceDirection(feed, prices, new Date(Date.parse(at) + 1))).toMatchObject({
      state: 'paused',
      pausedReason: 'stale',
    });
    // A manual direction does not age: staff's values stand until staff change them.
    expect(priceDirection(direction({ maxAgeMinutes: 10 }), prices, new Date('2027-01-01'))).toMatchObject({
      state: 'manual',
    });
  });

  it("judges a feed price by the larger of the direction's maximum age and its provider's allowance", () => {
    const feed = direction({ source: 'feed', maxAgeMinutes: 10 });
    const hoursAgo = (hours: number) => new Date(Date.parse(at) - hours * 3_600_000).toISOString();
    const prices = (fiatAt: string, tickerAt = at) => ({
      from: { ...value('EUR', 1.08, fiatAt), provider: 'fiat-reference' },
      to: { ...value('USDT', 1, tickerAt), provider: 'crypto-ticker' },
    });
    // The daily fiat reference: 26 hours; the live ticker: the direction's 10 minutes.
    expect(priceDirection(feed, prices(hoursAgo(26)), now).state).toBe('live');
    expect(priceDirection(feed, prices(hoursAgo(26.01)), now).pausedReason).toBe('stale');
    expect(priceDirection(feed, prices(at, hoursAgo(0.2)), now).pausedReason).toBe('stale');
    // A direction allowing more than the reference's allowance is given its own.
    expect(priceDirection({ ...feed, maxAgeMinutes: 48 * 60 }, prices(hoursAgo(30)), now).state).toBe('live');
  });

  it('pauses a direction whose rate leaves its guard', () => {
    const prices = { from: value('EUR', 1.08), to: value('USDT', 1) };
    const rate = 1.08 * 0.985;
    expect(priceDirection(direction({ minRate: rate + 0.001 }), prices, now)).toMatchObject({
      state: 'paused',
      pausedReason: 'out-of-guard',
    });
    expect(priceDirection(direction({ maxRate: rate - 0.001 }), prices, now).pausedReason).toBe(
      'out-of-guard',
    );
    expect(
      priceDirection(direction({ minRate: rate - 0.001, maxRate: rate + 0.001 }), prices, now).state,
    ).toBe('manual');
  });
});

describe('computeQuote', () => {
  it('rounds the USDT received down to the cent, the decimals quotes show', () => {
    const quote = quoteOf(333.33);
    expect(quote.amountTo).toBe(Math.floor(333.33 * quote.rate * 100) / 100);
    expect(quote.amountTo).toBeLessThanOrEqual(333.33 * quote.rate);
  });

  it('rounds fiat received down to the cent', () => {
    const quote = quoteWith(
      {
        assetFrom: 'usdt-trc20',
        assetTo: 'cash-EUR',
        amount: 333.333333,
        direction: direction({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR' }),
      },
      value('USDT', 1),
      value('EUR', 1.08),
    );
    expect(quote.amountTo).toBe(Math.floor(333.333333 * quote.rate * 100) / 100);
  });

  it('states the minimum in the source currency, rounded up', () => {
    expect(quoteOf(500).minAmount).toBe(92.6);
  });

  it('flags an amount worth less than the minimum in USD', () => {
    expect(quoteOf(92.59).belowMinimum).toBe(true);
    expect(quoteOf(92.6).belowMinimum).toBe(false);
  });

  it("takes the direction's own minimum when it is higher", () => {
    const quote = quoteOf(150, { minAmount: 200 });
    expect(quote).toMatchObject({ minAmount: 200, belowMinimum: true });
  });

  it("takes the direction's own minimum when it is lower too: the global one is a default", () => {
    // The global minimum, 100 USD, is 92.60 EUR here; the direction asks 50 EUR.
    const quote = quoteOf(60, { minAmount: 50 });
    expect(quote).toMatchObject({ minAmount: 50, belowMinimum: false, minAmountUSD: 54 });
    expect(quoteOf(49.99, { minAmount: 50 }).belowMinimum).toBe(true);
  });

  it("flags an amount above the direction's maximum", () => {
    expect(quoteOf(10_001, { maxAmount: 10_000 }).aboveMaximum).toBe(true);
    expect(quoteOf(10_000, { maxAmount: 10_000 }).aboveMaximum).toBe(false);
  });

  it('says the most that can be received: no limit without a maximum or reserve', () => {
    expect(quoteOf(500)).toMatchObject({ reserve: null, maxAmountTo: null, aboveReserve: false });
  });

  it('states the most that can be received as the smaller of the maximum at the rate and the reserve', () => {
    const rate = quoteOf(500).rate;
    const byMaximum = Math.floor(10_000 * rate * 1e6) / 1e6;
    const reserved = (reserve: number | null) =>
      computeQuote({
        assetFrom: 'card-EUR',
        assetTo: 'usdt-trc20',
        amount: 500,
        direction: direction({ maxAmount: 10_000 }),
        from: value('EUR', 1.08),
        to: value('USDT', 1),
        ...exactOf(rate),
        minApplicationAmountUSD: 100,
        reserve,
        cashStep: null,
      });
    expect(reserved(null).maxAmountTo).toBe(byMaximum);
    expect(reserved(1e9).maxAmountTo).toBe(byMaximum);
    expect(reserved(2500).maxAmountTo).toBe(2500);
  });

  it('flags an amount to receive above the reserve, and not one equal to it', () => {
    const at = (reserve: number) =>
      computeQuote({
        assetFrom: 'card-EUR',
        assetTo: 'usdt-trc20',
        amount: 500,
        direction: direction(),
        from: value('EUR', 1.08),
        to: value('USDT', 1),
        ...exactOf(1),
        minApplicationAmountUSD: 100,
        reserve,
        cashStep: null,
      });
    expect(at(499.99)).toMatchObject({ amountTo: 500, reserve: 499.99, aboveReserve: true });
    expect(at(500)).toMatchObject({ aboveReserve: false, maxAmountTo: 500 });
    expect(at(0)).toMatchObject({ aboveReserve: true, maxAmountTo: 0 });
  });

  it('never pays out more than the rate and always accepts the stated minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
        fc.double({ min: 0.00001, max: 5, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, usdValue, minUSD) => {
          const terms = {
            assetFrom: 'cash-XXX',
            assetTo: 'usdt-trc20',
            direction: direction({ assetFrom: 'cash-XXX' }),
          };
          const quote = quoteWith({ ...terms, amount }, value('XXX', usdValue), value('USDT', 1), minUSD);
          const atMinimum = quoteWith(
            { ...terms, amount: quote.minAmount },
            value('XXX', usdValue),
            value('USDT', 1),
            minUSD,
          );
          expect(quote.amountTo).toBeLessThanOrEqual(amount * quote.rate + 1e-9);
          expect(atMinimum.belowMinimum).toBe(false);
        },
      ),
    );
  });
});

describe('amount precision', () => {
  it('allows 2 decimals for fiat and 6 for USDT', () => {
    expect([amountDecimals('cash-EUR'), amountDecimals('usdt-trc20')]).toEqual([2, 6]);
    expect([hasAtMostDecimals(10.25, 2), hasAtMostDecimals(10.255, 2), hasAtMostDecimals(1e-7, 6)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('formats amounts without grouping and with at most the asset decimals', () => {
    expect([plainAmount(92.6, 'card-EUR'), plainAmount(1234567.891234, 'usdt-trc20')]).toEqual([
      '92.6',
      '1234567.891234',
    ]);
  });

  it('refuses, in the server’s and the form’s one text, an amount with more decimals than its asset', () => {
    const message = (assetFrom: string, amount: number) => {
      const issue = standardAmountSchema(assetFrom).safeParse(amount).error?.issues[0];
      return issue ? issueProblem(issue).msg : null;
    };
    expect(message('card-CZK', 1234.56)).toBeNull();
    expect(message('card-CZK', 1234.56789)).toBe('The amount may have at most 2 decimal places.');
    expect(message('usdt-trc20', 1234.56789)).toBeNull();
    expect(message('cash-USD', 0)).toBe('Please enter the correct positive amount');
  });

  it('words the limits of a quote the way the server refuses them', () => {
    const limits = {
      assetFrom: 'card-EUR',
      assetTo: 'usdt-trc20',
      currencyFrom: 'EUR',
      currencyTo: 'USDT',
      minAmount: 92.6,
      minAmountUSD: 100,
      maxAmount: 5000,
      reserve: 1234.5,
      belowMinimum: false,
      aboveMaximum: false,
      aboveReserve: false,
    };
    expect(amountLimitProblem(limits)).toBeNull();
    expect(amountLimitProblem({ ...limits, belowMinimum: true })).toEqual({
      code: 'amountBelowMinimum',
      params: { amount: '92.6', currency: 'EUR', amountUSD: 100 },
      msg: 'The minimum amount is 92.6 EUR (100 USD).',
    });
    expect(amountLimitProblem({ ...limits, aboveMaximum: true })).toEqual({
      code: 'amountAboveMaximum',
      params: { amount: '5000', currency: 'EUR' },
      msg: 'The maximum amount is 5000 EUR.',
    });
    expect(amountLimitProblem({ ...limits, aboveReserve: true })).toMatchObject({
      code: 'amountAboveReserve',
      msg: 'The exchange can pay out at most 1234.5 USDT now; lower the amount.',
    });
  });
});

describe('cash paid out by a till', () => {
  // 1 USDT = 0.93 EUR less nothing: 18,987.46 USDT buy 17,658.33 EUR before any step.
  const cashEur = (amount: number, cashStep: number | null, reserve: number | null = null) =>
    computeQuote({
      assetFrom: 'usdt-trc20',
      assetTo: 'cash-EUR',
      amount,
      direction: direction({
        assetFrom: 'usdt-trc20',
        assetTo: 'cash-EUR',
        markupPercent: 0,
        maxAmount: 50_000,
      }),
      from: value('USDT', 1),
      to: value('EUR', 1 / 0.93),
      ...exactOf(0.93),
      minApplicationAmountUSD: 100,
      reserve,
      cashStep,
    });

  it('rounds a cash payout down to a multiple of its currency step and says which step', () => {
    expect(cashEur(18_987.46, null)).toMatchObject({ amountTo: 17_658.33, cashStep: null });
    expect(cashEur(18_987.46, 10)).toMatchObject({ amountTo: 17_650, cashStep: 10 });
    expect(cashEur(18_987.46, 1)).toMatchObject({ amountTo: 17_658 });
    expect(cashEur(18_987.46, 0.5)).toMatchObject({ amountTo: 17_658 });
    expect(cashEur(18_987.46, 100)).toMatchObject({ amountTo: 17_600 });
  });

  it('keeps the most that can be received payable too: the maximum and the reserve on the step', () => {
    expect(cashEur(1000, 10).maxAmountTo).toBe(46_500);
    expect(cashEur(1000, 10, 12_345.67).maxAmountTo).toBe(12_340);
    expect(cashEur(1000, null, 12_345.67).maxAmountTo).toBe(12_345.67);
  });

  it('leaves card and USDT amounts to the cent', () => {
    // The step is applied only when the caller found the received asset is cash (cashStepOf).
    expect(cashStepOf('card-EUR', { cashStep: 10 })).toBeNull();
    expect(cashStepOf('usdt-trc20', { cashStep: 10 })).toBeNull();
    expect(cashStepOf('cash-EUR', { cashStep: 10 })).toBe(10);
    expect(cashStepOf('cash-EUR', undefined)).toBeNull();
  });
});
