import type { Language } from '@shared/enums';

/**
 * Numbers with a fixed count of decimals, written as Intl.NumberFormat writes them for ru-RU and
 * en-US, without Intl: the first Intl formatter a page builds costs Chromium 50–90 ms while its
 * number data loads, one long task on a phone while the landing page hydrates (docs/decisions.md
 * "Numbers on the landing page"). The ticker, the testimonials' ratings and the amount placeholders
 * use this; screens that format many kinds of numbers use Intl (`intl-format.ts`).
 */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export interface FixedNumber {
  /** The absolute value, grouped, with its decimals: `1 234,50` / `1,234.50`. */
  digits: string;
  /** Below zero, rounded or not (Intl writes `-0.00` for -0.001). */
  negative: boolean;
  /** Zero once rounded (where a sign is written only for a non-zero value). */
  zero: boolean;
}

export function fixedNumber(value: number, decimals: number, language: Language): FixedNumber {
  // Rounded as written (1.005 → 1.01), as Intl rounds, where toFixed rounds the binary value (1.00);
  // exponent forms (below 1e-6) fall back to the product, which rounds them to zero.
  const written = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  const units = Number.isSafeInteger(written) ? written : Math.round(Math.abs(value) * 10 ** decimals);
  const text = String(units).padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const { group, decimal } = SEPARATORS[language];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return {
    digits: decimals > 0 ? `${grouped}${decimal}${text.slice(text.length - decimals)}` : grouped,
    negative: value < 0,
    zero: units === 0,
  };
}

/** `1 234,50` / `1,234.50`, `-5,50` / `-5.50`. */
export function formatFixed(value: number, decimals: number, language: Language): string {
  const number = fixedNumber(value, decimals, language);
  return number.negative ? `-${number.digits}` : number.digits;
}
