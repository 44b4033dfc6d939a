import { rateText, shownRate, writeFigure, writeMoney } from '@shared/rate-display';
import { describe, expect, it } from 'vitest';

/** The expensive currency is the unit, in both directions, exactly, with fixed decimals. */
describe('shownRate', () => {
  it('writes RUB → USDT with USDT as the unit, the inverse rounded half up to two decimals', () => {
    // 1 / 0.010316 = 96.93679…
    expect(shownRate('card-RUB', 'usdt-trc20', 0.010316)).toEqual({
      unit: 'USDT',
      other: 'RUB',
      figure: '96.94',
      decimals: 2,
    });
  });

  it('writes USDT → RUB with USDT as the unit, the rate itself', () => {
    expect(shownRate('usdt-trc20', 'cash-RUB', 93.57514)).toEqual({
      unit: 'USDT',
      other: 'RUB',
      figure: '93.58',
      decimals: 2,
    });
  });

  it('makes EUR the unit against USDT in both directions, with four decimals', () => {
    expect(shownRate('cash-EUR', 'usdt-trc20', 1.0612)).toMatchObject({ unit: 'EUR', figure: '1.0612' });
    // 1 / 0.9249 = 1.08119…
    expect(shownRate('usdt-trc20', 'card-EUR', 0.9249)).toMatchObject({
      unit: 'EUR',
      other: 'USDT',
      figure: '1.0812',
    });
  });

  it('keeps USD the unit on both sides of parity (each direction with its markup)', () => {
    expect(shownRate('cash-USD', 'usdt-trc20', 0.99)?.unit).toBe('USD');
    expect(shownRate('usdt-trc20', 'cash-USD', 0.99)).toMatchObject({ unit: 'USD', figure: '1.0101' });
  });

  it('is exact where floats drift: 1 / 0.0103 is 97.0873…, not 97.08737864077669', () => {
    expect(shownRate('RUB', 'USDT', '0.0103')?.figure).toBe('97.09');
    expect(shownRate('KZT', 'USDT', 0.002)?.figure).toBe('500.00');
  });

  it('answers null without a rate', () => {
    expect(shownRate('cash-RUB', 'usdt-trc20', null)).toBeNull();
    expect(shownRate('cash-RUB', 'usdt-trc20', 0)).toBeNull();
  });
});

describe('rateText', () => {
  it('writes the rate in the language, grouped as Intl groups it', () => {
    expect(rateText('card-RUB', 'usdt-trc20', 0.010316, 'ru')).toBe('1 USDT = 96,94 RUB');
    expect(rateText('card-RUB', 'usdt-trc20', 0.010316, 'en')).toBe('1 USDT = 96.94 RUB');
    expect(rateText('usdt-trc20', 'cash-KZT', 512.3456, 'en')).toBe('1 USDT = 512.35 KZT');
    expect(writeFigure('12345.50', 'ru')).toBe(
      new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(12345.5),
    );
    expect(writeFigure('1234567.5', 'en')).toBe('1,234,567.5');
  });
});

describe('writeMoney', () => {
  it('writes amounts as formatMoney did with Intl: shown decimals, cut, none for a whole amount', () => {
    const intl = (value: number, locale: string) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        trailingZeroDisplay: 'stripIfInteger',
        roundingMode: 'trunc',
      } as Intl.NumberFormatOptions).format(value);
    for (const value of [1500, 847.1, 515.788699, 0.5, 1234567.891, 9500.02, -12.345, 100000]) {
      expect(writeMoney(value, 'ru')).toBe(intl(value, 'ru-RU'));
      expect(writeMoney(value, 'en')).toBe(intl(value, 'en-US'));
    }
  });

  it('is exact: 467875.7 shows two decimals, 515.788699 is cut to 515,78', () => {
    expect(writeMoney(467875.7, 'ru')).toBe('467\u00a0875,70');
    expect(writeMoney('515.788699', 'en')).toBe('515.78');
  });
});
