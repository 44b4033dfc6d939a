import { describe, expect, it } from 'vitest';
import { cardsPerView, maxStart, needsNavigation, step } from './carousel';
import { changeTone, formatChange } from './ticker';

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

  it('shows the sign of the change', () => {
    expect(formatChange(2.41, 'en-US')).toBe('+2.41%');
    expect(formatChange(-1.5, 'en-US')).toBe('-1.50%');
    expect(formatChange(0, 'en-US')).toBe('0.00%');
  });
});
