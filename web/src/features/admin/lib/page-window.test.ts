import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are no more than five', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('centres the current page in a window of five', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('starts at the first page near the beginning', () => {
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('ends at the last page near the end', () => {
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page beyond the last to the last window', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
  });

  it('shows no links when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('always contains the current page and never more than five links', () => {
    for (let total = 1; total <= 12; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = pageWindow(current, total);
        expect(pages).toContain(current);
        expect(pages.length).toBe(Math.min(5, total));
      }
    }
  });
});
