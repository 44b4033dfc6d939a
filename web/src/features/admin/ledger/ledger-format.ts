import { currencyDecimals } from '@shared/assets';
import type { Language } from '@shared/enums';
import { decimal } from '@shared/money';
import { dateTimeFormat, numberFormat } from '@web/lib/intl-format';

/**
 * How the books read (docs/product.md "Accounts and the books"): the server's decimal strings are
 * written by Intl from the string itself, so a kopeck is never lost to a float, in the reader's
 * language: `1 234,56 ₽` / `₽1,234.56`, `1 000,00 USDT` / `1,000.00 USDT`.
 */
const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

/** A three-letter code Intl writes as a currency; USDT is written with its code after the number. */
const ISO_CURRENCY = /^[A-Z]{3}$/;

export function formatLedgerAmount(amount: string, currency: string, language: Language): string {
  const decimals = currencyDecimals(currency);
  const figures = { minimumFractionDigits: 2, maximumFractionDigits: decimals };
  const value = amount as Intl.StringNumericLiteral;
  if (ISO_CURRENCY.test(currency)) {
    return numberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      ...figures,
    }).format(value);
  }
  return `${numberFormat(LOCALES[language], figures).format(value)} ${currency}`;
}

/** Whether a decimal string is zero ("0", "0.00", "-0"). */
export function isZeroAmount(amount: string): boolean {
  return decimal(amount).units === 0n;
}

/**
 * An amount as staff type it in their language ("1 234,56" / "1,234.56", "−50") as the API takes it
 * ("1234.56", "-50"): spaces and group separators out, Russian's decimal comma read as the point, a
 * typographic minus as the minus.
 */
export function amountInput(typed: string, language: Language): string {
  const bare = typed
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^[\u2212\u2013]/, '-');
  return language === 'ru' ? bare.replace(',', '.') : bare.replaceAll(',', '');
}

/** The browser's own time zone, where the server names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant's date and time in `timeZone` (the zone is named once, above the times). */
export function formatLedgerTime(iso: string, timeZone: string, language: Language): string {
  return dateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A business day (YYYY-MM-DD) as the reader writes a date: `28.11.2026` / `11/28/2026`. */
export function formatLedgerDay(day: string, language: Language): string {
  return dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}
