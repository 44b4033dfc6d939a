import type { Language } from '@shared/enums';
import { fixedNumber } from '@web/lib/fixed-number';

/** How the ticker colours a 24 h change: green up, red down, grey at zero (docs/product.md §2). */
export type ChangeTone = 'up' | 'down' | 'flat';

export function changeTone(change: number | null | undefined): ChangeTone {
  if (change === null || change === undefined || Number.isNaN(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** `$97,000`, `$1.50`, `$0.1234` / `97 000 $`: whole dollars from 1,000, four decimals below 1. */
export function formatUsd(price: number, language: Language): string {
  const number = fixedNumber(price, price >= 1000 ? 0 : price >= 1 ? 2 : 4, language);
  const sign = number.negative ? '-' : '';
  return language === 'ru' ? `${sign}${number.digits}\u00a0$` : `${sign}$${number.digits}`;
}

/** `+2,41%` / `-1.50%`: two decimals, signed unless it rounds to zero. */
export function formatChange(change: number | null | undefined, language: Language): string {
  const number = fixedNumber(change ?? 0, 2, language);
  const sign = number.zero ? '' : number.negative ? '-' : '+';
  return `${sign}${number.digits}%`;
}
