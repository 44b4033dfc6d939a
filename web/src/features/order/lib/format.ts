import { formatZoned } from '@shared/business-time';
import type { Language } from '@shared/enums';
import { dateTimeFormat } from '@web/lib/intl-format';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/** A moment of the deal, to the minute, in the UI language. */
export function formatMoment(iso: string, language: Language): string {
  return dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * A deadline in the visitor's own time zone (the browser's), which it names: the client acts on it
 * wherever they are, "29 Nov 2026, 21:13 (Moscow, UTC+3)".
 */
export function formatDeadline(iso: string, language: Language): string {
  return formatZoned(iso, Intl.DateTimeFormat().resolvedOptions().timeZone, language, { date: true });
}

/** Time left as `h:mm:ss` (`mm:ss` under an hour), the same in both languages. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/**
 * What the countdown's live region says, so a screen reader hears it now and then and not every
 * second: the minutes left rounded up to 15 over an hour, to 5 from 5 minutes, then "under 5
 * minutes", "under a minute", "ended". It changes only when this answer does.
 */
export function countdownAnnouncement(
  ms: number,
): { kind: 'minutes'; minutes: number } | { kind: 'underFive' | 'underOne' | 'ended' } {
  if (ms <= 0) return { kind: 'ended' };
  if (ms < 60_000) return { kind: 'underOne' };
  if (ms < 5 * 60_000) return { kind: 'underFive' };
  const step = ms > 60 * 60_000 ? 15 : 5;
  return { kind: 'minutes', minutes: Math.ceil(ms / (step * 60_000)) * step };
}
