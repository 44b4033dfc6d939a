import {
  convert,
  convertBack,
  exactRateOf,
  followedRate,
  rateNumber,
  readsAsTyped,
  typedRate,
} from '@shared/exact-rate';
import { toNumber, unitsText } from '@shared/money';
import { describe, expect, it } from 'vitest';

const text = (value: { units: bigint; scale: number }) => unitsText(value.units, value.scale);

describe('a typed rate', () => {
  it('is kept as typed on the side it was typed for', () => {
    expect(typedRate('card-RUB', '93.00', 'USDT')).toEqual({
      in: { units: 9300n, scale: 2 },
      out: { units: 1n, scale: 0 },
    });
    expect(typedRate('usdt-trc20', '93.00', 'USDT')).toEqual({
      in: { units: 1n, scale: 0 },
      out: { units: 9300n, scale: 2 },
    });
  });

  it('converts with one division, rounded once: 9,300 RUB at 93 buy 100 USDT, not 99.99', () => {
    const rate = typedRate('card-RUB', '93', 'USDT');

    expect(text(convert(9300, rate, 2, 'down'))).toBe('100.00');
    // Through the rate as a number (0.01075268817) the same amount bought 99.99999998.
    expect(toNumber(convert(9300, followedRate(toNumber(rateNumber(rate))), 2, 'down'))).toBe(99.99);
  });

  it('converts back what an amount received costs: 20,000 USDT cost 1,860,000 RUB', () => {
    expect(text(convertBack(20_000, typedRate('card-RUB', '93', 'USDT'), 2, 'down'))).toBe('1860000.00');
    expect(text(convertBack(1_000, typedRate('card-RUB', '93', 'USDT'), 2, 'down'))).toBe('93000.00');
  });

  it('rounds as asked, never towards the client unasked', () => {
    const rate = typedRate('card-RUB', '93', 'USDT');

    expect(text(convert(100, rate, 2, 'down'))).toBe('1.07');
    expect(text(convert(100, rate, 2, 'up'))).toBe('1.08');
  });

  it('states its number to ten significant digits', () => {
    expect(toNumber(rateNumber(typedRate('card-RUB', '93', 'USDT')))).toBe(0.01075268817);
    expect(toNumber(rateNumber(typedRate('usdt-trc20', '93.25', 'USDT')))).toBe(93.25);
  });
});

describe('a published direction', () => {
  it('is priced by its typed rate when it has one, else by its rate followed', () => {
    const fixedRate = { figure: '93.00', unit: 'USDT' };

    expect(exactRateOf({ assetFrom: 'card-RUB', rate: 0.01075268817, fixedRate })).toEqual(
      typedRate('card-RUB', '93.00', 'USDT'),
    );
    expect(exactRateOf({ assetFrom: 'card-RUB', rate: 0.0104, fixedRate: null })).toEqual(
      followedRate(0.0104),
    );
    expect(exactRateOf({ assetFrom: 'card-RUB', rate: null, fixedRate: null })).toBeNull();
  });
});

describe('readsAsTyped', () => {
  it('takes a figure shown with its own decimals, its unit the dearer side', () => {
    expect(readsAsTyped('card-RUB', 'usdt-trc20', '93.00', 'USDT')).toBe(true);
    expect(readsAsTyped('usdt-trc20', 'cash-RUB', '92.5', 'USDT')).toBe(true);
    expect(readsAsTyped('card-EUR', 'usdt-trc20', '1.0812', 'EUR')).toBe(true);
  });

  it('refuses what would read otherwise: more decimals, the cheaper side as the unit, another currency, zero', () => {
    expect(readsAsTyped('card-RUB', 'usdt-trc20', '93.005', 'USDT')).toBe(false);
    expect(readsAsTyped('card-EUR', 'usdt-trc20', '1.08125', 'EUR')).toBe(false);
    expect(readsAsTyped('card-RUB', 'usdt-trc20', '0.0108', 'RUB')).toBe(false);
    expect(readsAsTyped('card-RUB', 'usdt-trc20', '93', 'EUR')).toBe(false);
    expect(readsAsTyped('card-RUB', 'usdt-trc20', '0', 'USDT')).toBe(false);
  });
});
