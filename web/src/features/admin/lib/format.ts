import { assetLabel, USDT_DECIMALS } from '@shared/assets';
import type { Language } from '@shared/enums';
import { dateTimeFormat, numberFormat } from '@web/lib/intl-format';
import { formatMoney } from '@web/lib/quote-format';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

export function formatDate(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(LOCALES[language], { dateStyle: 'short' }).format(date);
}

/** A moment, to the minute; in `timeZone` when given (the business's), else the browser's. */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language,
  timeZone?: string,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
}

export function formatTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(LOCALES[language], { timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number | null | undefined, language: Language, maxDigits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return numberFormat(LOCALES[language], { maximumFractionDigits: maxDigits }).format(value);
}

/**
 * A USDT amount as the server sends it, a decimal string ("999.000000"), written for the language
 * without trailing zeros and exactly (Intl formats the string itself, never a float): `1,000`,
 * `1 000,0037`.
 */
export function formatUsdt(amount: string, language: Language): string {
  return numberFormat(LOCALES[language], { maximumFractionDigits: USDT_DECIMALS }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/** `1 500 Cash USD`, `847.10 USDT (TRC-20)`: an amount with its asset's label (docs/product.md §3). */
export function formatAmount(
  amount: number | null | undefined,
  asset: string | null | undefined,
  language: Language,
  fiatKindLabels: { cash: string; card: string },
): string {
  const label = asset ? assetLabel(asset, fiatKindLabels) : '';
  if (amount === null || amount === undefined) return label || '—';
  return `${formatMoney(amount, language)} ${label}`.trim();
}
