import { describe, expect, it } from 'vitest';
import { cardsPerView, maxStart, needsNavigation, step } from './carousel';
import { changeTone, formatChange, formatUsd } from './ticker';

describe('testimonial carousel', () => {
  it.each([
    [360, 1],
    [767, 1],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1920, 3],
  ])('shows the right number of cards at %i px', (width, cards) => {
    expect(cardsPerView(width)).toBe(cards);
  });

  it('shows previous/next only when more cards exist than fit', () => {
    expect(needsNavigation(4, 3)).toBe(true);
    expect(needsNavigation(3, 3)).toBe(false);
  });

  it('wraps around at both ends', () => {
    expect(maxStart(4, 3)).toBe(1);
    expect(step(1, 1, 4, 3)).toBe(0);
    expect(step(0, -1, 4, 3)).toBe(1);
    expect(step(2, 1, 4, 1)).toBe(3);
  });
});

describe('price ticker', () => {
  it('colours a rise green, a fall red and no change grey', () => {
    expect(changeTone(2.4)).toBe('up');
    expect(changeTone(-0.01)).toBe('down');
    expect(changeTone(0)).toBe('flat');
    expect(changeTone(null)).toBe('flat');
  });

  it('shows the sign of the change, none when it rounds to zero', () => {
    expect(formatChange(2.41, 'en')).toBe('+2.41%');
    expect(formatChange(-1.5, 'en')).toBe('-1.50%');
    expect(formatChange(1234.5, 'ru')).toBe('+1\u00a0234,50%');
    expect(formatChange(0, 'en')).toBe('0.00%');
    expect(formatChange(-0.001, 'en')).toBe('0.00%');
    expect(formatChange(null, 'ru')).toBe('0,00%');
  });

  it('writes prices as Intl writes US dollars: whole from 1,000, four decimals below 1', () => {
    for (const [language, locale] of [
      ['ru', 'ru-RU'],
      ['en', 'en-US'],
    ] as const) {
      for (const price of [0.08123, 0.99995, 1, 2.675, 64.5, 999.996, 1000, 3456.78, 97_123.5]) {
        const digits = price >= 1000 ? 0 : price >= 1 ? 2 : 4;
        const expected = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(price);
        expect(formatUsd(price, language), `${language} ${price}`).toBe(expected);
      }
    }
    expect(formatUsd(97_123.5, 'en')).toBe('$97,124');
    expect(formatUsd(97_123.5, 'ru')).toBe('97\u00a0124\u00a0$');
  });
});
