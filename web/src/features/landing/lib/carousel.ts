import { CAROUSEL_BREAKPOINTS_PX } from '@web/config/entry-values';

/** One card below 768 px, two below 1024 px, three otherwise (docs/product.md §2, §9). */
export function cardsPerView(viewportWidth: number): number {
  if (viewportWidth < CAROUSEL_BREAKPOINTS_PX.two) return 1;
  if (viewportWidth < CAROUSEL_BREAKPOINTS_PX.three) return 2;
  return 3;
}

/** Previous/next appear only when there are more cards than fit. */
export function needsNavigation(total: number, perView: number): boolean {
  return total > perView;
}

/** The last index the first visible card may have. */
export function maxStart(total: number, perView: number): number {
  return Math.max(0, total - perView);
}

/** Moves the window by one card, wrapping around at both ends. */
export function step(start: number, direction: 1 | -1, total: number, perView: number): number {
  const last = maxStart(total, perView);
  const next = start + direction;
  if (next > last) return 0;
  if (next < 0) return last;
  return next;
}
