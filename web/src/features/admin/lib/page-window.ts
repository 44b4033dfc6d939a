import { PAGINATION_WINDOW } from '@shared/constants';

/**
 * The page links a pager shows: at most `size` consecutive pages around the current one, shifted
 * so the window never runs past the first or the last page (docs/product.md §9: a window of 5 page links).
 */
export function pageWindow(current: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  if (totalPages < 1 || size < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}
