import type { Language } from '@shared/enums';
import { decimal, divide, multiply, subtract, unitsText } from '@shared/money';
import { dateTimeFormat, numberFormat } from '@web/lib/intl-format';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };
/** Dates as the admin area writes them (lib/format.ts): day first in English too. */
const DATE_LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/**
 * A figure against the period before, as a signed percentage to one decimal ("+12.5 %", "−3 %")
 * worked out from the exact values; null when there was nothing before to compare with.
 */
export function formatChange(
  now: string | number,
  before: string | number,
  language: Language,
): string | null {
  const previous = decimal(before);
  if (previous.units === 0n) return null;
  const percent = divide(multiply(subtract(now, before), 100), previous, 1, 'half-up');
  const text = unitsText(percent.units, percent.scale) as Intl.StringNumericLiteral;
  return `${numberFormat(LOCALES[language], { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(text)} %`;
}

const UNITS = [
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/** A duration in whole seconds as the reader's language writes it, two units at most: "4 min 5 s", "1h 2m". */
export function formatDuration(seconds: number | null, language: Language): string {
  if (seconds === null) return '—';
  const parts: string[] = [];
  let left = Math.round(seconds);
  for (const { unit, seconds: size } of UNITS) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count > 0 || (unit === 'second' && parts.length === 0))
      parts.push(
        numberFormat(LOCALES[language], { style: 'unit', unit, unitDisplay: 'narrow' }).format(count),
      );
  }
  return parts.slice(0, 2).join(' ');
}

/** A share of a whole as a whole percentage ("45 %"), or a dash when the whole is none. */
export function shareOf(part: number, whole: number, language: Language): string {
  if (whole === 0) return '—';
  return numberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }).format(part / whole);
}

/** A business day (YYYY-MM-DD) as a date, the same day wherever the browser is: 29.11.2026, 29/11/2026. */
export function formatDay(day: string, language: Language): string {
  return dateTimeFormat(DATE_LOCALES[language], { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A point's name: a day, or a month ("2026-11") as its month and year. */
export function pointLabel(period: string, language: Language): string {
  if (period.length === 10) return formatDay(period, language);
  return dateTimeFormat(DATE_LOCALES[language], {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${period}-01T00:00:00Z`));
}
