import { completionSnapshotOf, crossMarket, type Market } from '@functions/domain/rates/completion-profit';
import { describe, expect, it } from 'vitest';

const at = '2026-11-29T10:00:00.000Z';
const values = (usdValueFrom: number, usdValueTo: number): Market =>
  crossMarket(usdValueFrom, usdValueTo, 'manual', '2026-11-28T09:00:00.000Z');

describe('a completed deal against the market', () => {
  it('keeps the market rate and the profit in the fiat currency and in USDT', () => {
    // 9,300 RUB at a typed 93 bought 100 USDT; the market's 0.0108 USDT a RUB makes them worth 100.44.
    const snapshot = completionSnapshotOf(
      { amountFrom: 9300, amountTo: 100, currencyFrom: 'RUB', currencyTo: 'USDT', rate: 0.01075268817 },
      values(0.0108, 1),
      at,
    );

    expect(snapshot).toEqual({
      completedAt: at,
      amountFrom: 9300,
      amountTo: 100,
      currencyFrom: 'RUB',
      currencyTo: 'USDT',
      rate: 0.01075268817,
      marketRate: 0.0108,
      marketSource: 'manual',
      marketAsOf: '2026-11-28T09:00:00.000Z',
      fiatCurrency: 'RUB',
      profitUsdt: 0.44,
      // 0.44 ÷ 0.0108 = 40.740740…
      profitFiat: 40.74,
    });
  });

  it('names the sides the other way round when USDT is given', () => {
    // 100 USDT bought 9,250 RUB; the market's 1 ÷ 0.0108 = 92.59259259 RUB a USDT says they were worth 9,259.26.
    const snapshot = completionSnapshotOf(
      { amountFrom: 100, amountTo: 9250, currencyFrom: 'USDT', currencyTo: 'RUB', rate: 92.5 },
      values(1, 0.0108),
      at,
    );

    expect(snapshot).toMatchObject({
      marketRate: 92.59259259,
      fiatCurrency: 'RUB',
      profitFiat: 9.26,
      profitUsdt: 0.1,
    });
  });

  it('is exact where floats drift, and shows a loss as negative', () => {
    // In floats 0.1 × 3 − 0.3 is 5.55e-17 and 847.1 − 847.0999999999999 is 1.1e-13.
    const even = completionSnapshotOf(
      { amountFrom: 3, amountTo: 0.3, currencyFrom: 'EUR', currencyTo: 'USDT', rate: 0.1 },
      values(0.1, 1),
      at,
    );
    const loss = completionSnapshotOf(
      { amountFrom: 20_000, amountTo: 847.11, currencyFrom: 'CZK', currencyTo: 'USDT', rate: 0.042355 },
      values(0.042355, 1),
      at,
    );

    expect(even).toMatchObject({ profitFiat: 0, profitUsdt: 0 });
    expect(loss).toMatchObject({ profitUsdt: -0.01, profitFiat: -0.24 });
  });

  it('rounds each profit half up once, at its currency decimals', () => {
    const snapshot = completionSnapshotOf(
      { amountFrom: 1, amountTo: 0.9999995, currencyFrom: 'EUR', currencyTo: 'USDT', rate: 0.9999995 },
      values(1, 1),
      at,
    );

    expect(snapshot).toMatchObject({ profitUsdt: 0.000001, profitFiat: 0 });
  });
});
