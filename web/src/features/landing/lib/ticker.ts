/** How the ticker colours a 24 h change: green up, red down, grey at zero (docs/product.md §2). */
export type ChangeTone = 'up' | 'down' | 'flat';

export function changeTone(change: number | null | undefined): ChangeTone {
  if (change === null || change === undefined || Number.isNaN(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

export function formatUsd(price: number, locale: string): string {
  const digits = price >= 1000 ? 0 : price >= 1 ? 2 : 4;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(price);
}

export function formatChange(change: number | null | undefined, locale: string): string {
  const value = change ?? 0;
  const formatted = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
  return `${formatted}%`;
}
