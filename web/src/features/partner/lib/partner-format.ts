import { DIRECTION_SEPARATOR, USDT_DECIMALS } from '@shared/assets';
import type { Language } from '@shared/enums';
import { add, decimal, decimalText } from '@shared/money';
import { dateTimeFormat, numberFormat } from '@web/lib/intl-format';
import { formatDealAmount } from '@web/lib/quote-format';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/** The partner link: the site with the partner's code as `ref` (docs/product.md "Partners"). */
export function partnerLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/**
 * A partner's USDT with every decimal the server sent, as a deal's exact amounts are written: a
 * share is booked to the micro-USDT, so 0.0037 must not read as 0. `12,5 USDT` / `12.5 USDT`.
 */
export function formatUsdt(amount: string, language: Language): string {
  return formatDealAmount(amount, 'USDT', language);
}

/** The figure alone, for a column already headed "USDT": `1 234,5` / `1,234.5`. */
export function formatUsdtFigure(amount: string, language: Language): string {
  return numberFormat(LOCALES[language], { maximumFractionDigits: USDT_DECIMALS }).format(
    amount as Intl.StringNumericLiteral,
  );
}

export function formatCount(value: number, language: Language): string {
  return numberFormat(LOCALES[language]).format(value);
}

/** A moment in the business's time zone (named once on the page): `28.11.2026, 14:05`. */
export function formatMoment(iso: string, timeZone: string, language: Language): string {
  return dateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A share as the terms give it: `30 %` / `30%`, `0,25 %` / `0.25%`. */
export function formatPercent(value: number, language: Language): string {
  return numberFormat(LOCALES[language], { style: 'unit', unit: 'percent', maximumFractionDigits: 4 }).format(
    value,
  );
}

/** A business day (YYYY-MM-DD) as a short date: `28 нояб.` / `28 Nov`. */
export function formatDay(day: string, language: Language): string {
  return dateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}

/** `Card RUB → USDT (TRC-20)`: a direction key (`card-RUB→usdt-trc20`) with its assets' labels. */
export function directionName(key: string, assetLabel: (asset: string) => string): string {
  const [from = key, to = ''] = key.split(DIRECTION_SEPARATOR);
  return to ? `${assetLabel(from)} → ${assetLabel(to)}` : key;
}

/** Decimal strings added exactly, written without trailing zeros ("12.5"). */
export function sumAmounts(amounts: readonly string[]): string {
  return decimalText(amounts.reduce((sum, amount) => add(sum, amount), decimal('0')));
}

/**
 * An amount as the partner types it ("1 234,5", "1,234.5") as the API takes it ("1234.5"): spaces
 * out; beside a point, commas group thousands; alone, a comma is the decimal one.
 */
export function typedAmount(typed: string): string {
  const bare = typed.replace(/[\s\u00a0\u202f]/g, '');
  return bare.includes('.') ? bare.replaceAll(',', '') : bare.replace(',', '.');
}
