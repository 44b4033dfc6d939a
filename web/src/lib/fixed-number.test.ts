import type { Language } from '@shared/enums';
import { describe, expect, it } from 'vitest';
import { formatFixed } from './fixed-number';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

/** What Intl writes, the reference the hand formatter must equal. */
function intl(value: number, decimals: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

// Prices of the ticker's range, ties written in decimal (1.005), a value rounding up across a
// group (999.9996), rounded zeros of both signs, and a spread of random values.
const VALUES = [
  0,
  0.00001,
  0.0000001,
  0.12345,
  0.5,
  1,
  1.005,
  1.5,
  2.675,
  9.99999,
  999.9996,
  1000,
  1234.5,
  65_432.109,
  98_765.4321,
  1_234_567.891,
  -0.001,
  -0.004,
  -5.5,
  -1234.567,
  -0.00005,
  ...Array.from({ length: 200 }, (_, index) => ((index * 7919) % 1009) ** 2 / 97 + index / 1013),
];

describe('fixed-point numbers without Intl', () => {
  for (const language of ['ru', 'en'] as const) {
    for (const decimals of [0, 2, 4]) {
      it(`writes what Intl writes in ${language} with ${decimals} decimals`, () => {
        for (const value of VALUES) {
          expect(formatFixed(value, decimals, language), `${value}`).toBe(intl(value, decimals, language));
        }
      });
    }
  }

  it('groups thousands with a no-break space in Russian and a comma in English', () => {
    expect(formatFixed(1234567.5, 2, 'ru')).toBe('1\u00a0234\u00a0567,50');
    expect(formatFixed(1234567.5, 2, 'en')).toBe('1,234,567.50');
  });
});
